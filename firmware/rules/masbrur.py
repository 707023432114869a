"""Masbrur (docs/rules/masbrur.md): field, pie offer, equipment phase, combat, scoring.

Contract of docs/contracts.md#the-rules-engines, plus (docs/contracts.md#masbrur-free-choices)
``is_legal(state, move)``,
``auto_move(state)`` and ``public_view(state, seat)``.

* Scores (``result()["scores"]``) are half-points (docs/rules/masbrur.md#notation): 185 = 92½.
* ``result`` reasons: ``"in progress"`` (game not over, winner None, current
  totals), ``"more points"`` (the higher total wins), ``"draw"`` (equal totals).
* Phases: ``free_setup``, ``pie_offer``, ``pie_accept``, ``equipment``,
  ``combat_wall``, ``combat_select``, ``combat_steal``, ``over``. In
  ``pie_offer``, ``combat_select`` and ``combat_steal`` the choices are too many
  to list: ``legal_moves`` returns ``["<free>"]`` (docs/contracts.md#masbrur-free-choices),
  ``is_legal`` checks a move, and playing ``"<free>"`` plays ``auto_move`` (the reference move).
* Position text: one ``key value`` line each, see ``to_text``; walls and
  sealed selections are in it (it is the full state), ``public_view`` hides them.

Where the rules (docs/rules/masbrur.md) are silent: free-setup moves are listed seeds in tile order
(``S35`` before ``S53``), matches in tile order, L before R; with
``wall_mode="fixed"`` an active turn still names the kept wall
(``W05,14 P36R5``); tiles are written smaller number first everywhere (``36``,
never ``63``), walls in tile order; ``contiguous`` is accepted and changes
nothing (see ``_spec``).
"""
from firmware.rules import IllegalMove, Rng, take_options
from firmware.rules import masbrur_attack as ma
from firmware.rules import masbrur_form as mf
from firmware.rules.masbrur_options import OPTIONS

FREE = "<free>"

_OPTION_KEYS = ("rounds", "setup", "first_offerer", "pie_split", "wall_mode", "die_start",
                "die_reset", "max_equipment_plies", "steal_rule", "shared_medal",
                "community_tiles", "community_measure", "contiguous")


_PHASES = ("free_setup", "pie_offer", "pie_accept", "equipment", "combat_wall",
           "combat_select", "combat_steal", "over")


class _State:
    pass


def _copy(s):
    n = _State()
    n.opt = s.opt
    n.phase = s.phase
    n.round = s.round
    n.offerer = s.offerer
    n.die = s.die
    n.plies = s.plies
    n.passes = s.passes
    n.steals = s.steals
    n.score = s.score[:]
    n.field = s.field[:]
    n.seed = s.seed
    n.group1 = s.group1[:]
    n.ars = s.ars[:]            # arsenals, walls and selections are replaced, never
    n.wall = s.wall[:]          # changed in place: the new state shares them
    n.sel = s.sel[:]
    n.blk = s.blk[:]
    n.last = s.last
    return n


def _standard_field():
    f = []
    for r in range(8):
        f += [r, r, (r + 1) % 8]
    return f


def new_game(options=None, seed=0):
    opt = take_options(options, OPTIONS)
    s = _State()
    s.opt = opt
    first = opt["first_offerer"]
    s.offerer = Rng(seed).below(2) if first == "random" else first
    s.round = 1
    s.score = [0, 0]
    s.last = None
    s.die = opt["die_start"]
    if opt["setup"] == "free":
        s.phase = "free_setup"
        s.field = []
    else:
        s.phase = "pie_offer"
        s.field = _standard_field()
    s.seed = None
    _clear_round(s)
    return s


def _clear_round(s):
    s.plies = 0
    s.passes = 0
    s.steals = 0
    s.group1 = []
    s.ars = [[], []]
    s.wall = [None, None]
    s.sel = [None, None]
    s.blk = [mf.NO_BLOCKER, mf.NO_BLOCKER]


# ------------------------------------------------------------------ helpers

def _field_tiles(s):
    f = s.field
    out = []
    for i in range(0, len(f), 3):
        out.append(mf.tile(f[i], f[i + 1]))
        out.append(mf.tile(f[i + 1], f[i + 2]))
    if s.seed is not None:
        out.append(mf.tile(s.seed[0], s.seed[1]))
    return out


def pool(s):
    """Tiles neither on the field nor held (tile order): at the pie offer, the
    tiles to share."""
    return _pool(s)


def pushes(s, t):
    """(push text, ejected tile) of every push of tile ``t`` on the field, by
    row, left before right: ``[("P36R5", 45), ...]``."""
    return _pushes(s.field, t)


