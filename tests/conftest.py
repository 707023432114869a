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
