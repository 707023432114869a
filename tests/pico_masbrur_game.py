"""A whole Masbrur round on the tile board's app, on the board itself (sent as code to
the emulated Pico by tests/test_pico_board.py; prefixed with PROFILE and SEED).

The app runs as on the board, fed the stable frames its contacts would give: the pie
group shown on the pad, walls set on the wall slots, each push in its three steps (the
tile at the row end, the row shifted, the ejected tile gone), formations shown on the
pad. Moves are drawn without the equipment phase's list (thousands of strings): a wall
pair, a tile outside it and one of its pushes, or a pass one time in three. Prints one
JSON line: plies, rounds scored, whether the app recorded the moves played, the lowest
gc.mem_free() and the smallest largest free block seen after a collection."""
import gc
import json
import os
import sys

# A fresh board: what ran before in this interpreter goes - its names (the REPL keeps
# them) and its code (a module stays loaded until removed from sys.modules).
for _name in [n for n in globals() if not n.startswith("__")
              and n not in ("PROFILE", "SEED", "gc", "json", "os", "sys", "largest_block")]:
    del globals()[_name]
for _name in [n for n in sys.modules if n.startswith("firmware")]:
    del sys.modules[_name]
gc.collect()

from firmware.app.runtime import make_app  # noqa: E402
from firmware.hal.storage import Storage  # noqa: E402
from firmware.rules import Rng  # noqa: E402
from firmware.rules import masbrur_form as mf  # noqa: E402

_T = bytearray(b"\x08" * 128)    # what the contacts read (8: no tile)
_PAD = 27
_FIELD = 28
_WALLS = 60


def put(cell, a, b):
    _T[2 * cell] = a
    _T[2 * cell + 1] = b


def cell(row, col):
    return _FIELD + 4 * row + col


def frame():
    return ("frame", bytes(_T))


def show(a, b):
    put(_PAD, a, b)
    out = [frame()]
    put(_PAD, 8, 8)
    return out + [frame()]


def events(app, engine, s, m):
    keys = app.keys
    ph = s.phase
    p = engine.to_move(s)
    if ph == "pie_offer":
        out = []
        for t in m[2:].split():
            out += show(int(t[0]), int(t[1]))
        return out + [("down", keys["ok"])]
    if ph == "pie_accept":
        return [("down", keys["left" if m == "C1" else "right"])]
    if m == "pass" or m == "A":
        return [("down", keys["pass" if m == "pass" else "attack"])]
    if ph in ("equipment", "combat_wall"):
        wall = [mf.parse_tile(x) for x in m[1:].split(" ")[0].split(",")]
        for k in range(2):
            c = _WALLS + 2 * p + k
            if k < len(wall):
                put(c, wall[k] >> 3, wall[k] & 7)
            else:
                put(c, 8, 8)
        out = [frame()]
        if ph == "combat_wall":
            return out + [("down", keys["ok"])]
        t = mf.parse_tile(m[8:10])
        right = m[10] == "R"
        r = int(m[11])
        x, y, z = s.field[3 * r:3 * r + 3]
        w = (t >> 3) + (t & 7) - (z if right else x)
        if right:
            put(cell(r, 3), z, w)
            out.append(frame())
            if m.endswith("+A"):
                out.append(("down", keys["attack"]))
            put(cell(r, 0), x, y)
            put(cell(r, 1), y, z)
            put(cell(r, 2), z, w)
            put(cell(r, 3), 8, 8)
            out.append(frame())
            put(cell(r, 0), 8, 8)
        else:
            put(cell(r, 0), w, x)
            out.append(frame())
            if m.endswith("+A"):
                out.append(("down", keys["attack"]))
            put(cell(r, 3), y, z)
            put(cell(r, 2), x, y)
            put(cell(r, 1), w, x)
            put(cell(r, 0), 8, 8)
            out.append(frame())
            put(cell(r, 3), 8, 8)
        return out + [frame()]
    if ph == "combat_select":
        out = []
        for row, zh, uses in mf.parse_selection(m):
            out.append(("down", keys["left" if row == 0 else "right"]))
            uses = sorted(uses, key=lambda u: (1 if zh and u[1] == 0 else 0, u[1], u[0]))
            for t, v in uses:
                out += show(v, (t >> 3) + (t & 7) - v)
        return out + [("down", keys["ok"]), ("down", keys["ok"])]
    return [("down", keys["ok"])]     # combat_steal: none


def choose(engine, rng, s):
    ph = s.phase
    if ph == "pie_offer":
        pool = engine.pool(s)
        rng.shuffle(pool)
        return "O " + mf.tiles_text(sorted(pool[:4 + rng.below(12)]))
    if ph == "combat_select":
        return engine.auto_move(s)
    if ph == "combat_steal":
        return "T -"
    if ph == "equipment":
        p = engine.to_move(s)
        ars = s.ars[p]
        if s.plies > 30 or rng.below(3) == 0 or len(ars) < 3:
            return "pass"
        for _ in range(8):
            i = rng.below(len(ars))
            j = rng.below(len(ars) - 1)
            j += 1 if j >= i else 0
            w = sorted([ars[i], ars[j]])
            free = [t for t in ars if t not in w]
            t = free[rng.below(len(free))]
            pushes = engine.pushes(s, t)
            if pushes:
                return "W%s,%s %s" % (mf.name(w[0]), mf.name(w[1]),
                                      pushes[rng.below(len(pushes))][0])
        return "pass"
    legal = engine.legal_moves(s)
    return legal[rng.below(len(legal))]


def main(profile, seed):
    try:
        os.mkdir("/boardmasbrur")         # its own folder: no other game's to resume
    except OSError:
        pass
    app = make_app(profile, Storage("/boardmasbrur"), 0)
    app.cfg["masbrur.selected"] = True        # the menu's L6
    t = 800
    app.step(t, [])
    t += 20
    app.step(t, [("down", app.keys["ok"])])
    ses = app.play.session
    engine = ses.engine
    s = ses.state
    for r in range(8):
        put(cell(r, 1), s.field[3 * r], s.field[3 * r + 1])
        put(cell(r, 2), s.field[3 * r + 1], s.field[3 * r + 2])
    t += 500
    app.step(t, [frame()])
    rng = Rng(seed)
    moves = []
    low_free = low_block = 1 << 30
    while not engine.is_over(s) and s.round == 1:
        m = choose(engine, rng, s)
        for ev in events(app, engine, s, m):
            t += 500
            app.step(t, [ev])
        s = engine.play(s, m)
        moves.append(m)
        if s.round != 1:
            for c in range(_WALLS, _WALLS + 4):
                put(c, 8, 8)
            t += 500
            app.step(t, [frame()])
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if len(moves) % 5 == 1:
            low_block = min(low_block, largest_block())
    recorded = app.play.session.rec["moves"] if app.play is not None else None
    return {"plies": len(moves), "rounds": s.round - 1, "same_moves": recorded == moves,
            "message": app.said, "min_free": low_free, "min_largest_block": low_block}


print(json.dumps(main(PROFILE, SEED)))  # noqa: F821 (given by the sender)
