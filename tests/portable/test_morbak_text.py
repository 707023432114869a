"""Morbak position text, options and the helpers the board app uses."""
from check import eq, raises

import firmware.rules.morbak as m

EMPTY = "/".join(["......."] * 7)


def run(moves, options=None):
    s = m.new_game(options)
    for mv in moves:
        s = m.play(s, mv)
    return s


def same(a, b):
    eq(m.to_text(a), m.to_text(b), "text")
    eq(m.legal_moves(a), m.legal_moves(b), "moves")
    eq(m.result(a), m.result(b), "result")
    eq(m.to_move(a), m.to_move(b), "to move")


def test_text_of_the_default_game():
    eq(m.to_text(m.new_game()), EMPTY + " A 7 7 1 1", "new game")
    s = run(["L a1", "L g7"])
    eq(m.to_text(s), "......B/" + "/".join(["......."] * 5) + "/A...... A 7 7 1 1", "a1 and g7")


def test_text_of_every_variant_round_trips():
    cases = (
        ({"lite": True}, ["L d4", "S d4"], "......./......./......./...b.../......./......./....... A 6 5 0 0 lite"),
        ({"budget_scope": "separate", "budget": 3}, ["L d4", "L e4", "K d4"], None),
        ({"switch_limit": "per_player"}, ["L d4", "S d4", "S d4", "L a1", "L b1", "L e5", "S e5"], None),
        ({"game_time_s": None, "move_time_s": None, "first": 1}, ["L a1"], None),
        ({"move_time_s": None, "budget_scope": "separate", "switch_limit": "per_player"},
         ["L d4", "S d4", "flag"], None),
    )
    for options, moves, want in cases:
        s = run(moves, options)
        if want is not None:
            eq(m.to_text(s), want, "lite text")
        same(m.from_text(m.to_text(s)), s)
    eq(m.to_text(run(cases[1][1], cases[1][0])).split(" ")[2:], ["3", "3", "1", "1", "2", "3"], "separate")
    pp = run(cases[2][1], cases[2][0])
    eq(m.to_text(pp).split(" ")[6:], ["d4,e5", "d4"], "per_player lists")
    eq(m.to_text(run(cases[3][1], cases[3][0])).split(" ")[-2:], ["game_time_s=off", "move_time_s=off"], "clocks off")
    flagged = run(cases[4][1], cases[4][0])
    eq(m.to_text(flagged).split(" ")[1:], ["A", "7", "6", "1", "1", "7", "7", "-", "d4", "move_time_s=off", "flag"],
       "separate + per_player + flag")
    eq(m.result(m.from_text(m.to_text(flagged)))["reason"], "flag", "flag read back")


def test_from_text_rejects_malformed_text():
    good = EMPTY + " A 7 7 1 1"
    m.from_text(good)
    for bad in (None, "", good[:-2], EMPTY + " C 7 7 1 1", EMPTY + " A 7 7 1 x", EMPTY + " A 7 7 1 100",
                EMPTY.replace(".", "x", 1) + " A 7 7 1 1", EMPTY[:-1] + " A 7 7 1 1",
                EMPTY + "/......." + " A 7 7 1 1", good + " 3", good + " bogus", good + " flag lite",
                good + " d4", good + " d4 d4", good + " - d4,c4", good + " - h9",
                good + " lite", EMPTY + " A 6 6 0 0 4 4 lite",
                EMPTY.replace(".", "a", 1) + " A 6 6 0 0 - -",
                EMPTY.replace(".", "A", 1) + " A 6 6 0 0 a1 -",
                "AAAA.../" + EMPTY[8:] + " A 7 7 1 1",
                "AAAA.../" + EMPTY[8:] + " B 7 7 1 1 flag",
                "AAAA.../BBBB.../" + EMPTY[16:] + " B 7 7 1 1",
                good + " game_time_s=off flag"):
        raises(ValueError, m.from_text, bad)
    won = m.from_text("AAAA.../" + EMPTY[8:] + " B 7 7 1 1")
    eq(m.result(won), {"winner": 0, "scores": [1, 0], "reason": "line"}, "A's line")
    eq(m.winning_line(won), [42, 43, 44, 45], "a7-d7")


def test_options_are_checked_by_name():
    for options, key in (({"colour": 1}, "colour"), ({"lite": 1}, "lite"), ({"budget": "7"}, "budget"),
                         ({"budget": -1}, "budget"), ({"budget": True}, "budget"),
                         ({"budget_scope": "both"}, "budget_scope"), ({"neutralizations": 1.0}, "neutralizations"),
                         ({"switch_limit": "once"}, "switch_limit"), ({"game_time_s": "900"}, "game_time_s"),
                         ({"move_time_s": 0}, "move_time_s"), ({"first": True}, "first"),
                         ({"first": 2}, "first"), ({"next_first": "winner"}, "next_first"),
                         ({"lite": True, "budget_scope": "separate"}, "budget_scope"),
                         ({"lite": True, "neutralizations": 1}, "neutralizations")):
        e = raises(ValueError, m.new_game, options)
        assert key in str(e), "%r: %s" % (options, e)
    raises(ValueError, m.new_game, "lite")
    raises(ValueError, m.new_game, None, "1")
    eq(m.budgets(m.new_game({"lite": True, "budget": 4})), {"budget": [4, 4], "blocks": None, "neutral": [0, 0]},
       "Lite with its own budget")


def test_press_action_follows_the_default_mapping():
    s = m.from_text("......./......./....2../...#A../..AbA../.B...B./....... A 7 4 0 1")
    for square, want in (("a1", "L a1"), ("c3", "K c3"), ("b2", "S b2"), ("d3", None), ("e5", None),
                         ("d4", None), (m.SQUARES.index("e4"), "K e4")):
        eq(m.press_action(s, square), want, "press %r" % (square,))
    b = m.from_text("......./......./....2../...#A../..AbA../.B...B./....... B 7 4 0 1")
    for square, want in (("c3", "S c3"), ("d3", None), ("e5", None), ("b2", "K b2")):
        eq(m.press_action(b, square), want, "B presses %r" % (square,))
    n = run(["L d4", "S d4"])
    eq(m.press_action(n, "d4"), "N d4", "neutralize the switched square")
    raises(ValueError, m.press_action, s, "h1")
    raises(ValueError, m.press_action, s, 49)
    over = m.play(s, "flag")
    eq(m.press_action(over, "a1"), None, "game over")
    for i in range(49):
        mv = m.press_action(s, i)
        assert mv is None or mv in m.legal_moves(s), mv


def test_square_helpers():
    eq(len(m.SQUARES), 49, "squares")
    eq((m.SQUARES[0], m.SQUARES[1], m.SQUARES[7], m.SQUARES[24], m.SQUARES[48]), ("a1", "b1", "a2", "d4", "g7"), "index")
    s = m.from_text("......./......./....2../...#A../..AbA../.B...B./....... A 7 4 0 1")
    eq("".join(m.square_state(s, i) for i in range(49)),
       "......." + ".B...B." + "..AbA.." + "...#A.." + "....2.." + "......." + ".......",
       "square states, rank 1 first")
    eq(m.winning_line(s), None, "no line yet")
