"""The portable twins of the reference selection's hot routines (masbrur_search.py uses
them): fit tests, community bound, the runs a hand can show and a filling's next use. Apart
from the search, so that a chip that runs their native twins (masbrur_search_native, the same
results; docs/architecture.md#native-code) never loads their byte-code: the search loads this
module only where the native one is missing. No recursion: explicit queues and stacks."""
from array import array

try:
    from micropython import const
except ImportError:             # CPython
    def const(x):
        return x

_NONE = const(255)              # fits_sets: no shape


# fits_in's work buffer: per value (8 bytes each) the tops and bottoms fixed, the turnable
# tiles showing it, its bounds on tops, its tops, the tile an augmenting path reached it by;
# the path's queue; per turnable tile its two values and which one is on top.
_TOPF = const(0)
_BOTF = const(8)
_DEG = const(16)
_LOW = const(24)
_HIGH = const(32)
_TOPS = const(40)
_VIA = const(48)
_QUEUE = const(56)
_EA = const(64)
_EB = const(88)
_TOP = const(112)
# room_in's, after: per value its room and the tiles matched to it, the value an augmenting
# path reached it from and the tile it moves, the path's queue; per value the tiles matched to it
# (24 places).
_CAP = const(136)
_CNT = const(144)
_FROM = const(152)
_MOVED = const(160)
_RQUEUE = const(168)
_AT = const(176)
# runs_in's, after: the runs found, per tile the value holding it, per value the tile it gives
# up and the value that takes it, the path's queue.
_RUNS = const(368)
_OWN = const(377)
_OVIA = const(413)
_OFROM = const(421)
_OQUEUE = const(429)
_WORK_SIZE = const(438)
_ZERO48 = bytes(48)


def fits_sets(lo, hi, n, free, cnt, sneed, a, b, c, need, w):
    """Can the hand's tiles (``free``: none used) fill the shapes ``a``, ``b`` and ``c``
    at once (indices into ``sneed``, see masbrur_search.needs; _NONE for none)? With ``a``
    _NONE, the
    values already counted in ``need`` (row * 8 + value). ``cnt``: _Hand.cnt. Counts
    first (they rule out nearly every set that does not fit), then fits_in."""
    if a != _NONE:
        for k in range(16):
            x = sneed[16 * a + k]
            if b != _NONE:
                x += sneed[16 * b + k]
            if c != _NONE:
                x += sneed[16 * c + k]
            need[k] = x
    up = down = 0
    for v in range(8):
        x = need[v]
        y = need[8 + v]
        if x > cnt[v] or y > cnt[v] or x + y > cnt[8 + v]:
            return False
        up += x
        down += y
    if up > n or down > n:
        return False
    return fits_in(lo, hi, n, free, free, need, w)


def fits_in(lo, hi, n, uu, ul, need, w):
    """Can the tiles still free fill the values ``need`` (row * 8 + value)? ``uu[i]``
    (``ul[i]``) is 1 + the value tile i already gives the upper (lower) row, or 0; ``w``
    is the work buffer (masbrur_search.work()).

    Stand every tile upright: the upper row takes tops, the lower row bottoms.
    A tile used in one row still offers its other square to the other row.
    The rest fits iff the free tiles can be turned so that each value shows on
    top at least as often as the upper row still needs it and below as often
    as the lower row does: an orientation of the free non-double tiles (edges
    between their two values) with bounds on each value's number of tops,
    found by augmenting paths."""
    w[0:_VIA] = _ZERO48
    m = 0
    for i in range(n):
        a = lo[i]
        b = hi[i]
        if uu[i]:
            if not ul[i]:
                w[_BOTF + a + b - uu[i] + 1] += 1
        elif ul[i]:
            w[_TOPF + a + b - ul[i] + 1] += 1
        elif a == b:
            w[_TOPF + a] += 1
            w[_BOTF + a] += 1
        else:
            w[_EA + m] = a
            w[_EB + m] = b
            w[_TOP + m] = 0
            w[_DEG + a] += 1
            w[_DEG + b] += 1
            w[_TOPS + a] += 1
            m += 1
    for v in range(8):
        low = need[v] - w[_TOPF + v]
        if low < 0:
            low = 0
        high = w[_DEG + v] + w[_BOTF + v] - need[8 + v]
        if high > w[_DEG + v]:
            high = w[_DEG + v]
        if high < low:
            return False
        w[_LOW + v] = low
        w[_HIGH + v] = high
    for v in range(8):
        while w[_TOPS + v] > w[_HIGH + v]:
            if not _augment(w, m, v, 1):
                return False
    for v in range(8):
        while w[_TOPS + v] < w[_LOW + v]:
            if not _augment(w, m, v, 0):
                return False
    return True


