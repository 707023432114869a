import os
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
    # A module-scoped fixture may have forgotten an engine before ``before`` was taken: the
    # terminal's modules (imported once, at collection) play the engine loaded now.
    for name, module in list(sys.modules.items()):
        terminal = name.startswith("host_tools.terminal.")
        engine = getattr(module, "ENGINE", None) if terminal else None
        if engine is not None and sys.modules.get(engine.__name__) is not None:
            module.ENGINE = sys.modules[engine.__name__]
