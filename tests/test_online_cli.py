"""`arbiter broker` and `arbiter online` as a person runs them: two terminals playing each
other through a real Mosquitto, the broker command, and one clear sentence for bad input."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from firmware.rules import fursaz
from host_tools import cli
from host_tools.online import broker
from host_tools.online.link import Broker, Link
from tests.online_kit import Kit, free_port, need_mosquitto

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARBITER = [sys.executable, "-m", "host_tools"]


@pytest.fixture
def plain(tmp_path):
    k = Kit(str(tmp_path / "broker"))
    k.start()
    yield k
    k.close()


def _arbiter(args, stdout_file=None):
    return subprocess.Popen(ARBITER + args, cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=stdout_file or subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


def _wait_for(f, text, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        f.seek(0)
        for line in f.read().splitlines():
            if text in line:
                return line
        time.sleep(0.05)
    raise AssertionError("no line with %r" % text)


def _line_with(proc, text, limit=50):
    for _ in range(limit):
        line = proc.stdout.readline()
        if text in line:
            return line
    raise AssertionError("no line with %r" % text)


def test_two_terminals_play_a_whole_game(plain, tmp_path):
    state = fursaz.new_game(None, 0)     # Fursaz deals nothing: the seed changes nothing
    moves = []
    while not fursaz.is_over(state):
        moves.append(fursaz.legal_moves(state)[0])
        state = fursaz.play(state, moves[-1])
    screens = [open(tmp_path / name, "w+") for name in ("first.txt", "second.txt")]
    first = _arbiter(["online", "new", "fursaz", "--broker", plain.url("alice"),
                      "--record", str(tmp_path / "a.json")], screens[0])
    code = _wait_for(screens[0], "Game code:").split(":")[1].strip()
    second = _arbiter(["online", "join", code.lower(), "--broker", plain.url("bob"),
                       "--record", str(tmp_path / "b.json")], screens[1])
    for proc, mine in ((first, moves[0::2]), (second, moves[1::2])):
        proc.stdin.write("".join(m + "\n" for m in mine))
        proc.stdin.close()
    assert first.wait(240) == 0 and second.wait(30) == 0
    out = {}
    for name, f in zip(("first", "second"), screens):
        f.seek(0)
        out[name] = f.read()
    a = json.load(open(tmp_path / "a.json"))
    b = json.load(open(tmp_path / "b.json"))
    assert a["moves"] == b["moves"] == moves and a["digests"] == b["digests"]
    assert "Result: Black wins on points." in out["first"]
    assert "Result: Black wins on points." in out["second"]
    assert "plays %s" % moves[-2] in out["second"]


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGHUP])
def test_the_broker_command_prints_how_to_connect_and_stops_with_mosquitto(tmp_path, stop):
    """Ctrl-C, or the terminal closing, stops the broker: Mosquitto goes with it."""
    need_mosquitto()
    port = free_port()
    proc = _arbiter(["broker", "--dir", str(tmp_path / "b"), "--port", str(port),
                     "--ws-port", str(free_port()), "--user", "ann"])
    try:
        line = _line_with(proc, "--broker mqtt://ann:")
        url = line.split("--broker ")[1].strip()
        _line_with(proc, "Ctrl-C stops it.")
        link = Link(Broker(url))
        link.connect()      # the password it printed lets ann in
        link.close()
    finally:
        proc.send_signal(stop)
        out = proc.communicate(timeout=20)[0]
    assert proc.returncode == 0 and "broker stopped" in out, out
    assert not broker._listening("127.0.0.1", port)


def test_a_port_in_use_is_said(plain, tmp_path, capsys):
    assert cli.main(["broker", "--dir", str(tmp_path), "--port", str(plain.setup.port)]) == 1
    assert "already in use" in capsys.readouterr().err


@pytest.mark.parametrize("args, status, says", [
    (["online", "new", "chess", "--broker", "mqtt://a:b@127.0.0.1:1"], 2, "there is no game"),
    (["online", "new", "fursaz", "--broker", "mqtt://127.0.0.1:1"], 2, "a user of the broker"),
    (["online", "new", "mano", "--set", "target=0", "--broker", "mqtt://a:b@127.0.0.1:1"], 2,
     "mano.target"),
    (["online", "new", "fursaz", "--broker", "http://x"], 2, "is not a broker URL"),
    (["online", "new", "fursaz", "--broker", "mqtt://a:b@[::1"], 2, "is not a broker URL"),
    (["online", "new", "fursaz", "--broker", "mqtt://a:b@127.0.0.1:1", "--record",
      "/proc/nowhere/game.json"], 2, "cannot write in '/proc/nowhere': "),
    (["online", "join", "K7Q2MX", "--broker", "mqtt://a:b@127.0.0.1:1", "--record", "/"], 2,
     "cannot write '/': a folder of that name is in the way"),
    (["online", "watch", "K7Q2MX", "--broker", "ws://[::1"], 2, "is not a broker URL"),
    (["online", "join", "XYZ", "--broker", "mqtt://a:b@127.0.0.1:1"], 2, "is not a game code"),
    (["online", "join", "K7Q2MX", "--broker", "mqtt://a:b@127.0.0.1:1"], 1, "cannot reach"),
    (["broker", "--tls-port", "8883"], 2, "TLS needs all three"),
    (["broker", "--dir", "/proc/nowhere/caf\udce9", "--port", "1"], 2,
     "--dir '/proc/nowhere/caf\\udce9': Mosquitto's configuration names it, so it must be UTF-8"),
    (["broker", "--dir", "/proc/nowhere/a\nlistener 1884", "--port", "1"], 2, "text on one line"),
    (["online", "new", "masbrur", "--set", "wall_mode=fixed", "--port", "socket://127.0.0.1:1",
      "--broker", "mqtt://a:b@127.0.0.1:1"], 2,
     "a board plays masbrur remotely with wall_mode reselect only, not fixed"),
])
def test_bad_input_gets_one_sentence(capsys, args, status, says):
    assert cli.main(args) == status
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and err.count("\n") == 1


def test_a_wrong_password_is_the_link_failing(plain, capsys):
    url = plain.url("alice").replace(plain.passwords["alice"], "wrong")
    assert cli.main(["online", "join", "K7Q2MX", "--broker", url]) == 1
    assert "refused the connection: not authorized" in capsys.readouterr().err


def test_without_mosquitto_it_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(broker, "mosquitto_path", lambda: None)
    assert cli.main(["broker", "--dir", str(tmp_path)]) == 1
    assert "apt-get install mosquitto" in capsys.readouterr().err


def test_a_board_plays_masbrur_remotely_on_its_standard_field_with_walls_chosen_anew():
    """A board plays Masbrur remotely (tests/test_online_board.py) but for the settings
    whose far wall it could not stand in for: one sentence says so (the bridge, the page's
    panel and `arbiter online --port` use it)."""
    from host_tools.online.board_game import not_on_board
    assert not_on_board("masbrur", {}) is None
    assert not_on_board("masbrur", {"wall_mode": "reselect", "rounds": 4}) is None
    assert not_on_board("mano", {}) is None
    why = not_on_board("masbrur", {"setup": "free"})
    assert why.startswith("a board plays masbrur remotely with setup standard only, not free")
    assert "\n" not in why
