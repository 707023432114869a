"""Masbrur formations (docs/rules/masbrur.md#3-formations): tiles, shapes, selections, blocking,
medals, community score and the attack condition. Used by masbrur.py.

A tile is the int ``a * 8 + b`` with a <= b (so numeric order is tile order).
A formation is ``(row, zh, uses)``: row 0 = upper (U), 1 = lower (L); ``zh`` the
zero_high flag; ``uses`` a list of ``(tile, value)``.

Strength is one int, ``length * 16 + height_rank``; 0 stands for a blocked
(null) formation and for an empty slot. No work at import time."""
from firmware.rules import IllegalMove
from firmware.rules import masbrur_attack as ma

ROW_NAMES = ("U", "L")
MIN_LEN = (5, 3)
NO_BLOCKER = -1
EMPTY = -1  # an empty medal slot (MS-7: empty against empty awards nothing)


def tile(a, b):
    return a * 8 + b if a <= b else b * 8 + a


def name(t):
    return "%d%d" % (t >> 3, t & 7)


def has(t, v):
    return (t >> 3) == v or (t & 7) == v


def parse_tile(text):
    """'36' -> tile; raises IllegalMove saying what is wrong."""
    if len(text) != 2 or text[0] not in "01234567" or text[1] not in "01234567":
        raise IllegalMove("%r is not a tile: write two digits 0-7, e.g. 36" % text)
    a = ord(text[0]) - 48
    b = ord(text[1]) - 48
    if a > b:
        raise IllegalMove("write tile %d-%d as %d%d (smaller number first)" % (a, b, b, a))
    return a * 8 + b


def tiles_text(tiles):
    return " ".join([name(t) for t in tiles]) if tiles else "-"


# ---------------------------------------------------------------- shapes

def shape(row, zh, vals):
    """(strength, blocking value) of a formation with these values, or raise
    IllegalMove with the reason it is not a valid formation
    (docs/rules/masbrur.md#3-formations)."""
    where = "upper" if row == 0 else "lower"
    n = len(vals)
    if n < MIN_LEN[row]:
        raise IllegalMove("a formation in the %s row needs at least %d squares, not %d"
                          % (where, MIN_LEN[row], n))
    first = vals[0]
    seen = 0
    same = True
    for v in vals:
        if v != first:
            same = False
        seen |= 1 << v
    if same:
        if zh:
            raise IllegalMove("a repetition cannot count 0 as high (drop the *)")
        return n * 16 + first, first
    if _popcount(seen) != n:
        raise IllegalMove("values %s are neither all equal nor all different" % _vals_text(vals))
    if zh:
        if not seen & 1:
            raise IllegalMove("sequence %s has no 0 to count as high" % _vals_text(vals))
        # 0 counts as 8: shift 1..7 down to bits 0..6 and put 0 on bit 7.
        run = (seen >> 1) | 128
        if not _is_run(run):
            raise IllegalMove("%s with 0 high is not consecutive" % _vals_text(vals))
        return n * 16 + 8, 0
    if not _is_run(seen):
        raise IllegalMove("%s is not consecutive (0 may only end a sequence)" % _vals_text(vals))
    top = 7
    while not seen >> top & 1:
        top -= 1
    return n * 16 + top, top


def _vals_text(vals):
    return "-".join([str(v) for v in vals])


