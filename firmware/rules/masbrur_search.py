"""Masbrur's reference selection (docs/rules/masbrur.md#ms-31): the valid selection
whose sorted effective-strength vector is greatest, then the higher community
contribution, then the smallest move string.

The search runs over *shapes* (row, zero_high, values) rather than tiles: the
vector depends only on the shapes, so shape sets are searched first, strongest
first with bounds, and tiles are assigned only to the shape sets that reach the
best vector. Blocking is handled by splitting on the blocker value the
selection will produce (docs/rules/masbrur.md#4-combat): every selection falls in exactly one case.
Then the community part: each shape set tied on the vector gets an upper bound
before any tile is placed; sets are filled by decreasing bound, and the first
that reaches its bound (the usual case) settles it. Last the smallest string:
a filling whose text already goes past the best string found is cut.
No recursion: the tile assignment is an explicit-stack search."""
from array import array

from firmware import native

try:
    from micropython import const
except ImportError:             # CPython
    def const(x):
        return x
from firmware.rules.masbrur_form import MIN_LEN

_NONE = const(255)              # fits_sets: no shape


class _Hand:
    """A hand in tile order: its tiles' values, per value how many tiles and squares show
    it, and the positions from the heaviest tile to the lightest."""

    def __init__(self, tiles):
        n = len(tiles)
        self.tiles = tiles
        self.lo = lo = bytearray(n)
        self.hi = hi = bytearray(n)
        # Per value the tiles showing it, then the squares showing it (a double gives its
        # value to both rows): fits_sets' counts.
        self.cnt = cnt = bytearray(16)
        keys = [0] * n                      # weight, then position down: one int each
        for i in range(n):
            a = lo[i] = tiles[i] >> 3
            b = hi[i] = tiles[i] & 7
            cnt[a] += 1
            cnt[8 + a] += 1
            if b != a:
                cnt[b] += 1
            cnt[8 + b] += 1
            keys[i] = (a + b) * 64 + 63 - i
        keys.sort()
        keys.reverse()
        self.heavy = bytes([63 - (k & 63) for k in keys])   # by weight down, then position
        self.need = bytearray(16)           # feasible's values per row (row * 8 + value)
        self.free = bytes(n)                # no tile used yet
        self.work = _WORK                   # fits_in's, room_in's and runs_in's


def feasible(h, shapes):
    """Can the hand fill all these shapes at once?"""
    h.need[:] = _ZERO16
    for row, zh, vals in shapes:
        for v in vals:
            h.need[row * 8 + v] += 1
    return _counted_fit(h)


def _counted_fit(h):
    """``feasible`` for the values counted in ``h.need``."""
    return _fits_sets(h.lo, h.hi, len(h.lo), h.free, h.cnt, h.free, _NONE, 0, 0, h.need, h.work)


def needs(shapes):
    """The values of each shape of ``shapes_of`` per row, 16 bytes a shape (fits_sets'
    ``sneed``)."""
    return _Shapes(shapes).sneed


# The work buffer's layout is the twins' (masbrur_search_portable.py): runs_in's answers here.
_RUNS = const(368)
_WORK_SIZE = const(438)
_ZERO16 = bytes(16)


def work():
    """A work buffer for fits_in, room_in and runs_in."""
    return bytearray(_WORK_SIZE)


_WORK = work()                  # the selection's (one at a time)


