"""The Fursaz opponent's judge: the score margin a placement leaves, without playing it
through the engine (firmware/ai/fursaz.py judges hundreds of candidates a move; on a Pico
``rules.play`` + ``rules.result`` took 25-160 ms each, nearly all of it the territory).

From one position it keeps the nearest stone each way from every point (the engine's
``nearest_fill``) and which empty points flip nothing when played (its ``quiet_points``).
A placement that flips nothing changes the score only at its point and at the empty points
on its six rays up to the nearest stone (docs/rules/fursaz.md#the-end-and-the-score: their
nearest stone towards it is now the placed one): ``placed_in`` scores just those. A
placement that flips goes through ``rules.play`` and is counted whole (``margin_in``).
Margins are Black's score minus White's, equal to what ``rules.result`` gives.

It reads the engine's position and tables (colours, stamps, rays) as they are; the native
twins (native/ai/fursaz_judge_native.py) are what the chip runs."""
from array import array

from firmware import native
import firmware.rules.fursaz as rules


def owner(ray, at, col, dist, e, d0, j0, run):
    """Whose territory the empty point e is (1 Black, 2 White, 0 nobody's) from the
    nearest-stone table ``dist``, except that in direction d0 the nearest stone is at
    distance j0 (d0 -1: none). ``run``: the territory rule "run" (the nearest stones both
    ways on a line, at any distances), else "midpoint" (at equal distances). (Native
    twin: fursaz_judge_native.owner.)"""
    base = 6 * e
    seen = 0
    for a in range(3):
        ja = j0 if a == d0 else dist[base + a]
        jb = j0 if a + 3 == d0 else dist[base + a + 3]
        if ja and jb and (run or ja == jb):
            c = col[ray[at[base + a] + ja - 1]]
            if c == col[ray[at[base + a + 3] + jb - 1]]:
                seen |= c
    return seen if seen < 3 else 0


def margin_in(ray, at, col, dist, run):
    """Black's score minus White's: stones plus territory, ``dist`` the nearest-stone table
    of ``col``. (Native twin: fursaz_judge_native.margin_in.)"""
    m = 0
    for e in range(len(col)):
        c = col[e]
        if not c:
            c = owner(ray, at, col, dist, e, -1, 0, run)
        if c == 1:
            m += 1
        elif c == 2:
            m -= 1
    return m


def placed_in(ray, at, col, dist, run, p, mover):
    """How a ``mover`` stone on the empty point p changes margin_in, when it flips nothing
    (``col`` and ``dist``: the position before; ``col`` is as it was after). (Native twin:
    fursaz_judge_native.placed_in.)"""
    was = owner(ray, at, col, dist, p, -1, 0, run)
    delta = (1 if mover == 1 else -1) - (1 if was == 1 else -1 if was == 2 else 0)
    col[p] = mover
    for d in range(6):
        s = at[6 * p + d]
        j = dist[6 * p + d]
        end = s + j - 1 if j else at[6 * p + d + 1]
        back = d - 3 if d >= 3 else d + 3
        for i in range(s, end):   # the empty points up to the nearest stone
            e = ray[i]
            now = owner(ray, at, col, dist, e, back, i - s + 1, run)
            was = owner(ray, at, col, dist, e, -1, 0, run)
            if now != was:
                delta += (1 if now == 1 else -1 if now == 2 else 0) \
                    - (1 if was == 1 else -1 if was == 2 else 0)
    col[p] = 0
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
        self.other = bytearray(6 * g.n)   # the nearest-stone table of a whole count

    def margin(self, state):
        """Black's score minus White's in ``state`` (as rules.result counts)."""
        g = self.g
        _nearest_fill(g.ray, g.ray_at, self.other, state.col, g.edges)
        return _margin_in(g.ray, g.ray_at, state.col, self.other,
                          state.opts["territory"] == "run")

    def start(self, state):
        """Judge the placements of ``state`` from now on."""
        g = self.g
        self.state = state
        self.run = state.opts["territory"] == "run"
        col = self.col
        col[:] = state.col
        self.st[:] = state.st
        _nearest_fill(g.ray, g.ray_at, self.dist, col, g.edges)
        self.base = _margin_in(g.ray, g.ray_at, col, self.dist, self.run)
        if state.opts["cycle_rule"] == "stop" and state.phase == 2:
            # (its positions may hold capturable stones: every placement is played)
            self.quiet[:] = bytes(g.n)
        else:
            _quiet_points(g.ray, g.ray_at, col, self.st, state.turn, state.clock, self.dist,
                          self.quiet)

    def placed(self, move):
        """Black's score minus White's after the placement ``move`` (a point's name)."""
        g = self.g
        p = g.point(move)
        if self.quiet[p] == 1:
            return self.base + _placed_in(g.ray, g.ray_at, self.col, self.dist, self.run, p,
                                          self.state.turn)
        return self.margin(rules.play(self.state, move))


# The twins in use: the native ones where the chip runs them.
_engine = native.load("firmware.rules.fursaz_native")
_nearest_fill = _engine.nearest_fill if _engine else rules.nearest_fill
_quiet_points = _engine.quiet_points if _engine else rules.quiet_points
_twin = native.load("firmware.ai.fursaz_judge_native")
_margin_in = _twin.margin_in if _twin else margin_in
_placed_in = _twin.placed_in if _twin else placed_in
