"""Opponents: ``choose(game, state, level, seed=0)`` (DESIGN.md §3).

One move from ``legal_moves(state)`` for the side to move, the same for the
same arguments, chosen only from what that side may know. ``game`` is the
engine's module name; ``level`` 1..5: 1 plays legal moves with a little sense
(a win in one, a heavy tile), each level above thinks harder, and level 5
spends about what a Pico can in 2 s (estimated; the Fursaz and Masbrur
engines are slower than that for now). Each game's opponent is its own
module here (``firmware/ai/<game>.py``, which says how it plays; most search
with ``firmware/ai/search.py``); only the chosen game's modules are imported.
Deterministic: the only randomness is ``firmware.rules.Rng(seed)``.
"""
from firmware.rules import Rng, is_int

GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")


def choose(game, state, level, seed=0):
    if game not in GAMES:
        raise ValueError("unknown game %r (games: %s)" % (game, ", ".join(GAMES)))
    if not is_int(level) or not 1 <= level <= 5:
        raise ValueError("level must be 1 to 5, not %r" % (level,))
    if not is_int(seed):
        raise ValueError("seed must be an integer, not %r" % (seed,))
    opponent = __import__("firmware.ai." + game, None, None, [game])
    return opponent.choose(state, level, Rng(seed))