def shapes_of(h):
    """Every shape some tiles of the hand can fill on its own, strongest first, each as
    one int (no tuples to make and drop): its strength (length * 16 + highest value, 8 for
    a zero-high run) * 4 + row * 2 + 1 for a repetition. Ints sort as the shapes'
    (strength, blocking value, (row, zero-high, values)) do: one strength has one blocking
    value, and a repetition's values come after a run's of the same strength."""
    nt = h.cnt
    w = h.work
    _runs_in(h.lo, h.hi, len(h.lo), w)
    out = []
    for row in (0, 1):
        m = MIN_LEN[row]
        for v in range(8):
            for n in range(m, nt[v] + 1):
                out.append((n * 16 + v) * 4 + row * 2 + 1)
        for lo in range(8):          # the runs lo..top the hand can show
            for top in range(lo + m - 1, w[_RUNS + lo]):
                out.append(((top - lo + 1) * 16 + top) * 4 + row * 2)
        for lo in range(9 - m, w[_RUNS + 8] - 1, -1):   # zero-high runs lo..7,0
            out.append(((9 - lo) * 16 + 8) * 4 + row * 2)
    out.sort()
    out.reverse()
    return out


def shape(code):
    """(row, zero-high, values) of a shape of ``shapes_of``."""
    n = code >> 6
    top = code >> 2 & 15
    row = code >> 1 & 1
    if code & 1:
        return row, False, (top,) * n
    if top == 8:
        return row, True, tuple(range(9 - n, 8)) + (0,)
    return row, False, tuple(range(top + 1 - n, top + 1))


def _cases(wall):
    """(blocker, required zero-high, zero-high forbidden, blocking values forbidden as a
    bit set) for each blocker value a selection can produce against ``wall``: a shape of
    blocking value bv, zero-high or not, is allowed unless forbidden. The no-blocker case
    first, as it allows three unblocked formations and so usually sets a high bound."""
    if not wall:
        return [(-1, False, False, 0)]
    tops = [t & 7 for t in wall]
    t1 = max(tops)
    t2 = min(tops)
    has0 = False
    for t in wall:
        if t >> 3 == 0:
            has0 = True
    # Without the zero rule, no zero-high formation may be declared if the wall has a 0.
    cases = [(-1, False, has0, 1 << t1 | 1 << t2)]
    if has0:
        cases.append((0, True, False, 0))
    cases.append((t1, False, has0, 0))
    if t2 != t1:
        cases.append((t2, False, has0, 1 << t1))
    return cases


class _Shapes:
    """What the search asks of each shape of ``shapes_of``, by index: its values per row
    (``sneed``, 16 bytes a shape), strength (under 256: at most 8 squares show a value or
    make a run), blocking value, zero-high flag and chain * 16 + length, a byte each,
    filled by one twin's loop (tables_in). Shapes of one row and kind (repetition,
    sequence, zero-high sequence) with the same blocking value, a chain, contain each
    other's values, the shorter in the longer: if one does not fit, no longer one does."""

    def __init__(self, shapes):
        k = len(shapes)
        self.sneed = bytearray(16 * k)
        self.strength = bytearray(k)
        self.bv = bytearray(k)
        self.zh = bytearray(k)
        self.chain = bytearray(k)
        _tables_in(array("H", shapes), k, self.sneed, self.strength, self.bv, self.zh,
                   self.chain)


