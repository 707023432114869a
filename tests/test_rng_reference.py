"""The fast Rng (16-bit halves) gives exactly the stream of RULES.md §0.3 as written."""
from hypothesis import given, settings, strategies as st

from firmware.rules import Rng

M = 0xFFFFFFFF


class Reference:
    def __init__(self, seed):
        self.state = (seed & M) or 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & M
        x ^= x >> 17
        x ^= (x << 5) & M
        self.state = x
        return x

    def below(self, n):
        lim = 2 ** 32 - (2 ** 32 % n)
        while True:
            x = self.next32()
            if x < lim:
                return x % n


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 40),
       st.lists(st.integers(min_value=1, max_value=2 ** 32), min_size=1, max_size=40))
def test_same_stream_as_reference(seed, ns):
    fast, ref = Rng(seed), Reference(seed)
    for n in ns:
        assert fast.below(n) == ref.below(n)
        assert fast.next32() == ref.next32()
    assert fast.state == ref.state


def _scripted(values):
    """An Rng whose raw 32-bit draws are ``values``, to reach the rare rejection zone."""
    rng = Rng(1)
    it = iter(values)

    def step():
        x = next(it)
        rng.hi, rng.lo = x >> 16, x & 0xFFFF
    rng._step = step
    return rng


def test_rejection_zone_is_exact():
    for n in (3, 7, 1000, 12345, 0x4000):
        lim = 2 ** 32 - (2 ** 32 % n)
        draws = [2 ** 32 - 1, lim, lim - 1]  # rejected unless n divides 2^32, ..., accepted
        rng = _scripted(draws)
        want = next(x % n for x in draws if x < lim)
        assert rng.below(n) == want
