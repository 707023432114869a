"""Strength of the opponents (firmware.ai): each level against random play and
against the level below, as win rates with a 95 % interval (Wilson; a draw
counts half a win). The tested side takes seat 0 in even games and seat 1 in
odd ones. CPython only (it is long); figures, nothing asserted.

    .venv/bin/python tests/bench/strength.py [GAME ...] [--games N]"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(HERE))]

from firmware import ai  # noqa: E402
from firmware.rules import Rng  # noqa: E402

# Games per pairing where time allows; the slow games get fewer (said in the output).
GAMES = {"morbak": 200, "mabula": 200, "mano": 200, "fursaz": 40, "masbrur": 60}
OPTIONS = {"fursaz": {"size": 5}, "mano": {"target": 50}}


def _random_move(engine, state, rng):
    moves = engine.legal_moves(state)
    return moves[rng.below(len(moves))]


def play_game(name, engine, levels, seed):
    """One game; levels[seat] is 0 for random play. Returns the result dict."""
    state = engine.new_game(OPTIONS.get(name), seed)
    rng = Rng(seed * 7 + 1)
    ply = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        if levels[seat]:
            move = ai.choose(name, state, levels[seat], seed * 1000 + ply)
        else:
            move = _random_move(engine, state, rng)
        state = engine.play(state, move)
        ply += 1
    return engine.result(state)


def wilson(points, n, z=1.96):
    if not n:
        return 0.0, 0.0, 0.0
    p = points / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, centre - half, centre + half


def pairing(name, level, other, games):
    engine = __import__("firmware.rules." + name, None, None, [name])
    wins = draws = 0
    for g in range(games):
        seat = g % 2
        levels = [other, other]
        levels[seat] = level
        w = play_game(name, engine, levels, 1000 + g)["winner"]
        if w is None:
            draws += 1
        elif w == seat:
            wins += 1
    return wins, draws, games - wins - draws


def table(names, games=None):
    print("%-8s %-12s %6s %5s %5s %5s  %s" % ("game", "pairing", "games", "won", "drawn", "lost",
                                             "win rate [95 % interval]"))
    for name in names:
        n = games or GAMES[name]
        for level in range(1, 6):
            for other in sorted({0, level - 1}):
                w, d, l = pairing(name, level, other, n)
                p, lo, hi = wilson(w + d / 2.0, n)
                print("%-8s %-12s %6d %5d %5d %5d  %.2f [%.2f, %.2f]" % (
                    name, "L%d vs %s" % (level, "L%d" % other if other else "random"),
                    n, w, d, l, p, lo, hi))
                sys.stdout.flush()


if __name__ == "__main__":
    args = sys.argv[1:]
    count = None
    if "--games" in args:
        k = args.index("--games")
        count = int(args[k + 1])
        del args[k:k + 2]
    table(args or list(GAMES), count)
