"""A whole Masbrur round on the tile board's app, on the board itself (sent as code to
the emulated Pico by tests/test_pico_board.py; prefixed with PROFILE and SEED).

The app runs as on the board, fed the stable frames its contacts would give: the pie
group shown on the pad, walls set on the wall slots, each push in its three steps (the
tile at the row end, the row shifted, the ejected tile gone), formations shown on the
pad (tests/pico_masbrur_moves.py). Prints one
JSON line: plies, rounds scored, whether the app recorded the moves played, the lowest
gc.mem_free() and the smallest largest free block seen after a collection."""
import gc
import json
import os
import sys

# A fresh board: what ran before in this interpreter goes - its names (the REPL keeps
# them) and its code (a module stays loaded until removed from sys.modules).
_KEEP = ("PROFILE", "SEED", "gc", "json", "os", "sys", "largest_block")
for _name in [n for n in globals() if not n.startswith("__") and n not in _KEEP]:
    del globals()[_name]
for _name in [n for n in sys.modules if n.startswith("firmware")]:
    del sys.modules[_name]
gc.collect()

from firmware.app.core.runtime import make_app  # noqa: E402
from firmware.hal.storage import Storage  # noqa: E402
from firmware.rules import Rng  # noqa: E402

# send: tests/pico_masbrur_moves.py


def main(profile, seed):
    try:
        os.mkdir("/boardmasbrur")         # its own folder: no other game's to resume
    except OSError:
        pass
    app = make_app(profile, Storage("/boardmasbrur"), 0)
    app.cfg["game"] = "masbrur"        # the menu's L6
    t = 800
    app.step(t, [])
    t += 20
    app.step(t, [("down", app.keys["ok"])])
    ses = app.play.session
    engine = ses.engine
    s = ses.state
    t += 500
    app.step(t, [field_frame(s)])  # noqa: F821 (tests/pico_masbrur_moves.py)
    rng = Rng(seed)
    moves = []
    low_free = low_block = 1 << 30
    while not engine.is_over(s) and s.round == 1:
        m = choose(engine, rng, s)  # noqa: F821
        for ev in events(app, engine, s, m):  # noqa: F821
            t += 500
            app.step(t, [ev])
        s = engine.play(s, m)
        moves.append(m)
        if s.round != 1:
            t += 500
            app.step(t, [walls_cleared()])  # noqa: F821
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if len(moves) % 5 == 1:
            low_block = min(low_block, largest_block())
    recorded = app.play.session.rec["moves"] if app.play is not None else None
    return {"plies": len(moves), "rounds": s.round - 1, "same_moves": recorded == moves,
            "message": app.said, "min_free": low_free, "min_largest_block": low_block}


print(json.dumps(main(PROFILE, SEED)))  # noqa: F821 (given by the sender)
