"""`arbiter virtual-board`: the firmware on the real MicroPython (WebAssembly under Node)
behind a TCP socket that mpremote, and every `arbiter` command, can use as a board:
`--port socket://127.0.0.1:7777`. The bridge itself is host_tools/node/virtual_board.mjs.

Its flash has the size of a Pico's file system (1,408 KB: a write that does not fit
fails as on the board), starts as `arbiter deploy` leaves it: the firmware compiled for
the WebAssembly MicroPython (.mpy; the sources would leave too little room for a deploy's
second copy), boot.py, main.py and the board kind's profile (or empty with --blank),
lives as long as the process, survives soft resets, and with --fs DIR is kept in a host
folder across runs, saved after every command (a kill is a power cut). The bridge stops
with this process, even a killed one.

With --pico: the real Pico MicroPython on an emulated RP2040 (host_tools/pico.py), served
the same way, booted from the image `arbiter uf2` makes from these sources. With --fs DIR
its flash is DIR/flash.bin, kept across runs: a second run is the board powered again
(nothing re-flashed)."""
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile

from host_tools import help_lists, profiles
from host_tools.errors import BoardError, UsageError, quoted

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BRIDGE = os.path.join(ROOT, "host_tools", "node", "virtual_board.mjs")
FLASH_MARK = ".arbiter-flash"  # what the bridge leaves in a --fs folder
PICO_FLASH = "flash.bin"       # the emulated Pico's flash in a --fs folder


def profile_for(kind):
    """hardware/<name>.json of the first profile (by name) of this board kind, checked."""
    return profiles.path(profiles.choose(kind))


def parse_listen(text):
    host, _, port = text.rpartition(":")
    if not port.isdecimal() or int(port) > 65535:
        raise UsageError("--listen takes HOST:PORT (e.g. 127.0.0.1:7777), not %s" % quoted(text))
    return (host or "127.0.0.1"), int(port)


WASM_MPY = 6 | 3 << 8   # the WebAssembly MicroPython's .mpy version (6.3, no native code)


def installed_image(kind, compiler=None):
    """{board path: bytes}: what `arbiter deploy` installs on a virtual ``kind`` board
    (``compiler``: another mpy-cross, e.g. a test's older build)."""
    from host_tools.commands import deploy
    with open(profile_for(kind), "rb") as f:
        profile = f.read()
    info = {"name": "micropython", "mpy": WASM_MPY}
    return deploy.build(compiler or deploy.compiler_for(info), profile)


def _seed(image):
    """[[host path, board path], ...] for the bridge: ``image`` written once to a folder
    named by its content (kept: the bridge copies it in at every power-on on a blank
    flash)."""
    digest = hashlib.sha256(repr(sorted(image.items())).encode()).hexdigest()[:16]
    top = os.path.join(tempfile.gettempdir(), "arbiter-image-" + digest)
    if not os.path.isdir(top):
        part = tempfile.mkdtemp(prefix="arbiter-image-")
        for path, data in image.items():
            os.makedirs(os.path.dirname(os.path.join(part, path)), exist_ok=True)
            with open(os.path.join(part, path), "wb") as f:
                f.write(data)
        try:
            os.rename(part, top)
        except OSError:          # made meanwhile by another bridge
            shutil.rmtree(part)
    return [[os.path.join(top, path), "/" + path] for path in image]


def bridge_command(listen="127.0.0.1:7777", kind="light", fs=None, blank=False, image=None):
    """The bridge's command line; ``image`` ({board path: bytes}) instead of the
    installed firmware."""
    host, port = parse_listen(listen)
    seed = [] if blank else _seed(image or installed_image(kind))
    node = shutil.which("node")
    if node is None:
        raise BoardError("node is not installed: run ./play or ./test once to set everything up")
    cmd = [node, BRIDGE, "--listen", "%s:%d" % (host, port), "--seed", json.dumps(seed)]
    if fs:
        try:  # here, not in the bridge: a folder that cannot be made is bad input
            os.makedirs(fs, exist_ok=True)
        except OSError as e:
            raise UsageError("cannot make the folder %s for --fs: %s" % (quoted(fs), e.strerror))
        if os.listdir(fs) and not os.path.exists(os.path.join(fs, FLASH_MARK)):
            raise UsageError("%s holds other files: give --fs a new or empty folder" % quoted(fs))
        cmd += ["--fs", os.path.abspath(fs)]
    return cmd


