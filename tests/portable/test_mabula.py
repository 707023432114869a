"""Mabula (docs/rules/mabula.md): geometry, setup, pushes, passes, scoring, notation.
Vectors MV-1..MV-5 of docs/rules/mabula.md#examples. Runs on CPython and MicroPython."""
from check import eq, raises

from firmware.rules import IllegalMove, Rng
from firmware.rules import mabula as m

WWBB = "WWBB" * 6
WWBB_TEXT = "-WWBBWW-/B......B/B......B/W......W/W......W/B......B/B......B/-WWBBWW- W"
# MV-1: field ranks 7..2 as written in docs/rules/mabula.md#mv-1, edges empty (so the game is
# over).
MV1_TEXT = ("-......-/.WWWW.B./.W..W.B./.WW..BB./...BW.B./.B.BW.B./.BBWBW../-......- W")
# MV-5: Black's only edge marble (b1) faces the full column b; White's c1 is free.
MV5_TEXT = ("-......-/.W.WBWB./.B.BWBW./.W.WBWB./.B.BWBW./.W....../.B....../-BW....- B")


def _ring_string(s):
    text = m.to_text(s)
    ranks = text.split(" ")[0].split("/")
    out = ""
    for name in m.RING:
        out += ranks[8 - int(name[1])]["abcdefgh".index(name[0])]
    return out


def test_geometry_and_space_order():
    eq(len(m.SPACES), 60, "spaces")
    eq(len(set(m.SPACES)), 60, "distinct spaces")
    for corner in ("a1", "h1", "a8", "h8"):
        assert corner not in m.SPACES
    eq(m.SPACES[:7], ("b1", "c1", "d1", "e1", "f1", "g1", "a2"), "rank 1 then rank 2")
    eq(m.SPACES[-1], "g8", "last space")
    eq(m.space_index("b1"), 0, "b1")
    eq(m.space_index("a2"), 6, "a2")
    eq(m.space_index("g8"), 59, "g8")
    raises(ValueError, m.space_index, "a1")
    raises(ValueError, m.space_index, "i3")
    eq(" ".join(m.RING), "b1 c1 d1 e1 f1 g1 h2 h3 h4 h5 h6 h7 g8 f8 e8 d8 c8 b8 a7 a6 a5 a4 a3 a2",
       "ring order")


def test_start_position_lines_and_move_order():
    s = m.new_game({"setup": WWBB})
    eq(m.to_text(s), WWBB_TEXT, "docs/rules/mabula.md#notation example text")
    eq(m.to_move(s), 0, "White first")
    moves = m.legal_moves(s)
    eq(len(moves), 72, "12 marbles x 6")
    eq(moves[:6], ["b1-b2", "b1-b3", "b1-b4", "b1-b5", "b1-b6", "b1-b7"], "b1 first, d ascending")
    # Each edge space's line runs inward: d8 down column d, h4 along rank 4 leftwards.
    eq([x for x in m.legal_moves(m.play(s, "b1-b2")) if x.startswith("d8")],
       ["d8-d7", "d8-d6", "d8-d5", "d8-d4", "d8-d3", "d8-d2"], "line(d8)")
    eq([x for x in moves if x.startswith("h4")],
       ["h4-g4", "h4-f4", "h4-e4", "h4-d4", "h4-c4", "h4-b4"], "line(h4)")
    eq(moves[-6:], ["a4-b4", "a4-c4", "a4-d4", "a4-e4", "a4-f4", "a4-g4"], "last White edge a4")


def test_mv1_largest_group_and_product():
    s = m.from_text(MV1_TEXT)
    assert m.is_over(s)
    eq(m.result(s), {"winner": 0, "scores": [8, 6], "reason": "largest group"}, "largest")
    eq([len(g) for g in m.groups(s, 0)], [8, 2, 1, 1], "White's groups")
    eq([len(g) for g in m.groups(s, 1)], [6, 3, 2, 1], "Black's groups")
    eq(m.groups(s, 0)[1], ["e3", "e4"], "White's pair")
    eq(sorted(m.groups(s, 1)[0]), ["f5", "g3", "g4", "g5", "g6", "g7"], "Black's six")
    eq(m.groups(s, 1)[1], ["b2", "c2", "b3"], "Black's three")
    p = m.from_text(MV1_TEXT + " scoring=product")
    eq(m.result(p), {"winner": 1, "scores": [16, 36], "reason": "product"}, "product")
    raises(ValueError, m.groups, s, 2)


