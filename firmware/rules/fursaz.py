"""Fursaz (docs/rules/fursaz.md): hex territorial flipping game, sizes 5 and 7, pie rule.

Contract of docs/contracts.md#the-rules-engines plus, for the stone board:
  ``resolution(state, point)``  the flips a placement causes (stages, net changes, cycle);
  ``territory(state)``          the owner of every empty point, for the end display;
  ``board(state)``              the colour of every stone.

Seats and colours: seat 0 is Black unless the pie ``swap`` was played, then seat 1 is.

Position text (docs/rules/fursaz.md#notation): ``<N> <B|W to move> <passes> <swapped 0|1>
<pie0|pie1|play> <stones…>``, e.g. ``5 W 0 0 play e3B0 e5W1``. Stones are written in point
order (a1, a2, …, b1, …, the order of ``legal_moves``); ``from_text`` accepts them in any
order. Ranks are dense (0 = oldest; stones flipped in one stage share a rank). Options that
change behaviour but are not in the header (``territory``, ``cycle_rule``, ``tie``) are
written after the stones as ``key=value`` tokens, and only when they differ from the
default, so a default game's text is exactly the one in docs/rules/fursaz.md#notation.
``pie`` needs no token: the phase says all of it. A finished game has ``passes`` 2. In
phase ``play`` a position must be stable, except under ``cycle_rule=stop``
(a stopped cascade may leave capturable stones).

``result`` reasons: "in progress" (game not over; scores are the current count),
"score" (higher score wins), "draw" (equal scores), "tie to white" (equal, tie="white").

Speed: a change at a point only changes the flank status of that stone and of the nearest
stone each way on the lines through it (docs/rules/fursaz.md#a-turn). legal_moves must simulate
every placement (cycle rule): a quick test (_quiet_after, from a table of the nearest stone
each way from every point made once per call) settles the ~80 % that flip nothing;
the resolution loop checks only suspects (stones near a change). Per-size tables of rays
are built on first use.
"""
from array import array

from firmware import native
from firmware.rules import IllegalMove, take_options

_BLACK = 1
_WHITE = 2
_LETTER = " BW"

_PHASES = ("pie0", "pie1", "play")
_PIE0 = 0
_PIE1 = 1
_PLAY = 2

# {name: (default, kind, arg)}, kinds as in firmware.rules.take_options.
OPTIONS = {
    "size": (7, "choice", (5, 7)),
    "pie": (True, "bool", None),
    "territory": ("run", "choice", ("run", "midpoint")),
    "cycle_rule": ("illegal", "choice", ("illegal", "stop")),
    "tie": ("draw", "choice", ("draw", "white")),
}
# Options written into the position text when not at their default.
_TEXT_OPTIONS = ("territory", "cycle_rule", "tie")

# The six directions, opposite ones 3 apart; axes A1, A2, A3 are directions 0, 1, 2.
_DIRS = ((1, 0), (0, 1), (1, -1), (-1, 0), (0, -1), (-1, 1))


