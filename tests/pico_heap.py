"""Heap in use by a board's app with its game running, on the emulated Pico
(tests/test_pico_board.py, tests/bench/extra_pico.py): the app as deployed, fed what
its keys, sensors and buttons would give, random moves from a seeded Rng. The light
board: a Morbak game played by key presses to its end. The marble board: a Mabula
game set up as its LEDs ask and pushed to its end. The tile board: a Mano a
Mano match played to its end, tiles put on the ends' slots the LEDs show (or shown on
the pad past the track, with LEFT or RIGHT), DRAW and PASS pressed, the tiles left in
hand shown on the pad (what the board runs: nothing asks for app.status(), a tool's
view, which writes the position text). Each figure is gc.mem_alloc() at the top of a
fresh call (nothing the last call left on the stack is counted), the smaller of two
readings, less what was in use before the app started in an interpreter just
soft-reset and given what a board runs before its app (its drivers, the runner,
asyncio)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IN_USE = "import gc\ngc.collect()\nprint(gc.mem_alloc())"

# What a board runs before its app (device.main): its drivers, the runner and asyncio,
# in use before the first reading, so that the figures are the app's on a board that runs
# them. Their names are interned first there, too: the app is not charged for the table of
# names (4.5 KB) that a count past ~630 allocates, which the board's drivers cross anyway.
_DRIVERS = """
import json
import asyncio
from firmware.hal import profile as _hp
from firmware.app.core import crash, device
_drivers = _hp.build(json.loads(%r))
"""

# A board's app as deployed, the game the menu's OK starts (the marble board: set up as
# its LEDs ask, by the stable frame of the marbles on their edge spaces; the tile board
# reads its empty track).
_MAKE_APP = """
import os, json
try:
    os.mkdir("/heaptest")
except OSError:
    pass
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
app = make_app(json.loads(%r), Storage("/heaptest"), 0)
"""
START = _MAKE_APP + """
app.step(1000, [])
app.step(1020, [("down", app.keys["ok"])])
if app.screen.name == "setup":
    from firmware.rules import mabula as _m
    app.step(1600, [("frame", _m.occupancy(app.play.session.state))])
    del _m
elif app.kind == "tile":
    app.step(1600, [("frame", b"\\x08" * 128)])   # the sensors' reading: an empty track
print(app.screen.name)
del os, json, make_app, Storage
"""

# The marble board: pushes made on the board (the stable frame of each), chosen by a
# seeded Rng, in calls of 10.
_PUSHES = """
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
    # before
    if _mv != "pass":
        app.step(app.now + 600, [("frame", _m.occupancy(_m.play(_s, _mv)))])
    # after
print(len(app.play.session.rec["moves"]), _m.is_over(app.play.session.state))
del _m, Rng, _rng, _i, _s, _mv
"""
MARBLE_PUSHES = _PUSHES


# The light board: moves made by pressing a square and OK, the squares of random legal
# moves, in calls of 10.
LIGHT_PRESSES = """
from firmware.rules import morbak as _e
from firmware.rules import Rng
_rng = Rng(len(app.play.session.rec["moves"]))
for _i in range(10):
    _s = app.play.session.state
    if _e.is_over(_s):
        break
    _l = [_m for _m in _e.legal_moves(_s) if _m != "pass" and _e.press_action(_s, _m[2:]) == _m]
    _m = _l[_rng.below(len(_l))]
    _l = None
    app.step(app.now + 500, [("down", _e.SQUARES.index(_m[2:]))])
    app.step(app.now + 100, [("down", app.keys["ok"])])
print(len(app.play.session.rec["moves"]), _e.is_over(app.play.session.state))
del Rng, _e, _rng, _i, _s, _m
"""

# What the tile board's contacts read (8: no tile) and the events a move gives there;
# sent before the first reading, so not counted.
MANO_HELPERS = """
_T = bytearray(b"\\x08" * 128)


def _put(cell, name):
    _T[2 * cell] = int(name[0])
    _T[2 * cell + 1] = int(name[2])


def _events(app, m, ended):
    keys = app.keys
    if m == "draw" or m == "pass":
        return [("down", keys[m])]
    if m.startswith("reveal"):
        _put(27, m.split()[2])
        out = [("frame", bytes(_T))]
        _T[54] = _T[55] = 8
        out.append(("frame", bytes(_T)))
        if ended:
            for c in range(54):
                _T[c] = 8
            out.append(("frame", bytes(_T)))
        return out
    if ":" in m:
        _put(0, m[2:])
        return [("down", keys["left" if m[0] == "0" else "right"]), ("frame", bytes(_T))]
    if m[0] not in "LR":
        _put(0, m)
        return [("frame", bytes(_T))]
    cell = app.play.next_l if m[0] == "L" else app.play.next_r
    if cell >= 0:
        _put(cell, m[1:])
        return [("frame", bytes(_T))]
    _put(27, m[1:])
    out = [("frame", bytes(_T)), ("down", keys["left" if m[0] == "L" else "right"])]
    _T[54] = _T[55] = 8
    return out + [("frame", bytes(_T))]
