"""The simulator's server (host_tools/sim_server.py), without a browser."""
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from host_tools import sim_server
from tests.sim_harness import ROOT, Server


@pytest.fixture(scope="module")
def server():
    s = Server("light")
    yield s
    s.close()


def get(server, path):
    with urllib.request.urlopen(server.url.rstrip("/") + path, timeout=10) as r:
        return r.headers["Content-Type"], r.read()


def status_of(server, path):
    try:
        get(server, path)
    except urllib.error.HTTPError as e:
        return e.code
    return 200


def test_bundle_has_the_firmware_as_on_disk_and_the_profile(server):
    kind, data = get(server, "/bundle.json")
    assert kind == "application/json"
    bundle = json.loads(data)
    assert bundle["board"] == "light" and bundle["profile"]["kind"] == "light"
    with open(os.path.join(ROOT, "firmware", "app", "runtime.py"), encoding="utf-8") as f:
        assert bundle["files"]["firmware/app/runtime.py"] == f.read()
    assert all(p.startswith("firmware/") and p.endswith(".py") for p in bundle["files"])
    assert "firmware/rules/morbak.py" in bundle["files"]


def test_page_and_micropython_are_served_with_their_types(server):
    kind, html = get(server, "/")
    assert kind.startswith("text/html") and b'src="main.js"' in html
    assert get(server, "/boards/light.js")[0].startswith("text/javascript")
    kind, wasm = get(server, "/micropython/micropython.wasm")
    assert kind == "application/wasm" and wasm[:4] == b"\0asm"
    assert get(server, "/glue.py")[0].startswith("text/plain")


def test_nothing_outside_the_page_is_served(server):
    assert status_of(server, "/micropython/package.json") == 404
    assert status_of(server, "/nope.js") == 404
    with socket.create_connection(server.httpd.server_address, timeout=10) as s:
        s.sendall(b"GET /../../pyproject.toml HTTP/1.0\r\n\r\n")
        assert s.recv(64).split(b" ")[1] == b"404"


def test_unknown_board_kind_and_busy_port(capsys, server):
    assert sim_server.main("teapot", 0, open_browser=False) == 2
    assert "no simulator for a 'teapot' board; known kinds: light, marble" in capsys.readouterr().err
    assert sim_server.main("light", server.httpd.server_address[1], open_browser=False) == 1
    assert "cannot listen on 127.0.0.1:%d" % server.httpd.server_address[1] in capsys.readouterr().err
    assert sim_server.main("light", 70000, open_browser=False) == 2


def test_main_prints_the_url_and_ctrl_c_stops_it():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)   # no display: no browser is tried, nothing hangs
    code = "import sys; from host_tools import sim_server; sys.exit(sim_server.main('light', 0))"
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("Arbiter simulator (light board): http://127.0.0.1:")
        address = line.split(": ", 1)[1].split()[0]
        with urllib.request.urlopen(address, timeout=10) as r:
            assert r.status == 200
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