def test_mv1_best_product_81():
    # White: four groups of three; Black: one group of 12.
    s = m.from_text("-......-/.WWW.WW./.BBBBBW./.WWWB.../.BBBBBB./.WWW..../......../-......- B"
                    " scoring=product")
    eq(m.result(s), {"winner": 0, "scores": [81, 12], "reason": "product"}, "81")
    s = m.from_text(m.to_text(s).split(" scoring")[0])
    eq(m.result(s), {"winner": 1, "scores": [3, 12], "reason": "largest group"}, "largest")


def test_ties_draw_and_lex():
    # White groups 4,4,4; Black 4,4,3,1: equal largest groups.
    base = "-......-/.WWWW.../.BBBB.../.WWWW.../.BBBB.../.WWWW.../.BBB.B../-......- W"
    eq(m.result(m.from_text(base)), {"winner": None, "scores": [4, 4], "reason": "draw"}, "draw")
    eq(m.result(m.from_text(base + " tiebreak=lex")),
       {"winner": 0, "scores": [4, 4], "reason": "tiebreak"}, "lex")
    eq(m.result(m.from_text(base + " scoring=product tiebreak=lex")),
       {"winner": 0, "scores": [64, 48], "reason": "product"}, "product")
    same = base.replace(".BBB.B..", ".BBBB...")
    eq(m.result(m.from_text(same + " tiebreak=lex")),
       {"winner": None, "scores": [4, 4], "reason": "draw"}, "lex, equal lists")
    # Equal products are a draw even with lex (docs/rules/mabula.md#the-end-and-the-score).
    eq(m.result(m.from_text(same + " scoring=product tiebreak=lex"))["reason"], "draw",
       "product tie")


def test_mv2_setup_rule():
    s = m.new_game({"setup": WWBB})
    eq(_ring_string(s), WWBB, "ring string written in ring order")
    e = raises(ValueError, m.new_game, {"setup": "WWWBBWBBWWBBWWBBWWBBWWBB"})
    assert "setup" in str(e) and "three W" in str(e), str(e)
    # The run wraps round the ring: a2, b1, c1.
    wrap = "WWBBWBBWWBBWWBBWBBWWBWBW"
    e = raises(ValueError, m.new_game, {"setup": wrap})
    assert "a2, b1, c1" in str(e), str(e)
    # Across the missing corner g1-h2: d1..g1 = BWWW... is a run at f1, g1, h2.
    e = raises(ValueError, m.new_game, {"setup": "WWBBWWWBBWWBBWWBBWBBWWBB"})
    assert "three W in a row at f1, g1, h2" in str(e), str(e)
    assert m._setup_fault("WBWBWBWBWBWBWBWBWBWBWBWB") is None
    assert m._setup_fault("WWBWWBBWBBWWBWWBBWBBWBWB") is None


def test_setup_strings_malformed():
    for bad, word in (("WWBB" * 5, "24"), (WWBB + "W", "24"), ("wwbb" * 6, "not W or B"),
                      ("WWBX" + WWBB[4:], "not W or B"), ("WBWBWBWBWBWBWBWBWBWBWBWW", "12 W")):
        e = raises(ValueError, m.new_game, {"setup": bad})
        assert "setup" in str(e) and word in str(e), str(e)
    e = raises(ValueError, m.new_game, {"setup": 24})
    assert "setup" in str(e)


def test_mv3_random_setup_seed_1():
    eq(m._random_setup(Rng(1)), ("BWWBWWBBWWBBWWBWBBWBWBBW", 338), "seed 1")
    s = m.new_game(None, 1)
    eq(_ring_string(s), "BWWBWWBBWWBBWWBWBBWBWBBW", "new_game seed 1")
    # Independent count: the list is rebuilt in its original order for every try.
    rng = Rng(1)
    tries = 0
    while True:
        tries += 1
        a = ["W"] * 12 + ["B"] * 12
        rng.shuffle(a)
        if m._setup_fault(a) is None:
            break
    eq(tries, 338, "shuffles")
    for seed in range(2, 6):
        assert m._setup_fault(_ring_string(m.new_game(None, seed))) is None


def test_first_player_option():
    eq(m.to_move(m.new_game({"setup": WWBB, "first": "B"})), 1, "first B")
    seen = []
    for seed in range(12):
        rng = Rng(seed)
        m._random_setup(rng)
        want = rng.below(2)
        eq(m.to_move(m.new_game({"first": "random"}, seed)), want, "random after setup")
        rng = Rng(seed)
        eq(m.to_move(m.new_game({"setup": WWBB, "first": "random"}, seed)), rng.below(2),
           "explicit setup draws no shuffles")
        seen.append(want)
    assert 0 in seen and 1 in seen