"""
# Ten moves (a forced pass the board plays itself is not one); a hand's tiles are shown
# one seat at a time, as the board asks.
MANO_MOVES = """
from firmware.rules import Rng
_e = app.play.session.engine
_rng = Rng(len(app.play.session.rec["moves"]))
for _i in range(10):
    _s = app.play.session.state
    if _e.is_over(_s):
        break
    _l = _e.legal_moves(_s)
    if _l[0].startswith("reveal"):
        _l = [_m for _m in _l if _m[7] == "%d" % _e.to_move(_s)]
    _m = _l[_rng.below(len(_l))]
    _l = None
    _n = len(app.play.session.rec["moves"])
    _ended = len(_e.hand_history(_e.play(_s, _m))) > len(_e.hand_history(_s))
    for _ev in _events(app, _m, _ended):
        app.step(app.now + 500, [_ev])
    if app.play.session.rec["moves"][_n] != _m:
        raise RuntimeError("the board took %s for %s" % (app.play.session.rec["moves"][_n:], _m))
print(len(app.play.session.rec["moves"]), _e.is_over(app.play.session.state))
del Rng, _e, _rng, _i, _s, _m, _n, _ended, _ev
"""


def _caller(port):
    def call(code):
        r = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "resume", "exec",
                            code],
                           capture_output=True, text=True, timeout=300)
        if r.returncode != 0 or "Traceback" in r.stdout:
            raise RuntimeError(r.stdout + r.stderr)
        return r.stdout.split()
    return call


def _game(port, profile, setup, moves, start=START):
    """(plies played, [bytes in use after every call of ``moves`` to the game's end])."""
    call = _caller(port)

    def in_use():
        return min(int(call(IN_USE)[0]) for _ in range(2))
    with open(os.path.join(ROOT, "hardware", profile + ".json")) as f:
        prof = f.read()
    # A fresh interpreter: what earlier calls imported would otherwise count as in use
    # before the app started, and not as the app's.
    subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "soft-reset"],
                   capture_output=True, timeout=120, check=True)
    call(_DRIVERS % prof)
    if setup:
        call(setup)
    before = in_use()
    if call(start % prof) != ["game"]:
        raise RuntimeError("the game did not start")
    used = []
    over = "False"
    while over == "False":
        plies, over = call(moves)
        used.append(in_use() - before)
    return int(plies), used


def light_game(port):
    """(moves played, [bytes in use after every 10 moves and at the end])."""
    return _game(port, "light-pico", None, LIGHT_PRESSES)


def marble_game(port):
    """(plies played, [bytes in use after every 10 plies and at the end])."""
    return _game(port, "marble-pico", None, MARBLE_PUSHES)


def tile_game(port):
    """(plies played, [bytes in use after every 10 moves and at the end of the match])."""
    return _game(port, "tile-pico", MANO_HELPERS, MANO_MOVES)


# A remote game (firmware/app/core/link.py): the computer's lines come through a port of
# the script's own (the board's USB serial), sent before the first reading.
REMOTE_HELPERS = """
from firmware.hal.wires import Serial


class _Runner:
    app = None
    outside = None
    port = Serial()
"""

# The marble board's app with its link loaded, as at the first byte the computer sends,
# and a remote Mabula game the computer starts (the board's player first; the second
# seat elsewhere), set up as its LEDs ask.
REMOTE_START = _MAKE_APP + """
from firmware.app.core.link import Link
_r = _Runner()
_r.app = app
link = Link(_r)
app.step(1000, [])
_r.port.inbox.extend(b'@A link 1\\n@A peer 1\\n@A start {"code": "HEAP22", "game": "mabula",'
                     b' "options": {}, "seed": 7, "far": 1, "moves": [], "move_ms": [],'
                     b' "clock_ms": []}\\n')
link.tick(1010)
app.step(1020, [])
if app.screen.name == "setup":
    from firmware.rules import mabula as _m
    app.step(1600, [("frame", _m.occupancy(app.play.session.state))])
    del _m
link.tick(1610)
_r.port.out = []
print(app.screen.name)
del os, json, make_app, Storage, Link
"""

# Ten plies: the board's player's pushes as MARBLE_PUSHES makes them; the far seat's
# come as the computer's lines, and the person carries them out.
REMOTE_PUSHES = _PUSHES.replace("    # before\n", """\
    _r.port.inbox.extend(b"@A link 1\\n")
    if _m.to_move(_s) == 1 and _mv != "pass":
        _r.port.inbox.extend(b"@A move %d 900 %s\\n" % (len(app.play.session.rec["moves"]) + 1,
                                                      _mv.encode()))
    link.tick(app.now + 10)
    app.step(app.now + 10, [])
""").replace("    # after\n", """\
    link.tick(app.now)
    _r.port.out = []
""")


def remote_marble_game(port):
    """(plies played, [bytes in use after every 10 plies and at the end]) of a remote
    Mabula game on the marble board, its link loaded."""
    return _game(port, "marble-pico", REMOTE_HELPERS, REMOTE_PUSHES, REMOTE_START)
