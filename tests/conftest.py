import importlib
import os
import signal
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTABLE = os.path.join(ROOT, "tests", "portable")
for p in (ROOT, PORTABLE):
    if p not in sys.path:
        sys.path.insert(0, p)

from host_tools.upy import MicroPython  # noqa: E402


@pytest.fixture(scope="session")
def upy():
    """The real MicroPython under Node. A missing node is a set-up error, never a skip."""
    mp = MicroPython(mounts=[[os.path.join(ROOT, "firmware"), "/firmware"],
                             [PORTABLE, "/portable"]])
    yield mp
    mp.close()


@pytest.fixture(autouse=True)
def _firmware_modules_as_before():
    """Each test ends with the firmware modules loaded as they were before it, as every
    test in tests/portable/ runs in a fresh interpreter on MicroPython: the app unloads a
    game's code when another game starts, and an engine a test file imported must not be
    left a dead copy whose lazy imports (mano.py's parts) find new ones."""
    before = {k: v for k, v in sys.modules.items() if k.startswith("firmware")}
    yield
    for name in [k for k in sys.modules if k.startswith("firmware") and k not in before]:
        del sys.modules[name]
        package, _, leaf = name.rpartition(".")
        if package in sys.modules and getattr(sys.modules[package], leaf, None) is not None:
            delattr(sys.modules[package], leaf)
    sys.modules.update(before)
    for name, module in before.items():
        package, _, leaf = name.rpartition(".")
        if package in before:
            setattr(before[package], leaf, module)


@pytest.fixture(autouse=True)
def _terminal_engines_fresh(request):
    """The terminal's tests play engines as a fresh `arbiter play --terminal` process loads
    them: another test in this process may have had the app forget an engine (its unload)
    while the terminal's modules, imported once, still held it, its parts (mano_dealt) then
    finding a new copy without its tables."""
    if not request.module.__name__.split(".")[-1].startswith("test_terminal"):
        return
    rules = sys.modules.get("firmware.rules")
    for name in [n for n in sys.modules if n.startswith("firmware.rules.")]:
        del sys.modules[name]
        if rules is not None and hasattr(rules, name.rsplit(".", 1)[1]):
            delattr(rules, name.rsplit(".", 1)[1])
    for name, module in list(sys.modules.items()):
        engine = getattr(module, "ENGINE", None)
        if name.startswith("host_tools.terminal.") and engine is not None:
            module.ENGINE = importlib.import_module(engine.__name__)


@pytest.fixture(scope="session", autouse=True)
def _children_take_ctrl_c():
    """Children the tests start take Ctrl-C (SIGINT) as from a terminal, however the suite
    was started: one started in the background passes it on ignored (to pytest-xdist's
    workers too), and Python then never turns it into KeyboardInterrupt."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)