def best_selection(tiles, wall, tiles_mode, measure):
    """(move string, formations in canonical order) of the reference selection
    for the hand ``tiles`` against the opponent's ``wall``."""
    tiles = sorted(tiles)           # tile order is string order: _fills relies on it
    h = _Hand(tiles)
    shapes = shapes_of(h)
    tab = _Shapes(shapes)
    k = len(shapes)
    pick = bytearray(4 * k)
    cases = _cases(wall)
    cap = 16
    while True:                     # (rarely again, with more room for tied sets)
        st = array("i", [-1, 0, 0, 0, 0, 0, cap])
        out = bytearray(3 * cap)
        for beta, need_zh, no_zh, no_bv in cases:
            st[2] = beta
            st[3] = 1 if need_zh else 0
            st[4] = 1 if no_zh else 0
            st[5] = no_bv
            if not _sets_in(h.lo, h.hi, len(tiles), h.free, h.cnt, tab.sneed, tab.strength,
                            tab.bv, tab.zh, tab.chain, k, st, out, h.need, h.work, pick):
                break
        else:
            break
        cap *= 4
    best = [st[0], [[m for m in out[3 * x:3 * x + 3] if m != _NONE]
                    for x in range(st[1])]]
    # Community part: with tiles_mode "hand" it is fixed by the values used
    # (hand total minus the used squares), so any filling of a shape set has
    # it; with "formation" it depends on the tiles chosen, and each shape set
    # gets the bound _room gives before any tile is placed.
    gain = None if tiles_mode == "hand" else measure
    sets = []
    need = h.need
    for i in range(len(best[1])):
        codes = [shapes[m] for m in best[1][i]]
        shape_list = [shape(code) for code in codes]
        need[:] = _ZERO16
        for row, _zh, vals in shape_list:
            for v in vals:
                need[8 * row + v] += 1
        if gain is None:
            c = 0
            for t in tiles:
                c += (t >> 3) + (t & 7) if measure == "pips" else 2
            for v in range(8):
                c -= (v if measure == "pips" else 1) * (need[v] + need[8 + v])
        else:
            c = _room(h, (h.free, h.free), need, gain)
        sets.append((-c, i, shape_list, codes))
    sets.sort()                     # highest bound first (then found order)
    # The best community part: sets by decreasing bound, each first asked to
    # reach its bound (it usually does), else searched for its best part; a
    # set whose bound does not beat the best part found cannot improve it.
    top = -1000
    reached = None                  # (set, its first filling at the bound)
    for b, i, shape_list, codes in sets:
        if -b <= top:
            break
        if gain is None:
            top = -b
            break
        first = [codes[f] for f in _orders(shape_list)[0]]
        forms = _first_fill(h, first, gain, -b)
        if forms is not None:
            top = -b
            reached = (i, forms)
            break
        floor = [top + 1]
        for forms, got in _fills(h, first, gain, floor):
            top = got
            floor[0] = got + 1
    # Smallest string among the sets and tile choices that reach it.
    best_text = None
    best_forms = None
    for b, i, shape_list, codes in sets:
        if -b < top:
            break
        orders = _orders(shape_list)
        for k in range(len(orders)):
            if k == 0 and reached is not None and reached[0] == i:
                forms = reached[1]  # found above, with the same order and floor
            else:
                forms = _first_fill(h, [codes[f] for f in orders[k]], gain, top, best_text)
            if forms is not None:
                text, ordered = _canonical(forms)
                if best_text is None or text < best_text:
                    best_text = text
                    best_forms = ordered
    return best_text, best_forms


def _canonical(forms):
    """masbrur_form.canonical(forms) for a filling of _fills (each formation's uses in tile
    order, so already in text order), each formation's text written into one buffer
    rather than use by use: (text, formations in canonical order)."""
    if not forms:
        return "F -", []
    keyed = []
    for i in range(len(forms)):
        row, zh, uses = forms[i]
        k = 2 if zh else 1                  # where the ":" goes
        b = bytearray(k + 5 * len(uses))    # "U*:" or "L:", then "ab/v" uses, "," between
        b[0] = 76 if row else 85            # L, U
        b[1] = 42                           # * (overwritten by ":" unless zero-high)
        b[k] = 58
        for x in range(len(uses)):
            t, v = uses[x]
            if x:
                k += 1
                b[k] = 44
            b[k + 1] = 48 + (t >> 3)
            b[k + 2] = 48 + (t & 7)
            b[k + 3] = 47
            b[k + 4] = 48 + v
            k += 4
        keyed.append((str(b, "ascii"), i))
    keyed.sort()
    return "F " + " ; ".join([e[0] for e in keyed]), [forms[e[1]] for e in keyed]


def _first_fill(h, codes, gain, floor, beat=None):
    """The first filling of ``_fills`` that reaches ``floor`` (and is written
    no greater than ``beat``), or None."""
    for forms, got in _fills(h, codes, gain, [floor], beat):
        return forms
    return None


