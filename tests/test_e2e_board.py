"""Layer 4 (docs/architecture.md#layer-4): `arbiter deploy / config / games / logs` and the real
mpremote against `arbiter virtual-board` — the firmware on the real MicroPython behind a socket on
a free loopback port, started and stopped here."""
import json
import os
import re
import signal
import socket
import subprocess
import sys

import pytest

from host_tools import cli
from host_tools.commands import deploy, virtual_board
from host_tools.board_link import Board, local_hash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")
MKV3 = ["a1", "g7", "b2", "g6", "c3", "g5", "d4"]  # docs/rules/morbak.md#mkv-3: A wins on a1-d4


_OLDER = {}


def older_image(tmp="/tmp"):
    """An earlier build of the firmware, as a board holds it before a deploy: compiled
    with mpy-cross -O3, so that every .mpy differs from what `arbiter deploy` sends."""
    if not _OLDER:
        wrapper = os.path.join(tmp, "mpy-cross-O3-%d" % os.getpid())
        real = deploy.compiler_for({"name": "micropython", "mpy": virtual_board.WASM_MPY})
        with open(wrapper, "w") as f:
            f.write('#!/bin/sh\nexec "%s" -O3 "$@"\n' % real)
        os.chmod(wrapper, 0o755)
        _OLDER.update(virtual_board.installed_image("light", wrapper))
        os.remove(wrapper)
    return dict(_OLDER)


class VirtualBoard:
    """The bridge run directly (so a test can also kill it like a pulled cable), holding
    an earlier build of the firmware (a deploy has something to install) or none."""

    def __init__(self, blank=False):
        cmd = virtual_board.bridge_command("127.0.0.1:0", "light", None, blank,
                                           None if blank else older_image())
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert line.startswith("listening on socket://127.0.0.1:"), line
        self.url = line.split()[-1]

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        assert self.proc.wait(timeout=10) in (0, -signal.SIGKILL)
        self.proc.stdout.close()


@pytest.fixture
def board():
    """A virtual board holding the firmware's sources (as `arbiter virtual-board` starts)."""
    b = VirtualBoard()
    yield b
    b.stop()


@pytest.fixture
def blank_board():
    b = VirtualBoard(blank=True)
    yield b
    b.stop()


