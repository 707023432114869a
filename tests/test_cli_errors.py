"""`arbiter`'s help, its wiring, and how it fails: bad input exits 2 before any board is
opened (nothing can be written), a missing, busy or foreign board exits 1; each with one
sentence on stderr. (Failures in the middle of a command: tests/test_e2e_board.py.)"""
import fcntl
import json
import os
import pty
import shutil
import socket
import subprocess
import sys
import threading

import pytest

from host_tools import board_link, cli, profiles
from host_tools.commands import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arbiter(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def one_sentence(err):
    return err.startswith("arbiter: ") and err.count("\n") == 1


@pytest.fixture
def nowhere():
    """socket://127.0.0.1:PORT where nothing listens."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return "socket://127.0.0.1:%d" % port


def test_help_reads_well():
    for exe in ([sys.executable, "-m", "host_tools"],
                [os.path.join(os.path.dirname(sys.executable), "arbiter")]):
        r = subprocess.run(exe + ["--help"], capture_output=True, text=True, cwd=ROOT)
        assert r.returncode == 0 and r.stdout.startswith("usage: arbiter"), r.stderr
        for cmd in ("play", "deploy", "config", "games", "logs", "virtual-board", "sim"):
            assert "\n    %s" % cmd in r.stdout, r.stdout


@pytest.mark.parametrize("argv", [["play"], ["deploy"], ["config", "get"], ["config", "set"],
                                  ["games", "list"], ["games", "export"], ["logs"],
                                  ["virtual-board"], ["sim"]])
def test_each_command_has_help(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv + ["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: arbiter " + " ".join(argv)), out
    assert len(out.splitlines()) > 4
    if argv[0] not in ("play", "virtual-board", "sim"):
        assert "--port" in out and "socket://" in out


@pytest.mark.parametrize("argv",
                         [["frobnicate"], ["config"], ["games"], ["config", "get", "a", "b"]])
def test_malformed_command_lines_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 2


BAD_INPUT = [
    (["config", "set", "sound=maybe"], "sound must be on or off, not maybe"),
    (["config", "set", "leds.brightness=300"],
     "leds.brightness must be a whole number from 0 to 255"),
    (["config", "set", "morbak.move_time_s=soon"],
     "morbak.move_time_s must be a number of seconds"),
    (["config", "set", "colour=red"], "unknown setting colour"),
    (["config", "set"], "nothing to set"),
    (["config", "get", "colour"], "unknown setting colour"),
    (["games", "export", "abc"], "a game id is a number"),
    (["games", "export", "0"], "a game id is a number"),
    (["deploy", "--profile", "nosuch"], "there is no board profile 'nosuch'"),
]


@pytest.mark.parametrize("argv,says", BAD_INPUT)
def test_bad_input_exits_2_before_a_board_is_opened(argv, says, capsys, nowhere):
    code, out, err = arbiter(capsys, *argv, "--port", nowhere)  # nothing there: never reached
    assert code == 2 and one_sentence(err) and says in err, err


def test_bad_virtual_board_options_exit_2(capsys, tmp_path):
    code, out, err = arbiter(capsys, "virtual-board", "--listen", "localhost:http")
    assert code == 2 and one_sentence(err) and "HOST:PORT" in err, err
    code, out, err = arbiter(capsys, "virtual-board", "--board", "teapot")  # no such kind, ever
    assert code == 2 and one_sentence(err) and "no board profile of kind 'teapot'" in err, err
    (tmp_path / "notes.txt").write_text("mine")  # a folder that is not a virtual flash
    code, out, err = arbiter(capsys, "virtual-board", "--fs", str(tmp_path))
    assert code == 2 and one_sentence(err) and "holds other files" in err, err
    assert os.listdir(tmp_path) == ["notes.txt"]


def test_no_board_attached(capsys, monkeypatch):
    monkeypatch.setattr(board_link, "usb_ports", list)
    code, out, err = arbiter(capsys, "logs")  # --port auto
    assert code == 1 and one_sentence(err) and "no board found" in err, err
    code, out, err = arbiter(capsys, "config", "get", "--port", "/dev/ttyACM97")
    assert code == 1 and one_sentence(err) and "no board at /dev/ttyACM97" in err, err


@pytest.mark.parametrize("port", ["socket://", "socket://127.0.0.1:notaport",
                                  "socket://127.0.0.1:99999", "socket://127.0.0.1:0",
                                  "socket://:7777", "socket://127.0.0.1:\u0667\u0667"])
def test_a_socket_port_that_names_no_port_is_bad_input(port, capsys):
    """Issue 22: these exited 1 (a link failure) where the contract says 2 (bad input)."""
    code, out, err = arbiter(capsys, "games", "list", "--port", port)
    assert code == 2 and one_sentence(err) and "is not socket://HOST:PORT" in err, err


def test_nothing_listening_at_a_socket(capsys, nowhere):
    code, out, err = arbiter(capsys, "games", "list", "--port", nowhere)
    assert code == 1 and one_sentence(err) and "nothing answers at " + nowhere in err, err


def test_busy_serial_port(capsys):
    master, slave = pty.openpty()
    name = os.ttyname(slave)
    holder = os.open(name, os.O_RDWR | os.O_NOCTTY)
    fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as pyserial does for mpremote, Thonny...
    try:
        code, out, err = arbiter(capsys, "deploy", "--port", name)
    finally:
        for fd in (holder, slave, master):
            os.close(fd)
    assert code == 1 and one_sentence(err) and "%s is busy" % name in err, err


def test_a_device_running_something_else(capsys):
    """Something that answers, but not like MicroPython (say, a GPS on a serial bridge)."""
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def chatter():
        conn, _ = server.accept()
        with conn:
            while conn.recv(1024):
                conn.sendall(b"$GPGGA,123519,4807.038,N,01131.000,E*47\r\n")

    t = threading.Thread(target=chatter, daemon=True)
    t.start()
    try:
        code, out, err = arbiter(capsys, "logs", "--port", "socket://127.0.0.1:%d" % port)
    finally:
        server.close()
    assert code == 1 and one_sentence(err), err
    assert "does not answer like a MicroPython board" in err, err


# ---------------------------------------------------------------- wiring of play and sim

class Recorder:
    def __init__(self, ret=0):
        self.calls = []
        self.ret = ret

    def __call__(self, *args):
        self.calls.append(args)
        return self.ret


def test_play_without_a_board_starts_the_simulator(capsys, monkeypatch):
    from host_tools import sim_server
    sim = Recorder()
    monkeypatch.setattr(board_link, "usb_ports", list)
    monkeypatch.setattr(sim_server, "main", sim)
    assert cli.main(["play"]) == 0
    assert sim.calls == [("light", 8000)]
    assert cli.main(["sim", "--http", "8123", "--no-browser"]) == 0
    assert sim.calls[-1] == ("light", 8123, False)


def test_play_with_a_board_kind_there_is_none_of_says_only_that(capsys, monkeypatch):
    monkeypatch.setattr(board_link, "usb_ports", list)
    code, out, err = arbiter(capsys, "play", "--board", "wood")
    assert code == 2 and "no simulator for a 'wood' board" in err, err
    assert out == "", out    # not "starting the simulator" first


def test_play_a_game_without_a_board_opens_the_simulator_of_its_board(capsys, monkeypatch):
    """`arbiter play mabula` is Mabula's board, not the light board's Morbak; a game the
    board chosen does not play, or no game at all, is bad input before anything starts."""
    from host_tools import sim_server
    sim = Recorder()
    monkeypatch.setattr(board_link, "usb_ports", list)
    monkeypatch.setattr(sim_server, "main", sim)
    for game, kind in (("mabula", "marble"), ("Fursaz", "stone"), ("mano", "tile"),
                       ("morbak", "light")):
        assert cli.main(["play", game]) == 0
        assert sim.calls[-1] == (kind, 8000)
    capsys.readouterr()
    assert cli.main(["play", "masbrur"]) == 0
    assert sim.calls[-1] == ("tile", 8000)
    assert "Masbrur: choose it on the board's menu" in capsys.readouterr().out
    calls = len(sim.calls)
    code, out, err = arbiter(capsys, "play", "mabula", "--board", "light")
    assert code == 2 and one_sentence(err) and out == "", (out, err)
    assert "Mabula is played on the marble board, not the light board" in err
    code, out, err = arbiter(capsys, "play", "chess")
    assert code == 2 and one_sentence(err) and "no game 'chess'" in err and out == "", err
    assert len(sim.calls) == calls


def test_play_with_a_board_deploys_if_needed(capsys, monkeypatch):
    run = Recorder()
    monkeypatch.setattr(board_link, "usb_ports", lambda: ["/dev/ttyACM0"])
    monkeypatch.setattr(deploy, "install", run)
    assert cli.main(["play"]) == 0
    assert run.calls == [("/dev/ttyACM0",)]
    assert "play on the board" in capsys.readouterr().out


def test_play_in_the_terminal(monkeypatch):
    from host_tools import terminal_game
    game = Recorder(ret=0)
    monkeypatch.setattr(terminal_game, "main", game)
    assert cli.main(["play", "--terminal", "morbak"]) == 0
    assert game.calls == [("morbak",)]


def test_play_in_the_terminal_refuses_the_simulators_options(capsys, monkeypatch):
    """`--board` or `--http` with `--terminal` would be ignored: a person asked for a board."""
    from host_tools import terminal_game
    game = Recorder(ret=0)
    monkeypatch.setattr(terminal_game, "main", game)
    for extra in (["--board", "marble"], ["--http", "8000"]):
        code, out, err = arbiter(capsys, "play", "--terminal", "mabula", *extra)
        assert code == 2 and one_sentence(err) and extra[0] in err and out == "", (out, err)
    assert game.calls == []


def test_more_bad_input_exits_2(capsys, tmp_path, nowhere):
    code, out, err = arbiter(capsys, "logs", "--port", "foo://x")
    assert code == 2 and one_sentence(err), err
    a_file = tmp_path / "a-file"
    a_file.write_text("mine")
    code, out, err = arbiter(capsys, "games", "export", "--out", str(a_file / "sub"), "--port",
                             nowhere)
    assert code == 2 and one_sentence(err), err
    assert a_file.read_text() == "mine"
    code, out, err = arbiter(capsys, "virtual-board", "--fs", str(a_file))
    assert code == 2 and one_sentence(err), err
    code, out, err = arbiter(capsys, "play", "--terminal", "chess")
    assert code == 2 and one_sentence(err) and "chess" in err and out == "", (out, err)


ECHOES = [
    ("leds.brightness=" + "9" * 5000, "leds.brightness must be a whole number from 0 to 255"),
    ("sound=on\nrm -rf ~\x1b[2J", "sound must be on or off"),
    ("morbak.game_time_s=\u0666\u0660\u0660", "morbak.game_time_s must be a number of seconds"),
    ("morbak.game_time_s=\uff16\uff10\uff10", "morbak.game_time_s must be a number of seconds"),
    ("morbak.game_time_s=6_00", "morbak.game_time_s must be a number of seconds"),
    ("morbak.game_time_s=+600", "morbak.game_time_s must be a number of seconds"),
    ("x" * 3000 + "\x07=1", "unknown setting"),
    ("no equals\r\nsign", "is not KEY=VALUE"),
]


@pytest.mark.parametrize("pair,says", ECHOES, ids=lambda v: repr(v)[:30])
def test_what_is_echoed_is_one_short_line_without_control_characters(pair, says, capsys, nowhere):
    code, out, err = arbiter(capsys, "config", "set", pair, "--port", nowhere)
    assert code == 2 and one_sentence(err) and says in err, err
    assert len(err) < 200 and not [c for c in err[:-1] if ord(c) < 32 or 127 <= ord(c) < 160], err


# ---------------------------------------------------------------- broken profiles in hardware/

def _light_profile(**keys):
    with open(os.path.join(ROOT, "hardware", "light-pico.json")) as f:
        profile = json.load(f)
    profile["keys"].update(keys)
    return json.dumps(profile)


BROKEN_PROFILES = [
    ("aaa.json", "not json {", "hardware/aaa.json is not a valid profile: not JSON"),
    ("aaa.json", "[1, 2]", "hardware/aaa.json is not a valid profile: it names no board kind"),
    ("a-light.json", _light_profile(scan_ms=0),
     "hardware/a-light.json is not a valid profile: profile keys.scan_ms"),
    ("a-light.json", _light_profile(rows=[0, 1, 2, 3, 4, 5, 40]), "the rp2040 has no pin 40"),
]


@pytest.mark.parametrize("name,text,says", BROKEN_PROFILES, ids=lambda v: str(v)[:20])
def test_a_broken_profile_in_hardware_is_bad_input_to_every_command(name, text, says, capsys,
                                                                    tmp_path, monkeypatch):
    """Issue 22, item 8: replay, sim and virtual-board used to crash on a profile that is
    not JSON, and to run a light profile that sorts first unchecked (scan_ms 0 hung replay)."""
    hardware = tmp_path / "hardware"
    shutil.copytree(os.path.join(ROOT, "hardware"), hardware)
    (hardware / name).write_text(text)
    monkeypatch.setattr(profiles, "HARDWARE", str(hardware))
    monkeypatch.setattr(board_link, "usb_ports", list)
    trace = tmp_path / "keys.jsonl"
    trace.write_text('{"t": 100, "keys": "d4"}\n')
    for argv in (["replay", "light", str(trace)], ["sim", "--no-browser", "--http", "0"], ["play"],
                 ["virtual-board", "--listen", "127.0.0.1:0"],
                 ["virtual-board", "--pico", "--listen", "127.0.0.1:0"]):
        code, out, err = arbiter(capsys, *argv)
        assert code == 2 and says in err and err.count("\n") == 1, (argv, err)
    if name == "a-light.json":
        for argv in (["uf2", "--profile", "a-light", "--out", str(tmp_path)],
                     ["deploy", "--profile", "a-light", "--port", "socket://127.0.0.1:9"]):
            code, out, err = arbiter(capsys, *argv)
            assert code == 2 and says in err and err.count("\n") == 1, (argv, err)
        assert not list(tmp_path.glob("*.uf2"))


def test_ctrl_c_halfway_says_so_and_exits_130():
    """Ctrl-C while a command waits (here a terminal game waiting for a move): one sentence
    and the shell's status for an interrupt, as docs/contracts.md says; no traceback."""
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", "play", "--terminal", "morbak"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2)   # the game is set up and asks for its first answer
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130, (out, err)
    assert err == "arbiter: interrupted\n", err
