"""How a Masbrur move is made on the tile board, as the stable frames its contacts would
give and its buttons (sent as code to the emulated Pico ahead of the scripts that play
Masbrur there: tests/pico_masbrur_game.py, tests/pico_powercut_game.py): the pie group
shown on the pad, walls set on the wall slots, each push in its three steps (the tile at
the row end, the row shifted, the ejected tile gone), formations shown on the pad.
``choose(engine, rng, state)`` draws a move without the equipment phase's list
(thousands of strings): a wall pair, a tile outside it and one of its pushes, or a pass
one time in three; ``events(app, engine, state, move)`` -> [event]. ``first_events``,
``pick`` and ``move_events``: the interface of tests/pico_board_moves.py."""
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


def events(app, engine, s, m, wall=True):
    """``wall`` False: a push carried out for a player elsewhere, whose wall never lies on
    this board."""
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
        wall = [mf.parse_tile(x) for x in m[1:].split(" ")[0].split(",")] if wall else []
        for k in range(2 if wall else 0):
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
        # The push in three steps: the tile on the row's input position, the row shifted
        # (that position empty again), the tile pushed out taken away.
        seq = (x, y, z, w) if right else (w, x, y, z)     # the halves once pushed
        new = 3 if right else 0
        put(cell(r, new), seq[2 if right else 0], seq[3 if right else 1])
        out.append(frame())
        if m.endswith("+A"):
            out.append(("down", keys["attack"]))
        for k in range(3):
            put(cell(r, k + (0 if right else 1)), seq[k], seq[k + 1])
        put(cell(r, new), 8, 8)
        out.append(frame())
        put(cell(r, 3 - new), 8, 8)
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
                push = pushes[rng.below(len(pushes))][0]
                return "W%s,%s %s" % (mf.name(w[0]), mf.name(w[1]), push)
        return "pass"
    legal = engine.legal_moves(s)
    return legal[rng.below(len(legal))]


def field_frame(s):
    """The contacts' frame once the round's field is laid out as the LEDs ask."""
    for r in range(8):
        put(cell(r, 1), s.field[3 * r], s.field[3 * r + 1])
        put(cell(r, 2), s.field[3 * r + 1], s.field[3 * r + 2])
    return frame()


def walls_cleared():
    """The contacts' frame once the wall slots are cleared for the next round."""
    for c in range(_WALLS, _WALLS + 4):
        put(c, 8, 8)
    return frame()


def first_events(engine, s):
    return [field_frame(s)]


def pick(engine, rng, s):
    return choose(engine, rng, s)


def move_events(app, engine, s, m):
    """The move's events, and the wall slots cleared when it ends the round."""
    out = events(app, engine, s, m)
    after = engine.play(s, m)
    if after.round != s.round and not engine.is_over(after):
        out.append(walls_cleared())
    return out
