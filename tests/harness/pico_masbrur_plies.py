"""Masbrur's plies on the board itself, by kind (run on the emulated Pico by
tests/bench/extra_pico.py; this file is sent as code, prefixed with ``SEEDS``).

Whole random games of each seed in SEEDS through legal_moves + play, as
tests/harness/pico_games.py plays them; every ply is timed (ticks_us): its legal_moves and
its play, grouped by kind (the phase and the move: a pass, an attack, a push; the first and
later '<free>' selections; the steal that ends a round). Prints one JSON line:
{kind: [plies, legal_moves mean ms, play mean ms, mean ms, worst ms]} and the whole games'
mean and worst ms of a ply."""
import gc
import json
import time

from firmware.rules import Rng, masbrur


def _kind(state, move, after, seen):
    phase = state.phase
    if phase == "equipment":
        return "equipment " + ("pass" if move == "pass" else "A" if move == "A"
                               else "push+A" if move.endswith("+A") else "push")
    if phase == "combat_select":
        first = "combat_select" not in seen
        seen.add("combat_select")
        return "combat_select <free>" + (" (the game's first)" if first else "")
    if phase == "combat_steal":
        return "combat_steal" + (" (round end)" if after.phase != "combat_steal" else "")
    return phase


def run(seeds):
    by_kind = {}
    seen = set()
    total = worst = plies = 0
    for seed in seeds:
        state = masbrur.new_game(None, seed)
        rng = Rng(seed)
        while not masbrur.is_over(state):
            gc.collect()
            t0 = time.ticks_us()
            moves = masbrur.legal_moves(state)
            t1 = time.ticks_us()
            move = moves[rng.below(len(moves))]
            moves = None
            gc.collect()
            t2 = time.ticks_us()
            after = masbrur.play(state, move)
            t3 = time.ticks_us()
            listed = time.ticks_diff(t1, t0)
            played = time.ticks_diff(t3, t2)
            got = by_kind.setdefault(_kind(state, move, after, seen), [0, 0, 0, 0])
            got[0] += 1
            got[1] += listed
            got[2] += played
            got[3] = max(got[3], listed + played)
            total += listed + played
            worst = max(worst, listed + played)
            plies += 1
            state = after
    out = {}
    for k, (n, listed, played, most) in by_kind.items():
        out[k] = [n, listed / n / 1000, played / n / 1000, (listed + played) / n / 1000,
                  most / 1000]
    return {"by_kind": out, "plies": plies, "mean_ms": total / plies / 1000,
            "worst_ms": worst / 1000}


print(json.dumps(run(SEEDS)))  # noqa: F821 (given by the sender)