def _augment(w, m, src, away):
    """Move one top away from ``src`` (``away``) to a value below its upper
    bound, or towards ``src`` from a value above its lower bound, along a
    chain of tiles turned over (breadth-first, no recursion)."""
    seen = 1 << src
    w[_QUEUE] = src
    qn = 1
    q = 0
    while q < qn:
        x = w[_QUEUE + q]
        q += 1
        for e in range(m):
            a = w[_EA + e]
            b = w[_EB + e]
            if a != x and b != x:
                continue
            y = b if a == x else a
            at_x = 1 if (w[_TOP + e] == 0) == (a == x) else 0
            if at_x != away or seen >> y & 1:
                continue
            seen |= 1 << y
            w[_VIA + y] = e
            if (w[_TOPS + y] < w[_HIGH + y]) if away else (w[_TOPS + y] > w[_LOW + y]):
                # Turn every tile on the chain from src to y.
                z = y
                while z != src:
                    e2 = w[_VIA + z]
                    w[_TOP + e2] ^= 1
                    z = w[_EA + e2] + w[_EB + e2] - z
                if away:
                    w[_TOPS + src] -= 1
                    w[_TOPS + y] += 1
                else:
                    w[_TOPS + src] += 1
                    w[_TOPS + y] -= 1
                return True
            w[_QUEUE + qn] = y
            qn += 1
    return False


def runs_in(lo, hi, n, w):
    """The runs of distinct values the hand's tiles can show, one tile a value (the same in
    either row: a tile turns): for each value v, 1 + the highest top of a run v..top in
    ``w[_RUNS + v]`` (v when no tile shows v), and in ``w[_RUNS + 8]`` the lowest lo >= 1
    such that 0 and lo..7 can show at once (8: none). Runs grow a value at a time, each given
    a tile by an augmenting path (a matching of values to tiles)."""
    for start in range(9):
        for i in range(n):
            w[_OWN + i] = 255       # no value holds tile i
        x = start if start < 8 else 0
        last = start if start < 8 else 8
        while _give(lo, hi, n, x, w):
            if start < 8:
                last = x + 1
                if x == 7:
                    break
                x += 1
            else:
                if x < 8:
                    last = x if x else 8
                if x == 1:
                    break
                x = 7 if x == 0 else x - 1
        w[_RUNS + start] = last


def _give(lo, hi, n, x, w):
    """Give value x a tile showing it, moving the values that hold the tiles it could take
    to other tiles of theirs (breadth-first over the values); False when none can."""
    seen = 1 << x
    w[_OQUEUE] = x
    qn = 1
    q = 0
    while q < qn:
        y = w[_OQUEUE + q]
        q += 1
        for i in range(n):
            if lo[i] != y and hi[i] != y:
                continue
            z = w[_OWN + i]
            if z == 255:            # free: y takes it, each value on the path the next tile
                while True:
                    w[_OWN + i] = y
                    if y == x:
                        return True
                    i = w[_OVIA + y]
                    y = w[_OFROM + y]
            if not seen >> z & 1:
                seen |= 1 << z
                w[_OVIA + z] = i    # z gives up tile i to y
                w[_OFROM + z] = y
                w[_OQUEUE + qn] = z
                qn += 1
    return False


