"""Mabula figures for the benchmark runner (portable: CPython and MicroPython).

Seeded random games; the readings for move_from_occupancy are taken before
the clock starts, so only the engine call is timed."""
from clock import elapsed_us, now_us

from firmware.rules import Rng
from firmware.rules import mabula


def _games(games, seed):
    """Timed random games: (µs in legal_moves, µs in play, plies, µs in
    result at the end, move_from_occupancy µs and calls)."""
    rng = Rng(seed)
    legal_us = play_us = result_us = read_us = 0
    plies = reads = 0
    for g in range(games):
        s = mabula.new_game({"first": "random"}, seed + g)
        while True:
            t0 = now_us()
            moves = mabula.legal_moves(s)
            legal_us += elapsed_us(t0)
            if not moves:
                break
            move = moves[rng.below(len(moves))]
            t0 = now_us()
            t = mabula.play(s, move)
            play_us += elapsed_us(t0)
            plies += 1
            if move != "pass":
                reading = mabula.occupancy(t)
                t0 = now_us()
                found = mabula.move_from_occupancy(s, reading)
                read_us += elapsed_us(t0)
                reads += 1
                if found != move:
                    raise AssertionError("reading gave %s for %s" % (found, move))
            s = t
        t0 = now_us()
        mabula.result(s)
        result_us += elapsed_us(t0)
    return legal_us, play_us, plies, result_us, read_us, reads


def figures(games=40):
    legal_us, play_us, plies, result_us, read_us, reads = _games(games, 1)
    t0 = now_us()
    for seed in range(20):
        mabula.new_game(None, seed)
    setup_us = elapsed_us(t0)
    return {
        "mabula: mean legal_moves+play (ms)": (legal_us + play_us) / 1000.0 / plies,
        "mabula: mean legal_moves (ms)": legal_us / 1000.0 / plies,
        "mabula: mean play (ms)": play_us / 1000.0 / plies,
        "mabula: mean move_from_occupancy (ms)": read_us / 1000.0 / reads,
        "mabula: mean result at the end (ms)": result_us / 1000.0 / games,
        "mabula: mean new_game, random setup (ms)": setup_us / 1000.0 / 20,
        "mabula: plies timed": plies,
    }


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
