"""Masbrur figures for the benchmark runner (portable: CPython and MicroPython).

* the attack check (docs/rules/masbrur.md#2-equipment) on a hand of 8 (a 10-tile arsenal minus its
  wall) and on a whole 10-tile arsenal (no wall yet), mean and worst;
* auto_move's selection search (docs/contracts.md#masbrur-free-choices) on hands of 8, and on 30
  hands of 17 (the largest: a 19-tile arsenal from an uneven pie split), mean and worst;
  each hand is timed 3 times and its fastest run kept, so that another
  process on the machine does not make a worst case. Before the search
  was reworked (issue 16), on MicroPython (WebAssembly): 263 ms mean, 494
  ms worst for the first 3 of these hands, timed once each; with this
  method on the 30 hands, 51 ms mean and 119 ms worst (today 13 and 18);
* one legal_moves of the equipment phase with two 10-tile arsenals (about
  2,800 moves, each active turn also tried with +A);
* whole random rounds per second: pie offer to scoring, moves drawn from
  legal_moves (playing ``<free>`` plays the reference move).
Hands and walls come from one seeded stream."""
import sys
import time

from firmware.rules import Rng
from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf
from firmware.rules.masbrur_search import best_selection

try:
    _ticks, _diff, _SCALE = time.ticks_us, time.ticks_diff, 0.001
except AttributeError:
    _ticks, _diff, _SCALE = time.perf_counter, (lambda a, b: a - b), 1000.0

ALL = [a * 8 + b for a in range(8) for b in range(a, 8)]
# The selection search on the same 30 hands of 17, timed the same way, before its rework
# (issue 16), by interpreter: (mean ms, worst ms). Printed beside today's figures.
_BEFORE = {"cpython": (6.57, 14.73), "micropython": (51.2, 119.0)}


def _draw(rng, n):
    tiles = ALL[:]
    rng.shuffle(tiles)
    return tiles[:n]


def _timed(fn, args_list, runs=1):
    """(mean ms, worst ms) of fn(*args) over the list, each the fastest of ``runs``."""
    total = 0.0
    worst = 0.0
    for args in args_list:
        ms = None
        for _ in range(runs):
            t0 = _ticks()
            fn(*args)
            t = _diff(_ticks(), t0) * _SCALE
            ms = t if ms is None else min(ms, t)
        total += ms
        worst = max(worst, ms)
    return total / len(args_list), worst


def _rounds(games, seed):
    """Random rounds: (rounds played, ms)."""
    rng = Rng(seed)
    rounds = 0
    t0 = _ticks()
    for g in range(games):
        s = m.new_game({"rounds": 4}, seed + g)
        while not m.is_over(s):
            moves = m.legal_moves(s)
            r = s.round
            s = m.play(s, moves[rng.below(len(moves))])
            if s.round != r:
                rounds += 1
    return rounds, _diff(_ticks(), t0) * _SCALE


def figures():
    rng = Rng(2024)
    out = {}
    hands8 = [(sorted(_draw(rng, 8)),) for _ in range(20)]
    hands10 = [(sorted(_draw(rng, 10)),) for _ in range(20)]
    mean, worst = _timed(mf.attack, hands8)
    out["masbrur attack check, hand of 8: mean (ms)"] = mean
    out["masbrur attack check, hand of 8: worst (ms)"] = worst
    mean, worst = _timed(mf.attack, hands10)
    out["masbrur attack check, arsenal of 10: mean (ms)"] = mean
    out["masbrur attack check, arsenal of 10: worst (ms)"] = worst
    sel8 = []
    for _ in range(10):
        tiles = _draw(rng, 10)
        sel8.append((sorted(tiles[:8]), sorted(tiles[8:]), "formation", "pips"))
    mean, worst = _timed(best_selection, sel8, 3)
    out["masbrur auto selection, hand of 8: mean (ms)"] = mean
    out["masbrur auto selection, hand of 8: worst (ms)"] = worst
    sel17 = []
    for _ in range(30):
        tiles = _draw(rng, 19)
        sel17.append((sorted(tiles[:17]), sorted(tiles[17:]), "formation", "pips"))
    mean, worst = _timed(best_selection, sel17, 3)
    out["masbrur auto selection, hand of 17: mean (ms)"] = mean
    out["masbrur auto selection, hand of 17: worst (ms)"] = worst
    before = _BEFORE.get(sys.implementation.name)
    if before:
        out["masbrur auto selection, hand of 17: mean before issue 16 (ms)"] = before[0]
        out["masbrur auto selection, hand of 17: worst before issue 16 (ms)"] = before[1]
    s = m.play(m.play(m.new_game({"first_offerer": 0}), "<free>"), "C1")
    t0 = _ticks()
    n = len(m.legal_moves(s))
    out["masbrur equipment legal_moves, 10+10 tiles (ms)"] = _diff(_ticks(), t0) * _SCALE
    out["masbrur equipment legal_moves: moves"] = n
    rounds, ms = _rounds(2, 7)
    out["masbrur random rounds/s"] = rounds * 1000.0 / ms
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