def uses_in(lo, hi, n, heavy, uu, ul, need, rem, w, st, bb):
    """The next use a filling may give its slot (see masbrur_search._fills), given to it
    (``rem``, ``need`` and the row's tiles in ``uu`` or ``ul`` count it): 1 + 2 * (the use
    written before ``bb``'s text) + 4 * its square (0 low, 1 high) + 8 * its tile, or 0 when
    none is left. ``st`` (array of ints) holds: the next candidate (tile * 2 + square; moved
    on), the uses of the formation after this one, 8 * the formation, its row, the community
    measure (0 none, 1 pips, 2 count), whether each use is compared with ``bb`` (a move
    string's character codes) from place st[6] on, the least community part the rest must
    add (st[7]); it gets 64 + the use's community part (st[8]). st[9] is len(bb). Candidates
    that leave too little community part or values that no longer fit are passed over; one
    written past ``bb`` ends the slot."""
    c = st[0]
    left = st[1]
    j8 = st[2]
    row = st[3]
    mode = st[4]
    mine = ul if row else uu
    other = uu if row else ul
    while True:
        c = next_use(lo, hi, n, c, left, rem, j8, mine, other)
        if c == 2 * n:
            break
        i = c >> 1
        sq = c & 1
        v = hi[i] if sq else lo[i]
        c += 1
        below = 0
        if st[5]:
            r = _use_cmp(bb, st[6], lo[i] << 3 | hi[i], v)
            if r > 0:
                c = 2 * n
                break
            below = 1 if r < 0 else 0
        rem[j8 + v] -= 1            # the use, taken back below if it leads nowhere
        need[8 * row + v] -= 1
        mine[i] = v + 1
        g = 0
        if mode:
            if other[i]:
                g = -v if mode == 1 else -1
            else:
                g = lo[i] + hi[i] - v if mode == 1 else 1
        if (mode == 0 or g + room_in(lo, hi, n, heavy, uu, ul, need, mode == 1, w) >= st[7]) \
                and fits_in(lo, hi, n, uu, ul, need, w):
            st[0] = c
            st[8] = g + 64
            return i << 3 | sq << 2 | below << 1 | 1
        rem[j8 + v] += 1
        need[8 * row + v] += 1
        mine[i] = 0
    st[0] = c
    return 0


def _use_cmp(bb, p, t, v):
    """1, 0 or -1 as the text of tile t's use with value v ("ab/v") sorts after, with or
    before ``bb[p:p + 4]`` (a move string's character codes; a shorter rest sorts first),
    compared without making either string."""
    for x in range(4):
        if p + x >= len(bb):
            return 1
        u = 48 + v if x == 3 else 47 if x == 2 else 48 + (t & 7) if x else 48 + (t >> 3)
        if u != bb[p + x]:
            return 1 if u > bb[p + x] else -1
    return 0


def next_use(lo, hi, n, c, left, rem, j8, mine, other):
    """The first candidate use from ``c`` on (tile * 2 + square: 0 low, 1 high) that the
    formation with values still to place ``rem[j8:j8 + 8]`` may take, with ``left`` uses of
    it after this one; 2 * n when none. ``mine`` and ``other``: the tiles used in its row
    and in the other row (1 + value, or 0), as in fits_in."""
    while c < 2 * n:
        i = c >> 1
        if n - 1 - i < left:    # too few later tiles for this formation
            return 2 * n
        a = lo[i]
        b = hi[i]
        v = a
        if c & 1:
            if a == b:
                c += 1
                continue
            v = b
        if rem[j8 + v] and not mine[i] and not (other[i] and a != b and other[i] == v + 1):
            return c            # (not a square already used in the other row)
        c += 1
    return c


def room_in(lo, hi, n, heavy, uu, ul, need, pips, w):
    """Most the community part can still grow (in pips, or in squares). It ends as the
    weight of the used tiles minus the values used; the new tiles each take one of the
    remaining uses with a value they show, so the heaviest such set of free tiles (greedy
    by weight, ``heavy`` the tiles heaviest first: the sets that can be matched to the uses
    form a matroid) bounds the weight still to come. ``w``: the work buffer."""
    uses = 0
    total = 0
    for v in range(8):
        c = need[v] + need[8 + v]
        w[_CAP + v] = c
        w[_CNT + v] = 0
        uses += c
        total += c * v
    fresh = 0
    weight = 0
    for k in range(n):
        if fresh == uses:
            break
        i = heavy[k]
        if uu[i] or ul[i] or not (w[_CAP + lo[i]] or w[_CAP + hi[i]]):
            continue
        if _match(lo, hi, n, i, w):
            fresh += 1
            weight += lo[i] + hi[i]
    if pips:
        return weight - total
    return 2 * fresh - uses