def arbiter(capsys, *argv):
    """`arbiter ARGV...` in this process: (exit status, stdout, stderr)."""
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def mpremote(url, *args):
    r = subprocess.run([MPREMOTE, "connect", url] + list(args), capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def on_board(url, code):
    with Board(url) as b:
        return b.exec(code)


def boot_output(url):
    """Power the board's app up again: a soft reset in the friendly REPL, as after
    plugging in (boot.py, then main.py); returns what the board printed."""
    with socket.create_connection(_host_port(url), timeout=10) as s:
        s.sendall(b"\r\x03\x02\x04")  # stop anything, friendly REPL, soft reset
        got = b""
        while b"soft reboot" not in got or not got.endswith(b">>> "):
            chunk = s.recv(4096)
            assert chunk, got
            got += chunk
    return got.decode("utf-8", "replace")


def _host_port(url):
    host, port = url[len("socket://"):].rsplit(":", 1)
    return host, int(port)


def friendly_prompt(url):
    """What the board answers to a bare Enter: ">>> " once it restarted in the friendly
    REPL (its app started), nothing when left in the raw REPL."""
    with socket.create_connection(_host_port(url), timeout=2) as s:
        s.sendall(b"\r\n")
        got = b""
        try:
            while b">>> " not in got:
                chunk = s.recv(4096)
                if not chunk:
                    break
                got += chunk
        except socket.timeout:
            pass
    return b">>> " in got


MAKE_APP = """
import json
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
app = make_app(json.load(open('/profile.json')), Storage(), 0)
app.step(2000, [])
print(app.status()['screen'], app.brightness, app.cfg['sound'])
"""


def test_deploy_installs_verifies_and_resets(blank_board, capsys):
    url = blank_board.url
    code, out, err = arbiter(capsys, "config", "get", "--port", url)
    assert code == 1 and "has no Arbiter firmware" in err and err.count("\n") == 1, err

    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 0, err
    assert "bytecode .mpy v6.3" in out and "verified" in out, out
    # Every file on the board is what this computer compiled, and nothing else is there.
    with Board(url) as b:
        image = deploy.build(deploy.compiler_for(b.info), deploy.load_profile("light-pico"))
        assert b.hashes(["/" + p for p in image], "sha256") == {
            "/" + p: local_hash(data, "sha256") for p, data in image.items()}
        assert b.files_under("/firmware") == sorted("/" + p for p in image
                                                    if p.startswith("firmware/"))
        assert b.read_files(["/.update", "/.new/boot.py"]) == {"/.update": None,
                                                               "/.new/boot.py": None}
    with open(os.path.join(ROOT, "boot.py"), "rb") as f:
        assert local_hash(f.read(), "sha256") in mpremote(url, "sha256sum", ":boot.py")
    # It boots: boot.py and main.py run cleanly, and the compiled app starts.
    booted = boot_output(url)
    assert "Traceback" not in booted and "Arbiter" in booted, booted
    assert on_board(url, MAKE_APP).split()[0] == "menu"

    code, out, err = arbiter(capsys, "deploy", "--port", url)
    assert code == 0 and "up to date" in out, out + err


def _start_deploy(url):
    return subprocess.Popen([sys.executable, "-m", "host_tools", "deploy", "--port", url],
                            cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_files(proc, n):
    """Read the deploy's output until ``n`` files have been sent."""
    seen = 0
    while seen < n:
        line = proc.stdout.readline()
        assert line, "the deploy ended early"
        seen += line.startswith("  firmware/")


def test_deploy_on_a_board_without_sha256_verifies_every_file(blank_board, capsys, monkeypatch):
    """A board whose MicroPython has no hashlib.sha256 is checked with FNV-1a: every file
    verifies (a hash printed without its leading zeros, 1 in 16, never would), and a
    second deploy finds the board up to date."""
    monkeypatch.setattr(Board, "hash_algo", lambda self: "fnv1a32")
    code, out, err = arbiter(capsys, "deploy", "--port", blank_board.url)
    assert code == 0 and "verified" in out, out + err
    code, out, err = arbiter(capsys, "deploy", "--port", blank_board.url)
    assert code == 0 and "up to date" in out, out + err


def test_deploy_interrupted_halfway_leaves_the_board_booting(board, capsys):
    proc = _start_deploy(board.url)
    _wait_for_files(proc, 6)
    proc.kill()
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    with Board(board.url) as b:
        assert b.read_file("/.update") is None          # never committed
        assert b.files_under("/.new")                   # the upload was under way
        # the old firmware is whole
        assert "/firmware/app/core/runtime.mpy" in b.files_under("/firmware")
    booted = boot_output(board.url)
    assert "Traceback" not in booted, booted
    assert on_board(board.url, MAKE_APP).split()[0] == "menu"
    # The next deploy clears the half upload and installs everything.
    code, out, err = arbiter(capsys, "deploy", "--port", board.url)
    assert code == 0, out + err
    with Board(board.url) as b:
        files = b.files_under("/firmware")
        assert files and all(f.endswith(".mpy") for f in files), files  # the sources are gone
        assert b.files_under("/.new") == []
    assert on_board(board.url, MAKE_APP).split()[0] == "menu"


def test_a_swap_cut_after_the_commit_is_finished_at_boot(board):
    with Board(board.url) as b:
        old = b.read_file("/firmware/app/core/eventlog.mpy")
        b.write_files({"/.new/firmware/app/core/eventlog.mpy": old + b"# new\n",
                       "/firmware/stale.py": b"x = 1\n"})
        b.write_atomic("/.update", json.dumps({"move": ["firmware/app/core/eventlog.mpy"],
                                               "delete": ["firmware/stale.py"]}).encode())
    booted = boot_output(board.url)  # the cut: nothing else happened; then power comes back
    assert "Traceback" not in booted, booted
    with Board(board.url) as b:
        assert b.read_file("/firmware/app/core/eventlog.mpy") == old + b"# new\n"
        gone = {"/.update": None, "/firmware/stale.py": None}
        assert b.read_files(["/.update", "/firmware/stale.py"]) == gone
        assert b.files_under("/.new") == []


def test_config_set_then_get_and_the_app_uses_it(board, capsys):
    url = board.url
    code, out, err = arbiter(capsys, "config", "set", "leds.brightness=10", "sound=off",
                             "morbak.game_time_s=600", "morbak.move_time_s=off", "morbak.lite=on",
                             "morbak.budget=7", "--port", url)
    assert code == 0, err
    code, out, err = arbiter(capsys, "config", "get", "--port", url)
    assert code == 0, err
    lines = out.splitlines()
    for want in ("leds.brightness=10", "sound=off", "morbak.game_time_s=600",
                 "morbak.move_time_s=off",
                 "morbak.lite=on", "morbak.budget=7", "morbak.neutralizations=default",
                 "mano.target=default",
                 "morbak.confirm=on"):
        assert want in lines, out
    # The player's budget reaches the engine; what was never set is the engine's own.
    opts = on_board(url,
                    "from firmware.app.core import settings\n"
                    "from firmware.hal.storage import Storage\n"
                         "print(settings.game_options(settings.load(Storage(), ('morbak',)), "
                    "'morbak'))")
    assert eval(opts) == {"lite": True, "budget": 7, "game_time_s": 600}, opts
    assert arbiter(capsys, "config", "get", "morbak.move_time_s", "--port", url)[1] == "off\n"
    stored = json.loads(mpremote(url, "cat", ":config.json"))
    assert stored["version"] == 1 and stored["morbak.move_time_s"] is None
    assert stored["leds.brightness"] == 10
    assert on_board(url, MAKE_APP).split()[1:] == ["10", "False"]  # no re-flash needed
    # The command left the board restarted in the friendly REPL (its app started), not
    # stopped in the raw REPL.
    assert arbiter(capsys, "config", "set", "sound=on", "--port", url)[0] == 0
    assert friendly_prompt(url)


BAD_INPUT = [
    ["leds.brightness=256"],                       # out of range
    ["leds.brightness=bright"],                    # not a number
    ["morbak.game_time_s=5"],                      # a limit below its minimum
    ["morbak.move_time_s=-1"],
    ["sound=maybe"],                               # not on/off
    ["morbak.budget_scope=both"],                  # not one of the choices
    ["morbak.first=2"],
    ["mabula.setup=WWB"],                          # a ring that is too short
    ["nosuch.key=1"],                              # unknown key
    ["sound"],                                     # not KEY=VALUE
    ["=3"],
    ["sound=on", "sound=off"],                     # twice
    ["leds.brightness=30", "morbak.lite=perhaps"],  # one good, one bad: nothing is written
    [],
]


def test_config_bad_values_are_refused_and_nothing_is_written(board, capsys):
    url = board.url
    assert arbiter(capsys, "config", "set", "leds.brightness=20", "--port", url)[0] == 0
    before = mpremote(url, "cat", ":config.json")
    for pairs in BAD_INPUT:
        code, out, err = arbiter(capsys, "config", "set", *pairs, "--port", url)
        assert code == 2, (pairs, out, err)
        assert err.startswith("arbiter: ") and err.count("\n") == 1, (pairs, err)
    assert arbiter(capsys, "config", "get", "nosuch.key", "--port", url)[0] == 2
    assert mpremote(url, "cat", ":config.json") == before


SCRIPTED_GAME = """
import sys
sys.path.append('/e2e')
from test_app_kit import Board
b = Board('e2e', root='')   # the board's own file system, through the app's storage
b.start()
for name in %r:
    b.move(name)
print(b.app.status()['result'])   # (the tools' words are not on a board)
""" % (MKV3,)


def test_a_scripted_game_is_recorded_and_exported(board, capsys, tmp_path):
    url = board.url
    kit = {}
    for name in ("test_app_kit.py", "check.py"):  # the app's own scripted-board helpers
        with open(os.path.join(ROOT, "tests", "portable", name), "rb") as f:
            kit["/e2e/" + name] = f.read()
    with Board(url) as b:
        b.write_files(kit)
    out = mpremote(url, "exec", SCRIPTED_GAME)
    assert "'winner': 0" in out, out
    code, out, err = arbiter(capsys, "games", "list", "--port", url)
    assert code == 0, err
    assert re.search(r"^00001 +morbak +7 +A wins.*\(line\)$", out, re.M), out

    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path), "--port", url)
    assert code == 0, err
    with Board(url) as b:
        on_flash = json.loads(b.read_file("/games/00001.json"))
    with open(tmp_path / "game-00001.json") as f:
        assert json.load(f) == on_flash
    text = (tmp_path / "game-00001.txt").read_text()
    assert "result: A wins" in text
    moves = re.findall(r"^ +(\d+)\. ([AB]) (L [a-g][1-7])", text, re.M)
    assert moves == [(str(i + 1), "AB"[i % 2], "L " + sq) for i, sq in enumerate(MKV3)], text

    one = tmp_path / "one"
    assert arbiter(capsys, "games", "export", "1", "--out", str(one), "--port", url)[0] == 0
    assert sorted(os.listdir(one)) == ["game-00001.json", "game-00001.txt"]
    code, out, err = arbiter(capsys, "games", "export", "42", "--port", url)
    assert code == 2 and "no game 42" in err, err


