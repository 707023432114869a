"""Marble board figures for the benchmark runner (tests/bench/run.py).

Timings (both interpreters), the board's own drivers over simulated wiring with the
shipped profile (hardware/marble-pico.json: 74HC165 chain over SPI): one runner tick
with the board at rest (scan of the buttons and the 64-input chain, the filter, a
step), and one tick that hands on a stable frame the app takes as a push (inference,
save). Heap with a Mabula game running, on MicroPython as deployed (extra_app.upy_heap).
And the lines a new board kind needs outside its own files: lines of code in firmware/
and host_tools/ outside the marble board's own modules that name the kind ("marble")
(target: none - kinds are found by their modules' names)."""
import json
import os
import sys

from clock import elapsed_us, now_us

_OWN = ("profile_marble.py", "board_marble.py", "play_mabula.py", "marble.js")


def _profile():
    """The shipped profile (run.py mounts hardware/ at /hardware on MicroPython)."""
    if sys.implementation.name == "micropython":
        path = "/hardware/marble-pico.json"
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "..", "..", "hardware", "marble-pico.json")
    with open(path) as f:
        return json.load(f)


def _folder():
    if sys.implementation.name == "micropython":
        try:
            os.mkdir("/bench-marble")
        except OSError:
            pass
        return "/bench-marble"
    import tempfile
    return tempfile.mkdtemp(prefix="arbiter-bench-marble-")


def _rig(root, prof):
    """A marble board in play: the runner ticked through the boot, the menu's start and
    the setup, at rest at t = 2000 ms."""
    from firmware.app.core import crash, device
    from firmware.app.core.runtime import make_app
    from firmware.hal import profile as hal_profile
    from firmware.hal.storage import Storage
    from firmware.hal.wires import Wires
    from firmware.rules import mabula
    w = Wires(prof)
    d = hal_profile.build_micropython(prof, w.machine, w.neopixel, sleep_us=lambda us: None)
    runner = device.Runner(make_app, prof, Storage(root), d, crash)
    runner.start(0)
    t = 0
    while t < 700:
        runner.tick(t)
        t += 5
    runner.app.step(t, [("down", runner.app.keys["ok"])])   # start: the setup
    occ = mabula.occupancy(runner.app.play.session.state)
    for c in range(60):
        w.present[c] = occ[c]
    while t < 2000:
        runner.tick(t)
        t += 5
    assert runner.app.play.name == "game"
    return runner, w, t


def timings(root, prof):
    from firmware.rules import mabula
    runner, w, t = _rig(root, prof)
    best = None
    for _ in range(5):
        t0 = now_us()
        for _ in range(100):
            t += 5
            runner.tick(t)
        us = elapsed_us(t0) / 100
        best = us if best is None or us < best else best
    ses = runner.app.play.session
    move = mabula.legal_moves(ses.state)[0]
    occ = mabula.occupancy(mabula.play(ses.state, move))
    for c in range(60):
        w.present[c] = occ[c]
    frame_us = None
    for _ in range(100):
        t += 5
        t0 = now_us()
        runner.tick(t)
        us = elapsed_us(t0)
        if ses.rec["moves"]:
            frame_us = us
            break
    return {"tick at rest: scan + filter + step (us)": best,
            "tick that takes a push (us)": frame_us}


def loc_outside():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    n = 0
    for top in ("firmware", "host_tools"):
        for dirpath, dirnames, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith((".py", ".js", ".mjs")) and f not in _OWN:
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        n += sum(1 for line in fh if '"marble"' in line or "'marble'" in line)
    return n


_HEAP_STEPS = (
    ("upy heap KB: Mabula running (1 move)",
     ("import sys, json, os\nsys.path.insert(0, '/bench')\n"
      "import extra_marble\nos.mkdir('/heap-m')\n"
      "runner = extra_marble._rig('/heap-m', json.loads(%r))[0]\n"
      "del sys.modules['extra_marble'], sys.modules['clock'], extra_marble")),
)


def figures():
    if sys.implementation.name == "micropython":
        out = timings(_folder(), _profile())
        out["upy heap KB: Mabula running (1 move)"] = None
        out["lines naming the marble board outside its own files"] = None
        return out
    import shutil
    prof = _profile()
    root = _folder()
    try:
        out = timings(root, prof)
    finally:
        shutil.rmtree(root, True)
    import extra_app
    steps = ((_HEAP_STEPS[0][0], _HEAP_STEPS[0][1] % json.dumps(prof)),)
    out.update(extra_app.upy_heap(steps))
    out["lines naming the marble board outside its own files"] = loc_outside()
    return out
