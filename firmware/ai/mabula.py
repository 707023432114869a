"""Mabula opponent: sequential halving over the moves, each sample one fast
random playout (``mabula_playout.playout``; its viper twin native/ai/mabula_native.py
where the chip runs native code) scored by result and score margin."""
from firmware import native
from firmware.ai.search import halving_steps
import firmware.rules.mabula as rules
from firmware.rules import mabula_playout

# Playout plies per decision by level (2..5); on a board the session's time
# limit caps them (tests/bench/extra_think.py measures it on the Pico). Every
# move takes a marble off the edge for good, so a playout lasts about as many
# plies as there are edge marbles: the samples are the plies over that.
_PLIES = (0, 0, 32, 90, 220, 520)


def _value(end, me):
    r = rules.result(end)
    margin = r["scores"][me] - r["scores"][1 - me]
    margin = -8 if margin < -8 else 8 if margin > 8 else margin
    w = r["winner"]
    return (1 if w is None else 2 if w == me else 0) * 17 + margin + 8


def think(state, level, rng):
    """The search for the move (a generator: firmware/ai/search.py). It yields
    after every position; the check for a win in one is not cut short by a
    hurry (it is bounded: a play a move)."""
    moves = rules.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    me = rules.to_move(state)
    children = []
    for m in moves:
        t = rules.play(state, m)
        if rules.is_over(t) and rules.result(t)["winner"] == me:
            return m
        children.append(t)
        yield
    if level == 1:
        return moves[rng.below(len(moves))]

    def value(i):
        return _value(_playout(children[i], rng), me)
    edge = mabula_playout.edge_marbles(state)
    i = yield from halving_steps(
        len(moves), value, _PLIES[level] // (edge if edge > 4 else 4), rng
    )
    return moves[i]


_twin = native.load("firmware.ai.mabula_native")
_steps = None   # mabula's _STEP plus 8, as bytes (the twin's table)
_work = None    # the twin's work buffer (one playout runs at a time)


def _playout(state, rng):
    """mabula_playout.playout(state, rng), through the native twin where there is one."""
    global _steps, _work
    if _twin is None:
        return mabula_playout.playout(state, rng)
    if _work is None:
        _steps = bytes(s + 8 for s in rules._STEP)
        _work = bytearray(58)
    w = _work
    w[0] = state.turn
    w[1], w[2], w[3], w[4] = rng.hi & 255, rng.hi >> 8, rng.lo & 255, rng.lo >> 8
    w[5] = w[6] = 255   # no limit: a game lasts fewer plies (a marble leaves the edge a move)
    cells = bytearray(state.cells)
    _twin.playout_in(cells, rules._RING_G, rules._LINE, _steps, w)
    rng.hi, rng.lo = w[1] | w[2] << 8, w[3] | w[4] << 8
    return rules._State(cells, w[0], state.opts)