STOP_S = 10   # the bridge saves its flash and exits within this, or is killed


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _stop(proc):
    """Ask the bridge to save its flash (--fs) and exit; kill it when it has not within
    STOP_S, or when asked again (a second Ctrl-C)."""
    try:
        proc.send_signal(signal.SIGINT)
        proc.wait(STOP_S)
    except (KeyboardInterrupt, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait()


def serve(listen="127.0.0.1:7777", kind="light", fs=None, blank=False):
    cmd = bridge_command(listen, kind, fs, blank)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    for sig in (signal.SIGTERM, signal.SIGHUP):  # stop the bridge too, never orphan it
        signal.signal(sig, _interrupt)
    try:
        line = proc.stdout.readline()
        if not line.startswith("listening on "):
            return proc.wait() or 1  # the bridge said why on stderr
        url = line.split()[-1]
        print("virtual %s board listening on %s (%s); Ctrl-C stops it" % (
            kind, url, "blank flash" if blank else "firmware installed"), flush=True)
        print("  try: arbiter deploy --port %s   or   mpremote connect %s" % (url, url),
              flush=True)
        for line in proc.stdout:
            print(line, end="", flush=True)
        return proc.wait()
    except KeyboardInterrupt:
        _stop(proc)
        print("virtual board stopped", flush=True)
        return 0
    finally:
        if proc.poll() is None:   # whatever went wrong here, no bridge is left behind
            proc.kill()
            proc.wait()


def serve_pico(listen="127.0.0.1:7777", kind="light", fs=None, blank=False):
    from host_tools.commands import uf2
    from host_tools.pico import Pico, PicoError, pico_files
    host, port = parse_listen(listen)
    profile = profile_for(kind)
    try:
        micropython, _ = pico_files()
    except PicoError as e:
        raise BoardError(str(e))
    with tempfile.TemporaryDirectory() as tmp:
        folder = fs or tmp
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise UsageError("cannot make the folder %s for --fs: %s" % (folder, e.strerror))
        flash = os.path.join(folder, PICO_FLASH)
        image = None
        if not os.path.exists(flash):
            if blank:
                image = micropython
            else:
                name = os.path.basename(profile)[:-5]
                uf2.write_image(name, micropython, tmp)
                image = os.path.join(tmp, "arbiter-%s.uf2" % name)
        for sig in (signal.SIGTERM, signal.SIGHUP):  # stop the emulator too, never orphan it
            signal.signal(sig, _interrupt)
        pico = Pico(profile, flash, uf2=image, listen="%s:%d" % (host, port))
        try:
            url = pico.port.replace("127.0.0.1", host)
            print("emulated Pico (%s board) listening on %s, flash in %s; Ctrl-C stops it"
                  % (kind, url, flash), flush=True)
            print("  try: arbiter config get --port %s   or   mpremote connect %s" % (url, url),
                  flush=True)
            pico.proc.wait()
            return 1  # it stopped by itself: it said why on stderr
        finally:
            pico.close()


def add(subparsers):
    p = subparsers.add_parser("virtual-board",
                              description="The firmware on the real MicroPython (WebAssembly, "
                                          "under Node) behind a TCP socket: use it with --port "
                                          "socket://HOST:PORT, or `mpremote connect "
                                          "socket://HOST:PORT`. Ctrl-C stops it.")
    p.add_argument("--listen", default="127.0.0.1:7777", metavar="HOST:PORT",
                   help="where to listen (default: 127.0.0.1:7777; port 0 picks a free one)")
    p.add_argument("--board", default="light", metavar="KIND",
                   help="the board kind: %s (default: light)"
                        % help_lists.spoken(help_lists.board_kinds()))
    p.add_argument("--fs", metavar="DIR", help="keep the board's files in this folder across runs")
    p.add_argument("--blank", action="store_true", help="start with an empty flash (no firmware)")
    p.add_argument("--pico", action="store_true",
                   help="run the real Pico MicroPython on an emulated RP2040 instead, booted from "
                        "the image `arbiter uf2` makes (--fs keeps its flash)")
    p.set_defaults(func=run)


def run(args):
    how = serve_pico if args.pico else serve
    return how(args.listen, args.board, args.fs, args.blank)
