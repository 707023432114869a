"""The emulated Pico (docs/architecture.md#layer-7) from Python: host_tools/node/pico.mjs runs the
real MicroPython UF2 on an emulated RP2040; this starts it, presses keys, reads LED frames
and cuts the power, for the tests, the benchmarks and `arbiter virtual-board --pico`.

The MicroPython UF2 and the RP2040 boot ROM come from ``ARBITER_PICO_DIR`` (default: the
``shared/pico`` folder next to the repository); ``pico_files()`` says why when they are
missing."""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "host_tools", "node", "pico.mjs")
UF2_NAME = "micropython-v1.27.0-rpi-pico.uf2"
ROM_NAME = "rp2040-bootrom-b1.bin"


class PicoError(Exception):
    pass


def pico_dir():
    return (os.environ.get("ARBITER_PICO_DIR")
            or os.path.join(os.path.dirname(ROOT), "shared", "pico"))


def pico_files():
    """(MicroPython UF2, boot ROM) paths, or raise PicoError saying what is missing and how
    to point at it."""
    folder = pico_dir()
    uf2 = os.path.join(folder, UF2_NAME)
    rom = os.path.join(folder, ROM_NAME)
    for path in (uf2, rom):
        if not os.path.isfile(path):
            raise PicoError("no %s: set ARBITER_PICO_DIR to a folder holding %s and %s "
                            "(the RPI_PICO MicroPython v1.27.0 UF2 and the RP2040 B1 boot ROM)"
                            % (path, UF2_NAME, ROM_NAME))
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        raise PicoError("rp2040js is not installed: run host_tools/bootstrap.sh")
    return uf2, rom


def run_script(port, path, timeout=900, **values):
    """Run the script ``path`` (from the repository's root) on the board at ``port`` with
    ``values`` set as globals before it and tests/harness/pico_probe.py's helpers, and return
    the JSON line it prints last; a PicoError with what it printed otherwise. ``path`` may
    be a list of scripts, sent in order; a line ``# send: OTHER`` in a script is replaced
    by the file OTHER (helpers scripts share)."""
    code = "".join("%s = %r\n" % kv for kv in sorted(values.items()))
    paths = [path] if isinstance(path, str) else list(path)
    for name in ["tests/harness/pico_probe.py", *paths]:
        code += _script(name) + "\n"
    r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", code],
                       capture_output=True, text=True, timeout=timeout)
    lines = r.stdout.strip().splitlines()
    if r.returncode != 0 or not lines or not lines[-1].startswith("{"):
        raise PicoError("%s on the board: %s" % (path, (r.stdout + r.stderr).strip()[-2000:]))
    return json.loads(lines[-1])


def _script(name):
    with open(os.path.join(ROOT, name)) as f:
        lines = f.read().splitlines(True)
    return "".join(_script(line[8:].strip()) if line.startswith("# send: ") else line
                   for line in lines)


class Pico:
    """One power-up of the emulated Pico. ``flash``: the flash image file (kept between
    power-ups, made blank if missing); ``uf2``: written over the flash first (drag and
    drop); ``hold``: keys held down from power-up; ``journal``: a file that gets every
    flash operation and mark of this power-up (host_tools/pico_journal.py reads it), with
    ``mark_pin`` a GPIO whose rising edges, driven by the board's code, are marks."""

    def __init__(self, profile, flash, uf2=None, hold=(), listen="127.0.0.1:0", stderr=None,
                 journal=None, mark_pin=None):
        with open(profile) as f:
            self.profile = json.load(f)
        _, rom = pico_files()
        node = shutil.which("node")
        if node is None:
            raise PicoError("node is not installed: run host_tools/bootstrap.sh")
        cmd = [node, HARNESS, "--rom", rom, "--flash", flash, "--profile", profile,
               "--listen", listen, "--hold", ",".join(hold)]
        if uf2:
            cmd += ["--uf2", uf2]
        if journal:
            cmd += ["--journal", journal]
        if mark_pin is not None:
            cmd += ["--mark-pin", str(mark_pin)]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, text=True)
        self._id = 0
        first = self._line()
        self.port = "socket://127.0.0.1:%d" % first["port"]

    def _line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("the emulated Pico stopped (exit status %s)" % self.proc.wait())
        return json.loads(line)

    def call(self, cmd, **args):
        self._id += 1
        args.update(id=self._id, cmd=cmd)
        self.proc.stdin.write(json.dumps(args) + "\n")
        self.proc.stdin.flush()
        while True:
            out = self._line()
            if out.get("id") == self._id:
                break
        if "error" in out:
            raise PicoError(out["error"])
        return out

    def hold(self, key):
        return self.call("hold", key=key)

    def release(self, key):
        return self.call("release", key=key)

    def press(self, key, ms=80):
        """Hold the key ``ms`` emulated milliseconds, release it, wait as long; the answer's
        ``t`` is when it went down."""
        return self.call("press", key=key, ms=ms)

    def wait(self, ms):
        return self.call("wait", ms=ms)

    def now_ms(self):
        return self.call("status")["ms"]

    def frames(self, since=0):
        """(next index, [(emulated ms, [[r, g, b], ...]), ...]): the distinct LED frames from
        index ``since`` on, in chain order."""
        out = self.call("frames", since=since)
        return out["next"], [tuple(f) for f in out["frames"]]

    def wait_frame(self, since, ms=1000):
        """The first distinct LED frame at index >= since, as (index, ms, frame), or None
        if none came within ``ms`` emulated milliseconds."""
        found = self.call("wait_frame", since=since, ms=ms)["found"]
        return (found["index"], found["t"], found["frame"]) if found else None

    def status(self):
        """{"frames": count, "flash_writes": count, "usb": ready, "held": [keys], "ms"}"""
        return self.call("status")

    def serial(self):
        """What the board wrote to its USB serial since power-up (the last 64 KB), whether
        or not a client was connected."""
        return self.call("serial")["text"]

    def mark(self):
        """A mark in the journal at this emulated instant; returns its number (from 0)."""
        return self.call("mark")["mark"]

    def power_cut(self):
        """Kill the emulator at this instant: the flash file keeps what was written."""
        self.proc.kill()
        self.proc.wait()

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.power_cut()
        self.proc.stdout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
