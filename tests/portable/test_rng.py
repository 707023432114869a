from check import eq, raises

from firmware.rules import IllegalMove, Rng, take_options


def test_seed_1_vector():
    r = Rng(1)
    eq([r.next32() for _ in range(5)], [270369, 67634689, 2647435461, 307599695, 2398689233], "seed 1")


def test_seed_0_uses_fixed_state():
    eq(Rng(0).next32(), Rng(0x6D2B79F5).next32(), "seed 0")


def test_below_in_range_and_shuffle_is_a_permutation():
    r = Rng(7)
    for n in (1, 2, 3, 10, 1000):
        for _ in range(50):
            x = r.below(n)
            assert 0 <= x < n
    a = list(range(20))
    r.shuffle(a)
    eq(sorted(a), list(range(20)), "shuffle")
    assert a != list(range(20))


def test_illegal_move_is_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_take_options():
    spec = {"lite": (False, (False, True)), "n": (7, lambda v: isinstance(v, int) and v > 0)}
    eq(take_options(None, spec), {"lite": False, "n": 7}, "defaults")
    eq(take_options({"n": 3}, spec)["n"], 3, "override")
    e = raises(ValueError, take_options, {"nope": 1}, spec)
    assert "nope" in str(e)
    e = raises(ValueError, take_options, {"lite": 1}, spec)
    assert "lite" in str(e)
    e = raises(ValueError, take_options, {"lite": 0}, spec)
    assert "lite" in str(e)
    e = raises(ValueError, take_options, {"first": 1.0}, {"first": (0, (0, 1, "random"))})
    assert "first" in str(e)
    e = raises(ValueError, take_options, {"n": 0}, spec)
    assert "'n'" in str(e)
