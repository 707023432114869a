"""Opponent figures for the benchmark runner (portable: CPython and MicroPython).

For each game, the time of one ``firmware.ai.choose`` at level 5 (mean and
worst) over the positions of a seeded random game, every few plies from the
start (the first moves have the most choice). A Pico is estimated at 35x the
WebAssembly MicroPython figure (an estimate, not a measurement)."""
from clock import elapsed_us, now_us

from firmware import ai
from firmware.rules import Rng

# game -> (options, plies between two timed decisions, decisions timed)
_CASES = {
    "mabula": (None, 3, 6),
    "morbak": (None, 4, 6),
    "mano": (None, 3, 6),
    "fursaz size 5": ({"size": 5}, 10, 3),
    "fursaz size 7": ({"size": 7}, 20, 3),
    "masbrur": (None, 1, 6),
}


def _times(name, level, options, step, count):
    name = name.split(" ")[0]
    engine = __import__("firmware.rules." + name, None, None, [name])
    state = engine.new_game(options, 5)
    rng = Rng(5)
    out = []
    ply = 0
    while not engine.is_over(state) and len(out) < count:
        if ply % step == 0:
            t0 = now_us()
            ai.choose(name, state, level, ply)
            out.append(elapsed_us(t0))
        moves = engine.legal_moves(state)
        state = engine.play(state, moves[rng.below(len(moves))])
        ply += 1
    return out


def figures(names=None, level=5):
    out = {}
    for name in names or sorted(_CASES):
        options, step, count = _CASES[name]
        t = _times(name, level, options, step, count)
        out["%s level %d: mean choose (ms)" % (name, level)] = sum(t) / 1000.0 / len(t)
        out["%s level %d: worst choose (ms)" % (name, level)] = max(t) / 1000.0
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
