"""The marble board over many traced games (CPython; two of them also run on MicroPython
in tests/portable/test_trace_marble.py): whatever the noise, the moves the board accepts
are exactly the game's, and noise alone never makes a move."""
import json

import pytest

from tests.portable.trace_kit import accepted, flicker, frame, game, occupied
from tests.portable.test_trace_marble import PROFILE, run

from firmware.rules import Rng, mabula


@pytest.mark.parametrize("seed", range(10, 40))
def test_noisy_games_are_read_exactly(seed):
    lines, moves, position = game(seed)
    out = run(lines, seed)
    assert accepted(out) == moves
    assert ("position " + position) in out


@pytest.mark.parametrize("seed", range(5))
def test_noise_alone_never_makes_a_move(seed):
    rng = Rng(seed)
    s = mabula.new_game({}, seed)
    spaces = occupied(s)
    lines = [frame(0, spaces)]
    t = 1000
    for _ in range(40):
        more, t = flicker(rng, spaces, t, 1 + rng.below(4))
        lines += more
        if rng.below(4) == 0:                      # a marble nudged off its sensor, put back
            gone = set(spaces)
            gone.discard(mabula.SPACES[rng.below(60)])
            lines += [frame(t, gone), frame(t + 100 + rng.below(600), spaces)]
            t += 800
        t += rng.below(400)
    out = run(lines, seed)
    assert accepted(out) == []
    assert out[-1] == "position " + mabula.to_text(s)


def test_options_reach_the_engine():
    lines, moves, position = game(21)
    from firmware.app.core import trace
    from firmware.hal.storage import Storage
    import tempfile
    out = trace.replay(PROFILE, Storage(tempfile.mkdtemp()), lines, 21,
                       {"mabula.scoring": "product"})
    assert accepted(out) == moves
    assert json.loads(out[-1][7:])["reason"] in ("product", "draw")
    assert out[-2].endswith("scoring=product")


@pytest.mark.parametrize("size,seed", [(5, s) for s in range(20, 30)]
                         + [(7, s) for s in range(30, 34)])
def test_noisy_stone_games_are_read_exactly(size, seed):
    from tests.portable import stone_kit
    from tests.portable.test_trace_stone import run as run_stone
    lines, moves, position = stone_kit.game(size, seed)
    out = run_stone(lines, size)
    assert stone_kit.accepted(out) == moves
    assert ("position " + position) in out
    assert not [x for x in out if x.startswith("correction")]