def _match(lo, hi, n, i, w):
    """Match tile i to a value it shows with room left, moving matched tiles
    to their other value if needed (augmenting path over the 8 values)."""
    w[_RQUEUE] = lo[i]
    w[_RQUEUE + 1] = hi[i]
    w[_FROM + lo[i]] = 255
    w[_FROM + hi[i]] = 255
    seen = (1 << lo[i]) | (1 << hi[i])
    qn = 2
    q = 0
    while q < qn:
        x = w[_RQUEUE + q]
        q += 1
        if w[_CNT + x] < w[_CAP + x]:
            # Walk back: each step moves one tile from its old value to x.
            while w[_FROM + x] != 255:
                t = w[_MOVED + x]
                w[_AT + 24 * x + w[_CNT + x]] = t
                w[_CNT + x] += 1
                x = w[_FROM + x]
                c = w[_CNT + x] - 1             # t leaves x's tiles: the last takes its place
                for k in range(c):
                    if w[_AT + 24 * x + k] == t:
                        w[_AT + 24 * x + k] = w[_AT + 24 * x + c]
                        break
                w[_CNT + x] = c
            w[_AT + 24 * x + w[_CNT + x]] = i
            w[_CNT + x] += 1
            return True
        for k in range(w[_CNT + x]):
            t = w[_AT + 24 * x + k]
            y = lo[t] + hi[t] - x
            if y != x and not seen >> y & 1:
                seen |= 1 << y
                w[_FROM + y] = x
                w[_MOVED + y] = t
                w[_RQUEUE + qn] = y
                qn += 1
    return False


def tables_in(codes, k, sneed, strength, bv, zh, chain):
    """The search's tables of the ``k`` shapes ``codes`` (masbrur_search.shapes_of's ints):
    per shape its values per row (16 bytes from 16 * index into ``sneed``, zeroed), its
    strength, blocking value, zero-high flag and chain * 16 + length (_Shapes')."""
    for i in range(k):
        code = codes[i]
        n = code >> 6
        top = code >> 2 & 15
        row = code >> 1 & 1
        at = 16 * i + 8 * row
        z = 0
        if code & 1:                # a repetition
            sneed[at + top] = n
        elif top == 8:              # a zero-high run: 9 - n..7 and 0
            z = 1
            for v in range(9 - n, 8):
                sneed[at + v] = 1
            sneed[at] = 1
        else:
            for v in range(top + 1 - n, top + 1):
                sneed[at + v] = 1
        strength[i] = code >> 2
        bv[i] = 0 if z else top
        zh[i] = z
        chain[i] = (row * 4 + 2 * z + (code & 1)) * 16 + n


# fills_in's state (``st``, array of ints): the slot, the least community part a filling must
# reach, the community measure (uses_in's), len(bb), the slots, 1 after a filling is given;
# then per slot the community part of the uses before it.
_K = const(0)
_FLOOR = const(1)
_MODE = const(2)
_NB = const(3)
_NS = const(4)
_GIVEN = const(5)
_GAINS = const(8)


def fills_in(lo, hi, n, heavy, uu, ul, need, rem, w, st, bb, plan, path):
    """The next filling of masbrur_search._fills' slots, in string order: 1 with its uses in
    ``path``, 0 when there is none left. ``plan``: per slot (4 bytes) its formation * 32 + the
    uses left after it, its row, its head's text against ``bb``'s there (0 the same, 1 after, 2
    before) and where its use's text starts in ``bb``. ``path``, per slot + 1 (P places each):
    the next candidate (tile * 2 + square), the tile and value given, 1 while the text so far
    equals ``bb``'s start. ``st``: see _K..._GAINS; the caller may raise the floor between
    fillings. ``rem``, ``need``, ``uu``, ``ul`` count the uses given (uses_in's)."""
    ns = st[_NS]
    p = ns + 1
    k = st[_K]
    if st[_GIVEN]:                  # resumed after a filling: its last use taken back
        st[_GIVEN] = 0
        k = ns - 1
        if k >= 0:
            _take_back(hi, lo, uu, ul, need, rem, plan, path, p, k)
    us = array("i", [0] * 10)
    us[4] = st[_MODE]
    us[9] = st[_NB]
    while 0 <= k < ns:
        j = plan[4 * k] >> 5
        tied = path[3 * p + k]
        hc = plan[4 * k + 2] if tied else 0
        us[0] = 2 * n if hc == 1 else path[k]
        us[1] = plan[4 * k] & 31
        us[2] = 8 * j
        us[3] = plan[4 * k + 1]
        us[5] = 1 if tied and hc == 0 else 0
        us[6] = plan[4 * k + 3]
        us[7] = st[_FLOOR] - st[_GAINS + k]
        got = uses_in(lo, hi, n, heavy, uu, ul, need, rem, w, us, bb)
        path[k] = us[0]
        if not got:
            k -= 1
            if k >= 0:
                _take_back(hi, lo, uu, ul, need, rem, plan, path, p, k)
            continue
        i = got >> 3
        path[p + k] = i
        path[2 * p + k] = hi[i] if got & 4 else lo[i]
        path[3 * p + k + 1] = 1 if tied and not (hc == 2 or got & 2) else 0
        st[_GAINS + k + 1] = st[_GAINS + k] + us[8] - 64
        k += 1
        path[k] = (i + 1) * 2 if k < ns and plan[4 * k] >> 5 == j else 0
    st[_K] = k
    if k < 0:
        return 0
    st[_GIVEN] = 1
    return 1