def test_logs_show_the_crash_log_and_the_event_log(board, capsys):
    on_board(board.url, """
from firmware.app.core import crash, eventlog
from firmware.hal.storage import Storage
def fail():
    raise ValueError('scripted crash for the log')
try:
    fail()
except ValueError as e:
    crash.record(Storage(), e)
eventlog.log(Storage(), 1234, 'e2e event')
""")
    code, out, err = arbiter(capsys, "logs", "--port", board.url)
    assert code == 0, err
    crash_part, events_part = out.split("--- /events.log")
    assert "--- /crash.log" in crash_part and "in fail" in crash_part
    assert "ValueError: scripted crash for the log" in crash_part
    assert "1234 e2e event" in events_part


def test_board_unplugged_in_the_middle_of_a_deploy(board):
    proc = _start_deploy(board.url)
    _wait_for_files(proc, 3)
    board.proc.kill()   # the cable is pulled
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 1, out + err
    assert err.startswith("arbiter: lost the connection to socket://"), err
    assert err.count("\n") == 1, err


def test_busy_board_and_no_board(board, capsys):
    with socket.create_connection(_host_port(board.url)):  # another program holds the board
        code, out, err = arbiter(capsys, "logs", "--port", board.url)
    assert code == 1 and "is busy" in err, err
    assert arbiter(capsys, "logs", "--port", board.url)[0] == 0  # free again
    board.stop()
    code, out, err = arbiter(capsys, "logs", "--port", board.url)
    assert code == 1 and "nothing answers at" in err, err