def test_options_validation():
    for opts, key in (({"colour": "W"}, "colour"), ({"first": "X"}, "first"),
                      ({"first": "white"}, "first"), ({"scoring": "max"}, "scoring"),
                      ({"tiebreak": 1}, "tiebreak"),
                      ({"count_edge_marbles": 1}, "count_edge_marbles"),
                      ({"setup": None}, "setup")):
        e = raises(ValueError, m.new_game, opts)
        assert key in str(e), str(e)
    raises(ValueError, m.new_game, "random")
    raises(ValueError, m.new_game, None, "1")
    raises(ValueError, m.new_game, None, True)
    s = m.new_game({"setup": WWBB, "scoring": "product", "tiebreak": "lex",
                    "count_edge_marbles": True, "first": "W"}, 3)
    eq(m.to_text(s), WWBB_TEXT + " scoring=product tiebreak=lex count_edge_marbles=true",
       "options")


def test_mv4_pushes():
    s = m.play(m.new_game({"setup": WWBB}), "a5-d5")
    eq(m.to_move(s), 1, "Black to move")
    eq(len(m.legal_moves(s)), 70, "72 minus d1-d7 and d8-d2")
    assert "d1-d7" not in m.legal_moves(s) and "d8-d2" not in m.legal_moves(s)
    t = m.play(s, "d1-d5")
    eq(m.to_text(t).split("/")[2:4], ["B..W...B", "...B...W"], "B d5, W pushed to d6")
    t = m.play(s, "d1-d6")
    eq(m.to_text(t).split("/")[1:3], ["B..W...B", "B..B...B"], "B d6, W d7")
    e = raises(IllegalMove, m.play, s, "d1-d7")
    assert "pushed out" in str(e) and "d6" in str(e), str(e)
    # Let White move elsewhere, then Black's d8 faces d7 = W, d6 = B (k = 2).
    t = m.play(t, "b1-b2")
    eq([x for x in m.legal_moves(t) if x.startswith("d8")], ["d8-d7", "d8-d6", "d8-d5", "d8-d4"],
       "d8 moves")
    u = m.play(t, "d8-d7")
    eq([m.to_text(u).split("/")[r][3] for r in (0, 1, 2, 3)], [".", "B", "W", "B"],
       "d8 empty, d7 B, d6 W, d5 B")
    u = m.play(t, "d8-d4")
    eq([m.to_text(u).split("/")[r][3] for r in range(8)], [".", ".", ".", ".", "B", "W", "B", "."],
       "d4 B, d3 W, d2 B, d1 still empty")
    e = raises(IllegalMove, m.play, t, "d8-d3")
    assert "pushed out" in str(e), str(e)


def test_mv5_forced_pass_and_end():
    s = m.from_text(MV5_TEXT)
    eq(m.legal_moves(s), ["pass"], "Black must pass")
    eq(m.to_move(s), 1, "Black is to move")
    assert not m.is_over(s)
    eq(m.result(s)["reason"], "in progress", "not over")
    s = m.play(s, "pass")
    eq(m.legal_moves(s), ["c1-c2", "c1-c3", "c1-c4", "c1-c5", "c1-c6", "c1-c7"], "White")
    e = raises(IllegalMove, m.play, s, "pass")
    assert "not allowed" in str(e), str(e)
    s = m.play(s, "c1-c2")
    eq(m.legal_moves(s), [], "neither can move")
    assert m.is_over(s)
    eq(m.to_move(s), None, "nobody to move")
    eq(m.result(s), {"winner": None, "scores": [1, 1], "reason": "draw"}, "all singletons")
    e = raises(IllegalMove, m.play, s, "pass")
    assert "over" in str(e), str(e)
    e = raises(IllegalMove, m.play, s, "b1-b2")
    assert "over" in str(e), str(e)


def test_blocked_marble_freed_by_cross_push():
    s = m.from_text(MV5_TEXT.replace("/.W....../", "/WW....../").replace("-BW....-", "-B.....-"))
    eq(m.legal_moves(s), ["pass"], "b1 blocked")
    s = m.play(m.play(s, "pass"), "a3-c3")
    eq(m.legal_moves(s), ["b1-b2"], "b3 pushed on to d3 frees one cell of column b")


