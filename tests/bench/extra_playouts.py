"""Random games per second through the API and through each engine's fast
playout (mabula_playout.playout, morbak_playout.playout, mano.playout_hand; a fast
Mabula game starts from mabula_setup.new_game), the same seeded games both ways
(tests/portable/test_fast_playouts.py and test_mabula_setup.py prove they are).
Portable: CPython and MicroPython.

"with setup" counts new_game in the time, as engine_bench's playouts/s and
extra_mano's hands/s do (the issue's baselines: Mabula 565 games/s, Mano a
Mano 5,552 hands/s, Morbak 1,613 games/s, taken on a busier machine: compare
the API and fast figures of one run; the ratio to them is printed on CPython).
"from the start" times the games alone, from positions dealt before the clock
starts: what an opponent's search pays. A Mabula setup is rejection sampling
(docs/rules/mabula.md: about 60 shuffles of 24 marbles a game), which the same seed must
repeat exactly: it is most of a game "with setup".

"reference" times plain games written for clarity from the rules alone
(tests/bench/reference_mabula.py, reference_mano.py; tests/test_bench_references.py
shows they play the engine's games), as issue 16 measured against one: its target was
a fast playout 5x its baseline, 3.7x (Mabula) and 2.85x (Mano a Mano) such a reference.
On CPython, a loaded shared machine: Mano a Mano 2.96-3.04x over 3 runs (2.34-2.78x over
9 before its deal and hand took the generator's steps from rng_jump's tables), Mabula
3.77-3.89x (3.17-6.10x before: the same code, the load decides the spread).
Both deal afresh each game ("with setup" only). They are timed side by side: rounds of
the same games each way, one after the other, on CPython in this process's CPU time,
and the best round of each way taken ("fast playout beside the reference" and
"reference"), so a load on a shared machine that comes and goes does not decide
their ratio.

"at 2e971f5" times the API games of the engines as they were when the issue was
written (tests/bench/base_engines.py builds them from git; "—" without git or that
commit), in the same run on both interpreters: the fast playouts' ratio to them is
the issue's "5x today" measured rather than quoted. Every rate is taken after one
warm-up game, so the lookup tables the engines build on first use are not timed."""
import sys

from clock import cpu_elapsed_us, cpu_now_us, elapsed_us, now_us

import reference_mabula
import reference_mano

from firmware.rules import Rng
from firmware.rules import mabula
from firmware.rules import mabula_playout
from firmware.rules import mabula_setup
from firmware.rules import mano
from firmware.rules import morbak
from firmware.rules import morbak_playout


def _api(engine, s, rng, stop):
    while not stop(s):
        moves = engine.legal_moves(s)
        s = engine.play(s, moves[rng.below(len(moves))])
    return s


def _mano_hand_over(hand):
    return lambda s: s.hand != hand or mano.is_over(s)


def _runs(name):
    """(API game, fast game, API new_game, fast new_game) for one game."""
    if name == "mabula":
        return (lambda s, rng: mabula.result(_api(mabula, s, rng, mabula.is_over)),
                lambda s, rng: mabula.result(mabula_playout.playout(s, rng)),
                lambda seed: mabula.new_game(None, seed),
                lambda seed: mabula_setup.new_game(None, seed))
    engine = morbak if name == "morbak" else mano

    def new(seed):
        return engine.new_game(None, seed)
    if name == "morbak":
        return (lambda s, rng: morbak.result(_api(morbak, s, rng, morbak.is_over)),
                lambda s, rng: morbak.result(morbak_playout.playout(s, rng)), new, new)
    return (lambda s, rng: _api(mano, s, rng, _mano_hand_over(s.hand)),
            mano.playout_hand, new, new)


