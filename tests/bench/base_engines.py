"""The Mabula and Mano a Mano engines as they were when issue 16 was written (commit
2e971f5, before the fast playouts), so the benchmarks time "today" in the same run as
the engines of now: ``git show`` of firmware/rules' __init__.py, mabula.py and mano.py
into a temporary package ``rules_2e971f5`` (their ``firmware.rules`` imports pointed at
it), removed at exit. Host side only (git, a temporary folder); the MicroPython run
gets the package through ``mounts()``."""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

COMMIT = "2e971f5"
PACKAGE = "rules_2e971f5"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_built = []   # [folder holding PACKAGE, or None when git or the commit is not there]


def _show(name):
    return subprocess.run(["git", "show", "%s:firmware/rules/%s" % (COMMIT, name)], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


def folder():
    """The folder that holds the package, built on the first call; None when git or
    the commit is not available (e.g. a shallow clone)."""
    if not _built:
        try:
            sources = {name: _show(name) for name in ("__init__.py", "mabula.py", "mano.py")}
        except (OSError, subprocess.CalledProcessError):
            _built.append(None)
            return None
        top = tempfile.mkdtemp(prefix="arbiter-bench-")
        atexit.register(shutil.rmtree, top, True)
        os.mkdir(os.path.join(top, PACKAGE))
        for name, text in sources.items():
            with open(os.path.join(top, PACKAGE, name), "w") as f:
                f.write(text.replace("firmware.rules", PACKAGE))
        _built.append(top)
    return _built[0]


def on_path():
    """Put the package on CPython's import path; False when it cannot be built."""
    top = folder()
    if top is None:
        return False
    if top not in sys.path:
        sys.path.append(top)
    return True


def mounts():
    """[[host folder, board path]] mounting the package for a MicroPython run (none
    when it cannot be built): it is imported from the root, as firmware is."""
    top = folder()
    return [] if top is None else [[os.path.join(top, PACKAGE), "/" + PACKAGE]]