def _take_back(hi, lo, uu, ul, need, rem, plan, path, p, k):
    """Take back slot k's use."""
    v = path[2 * p + k]
    row = plan[4 * k + 1]
    rem[8 * (plan[4 * k] >> 5) + v] += 1
    need[8 * row + v] += 1
    (ul if row else uu)[path[p + k]] = 0


# sets_in's state (``st``, array of ints): the best vector (strengths a << 16 | b << 8 | c),
# the shape sets recorded at it, the blocker case's blocker (-1 none), whether a zero-high
# blocked formation is required, zero-high forbidden, the blocking values forbidden (a bit
# set), the most sets ``out`` holds.
_BEST = const(0)
_SETS = const(1)
_BETA = const(2)
_NEED_ZH = const(3)
_NO_ZH = const(4)
_NO_BV = const(5)
_ROOM = const(6)


def sets_in(lo, hi, n, free, cnt, sneed, strength, bv, zh, chain, k, st, out, need, w, pick):
    """Record in ``out`` (3 bytes a set: shape indices, _NONE for none) the shape sets of one
    blocker case (masbrur_search._cases, in ``st``) that reach or beat the best vector
    ``st[_BEST]``, raising it (docs/rules/masbrur.md#ms-31). ``strength``, ``bv``, ``zh``,
    ``chain``: the ``k`` shapes' tables (masbrur_search._Shapes); ``pick``: 4 * k bytes of
    room. Unblocked shapes are taken strongest first (at most 3, or 2 when a blocked one must
    make the blocker), a branch stopping once even repeating its weakest strength falls short.
    False when ``out`` ran out of room (the caller starts again with more)."""
    beta, need_zh, no_zh, no_bv = st[_BETA], st[_NEED_ZH], st[_NO_ZH], st[_NO_BV]
    pu = []
    pb = []
    for i in range(k):
        b = bv[i]
        if not (no_bv >> b & 1 or (no_zh and zh[i])):
            if b == beta:           # by chain, then length, then index: as ints
                pb.append(chain[i] * 256 + i)
            else:
                pu.append(i)
    pb.sort()                       # chains, each shortest first
    for x in range(len(pb)):
        pb[x] &= 255
    need_b = beta >= 0
    room = [True]

    def record(vec, members):
        if vec > st[_BEST]:
            st[_BEST] = vec
            st[_SETS] = 0
        if vec == st[_BEST]:
            x = st[_SETS]
            if x == st[_ROOM]:
                room[0] = False
                return
            for y in range(3):
                out[3 * x + y] = members[y] if y < len(members) else _NONE
            st[_SETS] = x + 1

    def ok(a, b, c):
        """Do shapes a, b and c (_NONE: none) fit at once?"""
        if b == _NONE:              # every shape of shapes_of fits on its own
            return True
        return fits_sets(lo, hi, n, free, cnt, sneed, a, b, c, need, w)

    def fitting(members, cands):
        """The blocked shapes of ``cands`` that fit beside ``members`` (at most two).
        Within a chain of nested shapes once one does not fit, no longer one does."""
        fit = []
        dead = None
        m = len(members)
        for e in cands:
            key = chain[e] >> 4
            if key != dead:
                if m == 0 or (ok(members[0], e, _NONE) if m == 1
                              else ok(members[0], members[1], e)):
                    fit.append(e)
                else:
                    dead = key
        return fit

    def complete(members, vec, cands):
        """Record ``members`` plus, when a blocked formation must make the blocker, one to
        three of the blocked shapes ``cands``. A set that does not fit is not extended:
        its supersets do not fit either."""
        if vec < st[_BEST]:
            return
        if not need_b:
            record(vec, members)
            return
        fit = fitting(members, cands)
        left = 3 - len(members)
        m0 = members[0] if members else _NONE
        nb = len(fit)
        for i in range(nb):
            fi = fit[i]
            zi = zh[fi] or not need_zh
            if zi:
                record(vec, members + [fi])
            for j in range(i, nb if left >= 2 else 0):
                fj = fit[j]
                if not (ok(m0, fi, fj) if members else ok(fi, fj, _NONE)):
                    continue
                zj = zi or zh[fj]
                if zj:
                    record(vec, members + [fi, fj])
                for x in range(j, nb if left >= 3 else 0):     # (members empty)
                    fk = fit[x]
                    if (zj or zh[fk]) and ok(fi, fj, fk):
                        record(vec, [fi, fj, fk])

    maxu = 2 if need_b else 3
    nu = len(pu)
    for i in range(nu):             # a vector as one int: strengths a << 16 | b << 8 | c
        a = pu[i]
        si = strength[a]
        if si << 16 | (si if maxu > 1 else 0) << 8 | (si if maxu > 2 else 0) < st[_BEST]:
            break
        cands = pb
        if need_b:
            cands = fitting([a], pb)
            found = False
            for e in cands:
                if zh[e] or not need_zh:
                    found = True
                    break
            if not found:
                continue
        for j in range(i, nu if maxu > 1 else 0):
            b = pu[j]
            sj = strength[b]
            if si << 16 | sj << 8 | (sj if maxu > 2 else 0) < st[_BEST]:
                break
            if not fits_sets(lo, hi, n, free, cnt, sneed, a, b, _NONE, need, w):
                continue
            for x in range(j, nu if maxu > 2 else 0):
                c = pu[x]
                vec = si << 16 | sj << 8 | strength[c]
                if vec < st[_BEST]:
                    break
                if fits_sets(lo, hi, n, free, cnt, sneed, a, b, c, need, w):
                    complete([a, b, c], vec, cands)
            if si << 16 | sj << 8 >= st[_BEST]:
                complete([a, b], si << 16 | sj << 8, cands)
        if si << 16 >= st[_BEST]:
            complete([a], si << 16, cands)
    complete([], 0, pb)
    return room[0]