class _Geo:
    """Tables of one board size. Points are numbered in canonical order (a1, a2, …).

    Every table is one flat bytearray (point numbers < 256) with a list of offsets,
    each allocated once at its final size: on a Pico the heap does not grow, and
    thousands of small tuples built here once left it in pieces too small for the
    rest of the game."""

    def __init__(self, size):
        rr = size - 1
        n = 3 * size * rr + 1
        self.size = size
        self.n = n
        # first[row]: the number of the row's first point (row 0 is rank a).
        first = [0] * (2 * size)
        for row in range(2 * size - 1):
            first[row + 1] = first[row] + 2 * size - 1 - abs(rr - row)
        self.first = first
        names = [None] * n
        for p in range(n):
            row, q, r = self._coords(p)
            names[p] = "%s%d" % (chr(97 + row), q + size)
        self.names = names
        # ray[ray_at[6 * p + d] : ray_at[6 * p + d + 1]]: the points from p outwards in
        # direction d, up to the edge.
        ray_at = array("H", range(6 * n + 1))   # offsets past 255: 16 bits each
        ray_at[0] = 0
        for p in range(n):
            _, q, r = self._coords(p)
            for d in range(6):
                i = 6 * p + d
                ray_at[i + 1] = ray_at[i] + self._reach(q, r, d)
        ray = bytearray(ray_at[6 * n])
        i = 0
        for p in range(n):
            _, q, r = self._coords(p)
            for d in range(6):
                dq, dr = _DIRS[d]
                for k in range(1, self._reach(q, r, d) + 1):
                    ray[i] = self._at(q + k * dq, r + k * dr)
                    i += 1
        self.ray = ray
        self.ray_at = ray_at
        # pair[pair_at[3 * p + a] : pair_at[3 * p + a + 1]]: the points at distance 1, 2, …
        # on both sides of p along axis a, interleaved (+1, -1, +2, -2, …) and cut where
        # either side leaves the board.
        pair_at = array("H", range(3 * n + 1))
        pair_at[0] = 0
        for p in range(n):
            for a in range(3):
                fwd = 6 * p + a
                back = fwd + 3
                i = 3 * p + a
                pair_at[i + 1] = pair_at[i] + 2 * min(ray_at[fwd + 1] - ray_at[fwd],
                                                      ray_at[back + 1] - ray_at[back])
        pair = bytearray(pair_at[3 * n])
        i = 0
        for p in range(n):
            for a in range(3):
                fwd = ray_at[6 * p + a]
                back = ray_at[6 * p + a + 3]
                for k in range((pair_at[3 * p + a + 1] - pair_at[3 * p + a]) // 2):
                    pair[i] = ray[fwd + k]
                    pair[i + 1] = ray[back + k]
                    i += 2
        self.pair = pair
        self.pair_at = pair_at
        self.dist = bytearray(6 * n)   # scratch for _nearest (distances < 13)
        self.dist_of = bytearray(b"\xff" * n)   # the colours g.dist was filled for (none yet)
        # edges[d]: the points with no neighbour in direction d.
        self.edges = tuple(
            bytes([p for p in range(n) if ray_at[6 * p + d] == ray_at[6 * p + d + 1]])
            for d in range(6)
        )

    def _coords(self, p):
        """(row, q, r) of point p: axial coordinates, the centre at (0, 0)."""
        first = self.first
        row = 0
        while first[row + 1] <= p:
            row += 1
        rr = self.size - 1
        r = rr - row
        return row, p - first[row] + max(-rr, -rr - r), r

    def _at(self, q, r):
        """The number of the point at (q, r), which is on the board."""
        rr = self.size - 1
        return self.first[rr - r] + q - max(-rr, -rr - r)

    def _reach(self, q, r, d):
        """How many points lie beyond (q, r) in direction d."""
        rr = self.size - 1
        dq, dr = _DIRS[d]
        k = 0
        while True:
            q += dq
            r += dr
            if q < -rr or q > rr or r < -rr or r > rr or q + r < -rr or q + r > rr:
                return k
            k += 1

    def point(self, name):
        """The number of the point called ``name`` (as in ``names``), or None."""
        if not 2 <= len(name) <= 3:
            return None
        for ch in name[1:]:
            if ch not in "0123456789":
                return None
        row = ord(name[0]) - 97
        if not 0 <= row < 2 * self.size - 1:
            return None
        rr = self.size - 1
        r = rr - row
        p = self.first[row] + int(name[1:]) - self.size - max(-rr, -rr - r)
        if self.first[row] <= p < self.first[row + 1] and self.names[p] == name:
            return p
        return None


_GEOS = {}


def _geo(size):
    g = _GEOS.get(size)
    if g is None:
        if not _GEOS:
            _load_twins()
        g = _Geo(size)
        _GEOS[size] = g
    return g


class _State:
    """One position. ``col``: bytearray of colours per point; ``st``: stamp per point
    (array "I", meaningless where empty; the native twins read it as 32-bit words);
    ``clock``: the next stamp; ``turn``: colour to move."""

    def __init__(self, opts, col, st, clock, turn, passes, swapped, phase):
        self.opts = opts
        self.size = opts["size"]
        self.col = col
        self.st = st
        self.clock = clock
        self.turn = turn
        self.passes = passes
        self.swapped = swapped
        self.phase = phase

    def copy(self):
        return _State(self.opts, bytearray(self.col), _copied(self.st), self.clock,
                      self.turn, self.passes, self.swapped, self.phase)


# ---------------------------------------------------------------- flanks and resolution

def _copied(st):
    """A copy of the stamps ``st``, by a slice: copied at C speed (array("I", st) takes each
    stamp in turn: ~0.5 ms on a Pico at size 7, several times in a game's end)."""
    return st[:]


def _stamps(n):
    """n zero stamps."""
    st = array("I", range(n))
    for i in range(n):
        st[i] = 0
    return st


def _capturable(col, st, g, x):
    """True iff the stone on x has a flank and its most recent flank is the other colour."""
    return _capturable_in(g.pair, g.pair_at, col, st, x)


def capturable(pair, at, col, st, x):
    """_capturable over the tables (native twin: fursaz_native.capturable)."""
    best = -1
    best_col = 0
    for a in range(3 * x, 3 * x + 3):
        for k in range(at[a], at[a + 1], 2):
            u = pair[k]
            v = pair[k + 1]
            cu = col[u]
            cv = col[v]
            if cu or cv:
                if cu == cv:
                    age = st[u]
                    if st[v] > age:
                        age = st[v]
                    if age > best:
                        best = age
                        best_col = cu
                break
    return best_col != 0 and best_col != col[x]


def _nearest(g, col):
    """Fill g.dist: dist[6 * p + d] is the distance from p to the nearest stone in
    direction d (0: none), for every point, in one walk along each line from the edge. Not
    again for the colours it was last filled for (a pass leaves them: the end's two checks)."""
    if col != g.dist_of:
        _nearest_fill(g.ray, g.ray_at, g.dist, col, g.edges)
        g.dist_of[:] = col
    return g.dist


def nearest_fill(ray, at, dist, col, edges):
    """_nearest's walk over the tables (native twin: fursaz_native.nearest_fill)."""
    for d in range(6):
        back = d - 3 if d >= 3 else d + 3
        for p in edges[d]:
            dist[6 * p + d] = 0
            prev = p
            k = 0
            for i in range(at[6 * p + back], at[6 * p + back + 1]):
                q = ray[i]
                k = 1 if col[prev] else k + 1 if k else 0
                dist[6 * q + d] = k
                prev = q


def capturable_near(ray, at, col, st, dist, x, d0, j0):
    """_capturable for the stone on x from the nearest-stone table ``dist``, except
    that in direction d0 the nearest stone is at distance j0 (one just placed; d0 -1:
    none). On each axis x is flanked when its nearest stones both ways are at the same
    distance and of one colour. (Native twin: fursaz_native.capturable_near.)"""
    base = 6 * x
    best = -1
    best_col = 0
    for a in range(3):
        ja = j0 if a == d0 else dist[base + a]
        if ja and ja == (j0 if a + 3 == d0 else dist[base + a + 3]):
            u = ray[at[base + a] + ja - 1]
            v = ray[at[base + a + 3] + ja - 1]
            if col[u] == col[v]:
                age = st[u] if st[u] > st[v] else st[v]
                if age > best:
                    best = age
                    best_col = col[u]
    return best_col != 0 and best_col != col[x]


def _quiet_after(g, col, st, p, dist):
    return _quiet_after_in(g.ray, g.ray_at, col, st, p, dist)


def quiet_after(ray, at, col, st, p, dist):
    """After a stone was put on p in a stable position: True iff still no stone is
    capturable. ``dist``: _nearest of the position before p. Besides p, only the nearest
    stone y on each ray from p can have changed, and only along that ray's axis
    (docs/rules/fursaz.md#flanks-and-which-stones-flip). With D the distance from p to y, look at
    the point o at distance D beyond y: if a stone (or the edge) comes first, y's flank on this
    axis is as before; if o holds a stone of p's colour, y now has the newest flank, of p's colour;
    if o holds the other colour, still no flank; if o is empty, p may have broken a flank of y, so
    y is checked in full (its nearest stone towards p is now p). (Native twin:
    fursaz_native.quiet_after.)"""
    mover = col[p]
    base = 6 * p
    for d in range(6):
        j = dist[base + d]
        if j:
            s = at[base + d]
            if 2 * j <= at[base + d + 1] - s:
                y = ray[s + j - 1]
                e = dist[6 * y + d]   # from y on: o, at distance j, or a stone before it
                if e == 0 or e > j:
                    if capturable_near(ray, at, col, st, dist, y, d - 3 if d >= 3 else d + 3, j):
                        return False
                elif e == j and col[ray[s + 2 * j - 1]] == mover and col[y] != mover:
                    return False
    return not capturable_near(ray, at, col, st, dist, p, -1, 0)


def quiet_points(ray, at, col, st, mover, clock, dist, quiet):
    """quiet_after for a ``mover`` stone (stamp ``clock``) on each empty point in turn:
    ``quiet`` gets 1 where it flips nothing, 2 where it may, 0 on the stones (``st`` keeps
    ``clock`` on the empty points). One call for a whole move list. (Native twin:
    fursaz_native.quiet_points.)"""
    for p in range(len(col)):
        if col[p]:
            quiet[p] = 0
        else:
            col[p] = mover
            st[p] = clock
            quiet[p] = 1 if quiet_after(ray, at, col, st, p, dist) else 2
            col[p] = 0


def settles(ray, at, pair, pair_at, col, st, clock, p, mover, mark, flips, rounds, log):
    """True iff the cascade from a ``mover`` stone just put on p (_cascade with ``clock``
    the next stamp) ends within ``rounds`` rounds, so never cycles; False: it goes on
    longer (_cascade says whether it cycles). ``col`` and ``st`` are changed; ``mark`` and
    ``flips`` (n bytes each) are scratch. The suspects are the points marked: which
    stones a stage flips does not depend on the order they are checked in. ``log`` (empty:
    none) gets each stage that flipped something, in order - its new colour, how many it
    flipped and their points, in point order - and a 0 after the last; False too when they
    do not fit. (Native twin: fursaz_native.settles; what the chip runs for a move list's
    cascades and a placement's play.)"""
    room = len(log)
    k = 0
    n = len(col)
    for x in range(n):
        mark[x] = 0
    mark[p] = 1
    for d in range(6 * p, 6 * p + 6):   # suspect(): p and the nearest stone on each ray
        for i in range(at[d], at[d + 1]):
            if col[ray[i]]:
                mark[ray[i]] = 1
                break
    for _ in range(rounds):
        flipped = False
        for victim in (3 - mover, mover):
            nf = 0
            for x in range(n):
                if mark[x] and col[x] == victim:
                    if capturable(pair, pair_at, col, st, x):
                        flips[nf] = x
                        nf += 1
                    else:
                        mark[x] = 0
            if not nf:
                continue
            if room:
                if k + nf + 3 > room:
                    return False
                log[k] = 3 - victim
                log[k + 1] = nf
                log[k + 2:k + 2 + nf] = flips[:nf]
                k += nf + 2
            for j in range(nf):
                col[flips[j]] = 3 - victim
                st[flips[j]] = clock
            clock += 1
            for j in range(nf):
                x = flips[j]
                mark[x] = 1
                for d in range(6 * x, 6 * x + 6):
                    for i in range(at[d], at[d + 1]):
                        if col[ray[i]]:
                            mark[ray[i]] = 1
                            break
            flipped = True
        if not flipped:
            if room:
                log[k] = 0
            return True
    return False


def suspect(ray, at, col, x, sus, mark):
    """Add x and the nearest stone on each ray from x to the suspects (native twin:
    fursaz_native.suspect)."""
    if not mark[x]:
        mark[x] = 1
        sus.append(x)
    for d in range(6 * x, 6 * x + 6):
        for i in range(at[d], at[d + 1]):
            y = ray[i]
            if col[y]:
                if not mark[y]:
                    mark[y] = 1
                    sus.append(y)
                break


# The twins in use: the portable ones until the first board geometry is made, then the
# native ones where the chip runs them (a board at its menu, which imports this module for
# its options, does not load them).
_nearest_fill = nearest_fill
_capturable_in = capturable
_quiet_after_in = quiet_after
_quiet_points = quiet_points
_suspect = suspect
_settles = None   # the chip's: byte-code runs _cascade, faster there than settles


def _load_twins():
    global _nearest_fill, _capturable_in, _quiet_after_in, _quiet_points, _suspect, _settles
    global _land_fill
    twin = native.load("firmware.rules.fursaz_native")
    if twin:
        _nearest_fill, _capturable_in = twin.nearest_fill, twin.capturable
        _quiet_after_in, _suspect = twin.quiet_after, twin.suspect
        _quiet_points, _settles = twin.quiet_points, twin.settles
        _land_fill = twin.land_fill


def _same_order(col, st, st0):
    """True iff the stones' stamps have the same dense ranks under ``st`` and ``st0``."""
    ranks = _ranks(col, st)
    ranks0 = _ranks(col, st0)
    for i in range(len(col)):
        if col[i] and ranks[st[i]] != ranks0[st0[i]]:
            return False
    return True


def _ranks(col, st):
    """{stamp: dense rank} over the stones on the board."""
    stamps = sorted({st[i] for i in range(len(col)) if col[i]})
    ranks = {}
    for i in range(len(stamps)):
        ranks[stamps[i]] = i
    return ranks


def _cascade(g, col, st, clock, p, mover, everything=False, stages=None):
    """The resolution loop (docs/rules/fursaz.md#a-turn) in place, once a ``mover`` stone is on p;
    ``clock`` is the next stamp. ``everything``: check every stone, not only those near p (the
    start position may be unstable, which only happens under cycle_rule "stop"). ``stages``: a
    list that receives (new colour, flipped points) per stage that flipped something.
    Returns (next clock, cycled). A cycle stops the loop at the first repeated state key,
    which is where cycle_rule "stop" ends the turn.

    ``sus`` holds the suspects: every stone outside it is known not to be capturable.
    A stage checks only the suspects of its colour; a flip makes the flipped stone and the
    nearest stone on each of its six rays suspects again (their flanks use it)."""
    mark = bytearray(g.n)
    sus = []
    if everything:
        for x in range(g.n):
            if col[x]:
                mark[x] = 1
                sus.append(x)
    else:
        _suspect(g.ray, g.ray_at, col, p, sus, mark)
    # The states seen so far, as (colours, stamps) snapshots, for the cycle rule. The state
    # key is (colours, dense stamp ranks): compare colours first, ranks only if they match.
    seen = None
    enemy = 3 - mover
    pair, pair_at = g.pair, g.pair_at
    while True:
        flipped = False
        for stage in range(2):
            victim = enemy if stage == 0 else mover
            flips = []
            rest = []
            for x in sus:
                if col[x] != victim:
                    rest.append(x)
                elif _capturable_in(pair, pair_at, col, st, x):
                    flips.append(x)
                else:
                    mark[x] = 0
            sus = rest
            if not flips:
                continue
            if seen is None:
                seen = [(bytes(col), list(st))]
            for x in flips:
                col[x] = 3 - victim
                st[x] = clock
                mark[x] = 0
            clock += 1
            for x in flips:
                _suspect(g.ray, g.ray_at, col, x, sus, mark)
            if stages is not None:
                stages.append((3 - victim, flips))
            flipped = True
        if not flipped:
            return clock, False
        colours = bytes(col)
        for colours0, st0 in seen:
            if colours0 == colours and _same_order(col, st, st0):
                return clock, True
        seen.append((colours, list(st)))


# ---------------------------------------------------------------- the contract

def new_game(options=None, seed=0):
    """A new game. Fursaz has no randomness: ``seed`` is accepted and ignored."""
    opts = take_options(options, OPTIONS)
    n = _geo(opts["size"]).n
    return _State(opts, bytearray(n), _stamps(n), 0, _BLACK, 0, 0,
                  _PIE0 if opts["pie"] else _PLAY)


def is_over(state):
    return state.passes >= 2


def _seat(state, colour):
    return (colour - 1) ^ state.swapped


def to_move(state):
    if is_over(state):
        return None
    return _seat(state, state.turn)


def sides(state):
    """(the colour to move: 1 Black, 2 White; 1 when the pie swapped the seats, else 0):
    the position text's second and fourth fields, without the text (~30 ms on a Pico at
    size 7, on the stone board's every move)."""
    return state.turn, state.swapped


def _legal_points(state, one=False):
    """Indices of the empty points the mover may play (cycle rule applied); with ``one``,
    one of them at most: whether there is any (only_pass)."""
    g = _geo(state.size)
    col = state.col
    out = []
    if state.opts["cycle_rule"] == "stop" or state.phase != _PLAY:
        # With at most one stone on the board nothing can flip.
        for p in range(g.n):
            if not col[p]:
                out.append(p)
                if one:
                    break
        return out
    col = bytearray(col)
    st = _copied(state.st)
    clock = state.clock
    mover = state.turn
    dist = _nearest(g, col)
    if not one or _settles is not None:   # (the chip: every point's quick test at once)
        return _all_legal(state, g, col, st, clock, mover, dist, one)
    for p in range(g.n):   # (byte-code: the empty points as they come, up to a legal one)
        if col[p]:
            continue
        col[p] = mover
        st[p] = clock
        quiet = _quiet_after(g, col, st, p, dist)
        col[p] = 0
        if quiet or _no_cycle(state, g, col, st, clock, p, mover, None):
            return [p]
    return out


def _no_cycle(state, g, col, st, clock, p, mover, scratch):
    """Is a ``mover`` stone on p legal, its cascade (``clock`` its stamp) not cycling?
    ``col`` and ``st``: the state's, copied, and as they were after. ``scratch``: two
    bytearrays of n for the chip's twin (settles: a cascade that ends within 32 rounds
    never cycles), or None: the byte-code cascade."""
    col[p] = mover
    st[p] = clock
    if scratch is not None and _settles(g.ray, g.ray_at, g.pair, g.pair_at, col, st,
                                        clock + 1, p, mover, scratch[0], scratch[1], 32, b""):
        ok = True
    else:
        if scratch is not None:   # again from the start, with the cycle check
            col[:] = state.col
            st[:] = state.st
            col[p] = mover
            st[p] = clock
        ok = not _cascade(g, col, st, clock + 1, p, mover)[1]
    col[:] = state.col   # the cascade undone
    st[:] = state.st
    return ok


def _all_legal(state, g, col, st, clock, mover, dist, one):
    """_legal_points' list: every empty point's quick test in one call (_quiet_points),
    then a cascade only where a stone may flip (with ``one``, only while none is known
    legal: a game's end, where none is, walks them all); byte searches, not a byte-code
    loop, walk the points."""
    quiet = bytearray(g.n)
    _quiet_points(g.ray, g.ray_at, col, st, mover, clock, dist, quiet)
    p = quiet.find(b"\x01") if one else -1
    if p >= 0:
        return [p]
    scratch = None if _settles is None else (bytearray(g.n), bytearray(g.n))
    p = quiet.find(b"\x02")
    while p >= 0:
        quiet[p] = 1 if _no_cycle(state, g, col, st, clock, p, mover, scratch) else 0
        if one and quiet[p]:
            return [p]
        p = quiet.find(b"\x02", p + 1)
    out = []
    p = quiet.find(b"\x01")
    while p >= 0:
        out.append(p)
        p = quiet.find(b"\x01", p + 1)
    return out


def only_pass(state):
    """``legal_moves(state) == ["pass"]``, answered at the first legal point found (the
    board asks after every move; a whole list is ~70 ms on a Pico at size 7). A full board,
    a game's usual end (its two forced passes ask twice), is found by a byte search."""
    if is_over(state) or state.phase != _PLAY:
        return False
    return state.col.find(b"\x00") < 0 or not _legal_points(state, True)


def legal_moves(state):
    if is_over(state):
        return []
    names = _geo(state.size).names
    moves = [names[p] for p in _legal_points(state)]
    if state.phase == _PIE1:
        moves.append("swap")
    if state.phase != _PIE0:
        moves.append("pass")
    return moves


def _point(state, move):
    """The index of a placement move, after every check but the cycle rule."""
    if not isinstance(move, str):
        raise IllegalMove("a move must be a text such as 'e5', 'pass' or 'swap'")
    if is_over(state):
        raise IllegalMove("the game is over")
    g = _geo(state.size)
    p = g.point(move)
    if p is None:
        raise IllegalMove("'%s' is not a point of the size-%d board (nor 'pass' or 'swap')"
                          % (move[:12], state.size))
    if state.col[p]:
        raise IllegalMove("%s is already occupied" % move)
    return p


_SHOWN = [None]   # the last placement resolution() resolved: (state, p, new state, cycled)


def _resolve(state, p, stages=None):
    """Play a placement at p on a copy of the state; return (new state, cycled). The
    placement the board has just shown (resolution) is not resolved again for its play."""
    shown = _SHOWN[0]
    if shown is not None:
        _SHOWN[0] = None
        if stages is None and shown[0] is state and shown[1] == p:
            return shown[2], shown[3]
    s = state.copy()
    s.col[p] = s.turn
    s.st[p] = s.clock
    g = _geo(s.size)
    unstable = s.opts["cycle_rule"] == "stop" and s.phase == _PLAY
    if _settles is not None and not unstable:
        log = bytearray(4 * g.n)
        if _settles(g.ray, g.ray_at, g.pair, g.pair_at, s.col, s.st, s.clock + 1, p, s.turn,
                    bytearray(g.n), bytearray(g.n), 32, log):
            _logged(s, log, stages)
            return s, False
        s.col[:] = state.col   # it goes on: again from the start, with the cycle check
        s.st[:] = state.st
        s.col[p] = s.turn
        s.st[p] = s.clock
    s.clock, cycled = _cascade(g, s.col, s.st, s.clock + 1, p, s.turn, unstable, stages)
    return s, cycled


def _logged(s, log, stages):
    """The stages of settles' ``log`` into ``stages`` (if given; as _cascade gives them) and
    the stamp after them into ``s.clock``."""
    k = 0
    clock = s.clock + 1
    while log[k]:
        nf = log[k + 1]
        if stages is not None:
            stages.append((log[k], list(log[k + 2:k + 2 + nf])))
        k += nf + 2
        clock += 1
    s.clock = clock


def play(state, move):
    if isinstance(move, str) and not is_over(state):
        if move == "pass":
            if state.phase == _PIE0:
                raise IllegalMove("the first move must place a black stone; it cannot be a pass")
            s = state.copy()
            s.passes += 1
            s.turn = 3 - s.turn
            s.phase = _PLAY
            return s
        if move == "swap":
            if state.phase != _PIE1:
                raise IllegalMove("swap is only allowed as White's first move, "
                                  "right after the first black stone")
            s = state.copy()
            s.swapped = 1
            s.phase = _PLAY  # White (now seat 0) is still to move
            return s
    p = _point(state, move)
    s, cycled = _resolve(state, p)
    if cycled and s.opts["cycle_rule"] == "illegal":
        raise IllegalMove("a stone at %s would make the flipping go on forever, "
                          "so it cannot be played (cycle rule)" % move)
    s.passes = 0
    s.turn = 3 - s.turn
    s.phase = _PIE1 if s.phase == _PIE0 else _PLAY
    return s


def resolution(state, point):
    """What placing the mover's stone at ``point`` does, for the board to show.

    Returns {"point": "e5", "colour": "B" (the mover's colour, as the stone is put down),
    "final": colour the placed stone shows at the end, "stages": [{"colour": new colour,
    "points": [flipped points]}, …] for every stage that flipped something, in order,
    "net": points other than ``point`` whose colour at the end differs from before (each
    is turned over once; a stone flipped twice is not in it), "cycle": True if the flipping
    would go on forever}. With cycle True the stages are those up to the first repeat
    (under "illegal" the placement is then not a legal move). Points come in point order.
    Raises IllegalMove if ``point`` is not an empty point or the game is over."""
    p = _point(state, point)
    stages = []
    s, cycled = _resolve(state, p, stages)
    _SHOWN[0] = (state, p, s, cycled)   # the board plays it next (s is not kept here)
    names = _geo(state.size).names
    odd = {}   # the points turned an odd number of times: those whose colour changed
    for _, flips in stages:
        for x in flips:
            odd[x] = not odd.get(x)
    net = [names[x] for x in sorted(odd) if odd[x] and x != p]
    return {
        "point": point,
        "colour": _LETTER[state.turn],
        "final": _LETTER[s.col[p]],
        "stages": [{"colour": _LETTER[c], "points": [names[x] for x in sorted(flips)]}
                   for c, flips in stages],
        "net": net,
        "cycle": cycled,
    }


# ---------------------------------------------------------------- territory and result

_LAND = [None, None]   # the last state _land walked, and its answer


def _land(state):
    """Whose territory each point is (docs/rules/fursaz.md#the-end-and-the-score): a
    bytearray, 1 Black, 2 White, 0 neutral or a stone (not to be changed: the last one is
    kept, as a game's end asks for its result and its territory in turn)."""
    if _LAND[0] is state:
        return _LAND[1]
    g = _geo(state.size)
    land = bytearray(g.n)
    _land_fill(g.ray, g.ray_at, g.pair, g.pair_at, state.col,
               state.opts["territory"] == "run", land)
    _LAND[0] = state
    _LAND[1] = land
    return land


def land_fill(ray, at, pair, pair_at, col, run, land):
    """_land's walk over the tables: from every empty point along each axis to the first
    stone both ways (``run``: the territory rule "run"), or to the first pair at equal
    distance holding a stone ("midpoint"); the point is a colour's when only that colour
    flanks it. (Native twin: fursaz_native.land_fill: ~1.5 ms as byte-code on a Pico at
    size 7, twice at a game's end.)"""
    for e in range(len(col)):
        land[e] = 0
        if col[e]:
            continue
        seen = 0  # bit 1: flanked by Black somewhere, bit 2: by White
        for a in range(3):
            if run:
                first = 0
                for side in range(2):
                    d = 6 * e + a + 3 * side
                    end = 0
                    for i in range(at[d], at[d + 1]):
                        if col[ray[i]]:
                            end = col[ray[i]]
                            break
                    if side == 0:
                        first = end
                    elif end == first:
                        seen |= end
            else:
                for k in range(pair_at[3 * e + a], pair_at[3 * e + a + 1], 2):
                    cu = col[pair[k]]
                    cv = col[pair[k + 1]]
                    if cu or cv:
                        if cu == cv:
                            seen |= cu
                        break
        land[e] = seen if seen == _BLACK or seen == _WHITE else 0


_land_fill = land_fill   # the twin in use (_load_twins)


def territory(state):
    """{point: "B" | "W" | None} for every empty point: whose territory it is (None = neutral)."""
    names = _geo(state.size).names
    col = state.col
    land = _land(state)
    out = {}
    for e in range(len(col)):
        if not col[e]:
            out[names[e]] = _LETTER[land[e]] if land[e] else None
    return out


def board_view(state, colours, land=None):
    """Every point's colour into the bytearray ``colours`` (0 empty, 1 Black, 2 White), in
    point order: board() without its dict of names (~12 ms on a Pico at size 7, on the
    stone board's every move); and, when given (a game's end), into the bytearray ``land``
    whose territory each point is (territory() by index: 1 Black, 2 White, 0 neutral
    or a stone)."""
    colours[:] = state.col
    if land is not None:
        land[:] = _land(state)


def board(state):
    """{point: "B" | "W"} for every stone on the board."""
    names = _geo(state.size).names
    col = state.col
    out = {}
    for p in range(len(col)):
        if col[p]:
            out[names[p]] = _LETTER[col[p]]
    return out


def _scores_by_colour(state):
    # (counted at C speed: a loop takes a Pico ~3 ms at size 7)
    col = bytes(state.col)
    land = _land(state)
    return (col.count(b"\x01") + land.count(b"\x01"),
            col.count(b"\x02") + land.count(b"\x02"))


def result(state):
    black, white = _scores_by_colour(state)
    scores = [0, 0]
    scores[_seat(state, _BLACK)] = black
    scores[_seat(state, _WHITE)] = white
    if not is_over(state):
        return {"winner": None, "scores": scores, "reason": "in progress"}
    if black != white:
        return {"winner": _seat(state, _BLACK if black > white else _WHITE),
                "scores": scores, "reason": "score"}
    if state.opts["tie"] == "white":
        return {"winner": _seat(state, _WHITE), "scores": scores, "reason": "tie to white"}
    return {"winner": None, "scores": scores, "reason": "draw"}


# ---------------------------------------------------------------- position text

def to_text(state):
    names = _geo(state.size).names
    col = state.col
    ranks = _ranks(col, state.st)
    parts = ["%d %s %d %d %s" % (state.size, _LETTER[state.turn], state.passes,
                                 state.swapped, _PHASES[state.phase])]
    for p in range(len(col)):
        if col[p]:
            parts.append("%s%s%d" % (names[p], _LETTER[col[p]], ranks[state.st[p]]))
    for key in _TEXT_OPTIONS:
        if state.opts[key] != OPTIONS[key][0]:
            parts.append("%s=%s" % (key, state.opts[key]))
    return " ".join(parts)


def _field(tokens, i, allowed, what):
    if len(tokens) <= i or tokens[i] not in allowed:
        raise ValueError("%s must be one of %s" % (what, ", ".join(allowed)))
    return allowed.index(tokens[i])


def from_text(text):
    if not isinstance(text, str):
        raise ValueError("a position must be a text")
    tokens = text.split()
    size = (5, 7)[_field(tokens, 0, ("5", "7"), "the board size (first field)")]
    turn = _field(tokens, 1, ("B", "W"), "the colour to move (second field)") + 1
    passes = _field(tokens, 2, ("0", "1", "2"), "the number of passes (third field)")
    swapped = _field(tokens, 3, ("0", "1"), "the swapped flag (fourth field)")
    phase = _field(tokens, 4, _PHASES, "the phase (fifth field)")
    g = _geo(size)
    options = {"size": size, "pie": phase != _PLAY}
    col = bytearray(g.n)
    st = _stamps(g.n)
    rank_colour = {}
    for tok in tokens[5:]:
        if "=" in tok:
            key, _, value = tok.partition("=")
            if key not in _TEXT_OPTIONS or key in options:
                raise ValueError("unknown or repeated option %s in the position" % key)
            options[key] = value
            continue
        i = 1
        while i < len(tok) and tok[i].isdigit():
            i += 1
        p = g.point(tok[:i])
        if p is None or i >= len(tok) or tok[i] not in "BW" or not tok[i + 1:].isdigit():
            raise ValueError("bad stone %s: want point, B or W, rank (as in e5B0)" % tok)
        if col[p]:
            raise ValueError("two stones on %s" % tok[:i])
        colour = _LETTER.index(tok[i])
        rank = int(tok[i + 1:])
        if rank_colour.get(rank, colour) != colour:
            raise ValueError("stones of both colours share rank %d" % rank)
        rank_colour[rank] = colour
        col[p] = colour
        st[p] = rank
    opts = take_options(options, OPTIONS)
    count = len(rank_colour)
    for rank in range(count):
        if rank not in rank_colour:
            raise ValueError("ranks must be 0, 1, 2, … with none skipped (missing %d)" % rank)
    stones = sum(1 for c in col if c)
    if phase == _PIE0 and (stones or turn != _BLACK or passes or swapped):
        raise ValueError("phase pie0 is an empty board with Black to move, no passes, not swapped")
    if phase == _PIE1 and (stones != 1 or sum(col) != _BLACK or turn != _WHITE
                           or passes or swapped):
        raise ValueError(
            "phase pie1 is one black stone with White to move, no passes, not swapped"
        )
    if swapped and not stones:
        raise ValueError("a swapped game has at least the pie stone on the board")
    s = _State(opts, col, st, count, turn, passes, swapped, phase)
    if phase == _PLAY and opts["cycle_rule"] == "illegal":
        for p in range(g.n):
            if col[p] and _capturable(col, st, g, p):
                raise ValueError("the stone on %s is capturable: not a position reachable "
                                 "between turns" % g.names[p])
    return s