def _pool(s):
    """Tiles neither on the field nor held (tile order)."""
    return _left(s, True)


def _left(s, held):
    """Tiles not on the field (nor held, with ``held``), in tile order: marked a byte per
    tile code, not searched for in a list (the pie offer and the free setup ask)."""
    taken = bytearray(64)
    f = s.field
    for i in range(0, len(f), 3):
        a, b, c = f[i], f[i + 1], f[i + 2]
        taken[a * 8 + b if a <= b else b * 8 + a] = 1
        taken[b * 8 + c if b <= c else c * 8 + b] = 1
    if s.seed is not None:
        taken[mf.tile(s.seed[0], s.seed[1])] = 1
    if held:
        for t in s.ars[0]:
            taken[t] = 1
        for t in s.ars[1]:
            taken[t] = 1
    return [t for t in _TILES if not taken[t]]


_TILES = bytes([a * 8 + b for a in range(8) for b in range(a, 8)])   # every tile, in order


def _minus(tiles, gone):
    if not gone:
        return tiles[:]
    return [t for t in tiles if t not in gone]


def hand(s, seat):
    """The seat's hand: arsenal minus wall."""
    return _minus(s.ars[seat], s.wall[seat])


def with_wall(s, seat, wall):
    """A copy of ``s`` in which ``seat``'s wall is ``wall`` (tiles of its arsenal, in tile
    order): what a search plays when it guesses a wall it may not see."""
    n = _copy(s)
    n.wall[seat] = wall
    return n


