"""Layer 4, what a careless or hostile user meets (issue 11): a frozen board, damaged
files on the board, a damaged upload, a full flash, a killed `arbiter virtual-board`.
Each against the virtual board (tests/test_e2e_board.py's), with the real mpremote."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from host_tools import board_link
from host_tools.commands import virtual_board
from host_tools.board_link import Board
from host_tools.errors import BoardError
from tests.test_e2e_board import (ROOT, MAKE_APP, VirtualBoard, _host_port, arbiter, boot_output,
                                  friendly_prompt, older_image, on_board)


@pytest.fixture
def board():
    b = VirtualBoard()
    yield b
    b.stop()


def one_sentence(err):
    return err.startswith("arbiter: ") and err.count("\n") == 1


def test_a_frozen_board_holds_arbiter_no_longer_than_the_deadline(board, capsys):
    os.kill(board.proc.pid, signal.SIGSTOP)  # the board hangs: the link stays, nothing answers
    try:
        t0 = time.monotonic()
        code, out, err = arbiter(capsys, "config", "get", "--port", board.url)
        waited = time.monotonic() - t0
        assert code == 1 and one_sentence(err) and "stopped answering" in err, err
        assert "b''" not in out + err and out == "", out
        assert waited <= board_link.EXCHANGE_S + 1, waited
    finally:
        os.kill(board.proc.pid, signal.SIGCONT)
    # Frozen in the middle of a command: that exchange gives up in time, and closing the
    # link does not wait for the board again.
    with pytest.raises(BoardError) as e:
        with Board(board.url) as b:
            os.kill(board.proc.pid, signal.SIGSTOP)
            t0 = time.monotonic()
            try:
                b.exec("print(1)")
            finally:
                os.kill(board.proc.pid, signal.SIGCONT)
    assert "stopped answering" in str(e.value)
    # (b.slow is 1 unless this computer is so busy that the board answered slowly)
    assert time.monotonic() - t0 <= board_link.EXCHANGE_S * b.slow + 1


DAMAGED_PLAN = b'{"move": ["firmware/app/core/menu.py"], "del'


def test_a_damaged_update_journal_is_kept_and_the_deploy_repairs_the_board(
        board, capsys, monkeypatch):
    url = board.url
    with Board(url) as b:
        b.write_files({"/.update": DAMAGED_PLAN})
    # The restart at the end of that command ran boot.py: it set the plan aside instead
    # of failing at every boot.
    booted = boot_output(url)
    assert "Traceback" not in booted and "update" not in booted, booted
    with Board(url) as b:
        set_aside = {"/.update": None, "/.update.bad": DAMAGED_PLAN}
        assert b.read_files(["/.update", "/.update.bad"]) == set_aside
        # Again, on a board whose boot.py is gone: now the deploy meets it, and says so.
        b.write_files({"/.update": b"\xff\x00 not even text"})
        b.exec("os.remove('/boot.py')")

    # A deploy whose upload arrives damaged installs nothing (the hashes are checked).
    real_write = Board.write_files

    def damaging(self, files, progress=None):
        files = dict(files)
        path = sorted(p for p in files if p.endswith("runtime.mpy"))[0]
        files[path] = files[path][:-1] + bytes([files[path][-1] ^ 1])
        return real_write(self, files, progress)
    monkeypatch.setattr(Board, "write_files", damaging)
    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 1 and one_sentence(err) and "arrived damaged" in err, err
    assert "board: update: /.update could not be read; kept as /.update.bad" in out, out
    with Board(url) as b:
        set_aside = {"/.update": None, "/.update.bad": b"\xff\x00 not even text"}
        assert b.read_files(["/.update", "/.update.bad"]) == set_aside
        # The old firmware, whole:
        assert "/firmware/app/core/runtime.mpy" in b.files_under("/firmware")
    monkeypatch.setattr(Board, "write_files", real_write)

    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 0, err
    assert on_board(url, MAKE_APP).split()[0] == "menu"
    # "Up to date" only when nothing else is there: a stale file is found and removed.
    with Board(url) as b:
        b.write_files({"/firmware/app/old_part.mpy": b"M\x06"})
    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 0 and "removed 1 old file" in out, out + err
    with Board(url) as b:
        assert b.read_file("/firmware/app/old_part.mpy") is None
    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 0 and "up to date" in out, out + err


def test_bad_files_on_the_board_are_named(board, capsys):
    url = board.url
    assert friendly_prompt(url)
    # Only the temporary config left (a cut between "remove" and "rename" on FAT).
    with Board(url) as b:
        b.write_files({"/config.json.tmp": json.dumps({"version": 1,
                                                       "leds.brightness": 33}).encode()})
    code, out, err = arbiter(capsys, "config", "get", "leds.brightness", "--port", url)
    assert (code, out) == (0, "33\n"), err
    assert friendly_prompt(url), "the board restarted after the command"

    # A cut before the rename of `arbiter config set` leaves the old file.
    with Board(url) as b:
        b.write_files({"/config.json": json.dumps({"version": 1, "leds.brightness": 44}).encode()})
        b.replace = lambda src, dst: (_ for _ in ()).throw(BoardError("cut"))
        with pytest.raises(BoardError):
            b.write_atomic("/config.json", b'{"version": 1, "leds.brightness": 55}')
        assert json.loads(b.read_file("/config.json"))["leds.brightness"] == 44

    with Board(url) as b:
        b.write_files({"/config.json": b'{"version": 1, "sound": \xff\xfe}'})
    code, out, err = arbiter(capsys, "config", "get", "sound", "--port", url)
    assert code == 0 and "/config.json cannot be read" in err and out == "on\n", (out, err)

    with Board(url) as b:
        b.exec("os.remove('/config.json')\nos.remove('/config.json.tmp')\nos.mkdir('/config.json')")
    code, out, err = arbiter(capsys, "config", "get", "sound", "--port", url)
    assert code == 0 and "/config.json cannot be read" in err, err
    code, out, err = arbiter(capsys, "config", "set", "sound=off", "--port", url)
    last = err.splitlines()[-1]  # after the warning above
    assert code == 1, err
    assert ("/config.json on the board cannot be read (a folder stands where a file should be): "
            "remove it") in last, err

    # A binary crash counter: taken as a crash loop and named in the event log.
    with Board(url) as b:
        b.exec("os.rmdir('/config.json')\ntry:\n os.mkdir('/state')\nexcept OSError:\n pass")
        b.write_files({"/state/crashes": b"\x00\xff\x01"})
    on_board(url, MAKE_APP)
    code, out, err = arbiter(capsys, "logs", "--port", url)
    assert "crash: /state/crashes cannot be read" in out, out

    # /games as a plain file.
    with Board(url) as b:
        b.exec("os.rmdir('/games')")  # made empty by the app above
        b.write_files({"/games": b"not a folder"})
    code, out, err = arbiter(capsys, "games", "list", "--port", url)
    assert code == 1 and one_sentence(err), err
    assert "/games on the board is a file, not a folder" in err, err
    assert "OSError" not in err


@pytest.mark.parametrize("port", ["/dev/null", "", " ", os.path.join(ROOT, "README.md"), ROOT])
def test_what_is_not_a_port_is_bad_input(port, capsys):
    code, out, err = arbiter(capsys, "logs", "--port", port)
    assert code == 2 and one_sentence(err) and "a port is a serial device" in err, err


def test_a_full_flash_refuses_a_save_and_loses_nothing(tmp_path, capsys):
    flash = tmp_path / "flash"
    cmd = virtual_board.bridge_command("127.0.0.1:0", "light", str(flash), False, older_image())
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().split()[-1]
        assert arbiter(capsys, "config", "set", "leds.brightness=10", "--port", url)[0] == 0
        with Board(url) as b:
            fs = b.eval("print(repr(os.statvfs('/')))")
            assert fs[0] * fs[2] == 1408 * 1024, fs  # a Pico's file system
            listing = b.eval("print(repr([e for e in os.ilistdir('/') if e[0] == 'boot.py']))")
            assert listing[0][3] == os.path.getsize(os.path.join(ROOT, "boot.py")), listing
            # Fill the flash to the last block.
            b.exec("f = open('/filler', 'wb')\ntry:\n while True:\n  f.write(bytes(4096))\n"
                   "except OSError:\n pass\nf.close()")
            assert b.eval("print(repr(os.statvfs('/')[3]))") == 0
        code, out, err = arbiter(capsys, "config", "set", "leds.brightness=20", "sound=off",
                                 "--port", url)
        assert code == 1 and one_sentence(err) and "the board's flash is full" in err, err
        code, out, err = arbiter(capsys, "games", "list", "--port", url)  # still works
        assert code == 0, err
        with Board(url) as b:
            assert json.loads(b.read_file("/config.json"))["leds.brightness"] == 10
            assert b.read_file("/config.json.tmp") is None
            # The firmware's own saves: refused, the old file kept.
            said = b.exec("from firmware.hal.storage import Storage\ns = Storage()\n"
                          "try:\n s.write_json('config.json', {'version': 1, 'pad': 'x' * 9000})\n"
                          "except OSError as e:\n print('refused', e.args[0])\n")
            assert said.split() == ["refused", "28"], said
            assert json.loads(b.read_file("/config.json"))["leds.brightness"] == 10
        code, out, err = arbiter(capsys, "deploy", "--port", url)
        assert code == 1 and one_sentence(err) and "the board's flash is full" in err, err
        assert "while uploading; nothing was installed" in err, err
        with Board(url) as b:
            assert b.files_under("/.new") == [] and b.read_file("/.update") is None
            assert "/firmware/app/core/runtime.mpy" in b.files_under("/firmware")
            b.exec("os.remove('/filler')")
        assert arbiter(capsys, "config", "set", "leds.brightness=30", "--port", url)[0] == 0
        # --fs is saved after every command: a kill at once is a power cut that loses nothing.
        proc.kill()
        proc.wait()
        assert json.loads((flash / "config.json").read_text())["leds.brightness"] == 30
        assert not (flash / "filler").exists()
        assert not [p for p in flash.rglob("*") if p.name.endswith(".arbiter-tmp")]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def test_a_killed_virtual_board_command_takes_its_bridge_with_it():
    def start(listen):
        proc = subprocess.Popen([sys.executable, "-m", "host_tools", "virtual-board", "--listen",
                                 listen],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        first = proc.stdout.readline()
        url = re.search(r"socket://[\d.]+:\d+", first)
        assert url, first + proc.stderr.read()
        return proc, url.group(0)

    proc, url = start("127.0.0.1:0")
    proc.kill()  # kill -9: no chance to stop the bridge itself
    proc.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            socket.create_connection(_host_port(url), timeout=1).close()
            time.sleep(0.1)
        except OSError:
            break
    else:
        pytest.fail("the bridge still listens at %s" % url)
    proc.stdout.close()
    proc.stderr.close()
    proc, again = start(url[len("socket://"):])  # the same port is free again
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=10) == 0
    proc.stdout.close()
    proc.stderr.close()
    assert again == url


def _children(pid):
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open("/proc/%d/stat" % pid) as f:
        return f.read().split(") ")[1][:1] != "Z"


def test_a_file_that_becomes_a_folder_is_kept_and_sigterm_stops_the_board(tmp_path, capsys):
    """Issue 22, item 7: with --fs, a file replaced by a folder of the same name (as a
    deploy repairing a damaged /.update does) made every save fail (EEXIST): commands then
    went unanswered, and neither SIGTERM nor Ctrl-C stopped the board."""
    flash = tmp_path / "flash"
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", "virtual-board",
                             "--listen", "127.0.0.1:0", "--fs", str(flash)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"socket://[\d.]+:\d+", proc.stdout.readline()).group(0)
        bridge = _children(proc.pid)
        assert len(bridge) == 1, bridge
        with Board(url) as b:
            b.write_files({"/kept": b"a file, for now", "/notes/a.txt": b"in a folder, for now"})
        with Board(url) as b:
            b.exec("os.remove('/kept')\nos.mkdir('/kept')\nos.remove('/notes/a.txt')\n"
                   "os.rmdir('/notes')")
            b.write_files({"/kept/plan": b"a folder now", "/notes": b"a file now"})
        assert arbiter(capsys, "config", "set", "sound=off", "--port", url)[0] == 0
        assert (flash / "kept" / "plan").read_bytes() == b"a folder now"
        assert (flash / "notes").read_bytes() == b"a file now"
        assert json.loads((flash / "config.json").read_text())["sound"] is False
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert "virtual board stopped" in proc.stdout.read()
        assert "could not save" not in proc.stderr.read()
        deadline = time.monotonic() + 10
        while _alive(bridge[0]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(bridge[0]), "the node bridge outlived the command"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


FILL_WITH_GAMES = """
import json
rec = {"version": 1, "game": "morbak", "options": {}, "seed": 1, "moves": ["L d4"] * 120,
       "move_ms": [1500] * 120, "clock_ms": [[880000, 890000]] * 120, "result": None,
       "ended": "abandoned"}
