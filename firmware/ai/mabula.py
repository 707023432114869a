"""Mabula opponent: sequential halving over the moves, each sample one fast
random playout (``mabula_playout.playout``) scored by result and score margin."""
from firmware.ai.search import halving
import firmware.rules.mabula as rules
from firmware.rules import mabula_playout

# Playout plies per decision by level (2..5); level 5 fits about 2 s on a
# Pico (estimated from the WebAssembly build, tests/bench/extra_ai.py). Every
# move takes a marble off the edge for good, so a playout lasts about as many
# plies as there are edge marbles: the samples are the plies over that.
_PLIES = (0, 0, 32, 90, 220, 520)


def _value(end, me):
    r = rules.result(end)
    margin = r["scores"][me] - r["scores"][1 - me]
    margin = -8 if margin < -8 else 8 if margin > 8 else margin
    w = r["winner"]
    return (1 if w is None else 2 if w == me else 0) * 17 + margin + 8


def choose(state, level, rng):
    moves = rules.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    me = rules.to_move(state)
    children = [rules.play(state, m) for m in moves]
    for i in range(len(moves)):
        t = children[i]
        if rules.is_over(t) and rules.result(t)["winner"] == me:
            return moves[i]
    if level == 1:
        return moves[rng.below(len(moves))]

    def value(i):
        return _value(mabula_playout.playout(children[i], rng), me)
    edge = mabula_playout.edge_marbles(state)
    return moves[halving(len(moves), value, _PLIES[level] // (edge if edge > 4 else 4), rng)]
