"""Fursaz opponent, through the public API (docs/contracts.md). A move is
judged by the score margin right after it (a finished game counts as a win,
draw or loss); passing is only considered when the game would end in the
mover's favour or nothing else is legal. Level 1 places at random; 2 and 3
pick the best of a random 8 / 20 candidates; 4 looks at every move; 5 also
checks the best replies to its six best moves (two plies)."""
import firmware.rules.fursaz as rules

_SAMPLE = (0, 0, 8, 20, 0, 0)   # candidates looked at (0: all)
_DEEP = 6                        # level 5: moves checked against every reply
_WIN = 10000


def _value(state, me):
    r = rules.result(state)
    if rules.is_over(state):
        w = r["winner"]
        return 0 if w is None else _WIN if w == me else -_WIN
    return r["scores"][me] - r["scores"][1 - me]


def _candidates(moves, level, rng):
    """Indices of the moves to judge, in list order."""
    places = [i for i in range(len(moves)) if moves[i] != "pass"]
    k = _SAMPLE[level]
    if k and len(places) > k:
        rng.shuffle(places)
        places = places[:k]
        places.sort()
    return places


def _best_reply(state, me):
    """Search: the value for ``me`` after the opponent's best one-ply reply
    (None when hurried before every reply was seen)."""
    worst = _value(state, me)
    if rules.is_over(state):
        return worst
    for m in rules.legal_moves(state):
        v = _value(rules.play(state, m), me)
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
    if "pass" in moves:
        after = rules.play(state, "pass")
        if rules.is_over(after) and _value(after, me) == _WIN:
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
    for key, i in order:
        scored.append((-_value(rules.play(state, moves[i]), me), key, i))
        if (yield):
            break
    scored.sort()
    if level < 5 or len(scored) < len(order):
        return moves[scored[0][2]]
    best = None
    for k in range(min(_DEEP, len(scored))):
        i = scored[k][2]
        v = yield from _best_reply(rules.play(state, moves[i]), me)
        if v is None:
            break
        if best is None or v > best[0]:
            best = (v, i)
    return moves[scored[0][2] if best is None else best[1]]