n = 0
try:
    while True:
        n += 1
        rec["id"] = n
        with open("/games/%05d.json" % n, "w") as f:
            f.write(json.dumps(rec))
except OSError as e:
    os.remove("/games/%05d.json" % n)   # the one that did not fit
    print(repr((n - 1, e.args[0])))
"""

START_A_GAME = """
import json, os
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
app = make_app(json.load(open('/profile.json')), Storage(), 0)
app.step(2000, [])
app.step(2100, [('down', app.keys['ok'])])
app.step(2120, [('up', app.keys['ok'])])
print(repr((app.status()['screen'], app.said, Storage().free())))
"""


def test_a_board_full_of_games_starts_the_next_one_and_clear_makes_room(board, capsys, tmp_path):
    """Issue 22, item 2, on real MicroPython with the virtual board's Pico-sized flash:
    a board full of records made every new game crash (OSError 28). The oldest records
    now make room, the board says so, and `arbiter games export` then `clear` empty it."""
    url = board.url
    with Board(url) as b:
        b.exec("os.mkdir('/games')")
        filled, errno = b.eval(FILL_WITH_GAMES, writes=1408 * 1024)
        assert errno == 28 and filled > 100, filled
        screen, said, free = b.eval(START_A_GAME)
        assert screen == "game", screen
        assert said.startswith("flash full: oldest games removed to make room (1 2"), said
        assert free >= 32 * 1024, "the reserve, less the new game's first saves: %d" % free
        assert b.read_file("/crash.log") is None and b.read_file("/state/current.json") is not None
    code, out, err = arbiter(capsys, "games", "list", "--port", url)
    listed = [line.split()[0] for line in out.splitlines()[1:]]
    assert code == 0 and listed[-2:] == ["%05d" % filled, "%05d" % (filled + 1)], out
    assert int(listed[0]) > 1
    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path), "--port", url)
    assert code == 0 and len(os.listdir(tmp_path)) == 2 * len(listed), err
    code, out, err = arbiter(capsys, "games", "clear", "--all", "--port", url)
    assert code == 0 and out.startswith("removed %d games" % (len(listed) - 1)), out
    code, out, err = arbiter(capsys, "games", "list", "--port", url)
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["%05d" % (filled + 1)], out
