from check import eq, raises

from firmware.rules import IllegalMove, Rng, take_options


def test_seed_1_vector():
    r = Rng(1)
    eq([r.next32() for _ in range(5)], [270369, 67634689, 2647435461, 307599695, 2398689233],
       "seed 1")


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
    spec = {"lite": (False, "bool", None), "n": (7, "int", (1, 99)), "t": (None, "limit", (1, 60)),
            "w": ("x", "check", lambda v: None if v in ("x", "y") else "it must be x or y")}
    eq(take_options(None, spec), {"lite": False, "n": 7, "t": None, "w": "x"}, "defaults")
    eq(take_options({"n": 3, "t": 60}, spec)["n"], 3, "override")
    e = raises(ValueError, take_options, {"nope": 1}, spec)
    assert "nope" in str(e)
    e = raises(ValueError, take_options, {"lite": 1}, spec)
    assert "lite" in str(e)
    e = raises(ValueError, take_options, {"lite": 0}, spec)
    assert "lite" in str(e)
    e = raises(ValueError, take_options, {"first": 1.0},
               {"first": (0, "choice", (0, 1, "random"))})
    eq(str(e), "option 'first' must be one of 0, 1, 'random', not 1.0")
    raises(ValueError, take_options, {"first": True}, {"first": (0, "choice", (0, 1, "random"))})
    e = raises(ValueError, take_options, {"n": 0}, spec)
    eq(str(e), "option 'n' has a bad value: 0")
    raises(ValueError, take_options, {"n": 100}, spec)
    raises(ValueError, take_options, {"n": True}, spec)
    raises(ValueError, take_options, {"t": 61}, spec)
    e = raises(ValueError, take_options, {"w": "z"}, spec)
    eq(str(e), "option 'w' is not a valid w: it must be x or y")
