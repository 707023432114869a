"""Layer 2 (docs/architecture.md#layer-2): every test in tests/portable/ also runs on the real
MicroPython, each in a fresh interpreter, with the same vectors as on CPython."""
import ast
import os

import pytest

from host_tools.upy import MicroPythonError

PORTABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "portable")


def _portable_tests():
    for name in sorted(os.listdir(PORTABLE)):
        if name.startswith("test_") and name.endswith(".py"):
            with open(os.path.join(PORTABLE, name)) as f:
                tree = ast.parse(f.read())
            for node in tree.body:
                if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                    yield name[:-3], node.name


@pytest.mark.parametrize("module,func", list(_portable_tests()),
                         ids=lambda v: v)
def test_on_micropython(upy, module, func):
    code = ("import sys\nsys.path.insert(0, '/portable')\nimport %s\n%s.%s()\n"
            % (module, module, func))
    try:
        upy.run(code)
    except MicroPythonError as e:
        pytest.fail("%s.%s fails on MicroPython (passes on CPython?):\n%s"
                    % (module, func, e.traceback),
                    pytrace=False)
