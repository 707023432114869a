"""No sequence of presses, held keys, sensor readings (random and plausible), waits and
power cuts crashes a board of any kind, in its menus, editors, games and end screens:
seeded sequences, the same on both interpreters (tests/test_app_monkey_props.py lets
hypothesis choose them on CPython)."""
from monkey_kit import run

from firmware.rules import Rng

_SEQUENCES = 3
_ACTIONS = 150


def _monkey(kind):
    for seed in range(1, _SEQUENCES + 1):
        rng = Rng(seed * 7919)
        run(kind, rng.below, _ACTIONS, "monkey-%s-%d" % (kind, seed))


def test_no_sequence_crashes_the_light_board():
    _monkey("light")


def test_no_sequence_crashes_the_marble_board():
    _monkey("marble")


def test_no_sequence_crashes_the_stone_board():
    _monkey("stone")


def test_no_sequence_crashes_the_tile_board():
    _monkey("tile")
