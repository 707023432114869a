"""Fursaz opponent, through the public API (docs/contracts.md). A move is
judged by the score margin right after it (a finished game counts as a win,
draw or loss); passing is only considered when the game would end in the
mover's favour or nothing else is legal. Level 1 places at random; 2 and 3
pick the best of a random 8 / 20 candidates; 4 looks at every move; 5 also
checks the best replies to its six best moves (two plies). The margins come from
firmware/ai/fursaz_judge.py: the same as ``rules.result`` gives, in a fraction of the
time."""
import firmware.rules.fursaz as rules
from firmware.ai.fursaz_judge import Judge

_SAMPLE = (0, 0, 8, 20, 0, 0)   # candidates looked at (0: all)
_DEEP = 6                        # level 5: moves checked against every reply
_WIN = 10000


def _mine(state, me, margin):
    """``me``'s score minus the other's, from Black's minus White's (seat 0 is Black
    unless the pie swapped the seats; a placement does not)."""
    return margin if me == rules.sides(state)[1] else -margin


def _value(judge, state, me):
    """The margin for ``me``; a finished game: a win, draw or loss (as rules.result)."""
    m = _mine(state, me, judge.margin(state))
    if not rules.is_over(state):
        return m
    if m == 0 and state.opts["tie"] == "white":
        m = 1 if me != rules.sides(state)[1] else -1   # White wins equal scores
    return 0 if m == 0 else _WIN if m > 0 else -_WIN


def _after(judge, state, moves, i, me):
    """The value for ``me`` after ``moves[i]`` in ``state``, the position the judge was
    started on with its legal moves ``moves``."""
    if moves[i] == "pass" or moves[i] == "swap":
        return _value(judge, rules.play(state, moves[i]), me)
    return _mine(state, me, judge.placed(i))


def _candidates(moves, level, rng):
    """Indices of the moves to judge, in list order."""
    places = [i for i in range(len(moves)) if moves[i] != "pass"]
    k = _SAMPLE[level]
    if k and len(places) > k:
        rng.shuffle(places)
        places = places[:k]
        places.sort()
    return places


def _best_reply(judge, state, me):
    """Search: the value for ``me`` after the opponent's best one-ply reply
    (None when hurried before every reply was seen)."""
    worst = _value(judge, state, me)
    if rules.is_over(state):
        return worst
    replies = rules.legal_moves(state)
    judge.start(state, replies)
    for i in range(len(replies)):
        v = _after(judge, state, replies, i, me)
        if v < worst:
            worst = v
        if (yield):
            return None
    return worst


def think(state, level, rng):
    """The search for the move (a generator: firmware/ai/search.py), a
    position at a time; the checks before the candidates are judged are not
    cut short by a hurry (they are bounded: the moves and a pass)."""
    moves = rules.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    yield
    me = rules.to_move(state)
    judge = Judge(state.size)
    if "pass" in moves:
        after = rules.play(state, "pass")
        if rules.is_over(after) and _value(judge, after, me) == _WIN:
            return "pass"
        yield
    places = _candidates(moves, level, rng)
    if not places:
        return "pass"
    if level == 1:
        return moves[places[rng.below(len(places))]]
    # Equal margins are common early: a random key per move spreads the choice.
    # The moves are judged in the order of their keys, so a search cut short
    # has judged a random sample of them.
    order = [(rng.below(1024), i) for i in places]
    order.sort()
    scored = []
    judge.start(state, moves)
    for key, i in order:
        scored.append((-_after(judge, state, moves, i, me), key, i))
        if (yield):
            break
    scored.sort()
    if level < 5 or len(scored) < len(order):
        return moves[scored[0][2]]
    best = None
    for k in range(min(_DEEP, len(scored))):
        i = scored[k][2]
        v = yield from _best_reply(judge, rules.play(state, moves[i]), me)
        if v is None:
            break
        if best is None or v > best[0]:
            best = (v, i)
    return moves[scored[0][2] if best is None else best[1]]
