"""Whole random games on the board itself, with its heap watched (run on the emulated Pico
by tests/test_pico_engines.py and tests/bench/extra_pico.py; this file is sent as code).

Prefixed by the sender with ``GAME``, ``OPTIONS``, ``SEED`` and ``PLIES`` (a cap, for the
slowest games); prints one JSON line: plies played, whether the game ended, the lowest
``gc.mem_free()`` and the smallest "largest free block" seen after a collection, the most
bytes one ``legal_moves`` took (its list and strings, with any garbage it left) and kept
(its list and strings alone, after a collection), the most one ``play`` took (the new
state and its garbage; Masbrur's ``<free>`` runs the reference choice), and the mean and
worst milliseconds of one ``legal_moves`` + ``play`` (emulated time), also per phase of
the game where its state has one (Masbrur: ``phase``)."""
import gc
import json
import time

from firmware.rules import Rng


def play_out(game, options, seed, cap):
    engine = __import__("firmware.rules." + game, None, None, ["new_game"])
    rng = Rng(seed)
    state = engine.new_game(options, seed)
    plies = 0
    spent = 0
    low_free = low_block = 1 << 30
    most = kept = worst = most_play = 0
    by_phase = {}           # phase: [plies, total us, worst us]
    gc.collect()
    while not engine.is_over(state) and plies < cap:
        phase = getattr(state, "phase", None)
        free = gc.mem_free()
        t0 = time.ticks_us()
        moves = engine.legal_moves(state)
        took = time.ticks_diff(time.ticks_us(), t0)
        most = max(most, free - gc.mem_free())
        move = moves[rng.below(len(moves))]
        gc.collect()
        kept = max(kept, free - gc.mem_free())
        moves = None
        free = gc.mem_free()
        t0 = time.ticks_us()
        state = engine.play(state, move)
        took += time.ticks_diff(time.ticks_us(), t0)
        most_play = max(most_play, free - gc.mem_free())
        spent += took
        worst = max(worst, took)
        if phase is not None:
            got = by_phase.setdefault(phase, [0, 0, 0])
            got[0] += 1
            got[1] += took
            got[2] = max(got[2], took)
        plies += 1
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if plies % 5 == 1:
            low_block = min(low_block, largest_block())
    return {"game": game, "options": options, "plies": plies, "over": engine.is_over(state),
            "min_free": low_free, "min_largest_block": low_block, "most_for_legal_moves": most,
            "most_kept_by_legal_moves": kept, "most_for_play": most_play,
            "ms_per_ply": spent / 1000 / max(1, plies),
            "worst_ms_per_ply": worst / 1000,
            "ms_by_phase": {p: [n, t / 1000 / n, w / 1000] for p, (n, t, w) in by_phase.items()}}


print(json.dumps(play_out(GAME, OPTIONS, SEED, PLIES)))  # noqa: F821 (given by the sender)
