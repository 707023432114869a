"""The firmware against the RP2040 port's API, checked statically: mypy with the stubs of
MicroPython v1.27 for rp2 (PyPI micropython-rp2-stubs, pinned) as its whole typeshed, so a
call that the real ``machine``, ``rp2``, ``neopixel``, ``time`` or ``micropython`` lacks,
or an argument they do not take, fails here before it reaches a board.

Only the API is checked: the firmware carries no type annotations, so the error codes
about its own types (inferred Optional, list element types, …) are off, and the pure
engines (which import nothing but firmware.rules) are not checked for attributes of their
own dynamic state objects. Code written for other runtimes is named below with the reason;
everything else must be clean."""
import ast
import importlib.metadata
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["firmware", "native", "boot.py", "main.py"]

OFF = ("var-annotated union-attr assignment call-overload index operator return-value misc "
       "has-type arg-type").split()
# Modules of other runtimes, imported only on those: CPython (crash.py's traceback
# fallback) and CircuitPython (hal/profile.py's build_circuitpython).
OTHER_RUNTIME_MODULES = {"traceback", "digitalio", "microcontroller", "pwmio"}
# Functions and classes that run only on CircuitPython: their neopixel is Adafruit's.
CIRCUITPYTHON_ONLY = {"firmware/hal/profile.py": ["build_circuitpython", "_CircuitPythonIo"]}
# Files that never run on a board: the simulated wiring (its own fake machine and neopixel
# for the browser simulator, trace replay and tests).
NOT_ON_THE_BOARD = {"firmware/hal/wires.py"}
# The viper emitter's own types, built into the compiler, not into any module: the native
# twins (firmware/native.py) use them in their annotations.
VIPER_TYPES = ("ptr8", "ptr16", "ptr32", "uint")


def typeshed(folder):
    """A typeshed folder: micropython-stdlib-stubs' stdlib with the rp2 port's modules
    laid over it (and listed in stdlib/VERSIONS), as mypy's --custom-typeshed-dir wants."""
    site = None
    for dist in ("micropython-stdlib-stubs", "micropython-rp2-stubs"):
        for f in importlib.metadata.files(dist):
            src = f.locate()
            site = str(src)[:-len(str(f))]
            parts = f.parts
            if parts[0] in ("stdlib", "stubs"):
                dst = os.path.join(folder, *parts)
            elif str(f).endswith(".pyi") or parts[0] == "_mpy_shed":
                dst = os.path.join(folder, "stdlib", *parts)
            else:
                continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(src, dst)
    assert site
    versions = os.path.join(folder, "stdlib", "VERSIONS")
    with open(versions) as f:
        listed = {line.split(":")[0].strip() for line in f if ":" in line}
    extra = sorted(n[:-4] if n.endswith(".pyi") else n
                   for n in os.listdir(os.path.join(folder, "stdlib"))
                   if (n.endswith(".pyi") or "." not in n) and n != "VERSIONS")
    with open(versions, "a") as f:
        for name in extra:
            if name not in listed:
                f.write("%s: 3.0-\n" % name)


def mypy(tmp_path, paths):
    """mypy's error lines for these paths, against the port's stubs."""
    shed = str(tmp_path / "typeshed")
    if not os.path.isdir(shed):
        typeshed(shed)
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\ncustom_typeshed_dir = %s\nno_site_packages = True\n"
                      "check_untyped_defs = True\ndisable_error_code = %s\n"
                      "[mypy-firmware.rules.*]\ndisable_error_code = attr-defined\n"
                      % (shed, ", ".join(OFF)))
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config),
                        "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                        "--hide-error-context"] + paths,
                       cwd=ROOT, capture_output=True, text=True)
    assert "error: " not in r.stderr, r.stderr
    return [line for line in r.stdout.splitlines() if ": error: " in line]


def _function_lines(path, names):
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in names:
            out.update(range(node.lineno, node.end_lineno + 1))
    return out


def _other_runtime(line, skip_lines):
    path, lineno = line.split(":")[:2]
    if path in NOT_ON_THE_BOARD:
        return True
    if path.startswith("native") and any('Name "%s" is not defined' % t in line
                                           for t in VIPER_TYPES):
        return True
    if ("[import-not-found]" in line
            and line.split('module named "')[1].split('"')[0] in OTHER_RUNTIME_MODULES):
        return True
    return int(lineno) in skip_lines.get(path, ())


def test_firmware_uses_only_what_the_rp2_port_has(tmp_path):
    skip_lines = {p: _function_lines(p, names) for p, names in CIRCUITPYTHON_ONLY.items()}
    errors = [e for e in mypy(tmp_path, TARGETS) if not _other_runtime(e, skip_lines)]
    assert errors == [], "\n".join(errors)


def test_the_check_sees_the_ports_api(tmp_path):
    """The stubs are in force: calls the port lacks are caught, the real ones pass."""
    bad = tmp_path / "bad.py"
    bad.write_text("import machine, neopixel, time, rp2\n"
                   "def f():\n"
                   "    machine.Pin(2, machine.Pin.OUTPUT)\n"      # it is Pin.OUT
                   "    neopixel.NeoPixel(machine.Pin(22), 49).show()\n"  # it is write()
                   "    time.perf_counter()\n"                    # CPython's, not the port's
                   "    rp2.StateMachine(0).frobnicate()\n")
    good = tmp_path / "good.py"
    good.write_text("import machine, neopixel, time, micropython\n"
                    "def f():\n"
                    "    p = machine.Pin(2, machine.Pin.OUT, value=1)\n"
                    "    n = neopixel.NeoPixel(machine.Pin(22, machine.Pin.OUT), 49)\n"
                    "    n.write()\n"
                    "    time.sleep_us(20)\n"
                    "    micropython.heap_lock()\n"
                    "    return time.ticks_diff(time.ticks_ms(), 0) + p.value()\n")
    errors = mypy(tmp_path, [str(bad), str(good)])
    lines = sorted({e.split(":")[1] for e in errors if "bad.py" in e})
    assert lines == ["3", "4", "5", "6"], errors
    assert not [e for e in errors if "good.py" in e], errors