def _base_runs(name):
    """(API game, new_game) for Mabula or Mano a Mano with the engines of commit
    2e971f5, or None."""
    if sys.implementation.name != "micropython":
        import base_engines
        if not base_engines.on_path():
            return None
    try:
        import rules_2e971f5.mabula as old_mabula
        import rules_2e971f5.mano as old_mano
    except ImportError:  # MicroPython: run.py mounts the package only when git has it
        return None
    if name == "mabula":
        return (lambda s, rng: old_mabula.result(_api(old_mabula, s, rng, old_mabula.is_over)),
                lambda seed: old_mabula.new_game(None, seed))
    return (lambda s, rng: _api(old_mano, s, rng,
                                lambda t, hand=s.hand: t.hand != hand or old_mano.is_over(t)),
            lambda seed: old_mano.new_game(None, seed))


def mounts():
    """Host side: what the MicroPython run of figures() needs mounted (the old engines)."""
    import base_engines
    return base_engines.mounts()


def _rate(games, run, new, with_setup, least_us=250000):
    """Games per second over rounds of the same ``games`` games (seeds 0..games-1;
    from the start the same positions, the moves drawn on) until ``least_us``
    have passed: the WebAssembly build's clock ticks in milliseconds."""
    run(new(games), Rng(2))   # warm-up: tables built on first use
    rng = Rng(1)
    starts = None if with_setup else [new(g) for g in range(games)]
    played = 0
    t0 = now_us()
    while True:
        for g in range(games):
            run(new(g) if with_setup else starts[g], rng)
        played += games
        took = elapsed_us(t0)
        if took >= least_us:
            return played * 1000000.0 / took


def _side_by_side(games, fast, new, ref, least_us=1500000):
    """(fast, reference) games per second: the best of alternating rounds of the same
    ``games`` games each way (fast: seeds 0..games-1 dealt by ``new``; both drawing
    their moves from Rng(1) afresh each round), at least 3 rounds and ``least_us``."""
    fast(new(games), Rng(2))   # warm-up: tables built on first use
    ref(Rng(2))
    best = [None, None]
    rounds = 0
    t_all = cpu_now_us()
    while rounds < 3 or cpu_elapsed_us(t_all) < least_us:
        for way in (0, 1):
            rng = Rng(1)
            t0 = cpu_now_us()
            if way:
                for g in range(games):
                    ref(rng)
            else:
                for g in range(games):
                    fast(new(g), rng)
            took = cpu_elapsed_us(t0)
            if best[way] is None or took < best[way]:
                best[way] = took
        rounds += 1
    return games * 1000000.0 / max(best[0], 1), games * 1000000.0 / max(best[1], 1)


# The baselines (CPython, with setup, through the API): the target is 5x.
_BASELINE = {"mabula": 565.0, "mano": 5552.0, "morbak": 1613.0}


def figures(games=200):
    out = {}
    for name, unit in (("mabula", "games"), ("morbak", "games"), ("mano", "hands")):
        api, fast, new, fast_new = _runs(name)
        for label, with_setup in (("with setup", True), ("from the start", False)):
            a = _rate(games, api, new, with_setup)
            f = _rate(games, fast, fast_new, with_setup)
            out["%s %s/s %s: API" % (name, unit, label)] = a
            out["%s %s/s %s: fast playout" % (name, unit, label)] = f
            out["%s %s/s %s: speed-up" % (name, unit, label)] = f / a
            if sys.implementation.name != "micropython":
                out["%s %s/s %s: fast playout / issue baseline" % (name, unit, label)] = (
                    f / _BASELINE[name])
            if name != "morbak":
                old = _base_runs(name)
                b = _rate(games, old[0], old[1], with_setup) if old else None
                out["%s %s/s %s: API at 2e971f5" % (name, unit, label)] = b
                out["%s %s/s %s: fast playout / API at 2e971f5" % (name, unit, label)] = (
                    f / b if b else None)
    for name, unit, game in (("mabula", "games", reference_mabula.random_game),
                             ("mano", "hands", reference_mano.random_hand)):
        runs = _runs(name)
        f, r = _side_by_side(games, runs[1], runs[3], game)
        out["%s %s/s with setup: reference" % (name, unit)] = r
        out["%s %s/s with setup: fast playout beside the reference" % (name, unit)] = f
        out["%s %s/s with setup: fast playout / reference" % (name, unit)] = f / r
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