def _popcount(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _is_run(m):
    # One block of consecutive 1 bits: adding the lowest bit clears the whole block.
    return m != 0 and (m + (m & -m)) & m == 0


# ------------------------------------------------------------ selections

def form_text(f):
    row, zh, uses = f
    us = ["%s/%d" % (name(t), v) for t, v in uses]
    us.sort()
    return "%s%s:%s" % (ROW_NAMES[row], "*" if zh else "", ",".join(us))


def canonical(forms):
    """(text, forms in canonical order) of a selection (MS-31): uses sorted as
    strings, formations in the order that gives the smallest whole string. That
    order is plain string order of the formations: where one formation's text
    is a prefix of another's, " ; " sorts before the ",", as it must."""
    if not forms:
        return "F -", []
    keyed = [(form_text(forms[i]), i) for i in range(len(forms))]
    keyed.sort()
    return "F " + " ; ".join([k[0] for k in keyed]), [forms[k[1]] for k in keyed]


def parse_selection(text):
    """'F U:24/2,... ; L:...' or 'F -' -> list of formations (not yet checked
    against a hand). Raises IllegalMove for malformed text."""
    if not isinstance(text, str) or not text.startswith("F "):
        raise IllegalMove("a selection is written 'F -' or 'F U:24/2,35/3,... ; L:...'")
    body = text[2:].strip()
    if body == "-":
        return []
    parts = body.split(";")
    if len(parts) > 3:
        raise IllegalMove("a selection has at most 3 formations, not %d" % len(parts))
    forms = []
    for part in parts:
        part = part.strip()
        colon = part.find(":")
        head = part[:colon] if colon > 0 else ""
        if head not in ("U", "U*", "L", "L*"):
            raise IllegalMove("formation %r must start with U:, U*:, L: or L*:" % part)
        uses = []
        for u in part[colon + 1:].split(","):
            u = u.strip()
            if len(u) != 4 or u[2] != "/" or u[3] not in "01234567":
                raise IllegalMove("use %r must be tile/value, e.g. 24/2" % u)
            uses.append((parse_tile(u[:2]), ord(u[3]) - 48))
        forms.append((0 if head[0] == "U" else 1, len(head) == 2, uses))
    return forms


def check_selection(forms, hand):
    """Raise IllegalMove unless ``forms`` is a valid selection over the tiles
    ``hand`` (docs/rules/masbrur.md#3-formations). Returns the list of (strength, blocking
    value)."""
    if len(forms) > 3:
        raise IllegalMove("a selection has at most 3 formations")
    used = ({}, {})
    out = []
    for row, zh, uses in forms:
        vals = []
        for t, v in uses:
            if t not in hand:
                raise IllegalMove("tile %s is not in your hand" % name(t))
            if not has(t, v):
                raise IllegalMove("tile %s has no %d" % (name(t), v))
            if t in used[row]:
                raise IllegalMove("tile %s is used twice in the %s row"
                                  % (name(t), "upper" if row == 0 else "lower"))
            used[row][t] = v
            vals.append(v)
        out.append(shape(row, zh, vals))
    both = [t for t in used[0] if t in used[1]]
    both.sort()                     # the same message on every interpreter
    for t in both:
        if used[0][t] == used[1][t] and (t >> 3) != (t & 7):
            raise IllegalMove("tile %s shows %d only once: it cannot give it to both rows"
                              % (name(t), used[0][t]))
    return out


def forms_tiles(forms):
    """The tiles a selection uses, each once, in tile order."""
    ts = []
    for f in forms:
        for t, v in f[2]:
            if t not in ts:
                ts.append(t)
    ts.sort()
    return ts


# --------------------------------------------------------------- combat

def blocker(wall, infos, zero_high):
    """Blocker value of ``wall`` against the opponent's formations
    (docs/rules/masbrur.md#4-combat).
    ``infos`` lists their (strength, blocking value); ``zero_high`` tells whether
    one of them is a zero-high sequence."""
    if not wall:
        return NO_BLOCKER
    if zero_high:
        for t in wall:
            if t >> 3 == 0:          # zero rule (MS-5): tile order puts 0 first
                return 0
    tops = [t & 7 for t in wall]
    tops.sort()
    tops.reverse()                   # dominant tile first (MS-4/MS-6)
    for top in tops:
        for info in infos:
            if info[1] == top:
                return top
    return NO_BLOCKER


def effective(infos, blocker_value):
    """Strengths with blocked formations as 0 (null), strongest first, padded
    with EMPTY to three slots (docs/rules/masbrur.md#4-combat)."""
    eff = [0 if bv == blocker_value else s for s, bv in infos]
    eff.sort()
    eff.reverse()
    while len(eff) < 3:
        eff.append(EMPTY)
    return eff


def medal_halves(eff0, eff1, shared):
    """Medals won by each player, in half-medals."""
    h = [0, 0]
    per_share = {"half": 1, "full": 2, "none": 0}[shared]
    for i in range(3):
        a = eff0[i]
        b = eff1[i]
        if a == EMPTY and b == EMPTY:
            continue
        a = max(a, 0)
        b = max(b, 0)
        if a > b:
            h[0] += 2
        elif b > a:
            h[1] += 2
        else:
            h[0] += per_share
            h[1] += per_share
    return h


def community(forms, hand, tiles_mode, measure):
    """One player's part of the community score C
    (docs/rules/masbrur.md#5-scoring-and-the-end-of-the-round): unused squares of the formation
    tiles (or of every hand tile), as pips or as a count."""
    used = ({}, {})
    for row, zh, uses in forms:
        for t, v in uses:
            used[row][t] = v
    tiles = hand if tiles_mode == "hand" else forms_tiles(forms)
    total = 0
    for t in tiles:
        squares = [t >> 3, t & 7]
        for row in (0, 1):
            if t in used[row]:
                squares.remove(used[row][t])
        total += sum(squares) if measure == "pips" else len(squares)
    return total


# --------------------------------------------------------------- attack

def attack(hand):
    """True if the tiles ``hand`` hold one upper formation of 5 and two lower
    formations of 3 as a valid selection (docs/rules/masbrur.md#2-equipment)."""
    return ma.attack(hand)


def witness(hand):
    """Bitmask of the positions in ``hand`` of tiles that make an attack, or 0."""
    return ma.witness(hand)
