"""Masbrur's reference selection on the board itself, part by part (run on the emulated Pico
by tests/bench/extra_pico.py; this file is sent as code, prefixed with ``SEEDS``).

Whole random games of each seed in SEEDS through legal_moves + play; every '<free>' play in
combat_select is timed (ticks_us) whole, and its parts: the shapes (shapes_of), the
shape-set search (_sets_in, every blocker case) and the rest (the community part and the
tile assignment), by hand size. The game's first such play loads the search's code: it is
timed whole only. Prints one JSON line: {hand size: [plays, mean ms, worst ms, shapes mean
ms, search mean ms, the rest mean ms]}, the first play's ms and the most bytes one play took
(with its garbage), the first's and the most a later one took."""
import gc
import json
import time

from firmware.rules import Rng, masbrur


def _timed(mod, name, spent, key):
    """Wrap mod.name so that its time adds to spent[key] (a generator: the time to its first
    yield and between)."""
    f = getattr(mod, name)

    def timed(*args):
        t0 = time.ticks_us()
        try:
            return f(*args)
        finally:
            spent[key] += time.ticks_diff(time.ticks_us(), t0)
    setattr(mod, name, timed)
    return f


def run(seeds):
    by_size = {}
    most = first = most_first = 0
    hands = 0
    spent = {"shapes": 0, "search": 0}
    for seed in seeds:
        state = masbrur.new_game(None, seed)
        rng = Rng(seed)
        while not masbrur.is_over(state):
            moves = masbrur.legal_moves(state)
            move = moves[rng.below(len(moves))]
            moves = None
            sel = move == masbrur.FREE and state.phase == "combat_select"
            if sel:
                n = len(masbrur.hand(state, masbrur.to_move(state)))
                hands += 1
                if hands == 1:          # the search's code loads with the first
                    gc.collect()
                    free = gc.mem_free()
                    t0 = time.ticks_us()
                    state = masbrur.play(state, move)
                    first = time.ticks_diff(time.ticks_us(), t0)
                    most_first = free - gc.mem_free()
                    from firmware.rules import masbrur_search as ms
                    _timed(ms, "shapes_of", spent, "shapes")
                    _timed(ms, "_sets_in", spent, "search")
                    continue
                spent["shapes"] = spent["search"] = 0
                gc.collect()
                free = gc.mem_free()
                t0 = time.ticks_us()
            state = masbrur.play(state, move)
            if sel:
                took = time.ticks_diff(time.ticks_us(), t0)
                most = max(most, free - gc.mem_free())
                got = by_size.setdefault(n, [0, 0, 0, 0, 0])
                got[0] += 1
                got[1] += took
                got[2] = max(got[2], took)
                got[3] += spent["shapes"]
                got[4] += spent["search"]
    out = {}
    for n in sorted(by_size):
        k, total, worst, shapes, search = by_size[n]
        out[n] = [k, total / k / 1000, worst / 1000, shapes / k / 1000, search / k / 1000,
                  (total - shapes - search) / k / 1000]
    return {"by_size": out, "first_ms": first / 1000, "most_for_first": most_first,
            "most_for_play": most, "plays": hands}


print(json.dumps(run(SEEDS)))  # noqa: F821 (given by the sender)
