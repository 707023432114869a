"""Heap in use by the marble board's app with a Mabula game running, on the emulated
Pico (tests/test_pico_board.py, tests/bench/extra_pico.py): the app as deployed, a game
set up as its LEDs ask and pushed to its end by the stable frames the sensors would
give, random pushes from a seeded Rng. Each figure is gc.mem_alloc() at the top of a
fresh call (nothing the last call left on the stack is counted), the smaller of two
readings, less what was in use before the app started."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IN_USE = "import gc\ngc.collect()\nprint(gc.mem_alloc())"

# The marble board's app as deployed, a Mabula game set up as its LEDs ask; then pushes
# made on the board (the stable frame of each), chosen by a seeded Rng, in calls of 10.
MARBLE_START = """
import os, json
try:
    os.mkdir("/heaptest")
except OSError:
    pass
from firmware.app.runtime import make_app
from firmware.hal.storage import Storage
app = make_app(json.loads(%r), Storage("/heaptest"), 0)
app.step(1000, [])
app.step(1020, [("down", app.keys["ok"])])
from firmware.rules import mabula as _m
app.step(1600, [("frame", _m.occupancy(app.play.session.state))])
print(app.status()["screen"])
del os, json, make_app, Storage, _m
"""
MARBLE_PUSHES = """
from firmware.rules import mabula as _m
from firmware.rules import Rng
_rng = Rng(len(app.play.session.rec["moves"]))
for _i in range(10):
    _s = app.play.session.state
    if _m.is_over(_s):
        break
    _l = _m.legal_moves(_s)
    _mv = _l[_rng.below(len(_l))]
    _l = None
    if _mv != "pass":
        app.step(app.now + 600, [("frame", _m.occupancy(_m.play(_s, _mv)))])
print(len(app.play.session.rec["moves"]), _m.is_over(app.play.session.state))
del _m, Rng, _rng, _i, _s, _mv
"""


def marble_game(port):
    """(plies played, [bytes in use after every 10 plies and at the end])."""
    def call(code):
        r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "resume", "exec", code],
                           capture_output=True, text=True, timeout=300)
        if r.returncode != 0 or "Traceback" in r.stdout:
            raise RuntimeError(r.stdout + r.stderr)
        return r.stdout.split()

    def in_use():
        return min(int(call(IN_USE)[0]) for _ in range(2))
    with open(os.path.join(ROOT, "hardware", "marble-pico.json")) as f:
        profile = f.read()
    before = in_use()
    if call(MARBLE_START % profile) != ["game"]:
        raise RuntimeError("the Mabula game did not start")
    used = []
    over = "False"
    while over == "False":
        plies, over = call(MARBLE_PUSHES)
        used.append(in_use() - before)
    return int(plies), used
