"""Fursaz test vectors of docs/rules/fursaz.md#examples (FV-0 … FV-11), on CPython and
MicroPython."""
from check import eq, raises

from firmware.rules import IllegalMove
import firmware.rules.fursaz as fz


def pos(stones, turn="B", extra=""):
    """A size-5 position in phase play from 'W e5, B e3, …' (oldest first, ranks 0, 1, …)."""
    parts = ["5", turn, "0", "0", "play"]
    i = 0
    for item in stones.split(","):
        colour, point = item.split()
        parts.append("%s%s%d" % (point, colour, i))
        i += 1
    return fz.from_text(" ".join(parts) + extra)


def colours(state):
    """'B e3 e5 e7 / W …' summary of the board."""
    b = fz.board(state)
    out = []
    for c in "BW":
        pts = [p for p in fz.legal_moves(fz.new_game({"size": state.size})) if b.get(p) == c]
        out.append(c + " " + " ".join(pts))
    return " / ".join(out)


def stages(res):
    return [(s["colour"], s["points"]) for s in res["stages"]]


def test_fv0_point_counts_and_centres():
    five = fz.legal_moves(fz.new_game({"size": 5}))
    seven = fz.legal_moves(fz.new_game())
    eq((len(five), len(seven)), (61, 127), "points")
    # In canonical order the centre is the middle point.
    eq((five[30], seven[63]), ("e5", "g7"), "centres")
    eq((five[0], five[4], five[5], five[-1]), ("a1", "a5", "b1", "i9"), "size 5 names")
    eq((seven[0], seven[-1]), ("a1", "m13"), "size 7 names")


def test_fv1_gap_flank():
    s = fz.play(pos("W e5, B e3"), "e7")
    eq(colours(s), "B e3 e5 e7 / W ", "FV-1")
    eq(fz.to_text(s), "5 W 0 0 play e3B0 e5B2 e7B1", "FV-1 text")


def test_fv2_unequal_distances():
    eq(colours(fz.play(pos("W e5, B e3"), "e6")), "B e3 e6 / W e5", "FV-2")


def test_fv3_no_multiple_capture():
    eq(colours(fz.play(pos("W e4, W e5, B e3"), "e6")), "B e3 e6 / W e4 e5", "FV-3")


def test_fv4_self_flip():
    s = pos("W e4, W e6")
    res = fz.resolution(s, "e5")
    eq(stages(res), [("W", ["e5"])], "FV-4 stages")
    eq((res["colour"], res["final"], res["net"], res["cycle"]), ("B", "W", [], False), "FV-4")
    eq(colours(fz.play(s, "e5")), "B  / W e4 e5 e6", "FV-4 final")


def test_fv5_mover_captures_first():
    s = pos("W e4, W e6, B e7")
    eq(stages(fz.resolution(s, "e5")), [("B", ["e6"])], "FV-5 stages")
    eq(colours(fz.play(s, "e5")), "B e5 e6 e7 / W e4", "FV-5 final")


def test_fv6_cascade():
    s = pos("B e1, W e2, W f3, B g4")
    res = fz.resolution(s, "e3")
    # e2 in iteration 1, f3 only in iteration 2 (stage A both times).
    eq(stages(res), [("B", ["e2"]), ("B", ["f3"])], "FV-6 stages")
    eq(res["net"], ["e2", "f3"], "FV-6 net")
    eq(colours(fz.play(s, "e3")), "B e1 e2 e3 f3 g4 / W ", "FV-6 final")


def test_fv7_unprotecting_by_filling_a_gap():
    s = pos("W d5, W f5, B e3, B e7, B e5")
    res = fz.resolution(s, "e4")
    eq(stages(res), [("W", ["e5"])], "FV-7 stages")
    eq(res["net"], ["e5"], "FV-7 net")
    eq(colours(fz.play(s, "e4")), "B e3 e4 e7 / W d5 e5 f5", "FV-7 final")


def test_fv8_most_recent_flank_wins():
    s = pos("W e5, W d5, W f5, B e3")
    eq(colours(fz.play(s, "e7")), "B e3 e5 e7 / W d5 f5", "FV-8")


FV9 = "B c5, W a4, B b4, W c7, B b6, W d5, B d6, B c6"
FV9_STAGES = [("W", ["c5"]), ("B", ["b5"]), ("W", ["c6"]), ("B", ["c5"]),
              ("W", ["b5"]), ("B", ["c6"]), ("W", ["c5"]), ("B", ["b5"])]


def test_fv9_non_terminating_cascade_is_illegal_by_default():
    s = pos(FV9, "W")
    before = fz.to_text(s)
    assert "b5" not in fz.legal_moves(s)
    assert "b4" not in fz.legal_moves(s)  # occupied, for contrast
    assert "a5" in fz.legal_moves(s)
    e = raises(IllegalMove, fz.play, s, "b5")
    assert "forever" in str(e)
    eq(fz.to_text(s), before, "state untouched")
    res = fz.resolution(s, "b5")
    eq(res["cycle"], True, "cycle")
    eq(stages(res), FV9_STAGES, "FV-9 stages up to the repeat")


def test_fv9_stop_ends_after_iteration_4():
    s = pos(FV9, "W", " cycle_rule=stop")
    assert "b5" in fz.legal_moves(s)
    eq(stages(fz.resolution(s, "b5")), FV9_STAGES, "FV-9 stages")
    t = fz.play(s, "b5")
    # The state after iteration 4 is the state after iteration 1: c5 white, b5 black,
    # their stamps the two newest. It is unstable (c6 would flip next).
    text = "5 B 0 0 play a4W0 b4B1 b5B8 b6B3 c5W7 c6B6 c7W2 d5W4 d6B5 cycle_rule=stop"
    eq(fz.to_text(t), text, "FV-9 stop")
    eq(fz.to_text(fz.from_text(text)), text, "unstable position accepted under stop")
    raises(ValueError, fz.from_text, text.replace(" cycle_rule=stop", ""))


def test_fv10_territory_run():
    s = pos("B e2, B e6, W d4, W f4")
    eq(fz.result(s)["scores"], [4, 2], "FV-10 run")
    t = fz.territory(s)
    eq((t["e3"], t["e4"], t["e5"]), ("B", None, "B"), "FV-10 owners")
    eq(sorted(p for p in t if t[p]), ["e3", "e5"], "FV-10 territory points")
    assert "e2" not in t  # stones are not in the territory map
    eq(len(t), 61 - 4, "every empty point listed")


def test_fv10_territory_midpoint():
    s = pos("B e2, B e6, W d4, W f4", "B", " territory=midpoint")
    eq(fz.result(s)["scores"], [2, 2], "FV-10 midpoint")
    t = fz.territory(s)
    eq([p for p in t if t[p]], [], "no territory")


def test_fv11_tie():
    for tie, winner, reason in (("draw", None, "draw"), ("white", 1, "tie to white")):
        s = fz.new_game({"size": 5, "tie": tie})
        for m in ("e5", "e6", "pass", "pass"):
            s = fz.play(s, m)
        assert fz.is_over(s)
        eq(fz.result(s), {"winner": winner, "scores": [1, 1], "reason": reason}, tie)