def test_mpremote_drives_the_virtual_board(board, tmp_path):
    url = board.url
    data = bytes(range(256)) * 4
    (tmp_path / "blob.bin").write_bytes(data)
    out = mpremote(url, "cp", str(tmp_path / "blob.bin"), ":blob.bin", "+", "sha256sum",
                   ":blob.bin", "+", "ls")
    assert local_hash(data, "sha256") in out and "blob.bin" in out and "firmware/" in out
    # Code longer than several raw-paste windows; then a soft reset, which is a fresh
    # interpreter over the same files.
    big = "data = %r\nprint(len(data))" % (b"\xff" * 5000)
    out = mpremote(url, "exec", big, "+", "exec", "x = 42", "+", "soft-reset", "exec",
                   "print('x' in globals(), open('blob.bin', 'rb').read() == bytes(range(256)) * "
                   "4)")
    assert out.split() == ["5000", "False", "True"], out
    # The plain raw REPL (what mpremote falls back to without raw-paste) works too.
    from mpremote.transport_serial import SerialTransport
    t = SerialTransport(url, baudrate=115200, timeout=5)
    try:
        t.use_raw_paste = False
        t.enter_raw_repl(soft_reset=True)
        assert t.exec("print(sum(range(%d)))" % 1000).strip() == b"499500"
        assert t.fs_readfile("blob.bin") == data
        t.exit_raw_repl()
    finally:
        t.close()
    # A missing file is an OSError mpremote understands (ENOENT), not a link failure.
    r = subprocess.run([MPREMOTE, "connect", url, "cat", ":nope.txt"], capture_output=True,
                       text=True)
    assert r.returncode == 1 and "No such file" in r.stdout + r.stderr, r.stdout + r.stderr


def test_virtual_board_command_persists_its_flash_and_stops_on_ctrl_c(tmp_path):
    flash = tmp_path / "flash"

    def start():
        proc = subprocess.Popen([sys.executable, "-m", "host_tools", "virtual-board", "--listen",
                                 "127.0.0.1:0", "--fs", str(flash)], cwd=ROOT,
                                stdout=subprocess.PIPE, text=True)
        first = proc.stdout.readline()
        url = re.search(r"socket://[\d.]+:\d+", first)
        assert url, first
        return proc, url.group(0)

    proc, url = start()
    mpremote(url, "exec", "f = open('keep.txt', 'w'); f.write('kept'); f.close()")
    proc.send_signal(signal.SIGINT)   # Ctrl-C
    rest = proc.communicate(timeout=30)[0]
    assert proc.returncode == 0 and "stopped" in rest, rest
    assert (flash / "keep.txt").read_text() == "kept"
    assert (flash / "firmware" / "app" / "core" / "runtime.mpy").exists()

    proc, url = start()
    try:
        assert mpremote(url, "cat", ":keep.txt", "+", "rm", ":keep.txt").startswith("kept")
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0
        proc.stdout.close()
    assert not (flash / "keep.txt").exists() and (flash / "boot.py").exists()


def test_config_get_shows_the_stone_boards_calibration(board, capsys):
    cal = {"black": "low", "baseline": [32000 + i for i in range(61)]}
    on_board(board.url, "import json\nf = open('/config.json', 'w')\n"
                        "f.write(json.dumps({'version': 1, 'stone.calibration': %r}))\nf.close()"
             % (cal,))
    code, out, err = arbiter(capsys, "config", "get", "--port", board.url)
    assert code == 0, err
    line = [x for x in out.splitlines() if x.startswith("stone.calibration=")]
    assert line and "black reads low; empty levels 32000-32060 over 61 points" in line[0], out
