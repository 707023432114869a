"""Masbrur's equipment-phase move list (firmware/rules/masbrur_moves.py,
docs/contracts.md#masbrur-moves): a compact list that behaves as the list of strings, in
the canonical order, against a plain enumeration written for clarity."""
from check import eq, raises

from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf
from test_masbrur_util import position


def reference(s):
    """The equipment moves as docs/rules/masbrur.md#2-equipment lists them: pass, A (when
    the hand attacks), then each wall pair, pushed tile, row and side in order, every
    active turn followed by its +A when that push completes an attack."""
    p = m.to_move(s)
    ars = s.ars[p]
    out = ["pass"] + (["A"] if m.is_legal(s, "A") else [])
    for i in range(len(ars)):
        for j in range(i + 1, len(ars)):
            for k in range(len(ars)):
                if k in (i, j):
                    continue
                for r in range(8):
                    for side in "LR":
                        move = "W%s,%s P%s%s%d" % (mf.name(ars[i]), mf.name(ars[j]),
                                                   mf.name(ars[k]), side, r)
                        if m.is_legal(s, move):
                            out.append(move)
                            if m.is_legal(s, move + "+A"):
                                out.append(move + "+A")
    return out


def small():
    """An equipment position with a four-tile arsenal: its moves can all be tried."""
    return position("equipment", "24 25 35 57", "02 03 04 05 06 13 14 15 16 17 26 27 36 37 46 47")


def test_the_list_is_the_reference_enumeration():
    s = small()
    moves = m.legal_moves(s)
    want = reference(s)
    eq(len(moves), len(want), "as many moves")
    eq(list(moves), want, "the same strings in the same order")
    assert moves == want and not (moves != want)
    for i in range(len(want)):
        eq((moves[i], moves[i - len(want)]), (want[i], want[i]), "index %d" % i)
    eq(moves[:3], want[:3], "a slice is a plain list")
    eq(moves[-2:], want[-2:])
    eq(moves[1::5], want[1::5])
    eq(moves.index(want[-1]), len(want) - 1)
    for move in want:
        assert move in moves, move
    for move in ("W24,25 P35L9", "W25,24 P35L0", "nonsense", "", 7, "<free>"):
        assert move not in moves, move
    raises(IndexError, lambda: moves[len(want)])
    raises(ValueError, lambda: moves.index("W00,00 P00L0"))


def test_thousands_of_moves_indexed_and_iterated_alike():
    # What they keep on a Pico's heap: tests/test_pico_board.py (whole random games).
    s = position("equipment", "03 13 14 16 24 25 26 27 47 57", "02 04 05 06 15 17 35 36 37 46")
    moves = m.legal_moves(s)
    assert len(moves) > 2000, len(moves)
    n = 0
    last = None
    for move in moves:                   # iteration agrees with indexing
        if n % 97 == 0:
            eq(moves[n], move, "move %d" % n)
        n += 1
        last = move
    eq((n, moves[-1]), (len(moves), last))
