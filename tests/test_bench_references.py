"""The plain reference games the benchmarks time the fast playouts against
(tests/bench/reference_*.py) play the rules: driven by the same choices as the
engine, they deal the same, offer the same moves at every turn and end the same."""
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "bench"))

import reference_mabula as rmb  # noqa: E402
import reference_mano as rmn  # noqa: E402

from firmware.rules import Rng, mabula, mano  # noqa: E402


def _name(space):
    return "%s%d" % (rmb.FILES[space[0]], space[1] + 1)


def _mabula_text(board):
    rows = []
    for r in range(7, -1, -1):
        row = ""
        for f in range(8):
            c = board.get((f, r), "-")
            row += "." if c is None else c
        rows.append(row)
    return "/".join(rows)


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_reference_mabula_plays_the_engines_game(seed):
    engine = [mabula.new_game(None, seed)]
    board = rmb.new_board(Rng(seed))
    assert _mabula_text(board) == mabula.to_text(engine[0]).split()[0]
    choices = Rng(seed + 1000)

    def pick(colour, rolls):
        s = engine[0]
        while mabula.legal_moves(s) == ["pass"]:
            s = mabula.play(s, "pass")
        assert "WB"[mabula.to_move(s)] == colour
        names = ["%s-%s" % (_name(space), _name(rmb.LINES[space][d - 1]))
                 for space, d in rolls]
        assert sorted(names) == sorted(mabula.legal_moves(s))
        k = choices.below(len(names))
        engine[0] = mabula.play(s, names[k])
        return k
    winner = rmb.random_game(Rng(seed), pick)
    s = engine[0]
    assert mabula.is_over(s)
    w = mabula.result(s)["winner"]
    assert winner == (None if w is None else "WB"[w])


def _tile(t):
    return "%d-%d" % t


@pytest.mark.parametrize("seed", range(1, 80, 3))
def test_reference_mano_plays_the_engines_hand(seed):
    s = mano.new_game(None, seed)
    fields = dict(re.findall(r"(\w+)=([^=]*?)(?= \w+=|$)", mano.to_text(s)))
    tiles = rmn.SET[:]
    Rng(seed).shuffle(tiles)
    assert " ".join(_tile(t) for t in sorted(tiles[:7])) == fields["h0"]
    assert " ".join(_tile(t) for t in tiles[14:]) == fields["bone"]
    engine = [mano.play(s, mano.legal_moves(s)[0])]   # the compulsory lead
    choices = Rng(seed + 1000)

    def pick(seat, options):
        s = engine[0]
        while mano.legal_moves(s) in (["draw"], ["pass"]):
            s = mano.play(s, mano.legal_moves(s)[0])
        assert mano.to_move(s) == seat
        names = [side + _tile(t) for t, side in options]
        assert sorted(names) == sorted(mano.legal_moves(s))
        k = choices.below(len(names))
        engine[0] = mano.play(s, names[k])
        return k
    winner, points = rmn.random_hand(Rng(seed), pick)
    scores = mano.result(engine[0])["scores"]
    assert scores[winner] == points and scores[1 - winner] == 0
