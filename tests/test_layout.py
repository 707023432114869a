"""Imports flow one way (docs/architecture.md#layout): app -> hal, rules; hal and rules never
import app; hal never imports rules (the drivers know nothing of the games); rules imports nothing
outside its package but the native-code loader (firmware/native.py)."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = {"hal": ("firmware.app", "firmware.rules"),
             "rules": ("firmware.app", "firmware.hal", "firmware.values")}


def _imports(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant):
                yield arg.value
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
                yield arg.left.value


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_flow_one_way(package):
    folder = os.path.join(ROOT, "firmware", package)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            for mod in _imports(os.path.join(folder, name)):
                for bad in FORBIDDEN[package]:
                    assert not mod.startswith(bad), \
                        "firmware/%s/%s imports %s" % (package, name, mod)
