"""Fursaz figures (portable): legal_moves in mid-game positions of the size-7 board.

legal_moves simulates every placement (cycle rule), so it is the engine's costly call;
issue 16's target is a mean under 4 ms on MicroPython after 40 random plies (8.4 ms
when it was written). Early on (ply 10) most placements are quiet and the rays long."""
from clock import elapsed_us, now_us

from firmware.rules import Rng
from firmware.rules import fursaz


def midgame(seed, plies=40, size=7):
    """The position after ``plies`` random moves (passes included) from a new game."""
    rng = Rng(seed)
    s = fursaz.new_game({"size": size})
    for _ in range(plies):
        moves = fursaz.legal_moves(s)
        if not moves:
            break
        s = fursaz.play(s, moves[rng.below(len(moves))])
    return s


def mean_ms(fn, states, repeat):
    t0 = now_us()
    for _ in range(repeat):
        for s in states:
            fn(s)
    return elapsed_us(t0) / 1000.0 / (repeat * len(states))


def figures(positions=8, repeat=3):
    states = [midgame(seed) for seed in range(1, positions + 1)]
    stones = sum(len(fursaz.board(s)) for s in states) / len(states)
    moves = [fursaz.legal_moves(s) for s in states]
    t0 = now_us()
    plays = 0
    for s, ms in zip(states, moves):
        for m in ms:
            fursaz.play(s, m)
            plays += 1
    play_ms = elapsed_us(t0) / 1000.0 / plays
    early = [midgame(seed, 10) for seed in range(1, positions + 1)]
    return {
        "size 7, ply 10: legal_moves ms": mean_ms(fursaz.legal_moves, early, repeat),
        "size 7, ply 40: stones on board": stones,
        "size 7, ply 40: legal_moves ms": mean_ms(fursaz.legal_moves, states, repeat),
        "size 7, ply 40: play ms": play_ms,
        "size 7, ply 40: to_text+from_text ms":
            mean_ms(lambda s: fursaz.from_text(fursaz.to_text(s)), states, repeat),
    }
