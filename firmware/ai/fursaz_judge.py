"""The Fursaz opponent's judge: the score margin a placement leaves, without playing it
through the engine (firmware/ai/fursaz.py judges hundreds of candidates a move; on a Pico
``rules.play`` + ``rules.result`` took 25-160 ms each, nearly all of it the territory).

From one position it keeps the nearest stone each way from every point (the engine's
``nearest_fill``) and which empty points flip nothing when played (its ``quiet_points``).
A placement that flips nothing changes the score only at its point and at the empty points
on its six rays up to the nearest stone (docs/rules/fursaz.md#the-end-and-the-score: their
nearest stone towards it is now the placed one): ``placed_in`` scores just those, from
the colours flanking each empty point on each axis (``flanks_in``, once a position). A
placement that flips goes through ``rules.play`` and is counted whole.
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
        if state.opts["cycle_rule"] == "stop" and state.phase == 2:
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
_twin = native.load("firmware.ai.fursaz_judge_native")
_flanks_in = _twin.flanks_in if _twin else flanks_in
_placed_in = _twin.placed_in if _twin else placed_in