_PERMS = (((),), ((0,),), ((0, 1), (1, 0)),
          ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


def _orders(shape_list):
    """Formation orders whose heads do not decrease (L*: < L: < U*: < U:): only these can
    start the smallest string."""
    out = []
    for perm in _PERMS[len(shape_list)]:
        last = 0
        for f in perm:
            sh = shape_list[f]
            head = 2 - 2 * sh[0] + (0 if sh[1] else 1)
            if head < last:
                break
            last = head
        else:
            out.append(perm)
    return out


def _fills(h, codes, gain, floor, beat=None):
    """Yield (formations, community part) for the ways to fill the shapes ``codes`` (ints of
    shapes_of, in the order written) with hand tiles, in the order of their strings:
    formation by formation, each formation's uses by increasing tile, then value.

    ``gain`` ("pips"/"count", or None for no bound) measures the community
    part of the formation tiles; branches that cannot reach ``floor[0]`` (read
    at every step: the caller may raise it) are cut, and so are branches whose
    remaining values no longer fit the free squares. With ``beat`` (a move
    string), only fillings written no greater than it are yielded: a use
    whose text already goes past ``beat`` cuts the rest of its slot, as the
    later candidates are written greater still."""
    lo = h.lo
    n = len(lo)
    nf = len(codes)
    uses = 0
    for code in codes:
        uses += code >> 6
    rem = bytearray(8 * nf)         # values still to place, per formation (j * 8 + value)
    need = bytearray(16)            # the same per row (row * 8 + value)
    plan = bytearray(4 * uses)      # per use: fills_in's four bytes
    bb = b"" if beat is None else beat.encode()     # its characters' codes
    ns = _plan_in(array("H", codes), nf, bb, len(bb), rem, need, plan)
    p = ns + 1
    path = bytearray(4 * p)
    path[3 * p] = beat is not None
    used = (bytearray(n), bytearray(n))
    st = array("i", [0] * (8 + p))
    st[2] = 0 if gain is None else 1 if gain == "pips" else 2
    st[3] = len(bb)
    st[4] = ns
    tiles = h.tiles
    while True:
        st[1] = floor[0]            # (the caller may raise it between fillings)
        if not _fills_in(lo, h.hi, n, h.heavy, used[0], used[1], need, rem, h.work, st, bb,
                         plan, path):
            return
        forms = [(code >> 1 & 1, not code & 1 and code >> 2 & 15 == 8, []) for code in codes]
        for q in range(ns):
            forms[plan[4 * q] >> 5][2].append((tiles[path[p + q]], path[2 * p + q]))
        yield forms, st[8 + ns]


def _room(h, used, need, gain):
    return _room_in(h.lo, h.hi, len(h.lo), h.heavy, used[0], used[1], need,
                    gain == "pips", h.work)


# The twins in use: the native ones where the chip runs them, else the portable ones (loaded
# then); bound by load_twins at the first search.
_TWINS = ("room_in", "fits_sets", "runs_in", "fills_in", "tables_in", "sets_in", "plan_in")


def load_twins():
    """Put the twins in use; once (later calls leave them as they are)."""
    global _bound
    if _bound:
        return
    _bound = True
    twin = native.load("firmware.rules.masbrur_search_native")
    if twin is None:
        from firmware.rules import masbrur_search_portable as twin
    for t in _TWINS:
        globals()["_" + t] = getattr(twin, t)


_bound = False


def _twin(name):
    load_twins()
    return globals()[name]


def _room_in(*args):
    return _twin("_room_in")(*args)


def _fits_sets(*args):
    return _twin("_fits_sets")(*args)


def _runs_in(*args):
    return _twin("_runs_in")(*args)


def _fills_in(*args):
    return _twin("_fills_in")(*args)


def _tables_in(*args):
    return _twin("_tables_in")(*args)


def _sets_in(*args):
    return _twin("_sets_in")(*args)


def _plan_in(*args):
    return _twin("_plan_in")(*args)
