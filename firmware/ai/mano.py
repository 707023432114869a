"""Dominó Mano a Mano opponent. It never looks at the other hand, the
boneyard or the stream of later deals: every sample deals the tiles it
cannot see afresh (``mano.deal_unseen``), plays the move there and the rest
of the hand at random (``mano.playout_hand``). A sample scores the hand for
the side choosing, or the match when the hand decides it. Observed mode
(the engine holds no hands) gets a random legal move; level 1 sheds its
heaviest playable tile, as a beginner is taught to."""
from firmware.ai.search import halving_steps
import firmware.rules.mano as rules

# Samples per decision by level (2..5); on a board the session's time limit
# caps them (tests/bench/extra_think.py measures it on the Pico).
_BUDGET = (0, 0, 10, 25, 60, 150)


def _value(hand, score, target, me):
    w, pts = hand[0], hand[1]
    if score[w] + pts >= target:
        return 100 if w == me else 0
    pts = 40 if pts > 40 else pts
    return 50 + pts if w == me else 50 - pts


def _heaviest(moves):
    """The first move that places the tile with the most pips."""
    best = 0
    for i in range(1, len(moves)):
        if rules.pips(moves[i][-3:]) > rules.pips(moves[best][-3:]):
            best = i
    return moves[best]


def think(state, level, rng):
    """The search for the move (a generator: firmware/ai/search.py)."""
    moves = rules.legal_moves(state)
    if len(moves) == 1 or state.obs:
        return moves[rng.below(len(moves))]
    if level == 1:
        return _heaviest(moves)
    me = rules.to_move(state)
    hand = state.hand
    score = state.score
    target = state.o["target"]

    def value(i):
        t = rules.play(rules.deal_unseen(state, me, rng), moves[i])
        if t.hand == hand and not rules.is_over(t):
            return _value(rules.playout_hand(t, rng), score, target, me)
        return _value(t.hist[-1], score, target, me)
    i = yield from halving_steps(len(moves), value, _BUDGET[level], rng)
    return moves[i]
