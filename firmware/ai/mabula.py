"""Mabula opponent: sequential halving over the moves, each sample one fast
random playout (``mabula_playout.playout``) scored by result and score margin."""
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
        return _value(mabula_playout.playout(children[i], rng), me)
    edge = mabula_playout.edge_marbles(state)
    i = yield from halving_steps(
        len(moves), value, _PLIES[level] // (edge if edge > 4 else 4), rng
    )
    return moves[i]