def test_count_edge_marbles():
    end = m.play(m.play(m.from_text(MV5_TEXT), "pass"), "c1-c2")
    eq(m.groups(end, 1)[0], ["b2"], "edge marble not in a group")
    edges = m.from_text(m.to_text(end) + " count_edge_marbles=true")
    eq(m.groups(edges, 1)[0], ["b1", "b2"], "b1 joins b2")
    eq(m.result(edges), {"winner": 1, "scores": [1, 2], "reason": "largest group"}, "edges count")
    # Orthogonal adjacency only: a2 and b1 touch diagonally across the missing corner.
    t = m.from_text("-......-/......../......../......../......../......../W......./-W.....- W"
                    " count_edge_marbles=true")
    eq(m.groups(t, 0), [["b1"], ["a2"]], "no link across a corner")


def test_illegal_moves_leave_state_untouched():
    s = m.play(m.new_game({"setup": WWBB}), "a5-d5")
    before = m.to_text(s)
    for move, word in ((None, "string"), (15, "string"), (["d1-d5"], "string"), ("", "not a move"),
                       ("d1d5", "not a move"), ("D1-D5", "not a move"), ("d1-d5 ", "not a move"),
                       ("a1-b1", "not a move"), ("d4-d5", "not an edge"),
                       ("d1-e5", "not one of the 6"), ("d1-d8", "not one of the 6"),
                       ("d1-d1", "not one of the 6"), ("a5-b5", "no marble"), ("b1-b2", "White's"),
                       ("d1-d7", "pushed out"), ("pass", "not allowed")):
        e = raises(IllegalMove, m.play, s, move)
        assert word in str(e), "%r: %s" % (move, e)
        eq(m.to_text(s), before, "state untouched after %r" % (move,))
    eq(len(m.legal_moves(s)), 70, "moves unchanged")


def test_play_returns_new_state_and_legal_moves_copy():
    s = m.new_game({"setup": WWBB})
    m.legal_moves(s).append("junk")
    eq(len(m.legal_moves(s)), 72, "caller cannot change the cache")
    t = m.play(s, "b1-b7")
    eq(m.to_text(s), WWBB_TEXT, "input untouched")
    assert m.to_text(t) != WWBB_TEXT


def test_from_text_round_trip_and_errors():
    for text in (WWBB_TEXT, MV1_TEXT, MV5_TEXT, MV1_TEXT
                 + " tiebreak=lex count_edge_marbles=true"):
        eq(m.to_text(m.from_text(text)), text, "round trip")
    eq(m.to_text(m.from_text(MV1_TEXT + " scoring=largest")), MV1_TEXT, "defaults are not written")
    good = WWBB_TEXT
    for bad, word in ((None, "string"), ("", "8 ranks"), (good[:-2], "8 ranks"),
                      (good.replace("/", "|"), "8 ranks"),
                      (good.replace("-WWBBWW-/B", "-WWBBWW-B/", 1), "rank 8"),
                      (good.replace("-WWBBWW-", "WWWBBWW-", 1), "corner a8"),
                      (good.replace("B......B", "B..x...B", 1), "d7"),
                      (good[:-1] + "X", "side to move"), (good + " scoring=best", "scoring"),
                      (good + " colour=W", "unknown"),
                      (good + " tiebreak=lex tiebreak=lex", "twice"),
                      (good.replace("B......B", "BWWWWWWB", 1), "12 marbles")):
        e = raises(ValueError, m.from_text, bad)
        assert word in str(e), "%r: %s" % (bad, e)


def test_random_games_invariants():
    rng = Rng(5)
    for seed in range(3):
        s = m.new_game({"first": "random"}, seed)
        moves = 0
        while not m.is_over(s):
            legal = m.legal_moves(s)
            move = legal[rng.below(len(legal))]
            t = m.play(s, move)
            occ0, occ1 = m.occupancy(s), m.occupancy(t)
            board = m.to_text(t).split(" ")[0]
            eq((board.count("W"), board.count("B")), (12, 12), "12 + 12 marbles")
            if move != "pass":
                moves += 1
                eq(m.move_from_occupancy(s, occ1), move, "move from occupancy")
            for name in m.RING:
                i = m.space_index(name)
                assert occ1[i] <= occ0[i], "edge %s refilled" % name
            u = m.from_text(m.to_text(t))
            eq(m.legal_moves(u), m.legal_moves(t), "round trip moves")
            s = t
        assert moves <= 24
        eq(m.result(m.from_text(m.to_text(s))), m.result(s), "round trip result")
