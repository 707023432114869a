"""Benchmarks (docs/architecture.md#memory-and-speed): engine figures on CPython and MicroPython
side by side.

    .venv/bin/python tests/bench/run.py [GAME ...]

For each engine: random playouts per second, mean ms of one legal_moves + play, and
on MicroPython the heap in use after gc.collect() after one game and after 100 more. Then
every tests/bench/extra_<name>.py's figures() (its mounts(), if it has one, adds folders
to its MicroPython run). Figures only; nothing is asserted."""
import importlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, HERE]

from host_tools.upy import MicroPython  # noqa: E402

ENGINES = ["morbak", "mabula", "fursaz", "mano", "masbrur"]
PRELUDE = "import sys\nsys.path.insert(0, '/bench')\nimport json\n"


def _row(label, cpy, upy):
    def fmt(v):
        if v is None:
            return "—"
        if isinstance(v, float):
            return "%.3f" % v if v < 100 else "%.0f" % v
        return str(v)
    print("  %-34s %14s %14s" % (label, fmt(cpy), fmt(upy)))


def heap_figures(mp, name, games=100):
    """Heap in use after gc.collect(), after one warm-up game (lazy tables built) and
    after ``games`` more. Measured at the top of fresh calls (docs/architecture.md#test-layers);
    the smaller of two readings, since a reference from the previous call can survive
    one more call."""
    mp.run(PRELUDE + "import gc\nimport firmware.rules.%s as e\nimport engine_bench\n"
           "engine_bench.playouts(e, 1, 3)" % name)

    def heap():
        return min(int(mp.run("import gc\ngc.collect()\nprint(gc.mem_alloc())", fresh=False))
                   for _ in range(2))
    before = heap()
    mp.run("engine_bench.playouts(e, %d, 7, 60000000)" % games, fresh=False)
    return before, heap()


def main(names):
    mounts = [[os.path.join(ROOT, "firmware"), "/firmware"], [HERE, "/bench"],
              [os.path.join(ROOT, "hardware"), "/hardware"]]
    with MicroPython(mounts=mounts) as mp:
        print("%-36s %14s %14s" % ("", "CPython", "MicroPython"))
        for name in names:
            try:
                importlib.import_module("firmware.rules." + name)
            except ImportError:
                print("%s: not written yet" % name)
                continue
            import engine_bench
            cpy = engine_bench.figures(name)
            upy = json.loads(mp.run(PRELUDE + "import engine_bench\n"
                                    "print(json.dumps(engine_bench.figures(%r)))" % name))
            print(name)
            for key in cpy:
                _row(key, cpy[key], upy[key])
            before, after = heap_figures(mp, name)
            _row("heap in use, bytes (after 1 game)", None, before)
            _row("heap in use, bytes (after 100 more)", None, after)
        for fname in sorted(os.listdir(HERE)):
            if not (fname.startswith("extra_") and fname.endswith(".py")):
                continue
            mod = fname[:-3]
            if names != ENGINES and mod[6:] not in names:
                continue
            extra = importlib.import_module(mod)
            cpy = extra.figures()
            if getattr(extra, "PICO", False):  # measured on the emulated Pico, from the host
                print(mod[6:] + " (extra: the real Pico port, emulated RP2040)")
                for key in sorted(cpy):
                    print("  %-60s %s" % (key, cpy[key]))
                continue
            # what its MicroPython run needs
            more = extra.mounts() if hasattr(extra, "mounts") else []
            upy = json.loads(mp.run(PRELUDE + "import %s\nprint(json.dumps(%s.figures()))"
                                    % (mod, mod),
                                    mounts=mounts + more))
            print(mod[6:] + " (extra)")
            for key in sorted(cpy):
                _row(key, cpy[key], upy.get(key))


if __name__ == "__main__":
    main(sys.argv[1:] or ENGINES)
