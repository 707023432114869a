"""Morbak opponent: a win in one is always taken; otherwise level 1 plays at
random; from level 2 it keeps to the moves after which the opponent cannot
win at once (when there are any): level 2 picks one of them at random,
levels 3..5 use sequential halving over them, each sample one fast random
playout (``morbak_playout.playout``) scored win 2, draw 1, loss 0."""
from firmware.ai.search import halving_steps
import firmware.rules.morbak as rules
from firmware.rules import morbak_playout

# Playout plies per decision by level (3..5; 2 does not search); on a board
# the session's time limit caps them (tests/bench/extra_think.py measures it
# on the Pico). A random playout lasts about three plies for every
# four empty squares: the samples are the plies over that.
_PLIES = (0, 0, 0, 300, 800, 1600)


def _value(end, me):
    w = rules.result(end)["winner"]
    return 1 if w is None else 2 if w == me else 0


def think(state, level, rng):
    """The search for the move (a generator: firmware/ai/search.py). It yields
    after every position; the checks before the search are not cut short by a
    hurry (they are bounded: a play and a threat test a move)."""
    moves = rules.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    me = rules.to_move(state)
    children = []
    for m in moves:
        t = rules.play(state, m)
        if t.end and t.winner == me:
            return m
        children.append(t)
        yield
    if level == 1:
        return moves[rng.below(len(moves))]
    safe = []
    for i in range(len(moves)):
        if not morbak_playout.can_win_now(children[i], 1 - me):
            safe.append(i)
        yield
    if not safe:
        safe = list(range(len(moves)))
    if len(safe) == 1 or level == 2:
        return moves[safe[rng.below(len(safe))]]

    def value(k):
        return _value(morbak_playout.playout(children[safe[k]], rng), me)
    length = state.empty * 3 // 4
    k = yield from halving_steps(
        len(safe), value, _PLIES[level] // (length if length > 6 else 6), rng
    )
    return moves[safe[k]]