def plan_in(codes, nf, bb, nb, rem, need, plan):
    """fills_in's plan for the ``nf`` shapes ``codes`` (masbrur_search.shapes_of's ints) in
    their order: their values counted in ``rem`` (per formation) and ``need`` (per row), and
    per use fills_in's four bytes, its head's text (``F U*:``, `` ; L:``, ``,``) compared with
    ``bb``'s (``nb`` character codes) there. How many uses."""
    ns = 0
    at = 0
    for j in range(nf):
        code = codes[j]
        n = code >> 6
        top = code >> 2 & 15
        row = code >> 1 & 1
        zh = not code & 1 and top == 8
        for x in range(n):
            v = top if code & 1 else (0 if x == n - 1 else 9 - n + x) if zh else top + 1 - n + x
            rem[8 * j + v] += 1
            need[8 * row + v] += 1
            head = b","
            if x == 0:
                head = (b"F " if j == 0 else b" ; ") + (b"L" if row else b"U") \
                    + (b"*:" if zh else b":")
            seg = bytes(bb[at:min(at + len(head), nb)])
            plan[4 * ns] = j * 32 + n - 1 - x
            plan[4 * ns + 1] = row
            plan[4 * ns + 2] = 1 if head > seg else 2 if head < seg else 0
            at += len(head)
            plan[4 * ns + 3] = at
            at += 4
            ns += 1
    return ns
