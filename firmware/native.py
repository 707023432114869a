"""Native code on the chip (docs/architecture.md#native-code): the one place that decides
whether a module's native twin runs.

A hot routine that pays for MicroPython's native emitters lives twice: its portable twin
in the module that uses it (what CPython, the WebAssembly build and the simulator run),
and its native twin, with the same results, in a module of the same name ending in
``_native`` (``@micropython.native`` / ``@micropython.viper`` code). Only `arbiter deploy`
and `arbiter uf2` put ``*_native`` modules (kept in the repository's native/, outside
firmware/: they compile only for a chip's architecture) on a board, compiled by mpy-cross for the
architecture the board reports; elsewhere they are absent and ``load`` says None."""
import sys


def arch():
    """The native architecture this interpreter's .mpy files may hold (0: none, as on
    CPython, the WebAssembly build and ports without a native emitter)."""
    return getattr(sys.implementation, "_mpy", 0) >> 10


def load(name):
    """The module ``name`` (a dotted path ending in ``_native``) when this interpreter runs
    native code and the module is installed, else None: the caller keeps its portable
    twin."""
    if not arch():
        return None
    try:
        return __import__(name, None, None, ("load",))
    except (ImportError, ValueError):   # not installed; compiled for another architecture
        return None
