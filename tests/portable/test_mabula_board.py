"""Mabula on the marble board (docs/boards/marble.md#playing): occupancy readings in SPACES
order, the move they show, and the groups for the end display."""
from check import eq, raises

from firmware.rules import mabula as m

WWBB = "WWBB" * 6


def _reading(state, changes):
    """The occupancy of ``state`` with {space name: 0 or 1} applied."""
    occ = bytearray(m.occupancy(state))
    for name in changes:
        occ[m.space_index(name)] = changes[name]
    return bytes(occ)


def test_occupancy_format():
    s = m.new_game({"setup": WWBB})
    occ = m.occupancy(s)
    eq(len(occ), 60, "60 entries")
    for i in range(60):
        eq(occ[i], 1 if m.SPACES[i] in m.RING else 0, m.SPACES[i])
    t = m.play(s, "a5-d5")
    eq(m.occupancy(t)[m.space_index("d5")], 1, "d5 filled")
    eq(m.occupancy(t)[m.space_index("a5")], 0, "a5 emptied")


def test_every_opening_move_is_recognised():
    s = m.new_game({"setup": WWBB})
    for move in m.legal_moves(s):
        eq(m.move_from_occupancy(s, m.occupancy(m.play(s, move))), move, move)
    eq(m.move_from_occupancy(s, m.occupancy(s)), None, "unchanged reading")


def test_pushes_are_recognised():
    s = m.play(m.play(m.new_game({"setup": WWBB}), "a5-d5"), "d1-d6")
    s = m.play(s, "b1-b2")
    for move in ("d8-d7", "d8-d6", "d8-d5", "d8-d4"):
        after = m.play(s, move)
        eq(m.move_from_occupancy(s, m.occupancy(after)), move, move)
        # Also as a plain list of ints.
        eq(m.move_from_occupancy(s, list(m.occupancy(after))), move, move + " as a list")


def test_readings_that_match_no_move():
    s = m.play(m.play(m.new_game({"setup": WWBB}), "a5-d5"), "d1-d6")
    s = m.play(s, "b1-b2")
    # Black d8-d7 gives d7 B, d6 W, d5 B (d8 emptied, d5 newly filled).
    good = _reading(s, {"d8": 0, "d5": 1})
    eq(m.move_from_occupancy(s, good), "d8-d7", "the real move")
    for changes, what in (({"d8": 0, "d5": 1, "f4": 1}, "an extra marble"),
                          ({"d8": 0}, "a missing marble"),
                          ({"d8": 0, "d4": 1}, "front marble one too far"),
                          ({"d8": 0, "d5": 1, "b1": 1}, "an edge space refilled"),
                          ({"d8": 0, "c8": 0, "d5": 1}, "two edge spaces emptied"),
                          ({"a5": 1, "d5": 0}, "a marble rolled back to the edge"),
                          ({"b8": 0, "b7": 1}, "White's marble while Black is to move"),
                          ({"d8": 0, "d7": 0, "d6": 0, "d3": 1, "d2": 1, "d1": 1},
                           "the train pushed out of the field (d8-d3)"),
                          ({"d8": 0, "d7": 0, "d6": 0, "d3": 1, "d2": 1}, "d8-d3, d1 unseen")):
        eq(m.move_from_occupancy(s, _reading(s, changes)), None, what)
    raises(ValueError, m.move_from_occupancy, s, bytes(59))
    raises(ValueError, m.move_from_occupancy, s, "1" * 60)


def test_forced_pass_and_game_over_readings():
    s = m.from_text("-......-/.W.WBWB./.B.BWBW./.W.WBWB./.B.BWBW./.W....../.B....../-BW....- B")
    eq(m.legal_moves(s), ["pass"], "Black must pass")
    eq(m.move_from_occupancy(s, m.occupancy(s)), None, "a pass moves no marble")
    eq(m.move_from_occupancy(s, _reading(s, {"c1": 0, "c2": 1})), None, "not White's turn")
    s = m.play(s, "pass")
    eq(m.move_from_occupancy(s, _reading(s, {"c1": 0, "c4": 1})), "c1-c4", "White's move")
    over = m.play(s, "c1-c4")
    assert m.is_over(over)
    eq(m.move_from_occupancy(over, _reading(over, {"b1": 0, "c2": 1})), None, "game over")


def test_groups_for_display():
    s = m.from_text("-......-/.WWWW.B./.W..W.B./.WW..BB./...BW.B./.B.BW.B./.BBWBW../-......- W")
    eq(m.groups(s, 0), [["b5", "c5", "b6", "e6", "b7", "c7", "d7", "e7"], ["e3", "e4"],
                        ["d2"], ["f2"]], "White, largest first then SPACES order")
    eq(m.groups(s, 1), [["g3", "g4", "f5", "g5", "g6", "g7"], ["b2", "c2", "b3"], ["d3", "d4"],
                        ["e2"]], "Black")
    eq(m.groups(m.new_game({"setup": WWBB}), 0), [], "no field marbles yet")
    eq(m.result(m.new_game({"setup": WWBB})),
       {"winner": None, "scores": [0, 0], "reason": "in progress"}, "no groups score 0")
