"""The simulator's server (host_tools/sim_server.py), without a browser."""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
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
    with open(os.path.join(ROOT, "firmware", "app", "core", "runtime.py"), encoding="utf-8") as f:
        assert bundle["files"]["firmware/app/core/runtime.py"] == f.read()
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
    said = capsys.readouterr().err
    assert "no simulator for a 'teapot' board; known kinds: light, marble" in said
    assert sim_server.main("light", server.httpd.server_address[1], open_browser=False) == 1
    said = capsys.readouterr().err
    assert "cannot listen on 127.0.0.1:%d" % server.httpd.server_address[1] in said
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


def raw_status(server, request):
    """The status of the server's reply to the raw ``request`` (bytes), or None when it
    closed the connection without one."""
    with socket.create_connection(server.httpd.server_address, timeout=10) as s:
        s.sendall(request)
        reply = s.recv(64)
    return reply.split(b" ")[1] if reply else None


def test_a_sibling_that_starts_with_the_folders_name_is_not_served(server, tmp_path, monkeypatch):
    """A planted bug went unnoticed (issue 22): the prefix check without a separator
    served /../sim_server.py, whose path starts with .../host_tools/sim."""
    for path in (b"/../sim_server.py", b"/../cli.py"):   # the real folder's siblings
        assert raw_status(server, b"GET " + path + b" HTTP/1.0\r\n\r\n") == b"404", path
    sim = tmp_path / "sim"
    (sim / "boards").mkdir(parents=True)
    (sim / "index.html").write_text("<p>the page</p>")
    (sim / "boards" / "light.js").write_text("")
    (tmp_path / "simX").mkdir()
    (tmp_path / "simX" / "secret.txt").write_text("not the page's")
    (tmp_path / "sim.txt").write_text("not the page's")
    monkeypatch.setattr(sim_server, "SIM_DIR", str(sim))
    s = Server("light")
    try:
        assert raw_status(s, b"GET /index.html HTTP/1.0\r\n\r\n") == b"200"
        for path in (b"/../simX/secret.txt", b"/../sim.txt", b"/boards/../../simX/secret.txt"):
            assert raw_status(s, b"GET " + path + b" HTTP/1.0\r\n\r\n") == b"404", path
    finally:
        s.close()


def test_a_nul_byte_in_the_path_is_a_404_not_a_traceback(server, capfd):
    assert raw_status(server, b"GET /index\x00.html HTTP/1.0\r\n\r\n") == b"404"
    assert raw_status(server, b"GET /\x00 HTTP/1.0\r\n\r\n") == b"404"
    assert "Traceback" not in capfd.readouterr().err


def test_the_bundle_is_built_once_and_again_only_when_a_file_changes(tmp_path, monkeypatch):
    """Issue 22: /bundle.json was rebuilt for every request (24 of 200 clients timed out)."""
    shutil.copytree(os.path.join(ROOT, "firmware"), tmp_path / "firmware")
    monkeypatch.setattr(sim_server, "ROOT", str(tmp_path))
    monkeypatch.setattr(sim_server, "FIRMWARE_DIR", str(tmp_path / "firmware"))
    s = Server("light")
    try:
        results = []
        threads = [threading.Thread(target=lambda: results.append(get(s, "/bundle.json")[1]))
                   for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(results) == 20 and len(set(results)) == 1
        built = s.httpd.RequestHandlerClass.built
        assert built.builds == 1
        (tmp_path / "firmware" / "app" / "core" / "runtime.py").write_text("# changed\n")
        bundle = json.loads(get(s, "/bundle.json")[1])
        assert bundle["files"]["firmware/app/core/runtime.py"] == "# changed\n"
        assert built.builds == 2
    finally:
        s.close()


def test_a_silent_connection_is_closed(monkeypatch):
    """Issue 22: idle connections were held for ever (300 held = 291 threads)."""
    monkeypatch.setattr(sim_server, "IDLE_S", 0.5)
    s = Server("light")
    try:
        with socket.create_connection(s.httpd.server_address, timeout=20) as c:
            assert c.recv(64) == b"", "closed by the server, nothing sent"
    finally:
        s.close()


def test_only_real_boards_are_offered(capsys):
    """sim/boards/parts.js is shared code, not a board: `--board parts` used to be offered
    (in the list of kinds), then fail."""
    assert sim_server.board_kinds() == ["light", "marble", "stone", "tile"]
    assert sim_server.main("parts", 0, open_browser=False) == 2
    err = capsys.readouterr().err
    assert "no simulator for a 'parts' board; known kinds: light, marble, stone, tile" in err