def _seeder(s):
    """Seeder of the row being built: the starting player seeds even rows
    (docs/rules/masbrur.md#setup)."""
    return s.offerer if (len(s.field) // 3) % 2 == 0 else 1 - s.offerer


def to_move(s):
    ph = s.phase
    if ph == "over":
        return None
    acc = 1 - s.offerer
    if ph == "free_setup":
        return _seeder(s) if s.seed is None else 1 - _seeder(s)
    if ph == "pie_accept":
        return acc
    if ph == "equipment":
        return s.offerer if s.plies % 2 == 0 else acc
    if ph == "combat_wall":
        return s.offerer if _needs_wall(s, s.offerer) else acc
    if ph == "combat_select":
        return s.offerer if s.sel[s.offerer] is None else acc
    if ph == "combat_steal":
        return s.offerer if s.steals == 0 else acc
    return s.offerer            # pie_offer


def is_over(s):
    return s.phase == "over"


def result(s):
    sc = s.score[:]
    if s.phase != "over":
        return {"winner": None, "scores": sc, "reason": "in progress"}
    if sc[0] == sc[1]:
        return {"winner": None, "scores": sc, "reason": "draw"}
    return {"winner": 0 if sc[0] > sc[1] else 1, "scores": sc, "reason": "more points"}


def last_round(s):
    """(medal halves of seat 0, of seat 1, community score C, die) of the last
    scored round, or None."""
    return s.last


# ------------------------------------------------------------- legal moves

def legal_moves(s):
    ph = s.phase
    if ph == "over":
        return []
    if ph in ("pie_offer", "combat_select", "combat_steal"):
        if ph == "pie_offer":
            _load_selection()
        return [FREE]
    if ph == "free_setup":
        return _setup_moves(s)
    if ph == "pie_accept":
        _load_list()
        return ["C1", "C2"]
    if ph == "equipment":
        return _equipment_moves(s)
    return _wall_moves(s.ars[to_move(s)])


def only_pass(s):
    """``legal_moves(s) == ["pass"]``, answered without listing the equipment phase's
    moves: no attack, and no wall choice leaves a tile that can be pushed."""
    if s.phase != "equipment":
        return False
    p = to_move(s)
    if mf.attack(hand(s, p)):
        return False
    ars = s.ars[p]
    wall = s.wall[p]
    fixed = s.opt["wall_mode"] == "fixed" and wall is not None
    if not fixed and len(ars) < 3:
        return True
    for t in ars:
        if not (fixed and t in wall) and _pushes(s.field, t):
            return False
    return True


def _unused(s):
    return _left(s, False)


def _matchable(free, seed_tile, a, b):
    for u in free:
        if u != seed_tile and (mf.has(u, a) or mf.has(u, b)):
            return True
    return False


def _setup_moves(s):
    free = _unused(s)
    out = []
    if s.seed is None:
        # Tile order, then the orientation with the smaller left value first.
        for t in free:
            a = t >> 3
            b = t & 7
            if _matchable(free, t, a, b):
                out.append("S%d%d" % (a, b))
                if a != b:
                    out.append("S%d%d" % (b, a))
        return out
    a, b = s.seed
    for u in free:
        if mf.has(u, a):
            out.append("M%sL" % mf.name(u))
        if mf.has(u, b):
            out.append("M%sR" % mf.name(u))
    return out


def _wall_moves(ars):
    names = [mf.name(t) for t in ars]
    if len(ars) == 1:
        return ["W" + names[0]]
    out = []
    for i in range(len(ars)):
        head = "W" + names[i] + ","     # once per first tile: one new string a move
        for j in range(i + 1, len(ars)):
            out.append(head + names[j])
    return out


def _wall_of(ars, move):
    """The wall a combat_wall move names, if it is one of _wall_moves(ars), else None
    (checked without listing them)."""
    if len(ars) == 1:
        return [ars[0]] if move == "W" + mf.name(ars[0]) else None
    if len(move) != 6 or move[0] != "W" or move[3] != ",":
        return None
    try:
        a = mf.parse_tile(move[1:3])
        b = mf.parse_tile(move[4:6])
    except IllegalMove:
        return None
    return [a, b] if a < b and a in ars and b in ars else None


def _pushes(field, t):
    """(text, ejected tile) of every push of tile t: by row, left before right
    (docs/rules/masbrur.md#2-equipment). A left push ejects the right tile and vice versa."""
    out = []
    for r in range(8):
        x = field[3 * r]
        y = field[3 * r + 1]
        z = field[3 * r + 2]
        if mf.has(t, x):
            out.append(("P%sL%d" % (mf.name(t), r), mf.tile(y, z)))
        if mf.has(t, z):
            out.append(("P%sR%d" % (mf.name(t), r), mf.tile(x, y)))
    return out


# The equipment phase's move list runs code that the pie answer's legal_moves loads, ahead
# of that phase (on a Pico: masbrur_moves ~20 ms and the attack search's native twins ~25
# ms, ~16 KB), so that no one call pays for the loading and a list as well. A board's app,
# which never lists these moves, does without.
def _load_list():
    from firmware.rules import masbrur_moves  # noqa: F401 (kept in sys.modules)
    ma.load_twins()


def _equipment_moves(s):
    """Every move of the equipment phase, as a compact list (masbrur_moves.Moves: a few KB,
    where the strings of a position's thousands of moves would not fit a Pico's heap)."""
    from firmware.rules.masbrur_moves import Moves
    ma.load_twins()             # (loaded ahead unless a game from a text starts here)
    p = to_move(s)
    ars = s.ars[p]
    wall = s.wall[p]
    head = ["pass"]
    if mf.attack(hand(s, p)):
        head.append("A")
    n = len(ars)
    if s.opt["wall_mode"] == "fixed" and wall is not None:
        pairs = bytes((ars.index(wall[0]), ars.index(wall[1])))
    elif n == 2:
        pairs = b"\x00\x01"
    else:
        pairs = bytearray(n * (n - 1))      # every pair: plus_turns fills two or more
    codes, at, plus, first, bit = ma.plus_turns(ars, bytes(s.field), pairs, len(head))
    return Moves(head, ars, pairs, codes, at, plus, first, bit,
                 lambda move: is_legal(s, move))


# -------------------------------------------------------------------- play

def play(s, move):
    if not isinstance(move, str):
        raise IllegalMove("a move is a string, e.g. 'pass' or 'W05,14 P36R5'")
    ph = s.phase
    if ph == "over":
        raise IllegalMove("the game is over")
    if move == FREE:
        if ph not in ("pie_offer", "combat_select", "combat_steal"):
            raise IllegalMove("'<free>' only stands for a choice in the pie offer, "
                              "the formation selection or the steal")
        if ph == "combat_select":
            # The reference selection as the search built it: valid and in canonical
            # order, so its text need not be parsed and checked again.
            n = _copy(s)
            _select(n, _reference_selection(s)[1])
            return n
        if ph == "pie_offer":       # auto_move's group, not written out and parsed again
            n = _copy(s)
            pool = _pool(s)
            _offer(n, pool[:10], pool)
            return n
        move = auto_move(s)
    n = _copy(s)
    if ph == "free_setup":
        _play_setup(n, move)
    elif ph == "pie_offer":
        _play_offer(n, move)
    elif ph == "pie_accept":
        _play_accept(n, move)
    elif ph == "equipment":
        _play_equipment(n, move)
    elif ph == "combat_wall":
        _play_wall(n, move)
    elif ph == "combat_select":
        _play_select(n, move)
    else:
        _play_steal(n, move)
    return n


def is_legal(s, move):
    try:
        play(s, move)
    except IllegalMove:
        return False
    return True


def auto_move(s):
    """The reference move (docs/contracts.md#masbrur-free-choices): pie split = first 10 pool tiles
    against the rest; selection = best effective-strength vector, then community part, then
    smallest string; steal = none. Other phases: the first legal move."""
    ph = s.phase
    if ph == "over":
        raise IllegalMove("the game is over")
    if ph == "pie_offer":
        return "O " + mf.tiles_text(_pool(s)[:10])
    if ph == "combat_select":
        return _reference_selection(s)[0]
    if ph == "combat_steal":
        return "T -"
    return legal_moves(s)[0]


# The reference selection's search loads with the pie offer's legal_moves, ahead of the
# round's first selection (on a Pico ~30 ms), so that no one call pays for loading it, its
# native twins (~30 ms, bound by that first search) and a search as well. A board whose
# players enter their selections never lists these plies' moves.
def _load_selection():
    from firmware.rules import masbrur_search  # noqa: F401 (kept in sys.modules)


def _reference_selection(s):
    """(text, formations in canonical order) of the reference selection of the seat to move."""
    # Imported here: a board whose players enter their selections never loads it.
    from firmware.rules.masbrur_search import best_selection
    p = to_move(s)
    return best_selection(hand(s, p), s.wall[1 - p] or [], s.opt["community_tiles"],
                          s.opt["community_measure"])


def _digit(ch, what):
    if len(ch) != 1 or ch not in "01234567":
        raise IllegalMove("%s must be a digit 0-7, not %r" % (what, ch))
    return ord(ch) - 48


def _play_setup(s, move):
    free = _unused(s)
    if s.seed is None:
        if len(move) != 3 or move[0] != "S":
            raise IllegalMove(
                "now seed row %d: write S<left><right>, e.g. S35" % (len(s.field) // 3)
            )
        a = _digit(move[1], "the left value")
        b = _digit(move[2], "the right value")
        t = mf.tile(a, b)
        if t not in free:
            raise IllegalMove("tile %s is already on the field" % mf.name(t))
        if not _matchable(free, t, a, b):
            raise IllegalMove("no unused tile can match %d-%d" % (a, b))
        s.seed = (a, b)
        return
    if len(move) != 4 or move[0] != "M" or move[3] not in "LR":
        raise IllegalMove("now match the seed: write M<tile><L or R>, e.g. M56R")
    u = mf.parse_tile(move[1:3])
    a, b = s.seed
    if u not in free or u == mf.tile(a, b):
        raise IllegalMove("tile %s is already on the field" % mf.name(u))
    end = a if move[3] == "L" else b
    if not mf.has(u, end):
        raise IllegalMove("%s does not touch the %s end of the seed, which shows %d"
                          % (_dash(u), "left" if move[3] == "L" else "right", end))
    w = (u >> 3) + (u & 7) - end
    s.field += [w, a, b] if move[3] == "L" else [a, b, w]
    s.seed = None
    if len(s.field) == 24:
        s.phase = "pie_offer"


def _dash(t):
    return "%d-%d" % (t >> 3, t & 7)


def _play_offer(s, move):
    if not move.startswith("O "):
        raise IllegalMove("offer a group: write O and its tiles, e.g. O 02 03 04")
    pool = _pool(s)
    group = []
    for text in move[2:].split():
        t = mf.parse_tile(text)
        if t not in pool:
            raise IllegalMove("tile %s is not among the %d tiles to share" % (text, len(pool)))
        if t in group:
            raise IllegalMove("tile %s is listed twice" % text)
        group.append(t)
    group.sort()
    _offer(s, group, pool)


def _offer(s, group, pool):
    """Offer ``group`` (tiles of ``pool``, in tile order), checked against the pie split."""
    if s.opt["pie_split"] == "equal" and len(group) * 2 != len(pool):
        raise IllegalMove(
            "pie_split is equal: offer exactly %d tiles, not %d" % (len(pool) // 2, len(group))
        )
    if not 0 < len(group) < len(pool):
        raise IllegalMove("both groups need at least one tile")
    s.group1 = group
    s.phase = "pie_accept"


def _play_accept(s, move):
    if move not in ("C1", "C2"):
        raise IllegalMove("choose a group: C1 (the offered tiles) or C2 (the rest)")
    g1 = s.group1
    g2 = _minus(_pool(s), g1)
    acc = 1 - s.offerer
    s.ars[acc] = g1 if move == "C1" else g2
    s.ars[s.offerer] = g2 if move == "C1" else g1
    s.group1 = []
    s.phase = "equipment"


def _play_equipment(s, move):
    p = to_move(s)
    s.plies += 1
    if move == "pass":
        s.passes += 1
        if s.passes >= 2 or s.plies >= s.opt["max_equipment_plies"]:
            _end_equipment(s)
        return
    if move == "A":
        if not mf.attack(hand(s, p)):
            raise IllegalMove(
                "no attack: the hand needs an upper formation of 5 and two lower ones of 3"
            )
        _end_equipment(s)
        return
    attack = move.endswith("+A")
    body = move[:-2] if attack else move
    if (
        len(body) != 12
        or body[0] != "W"
        or body[3] != ","
        or body[6:8] != " P"
        or body[10] not in "LR"
    ):
        raise IllegalMove(
            "%r is not a move: write pass, A, or W05,14 P36R5 (optionally +A)" % move
        )
    w1 = mf.parse_tile(body[1:3])
    w2 = mf.parse_tile(body[4:6])
    t = mf.parse_tile(body[8:10])
    side = body[10]
    r = _digit(body[11], "the row")
    ars = s.ars[p]
    for w in (w1, w2):
        if w not in ars:
            raise IllegalMove("wall tile %s is not in your arsenal" % mf.name(w))
    if w1 >= w2:
        raise IllegalMove("name two different wall tiles in tile order, e.g. W05,14")
    if s.opt["wall_mode"] == "fixed" and s.wall[p] is not None and s.wall[p] != [w1, w2]:
        raise IllegalMove("your wall is fixed (wall_mode fixed): write W%s,%s"
                          % (mf.name(s.wall[p][0]), mf.name(s.wall[p][1])))
    if t not in ars:
        raise IllegalMove("tile %s is not in your arsenal" % mf.name(t))
    if t == w1 or t == w2:
        raise IllegalMove("tile %s is in your wall, so it cannot be pushed" % mf.name(t))
    x = s.field[3 * r]
    y = s.field[3 * r + 1]
    z = s.field[3 * r + 2]
    end = x if side == "L" else z
    if not mf.has(t, end):
        raise IllegalMove("%s does not touch the %s end of row %d, which shows %d"
                          % (_dash(t), "left" if side == "L" else "right", r, end))
    w = (t >> 3) + (t & 7) - end
    if side == "L":
        s.field[3 * r:3 * r + 3] = [w, x, y]
        ejected = mf.tile(y, z)
    else:
        s.field[3 * r:3 * r + 3] = [y, z, w]
        ejected = mf.tile(x, y)
    ars = _minus(ars, [t]) + [ejected]
    ars.sort()
    s.ars[p] = ars
    s.wall[p] = [w1, w2]
    s.passes = 0
    if p == s.offerer:
        s.die += 1
    if attack:
        if not mf.attack(hand(s, p)):
            raise IllegalMove("no attack after this push: the hand needs an upper formation "
                              "of 5 and two lower ones of 3")
        _end_equipment(s)
    elif s.plies >= s.opt["max_equipment_plies"]:
        _end_equipment(s)


def _needs_wall(s, p):
    return s.wall[p] is None and len(s.ars[p]) > 0


def _end_equipment(s):
    s.passes = 0
    s.phase = "combat_wall"
    if not (_needs_wall(s, 0) or _needs_wall(s, 1)):
        s.phase = "combat_select"


def _play_wall(s, move):
    p = to_move(s)
    wall = _wall_of(s.ars[p], move)
    if wall is None:
        if len(s.ars[p]) == 1:
            raise IllegalMove("your only tile is your wall: write W%s" % mf.name(s.ars[p][0]))
        raise IllegalMove("form your wall from two arsenal tiles in tile order, e.g. W05,14")
    s.wall[p] = wall
    _end_equipment(s)


def _infos(forms):
    return [mf.shape(row, zh, [v for t, v in uses]) for row, zh, uses in forms]


def _sealed_infos(forms):
    """``_infos`` of a sealed selection, valid since it was sealed: a formation's strength
    is its length and its highest value (8 for a zero-high sequence, whose blocking value
    is 0), without mf.shape's checks."""
    out = []
    for row, zh, uses in forms:
        if zh:
            out.append((len(uses) * 16 + 8, 0))
            continue
        top = 0
        for t, v in uses:
            if v > top:
                top = v
        out.append((len(uses) * 16 + top, top))
    return out


def _zero_high(forms):
    for f in forms:
        if f[1]:
            return True
    return False


def _play_select(s, move):
    forms = mf.parse_selection(move)
    mf.check_selection(forms, hand(s, to_move(s)))
    _select(s, mf.canonical(forms)[1])


def _select(s, forms):
    """Seal the valid selection ``forms`` (in canonical order) of the seat to move."""
    p = to_move(s)
    s.sel[p] = forms
    if p == s.offerer:
        return
    for q in (0, 1):
        opp = s.sel[1 - q]
        s.blk[q] = mf.blocker(s.wall[q], _sealed_infos(opp), _zero_high(opp))
    s.phase = "combat_steal"


def _play_steal(s, move):
    p = to_move(s)
    if not move.startswith("T "):
        raise IllegalMove("steal with T and uses, e.g. T 03/3@3, or take nothing: T -")
    body = move[2:].strip()
    if body != "-":
        _steal(s, p, body)
    s.steals += 1
    if p != s.offerer:
        _score_round(s)


def _steal(s, p, body):
    q = 1 - p
    forms = s.sel[p]
    new = [(row, zh, uses[:]) for row, zh, uses in forms]
    given = {}                            # (tile, row) -> value
    stolen = []
    for item in body.split(","):
        item = item.strip()
        if len(item) < 6 or item[2] != "/" or item[4] != "@":
            raise IllegalMove("steal %r must be tile/value@formation, e.g. 03/3@3" % item)
        t = mf.parse_tile(item[:2])
        v = _digit(item[3], "the value")
        if not s.wall[q] or t not in s.wall[q]:
            raise IllegalMove("tile %s is not in your opponent's wall" % mf.name(t))
        if not mf.has(t, v):
            raise IllegalMove("tile %s has no %d" % (mf.name(t), v))
        k = item[5:]
        if not k.isdigit() or not 1 <= int(k) <= len(forms):
            raise IllegalMove(
                "there is no formation %s in your selection (you have %d)" % (k, len(forms))
            )
        row = forms[int(k) - 1][0]
        if (t, row) in given:
            raise IllegalMove("tile %s can add only one square to each row" % mf.name(t))
        other = given.get((t, 1 - row))
        if other is not None and other == v and (t >> 3) != (t & 7):
            raise IllegalMove("tile %s shows %d only once" % (mf.name(t), v))
        given[(t, row)] = v
        if t not in stolen:
            stolen.append(t)
        new[int(k) - 1][2].append((t, v))
    infos = _infos(new)
    if s.opt["steal_rule"] == "same_blocker":
        now = mf.blocker(_minus(s.wall[q], stolen), infos, _zero_high(new))
        if now != s.blk[q]:
            raise IllegalMove(
                "this steal changes the blocker of your opponent's wall from %s to %s"
                % (_blk_text(s.blk[q]), _blk_text(now))
            )
    else:
        old = _sealed_infos(forms)
        for i in range(len(forms)):
            if infos[i][1] != old[i][1]:
                raise IllegalMove(
                    "this steal changes the blocking value of formation %d" % (i + 1)
                )
    s.ars[p] = sorted(s.ars[p] + stolen)
    s.ars[q] = _minus(s.ars[q], stolen)
    s.wall[q] = _minus(s.wall[q], stolen)
    s.sel[p] = mf.canonical(new)[1]


def _blk_text(b):
    return "none" if b == mf.NO_BLOCKER else str(b)


def _score_round(s):
    o = s.opt
    eff = [mf.effective(_sealed_infos(s.sel[p]), s.blk[1 - p]) for p in (0, 1)]
    halves = mf.medal_halves(eff[0], eff[1], o["shared_medal"])
    c = 0
    for p in (0, 1):
        c += mf.community(s.sel[p], hand(s, p), o["community_tiles"], o["community_measure"])
    for p in (0, 1):
        s.score[p] += halves[p] * (c + s.die)
    s.last = (halves[0], halves[1], c, s.die)
    s.round += 1
    _clear_round(s)
    if s.round > o["rounds"]:
        s.phase = "over"
        return
    s.offerer = 1 - s.offerer
    s.phase = "pie_offer"
    if o["die_reset"]:
        s.die = o["die_start"]


# -------------------------------------------------------------------- text

def _opt_text(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def _field_text(field):
    if not field:
        return "-"
    return " ".join(
        ["%d%d%d" % (field[i], field[i + 1], field[i + 2]) for i in range(0, len(field), 3)]
    )


def _sel_text(forms):
    return "-" if forms is None else mf.canonical(forms)[0]


def to_text(s):
    """Position text, one ``key value`` line each:

    masbrur / options k=v ... / phase P / round R offerer O die D plies N passes K steals S /
    score S0 S1 (half-points) / field (row triples) / seed (free setup: left, right) /
    group1 (offered tiles) / arsenal0, arsenal1 / wall0, wall1 / select0, select1
    (selections as moves) / blockers B0 B1 (of each seat's wall) / last H0 H1 C DIE.
    ``-`` marks an empty value."""
    return _text(s, None)


def _text(s, view):
    o = s.opt
    lines = ["masbrur",
             "options " + " ".join(["%s=%s" % (k, _opt_text(o[k])) for k in _OPTION_KEYS]),
             "phase " + s.phase,
             "round %d offerer %d die %d plies %d passes %d steals %d"
             % (s.round, s.offerer, s.die, s.plies, s.passes, s.steals),
             "score %d %d" % (s.score[0], s.score[1]),
             "field " + _field_text(s.field),
             "seed " + ("-" if s.seed is None else "%d%d" % s.seed),
             "group1 " + mf.tiles_text(s.group1)]
    hidden_walls = _PHASES.index(s.phase) <= _PHASES.index("combat_wall")
    for p in (0, 1):
        lines.append("arsenal%d %s" % (p, mf.tiles_text(s.ars[p])))
    for p in (0, 1):
        w = s.wall[p]
        if w is not None and view is not None and view[p] and hidden_walls:
            lines.append("wall%d %s" % (p, " ".join(["??"] * len(w))))
        else:
            lines.append("wall%d %s" % (p, "-" if w is None else mf.tiles_text(w)))
    for p in (0, 1):
        sealed = (
            view is not None and view[p] and s.phase == "combat_select" and s.sel[p] is not None
        )
        lines.append("select%d %s" % (p, "sealed" if sealed else _sel_text(s.sel[p])))
    lines.append("blockers " + " ".join(["-" if b == mf.NO_BLOCKER else str(b) for b in s.blk]))
    lines.append("last " + ("-" if s.last is None else "%d %d %d %d" % s.last))
    return "\n".join(lines)


def public_view(s, seat):
    """The position text as ``seat`` (0, 1, or None for a spectator) may see
    it: the other walls are ``??`` until combat reveals them, and a sealed
    selection reads ``sealed``. Not meant for ``from_text``."""
    return _text(s, (seat != 0, seat != 1))


_KEYS = ("masbrur", "options", "phase", "round", "score", "field", "seed", "group1", "arsenal0",
         "arsenal1", "wall0", "wall1", "select0", "select1", "blockers", "last")
_INT_OPTIONS = ("rounds", "die_start", "max_equipment_plies")


def _int(text, what):
    if not (text.isdigit() or (text[:1] == "-" and text[1:].isdigit())):
        raise ValueError("%s must be a number, not %r" % (what, text))
    return int(text)


def _tiles(text, what):
    if text == "-":
        return []
    out = []
    for x in text.split():
        t = mf.parse_tile(x)
        if t in out:
            raise ValueError("%s lists tile %s twice" % (what, x))
        out.append(t)
    if out != sorted(out):
        raise ValueError("%s must list its tiles in tile order" % what)
    return out


def from_text(text):
    """Inverse of ``to_text``; raises ValueError saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError("a position is a text")
    lines = text.strip().split("\n")
    if len(lines) != len(_KEYS):
        raise ValueError("a Masbrur position has %d lines, not %d" % (len(_KEYS), len(lines)))
    v = {}
    for i in range(len(_KEYS)):
        line = lines[i].strip()
        sp = line.find(" ")
        head = line if sp < 0 else line[:sp]
        if head != _KEYS[i]:
            raise ValueError("line %d must start with %r" % (i + 1, _KEYS[i]))
        v[head] = "" if sp < 0 else line[sp + 1:].strip()
    if v["masbrur"]:
        raise ValueError("the first line is just 'masbrur'")
    opts = {}
    for item in v["options"].split():
        eq = item.find("=")
        if eq < 1:
            raise ValueError("option %r must be key=value" % item)
        key = item[:eq]
        val = item[eq + 1:]
        if key in _INT_OPTIONS or (key == "first_offerer" and val != "random"):
            val = _int(val, "option " + key)
        elif val in ("true", "false"):
            val = val == "true"
        opts[key] = val
    s = _State()
    s.opt = take_options(opts, OPTIONS)
    if v["phase"] not in _PHASES:
        raise ValueError("unknown phase %r" % v["phase"])
    s.phase = v["phase"]
    words = v["round"].split()
    names = ("round", "offerer", "die", "plies", "passes", "steals")
    if len(words) != 11 or [words[i] for i in range(1, 11, 2)] != list(names[1:]):
        raise ValueError("the round line is: round R offerer O die D plies N passes K steals S")
    s.round, s.offerer, s.die, s.plies, s.passes, s.steals = [
        _int(words[i], names[(i + 1) // 2]) for i in (0, 2, 4, 6, 8, 10)]
    score = v["score"].split()
    if len(score) != 2:
        raise ValueError("the score line holds two numbers")
    s.score = [_int(x, "a score") for x in score]
    s.field = []
    if v["field"] != "-":
        for row in v["field"].split():
            if len(row) != 3:
                raise ValueError("field row %r must be three digits 0-7" % row)
            s.field += [_digit(ch, "a field value") for ch in row]
    seed = v["seed"]
    s.seed = None
    if seed != "-":
        if len(seed) != 2:
            raise ValueError("the seed is two digits (left, right)")
        s.seed = (_digit(seed[0], "the seed"), _digit(seed[1], "the seed"))
    s.group1 = _tiles(v["group1"], "group1")
    s.ars = [_tiles(v["arsenal0"], "arsenal0"), _tiles(v["arsenal1"], "arsenal1")]
    s.wall = [None, None]
    s.sel = [None, None]
    for p in (0, 1):
        w = v["wall%d" % p]
        if w != "-":
            s.wall[p] = _tiles(w, "wall%d" % p)
    s.blk = []
    for b in v["blockers"].split():
        s.blk.append(mf.NO_BLOCKER if b == "-" else _digit(b, "a blocker"))
    if len(s.blk) != 2:
        raise ValueError("the blockers line holds two values")
    s.last = None
    if v["last"] != "-":
        last = v["last"].split()
        if len(last) != 4:
            raise ValueError("the last line holds medal halves, C and die")
        s.last = tuple([_int(x, "a last-round figure") for x in last])
    for p in (0, 1):
        if v["select%d" % p] != "-":
            forms = mf.parse_selection(v["select%d" % p])
            mf.check_selection(forms, hand(s, p))
            s.sel[p] = mf.canonical(forms)[1]
    _check(s)
    return s


def _check(s):
    """Consistency of a parsed position (ValueError if it cannot arise)."""
    o = s.opt
    ph = s.phase
    rows = len(s.field) // 3
    if not 1 <= s.round <= o["rounds"] + (1 if ph == "over" else 0):
        raise ValueError("round %d is out of range" % s.round)
    if s.offerer not in (0, 1) or s.die < 0 or s.passes not in (0, 1) or s.steals not in (0, 1) \
            or min(s.score) < 0:
        raise ValueError("offerer, die, passes, steals or a score out of range")
    cap = o["max_equipment_plies"]
    if not 0 <= s.plies <= cap or (ph == "equipment" and s.plies == cap):
        raise ValueError("plies out of range")
    if (rows < 8) != (ph == "free_setup") or rows > 8:
        raise ValueError("the field has %d rows in phase %s" % (rows, ph))
    if s.seed is not None and ph != "free_setup":
        raise ValueError("a seed exists only during the free setup")
    if bool(s.group1) != (ph == "pie_accept"):
        raise ValueError("group1 is set exactly in phase pie_accept")
    held = ph in ("equipment", "combat_wall", "combat_select", "combat_steal")
    tiles = _field_tiles(s) + s.ars[0] + s.ars[1]
    for t in tiles:
        if tiles.count(t) > 1:
            raise ValueError("tile %s appears twice" % mf.name(t))
    if held != (len(tiles) == 36) or (
        held and ph != "combat_steal" and not (s.ars[0] and s.ars[1])
    ):
        raise ValueError("the arsenals must hold the 20 non-field tiles exactly in the "
                         "equipment and combat phases")
    if not held and (s.plies or s.passes or s.wall != [None, None]):
        raise ValueError("no equipment data outside the equipment and combat phases")
    for t in s.group1:
        if t in tiles:
            raise ValueError("group1 tile %s is not in the pool" % mf.name(t))
    if ph != "equipment" and s.passes:
        raise ValueError("passes count only in the equipment phase")
    for p in (0, 1):
        w = s.wall[p]
        if w is not None:
            for t in w:
                if t not in s.ars[p]:
                    raise ValueError("wall%d tile %s is not in arsenal%d" % (p, mf.name(t), p))
            if len(w) > 2 or (ph == "equipment" and len(w) != 2):
                raise ValueError("wall%d has %d tiles" % (p, len(w)))
        elif ph == "combat_select":
            raise ValueError("every player has a wall in combat")
    need = {"combat_select": (s.offerer,), "combat_steal": (0, 1)}.get(ph, ())
    for p in (0, 1):
        if s.sel[p] is not None and p not in need:
            raise ValueError("select%d is set too early" % p)
        if s.sel[p] is None and ph == "combat_steal":
            raise ValueError("both selections exist in phase combat_steal")
    if ph != "combat_steal" and (s.steals or s.blk != [mf.NO_BLOCKER, mf.NO_BLOCKER]):
        raise ValueError("steals and blockers exist only in phase combat_steal")
    if ph == "combat_steal":
        # A wall and the selection it faces are as blocked until a steal touches them.
        for p in (s.offerer,) if s.steals else (0, 1):
            opp = s.sel[1 - p]
            if s.blk[p] != mf.blocker(s.wall[p], _infos(opp), _zero_high(opp)):
                raise ValueError("blocker of wall%d does not match the selections" % p)
