"""The Fursaz opponent's judge: the score margin a placement leaves, without playing it
through the engine (firmware/ai/fursaz.py judges hundreds of candidates a move; on a Pico
``rules.play`` + ``rules.result`` took 25-160 ms each, nearly all of it the territory).

From one position it keeps the nearest stone each way from every point (the engine's
``nearest_fill``) and which empty points flip nothing when played (its ``quiet_points``).
A placement that flips nothing changes the score only at its point and at the empty points
on its six rays up to the nearest stone (docs/rules/fursaz.md#the-end-and-the-score: their
nearest stone towards it is now the placed one): ``placed_in`` scores just those, from
the colours flanking each empty point on each axis (``flanks_in``, once a position). A
placement that flips is played on a copy of the colours by the engine's ``settles`` (its
cascade, without a new position) and ``flipped_in`` scores the points it changed and the
empty points next to them on their rays; a cascade ``settles`` does not finish (a cycle, or
more than 32 rounds), or one from a position that may hold capturable stones, goes through
``rules.play`` and is counted whole.
Margins are Black's score minus White's, equal to what ``rules.result`` gives.

It reads the engine's position and tables (colours, stamps, rays) as they are; the native
twins (native/ai/fursaz_judge_native.py) are what the chip runs."""
from array import array

from firmware import native
import firmware.rules.fursaz as rules


def flanks_in(ray, at, col, dist, run, flank):
    """Black's score minus White's (stones plus territory), ``dist`` the nearest-stone table
    of ``col``; ``flank`` gets, for every empty point, the colour flanking it on each axis
    (2 bits per axis, axis 0 lowest; 0 on the stones). ``run``: the territory rule "run"
    (the nearest stones both ways on a line, at any distances), else "midpoint" (at equal
    distances). An empty point flanked by one colour only is its territory. (Native twin:
    fursaz_judge_native.flanks_in.)"""
    m = 0
    for e in range(len(col)):
        c = col[e]
        f = 0
        if not c:
            base = 6 * e
            for a in range(3):
                ja = dist[base + a]
                jb = dist[base + a + 3]
                if ja and jb and (run or ja == jb):
                    u = col[ray[at[base + a] + ja - 1]]
                    if u == col[ray[at[base + a + 3] + jb - 1]]:
                        f |= u << 2 * a
            c = (f | f >> 2 | f >> 4) & 3
        flank[e] = f
        if c == 1:
            m += 1
        elif c == 2:
            m -= 1
    return m


def placed_in(ray, at, col, dist, run, flank, p, mover):
    """How a ``mover`` stone on the empty point p changes flanks_in's margin, when it flips
    nothing (``col``, ``dist`` and ``flank``: the position before). Only the empty points
    on p's rays up to the nearest stone change, each on one axis: towards p its nearest
    stone is now p, the other way it is the one p had. (Native twin:
    fursaz_judge_native.placed_in.)"""
    f = flank[p]
    was = (f | f >> 2 | f >> 4) & 3
    delta = (1 if mover == 1 else -1) - (1 if was == 1 else -1 if was == 2 else 0)
    for d in range(6):
        s = at[6 * p + d]
        j = dist[6 * p + d]
        shift = 2 * (d - 3 if d >= 3 else d)
        same = j and col[ray[s + j - 1]] == mover   # the stone beyond is p's colour
        for k in range(1, j if j else at[6 * p + d + 1] - s + 1):
            e = ray[s + k - 1]
            f = flank[e]
            g = f & ~(3 << shift)
            if same and (run or 2 * k == j):
                g |= mover << shift
            if g != f:
                was = (f | f >> 2 | f >> 4) & 3
                now = (g | g >> 2 | g >> 4) & 3
                delta += (1 if now == 1 else -1 if now == 2 else 0) \
                    - (1 if was == 1 else -1 if was == 2 else 0)
    return delta


def _worth(f):
    """What an empty point flanked ``f`` (flanks_in's 2 bits per axis) adds to the margin."""
    c = (f | f >> 2 | f >> 4) & 3
    return 1 if c == 1 else -1 if c == 2 else 0


