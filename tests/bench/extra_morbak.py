"""Morbak figures for the benchmark runner (portable: CPython and MicroPython).

The timed loop is legal_moves + play over seeded random games; the random
choices are drawn before the clock starts."""
import time

from firmware.rules import Rng
from firmware.rules import morbak

try:
    _ticks, _diff, _SCALE = time.ticks_ms, time.ticks_diff, 1
except AttributeError:
    _ticks, _diff, _SCALE = time.perf_counter, (lambda a, b: a - b), 1000


def _mean_ms(options, games, seed):
    rng = Rng(seed)
    picks = [rng.next32() & 0xFFFF for _ in range(160)]
    plies = 0
    elapsed = 0
    for g in range(games):
        s = morbak.new_game(options, seed + g)
        k = 0
        t0 = _ticks()
        while not morbak.is_over(s):
            moves = morbak.legal_moves(s)
            s = morbak.play(s, moves[picks[k % 160] % len(moves)])
            k += 1
        elapsed += _diff(_ticks(), t0) * _SCALE
        plies += k
    return elapsed / plies, plies


def _dense_ms(repeats):
    # Full board, budgets left: every square is a switch or a block (the widest choice).
    s = morbak.from_text("BAAABAB/ABBAAAB/ABABBAA/AAABABB/BBAAABA/BABBAAA/AABABBA A 7 7 1 1")
    t0 = _ticks()
    for _ in range(repeats):
        morbak.play(s, morbak.legal_moves(s)[-1])
    return _diff(_ticks(), t0) * _SCALE / repeats


def figures(games=30):
    out = {"morbak full board: legal_moves+play (ms)": _dense_ms(300)}
    for label, options in (("default", None),
                           ("per_player+separate", {"switch_limit": "per_player",
                                                    "budget_scope": "separate"}),
                           ("lite", {"lite": True})):
        ms, plies = _mean_ms(options, games, 1)
        out["morbak %s: mean legal_moves+play (ms)" % label] = ms
        out["morbak %s: plies timed" % label] = plies
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
