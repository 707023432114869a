"""mabula_setup draws the very setup of mabula.new_game: the same ring and the
generator left in the same state for any seed, including the seeds whose shuffles
meet a draw that Rng.below rejects (the skip of a rejected shuffle's last draws
does not hold there)."""
from firmware.rules import Rng
from firmware.rules import mabula
from firmware.rules import mabula_setup
from firmware.rules import rng_jump

from check import eq


def _ring(cells):
    return "".join([".WB"[c] for c in cells])


def _rng_at(hi, lo):
    rng = Rng(1)
    rng.hi, rng.lo = hi, lo
    return rng


def _same_setup(rng_a, rng_b, what):
    want = mabula._random_setup(rng_a)[0]
    eq(_ring(mabula_setup.random_ring(rng_b)), want, what + ": ring")
    eq((rng_b.hi, rng_b.lo), (rng_a.hi, rng_a.lo), what + ": generator after the setup")


def test_random_ring_is_the_engine_setup_for_many_seeds():
    for seed in range(150):
        _same_setup(Rng(seed), Rng(seed), "seed %d" % seed)
    _same_setup(Rng(0xFFFFFFFF), Rng(0xFFFFFFFF), "seed 2^32 - 1")


def test_new_game_is_the_engine_new_game():
    ring = "WWBBWWBBWWBBWWBBWWBBWWBB"
    for options in (None, {"first": "random"}, {"first": "B", "scoring": "product"},
                    {"tiebreak": "lex", "count_edge_marbles": True, "first": "random"},
                    {"setup": ring, "first": "random"}):
        for seed in range(12):
            got = mabula_setup.new_game(options, seed)
            want = mabula.new_game(options, seed)
            eq(mabula.to_text(got), mabula.to_text(want), "%r seed %d" % (options, seed))
            eq(got.opts, want.opts, "result options")


def test_a_shuffle_with_a_rejected_draw_is_made_exactly():
    # For each draw q of a shuffle (below(24 - q)) that can be rejected, the start
    # state whose draw q reads 0xFFFFFFFF (always rejected), found by running the
    # generator back q + 1 steps, and the setup from there.
    early = 0
    for q in range(23):
        n = 24 - q
        if n & (n - 1) == 0:
            continue   # a power of two: below(n) rejects nothing
        hi, lo = 0xFFFF, 0xFFFF
        for k in range(q + 1):
            hi, lo = rng_jump.back(hi, lo)
        rng = _rng_at(hi, lo)
        for k in range(q + 1):
            x = rng.next32()
        eq(x, 0xFFFFFFFF, "draw %d from the state found backwards" % q)
        # The exact shuffle takes 24 steps, not 23: the skip would land elsewhere.
        rng = _rng_at(hi, lo)
        a = ["W"] * 12 + ["B"] * 12
        rng.shuffle(a)
        steps = _rng_at(hi, lo)
        for k in range(24):
            steps.next32()
        eq((rng.hi, rng.lo), (steps.hi, steps.lo), "draw %d rejected once" % q)
        # Was the shuffle already lost (three equal final neighbours) before draw q?
        b = ["W"] * 12 + ["B"] * 12
        check = _rng_at(hi, lo)
        for i in range(23, 23 - q, -1):
            j = check.below(i + 1)
            b[i], b[j] = b[j], b[i]
            if i < 22 and b[i] == b[i + 1] == b[i + 2]:
                early += 1
                break
        _same_setup(_rng_at(hi, lo), _rng_at(hi, lo), "rejected draw %d" % q)
    assert early >= 3, "only %d shuffles lost before their rejected draw" % early