def flipped_in(ray, at, col, now, run, flank, mark, p):
    """How flanks_in's margin changes from ``col`` to ``now``: the same stones and one more
    on the empty point p, some of them in the other colour (a placement's cascade).
    ``flank``: flanks_in's of ``col``; ``mark``: n zero bytes, left so. An empty point
    changes only when its nearest stone on some ray is p or a stone that changed colour:
    those are found again by walking their rays in ``now``. (Native twin:
    fursaz_judge_native.flipped_in.)"""
    delta = 0
    for x in range(len(col)):
        if x == p or col[x] != now[x]:
            was = _worth(flank[p]) if x == p else 1 if col[x] == 1 else -1
            delta += (1 if now[x] == 1 else -1) - was
            for d in range(6 * x, 6 * x + 6):
                for i in range(at[d], at[d + 1]):
                    if now[ray[i]]:
                        break
                    mark[ray[i]] = 1
    for e in range(len(col)):
        if mark[e]:
            mark[e] = 0
            g = 0
            for a in range(3):
                ja = ca = jb = cb = 0
                for i in range(at[6 * e + a], at[6 * e + a + 1]):
                    if now[ray[i]]:
                        ja = i - at[6 * e + a] + 1
                        ca = now[ray[i]]
                        break
                for i in range(at[6 * e + a + 3], at[6 * e + a + 4]):
                    if now[ray[i]]:
                        jb = i - at[6 * e + a + 3] + 1
                        cb = now[ray[i]]
                        break
                if ja and jb and (run or ja == jb) and ca == cb:
                    g |= ca << 2 * a
            delta += _worth(g) - _worth(flank[e])
    return delta


class Judge:
    """Margins of one position's placements (``start``), and of whole positions."""

    def __init__(self, size):
        g = rules._geo(size)   # (the engine's twins are bound with its first geometry)
        self.g = g
        self.col = bytearray(g.n)
        self.st = array("I", bytes(4 * g.n))
        self.dist = bytearray(6 * g.n)
        self.quiet = bytearray(g.n)
        self.flank = bytearray(g.n)
        self.other = bytearray(6 * g.n)   # the tables of a whole count
        self.spare = bytearray(g.n)
        self.now = bytearray(g.n)   # a cascade's colours and stamps, and its scratch
        self.now_st = array("I", bytes(4 * g.n))
        self.mark = bytearray(g.n)
        self.flips = bytearray(g.n)
        self.zeros = bytearray(g.n)   # flipped_in's marks

    def margin(self, state):
        """Black's score minus White's in ``state`` (as rules.result counts)."""
        g = self.g
        _nearest_fill(g.ray, g.ray_at, self.other, state.col, g.edges)
        return _flanks_in(g.ray, g.ray_at, state.col, self.other,
                          state.opts["territory"] == "run", self.spare)

    def start(self, state, moves):
        """Judge the placements of ``state`` from now on: ``moves``, its legal moves."""
        g = self.g
        self.state = state
        self.moves = moves
        self.points = _points(g.names, moves)
        self.run = state.opts["territory"] == "run"
        col = self.col
        col[:] = state.col
        self.st[:] = state.st
        _nearest_fill(g.ray, g.ray_at, self.dist, col, g.edges)
        self.base = _flanks_in(g.ray, g.ray_at, col, self.dist, self.run, self.flank)
        self.stable = state.opts["cycle_rule"] != "stop" or state.phase != 2
        if not self.stable:
            # (its positions may hold capturable stones: every placement is played)
            self.quiet[:] = bytes(g.n)
        else:
            _quiet_points(g.ray, g.ray_at, col, self.st, state.turn, state.clock, self.dist,
                          self.quiet)

    def placed(self, i):
        """Black's score minus White's after the placement ``moves[i]``."""
        g = self.g
        p = self.points[i]
        if self.quiet[p] == 1:
            return self.base + _placed_in(g.ray, g.ray_at, self.col, self.dist, self.run,
                                          self.flank, p, self.state.turn)
        if self.stable:
            s = self.state
            now = self.now
            now[:] = self.col
            now[p] = s.turn
            st = self.now_st
            st[:] = self.st
            st[p] = s.clock
            if _settles(g.ray, g.ray_at, g.pair, g.pair_at, now, st, s.clock + 1, p, s.turn,
                        self.mark, self.flips, 32, b""):
                return self.base + _flipped_in(g.ray, g.ray_at, self.col, now, self.run,
                                               self.flank, self.zeros, p)
        return self.margin(rules.play(self.state, self.moves[i]))


def _points(names, moves):
    """The point of each placement in ``moves`` (255: a pass or swap), in one walk: legal
    moves come in point order (docs/rules/fursaz.md#notation; a name is parsed in ~0.4 ms
    on a Pico)."""
    out = bytearray(len(moves))
    p = 0
    for i in range(len(moves)):
        m = moves[i]
        if m == "pass" or m == "swap":
            out[i] = 255
            continue
        while names[p] != m:
            p += 1
        out[i] = p
    return out


# The twins in use: the native ones where the chip runs them.
_engine = native.load("firmware.rules.fursaz_native")
_nearest_fill = _engine.nearest_fill if _engine else rules.nearest_fill
_quiet_points = _engine.quiet_points if _engine else rules.quiet_points
_settles = _engine.settles if _engine else rules.settles
_twin = native.load("firmware.ai.fursaz_judge_native")
_flanks_in = _twin.flanks_in if _twin else flanks_in
_placed_in = _twin.placed_in if _twin else placed_in
_flipped_in = _twin.flipped_in if _twin else flipped_in
