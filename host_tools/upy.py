"""Drive the real MicroPython (the npm WebAssembly build under Node) from Python.

Used by the tests (docs/architecture.md#layer-2) and the benchmarks. Every ``run`` is one
``runPython`` call; ``fresh=True`` starts a new interpreter first (about 10 ms), which
is also the only way to get a clean heap in that build."""
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "host_tools", "node", "run.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
# The board's layout: the firmware package at the root of the file system.
FIRMWARE_MOUNTS = [[os.path.join(ROOT, "firmware"), "/firmware"]]


class SetupError(RuntimeError):
    """Node or the MicroPython package is missing: run the set-up command."""


class MicroPythonError(RuntimeError):
    """Code raised on MicroPython; the message is its traceback."""

    def __init__(self, traceback, out):
        RuntimeError.__init__(self, traceback)
        self.traceback = traceback
        self.out = out


class MicroPython:
    def __init__(self, mounts=None, heapsize=8 * 1024 * 1024):
        node = shutil.which("node")
        if node is None:
            raise SetupError("node is not installed: run ./test (or ./play) once to set "
                             "everything up")
        if not os.path.isdir(PACKAGE):
            raise SetupError("the MicroPython WebAssembly package is missing: run `npm ci` "
                             "(./test does it for you)")
        self.mounts = FIRMWARE_MOUNTS if mounts is None else mounts
        self.heapsize = heapsize
        self.proc = subprocess.Popen([node, RUNNER], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="latin-1")

    def run(self, code, fresh=True, mounts=None):
        """Run ``code``; return what it printed, or raise MicroPythonError."""
        req = {"code": code}
        if fresh:
            req.update(reset=True, heapsize=self.heapsize,
                       mounts=self.mounts if mounts is None else mounts)
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SetupError("the MicroPython runner stopped (exit %s)" % self.proc.poll())
        reply = json.loads(line)
        if not reply["ok"]:
            raise MicroPythonError(reply["error"], reply["out"])
        return reply["out"]

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
