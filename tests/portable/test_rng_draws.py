"""Rng.below and Rng.shuffle (their steps inlined for speed) keep the stream of
their plain definition from next32: below(n) takes the next 32-bit value x, draws
again while x >= 2^32 - (2^32 mod n), and gives x mod n; shuffle is Fisher-Yates
from the end with below(i + 1). Checked where it matters: at the states whose next
value is rejected, found by running the generator backwards."""
from firmware.rules import Rng

from check import eq

_M = 0xFFFFFFFF


def _back(x):
    """The xorshift32 state one step before x (each x ^= x shifted undone)."""
    y = x
    for k in (5, 10, 15, 20, 25, 30):
        y ^= (x << k) & _M
    y ^= y >> 17
    return y ^ ((y << 13) & _M) ^ ((y << 26) & _M)


def _below(rng, n):
    lim = 0x100000000 - 0x100000000 % n
    while True:
        x = rng.next32()
        if x < lim:
            return x % n


def _shuffled(rng, a):
    for i in range(len(a) - 1, 0, -1):
        j = _below(rng, i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def test_back_is_one_step_before():
    for seed in (1, 7, 0x12345678, _M):
        eq(Rng(_back(seed)).next32(), seed, "seed %d" % seed)


def test_below_is_its_definition_also_when_a_draw_is_rejected():
    rejected = 0
    for n in list(range(1, 41)) + [100, 1000, 12345, 0x4000, 0x4001, 100000]:
        starts = [n, 1000 + n]
        r = 0x100000000 % n
        for k in (1, r):   # the top value, and the lowest rejected one
            if r:
                starts.append(_back(0x100000000 - k))
        for st in starts:
            fast = Rng(st)
            slow = Rng(st)
            eq([fast.below(n) for _ in range(4)], [_below(slow, n) for _ in range(4)],
               "below(%d) from %d" % (n, st))
            eq(fast.state, slow.state, "state after below(%d)" % n)
        rejected += len(starts) - 2
    assert rejected > 60


def test_shuffle_is_its_definition_also_when_a_draw_is_rejected():
    for size in (2, 5, 24, 28, 40):
        for q in range(size - 1):   # draw q of the shuffle is below(size - q)
            n = size - q
            x = 0xFFFFFFFF
            if 0x100000000 % n == 0:
                x = 0x5EED + q   # nothing to reject: an ordinary state
            st = x
            for k in range(q + 1):
                st = _back(st)
            fast = Rng(st)
            a = list(range(size))
            fast.shuffle(a)
            slow = Rng(st)
            eq(a, _shuffled(slow, list(range(size))), "size %d, draw %d" % (size, q))
            eq(fast.state, slow.state, "state after the shuffle")


def test_below_and_shuffle_are_their_definition_from_many_seeds():
    seeds = Rng(99)
    for k in range(300):
        st = seeds.next32()
        n = 1 + k % 70 if k % 3 else seeds.below(0x5000) + 1
        size = k % 72
        fast = Rng(st)
        slow = Rng(st)
        eq([fast.below(n) for _ in range(3)], [_below(slow, n) for _ in range(3)],
           "below(%d) from %d" % (n, st))
        a = list(range(size))
        fast.shuffle(a)
        eq(a, _shuffled(slow, list(range(size))), "shuffle of %d from %d" % (size, st))
        eq(fast.state, slow.state, "state after the shuffle of %d" % size)


def test_rng_jump_steps_the_stream():
    # rng_jump's tables step the state as next32 does, one step or several at once,
    # and back undoes a step: from many states, the top one included.
    from firmware.rules import rng_jump
    seeds = Rng(5)
    states = [1, _M, 0x80000000, 0xFFFF0000] + [seeds.next32() for _ in range(60)]
    for steps in (1, 5, 23):
        tables = rng_jump.tables(steps)
        for st in states:
            rng = Rng(st)
            for _ in range(steps):
                rng.next32()
            got = rng_jump.skip(tables, st >> 16, st & 0xFFFF)
            eq(got, (rng.hi, rng.lo), "%d steps from %d" % (steps, st))
    for st in states:
        hi, lo = rng_jump.back(st >> 16, st & 0xFFFF)
        eq((hi << 16) | lo, _back(st), "back from %d" % st)
