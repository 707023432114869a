"""Morbak (docs/rules/morbak.md): the test vectors MKV-1..5 and the rules around them."""
from check import eq, raises

from firmware.rules import IllegalMove, Rng
import firmware.rules.morbak as m

MKV2 = "L d4,L e5,L c3,S d4,N d4,L b2,L e4,K e5,L e3,L f2,L d3,S d3".split(",")
MKV2_TEXT = "......./......./....2../...#A../..AbA../.B...B./....... A 7 4 0 1"
# A full board without a line for either player (found by search, checked below).
FULL = "BAAABAB/ABBAAAB/ABABBAA/AAABABB/BBAAABA/BABBAAA/AABABBA"


def run(moves, options=None):
    s = m.new_game(options)
    for mv in moves:
        s = m.play(s, mv)
    return s


def idx(name):
    return m.SQUARES.index(name)


def test_mkv1_windows_and_empty_board():
    s = m.new_game()
    windows = list(m._windows())
    eq(len(windows), 88, "windows")
    eq(len(set(windows)), 88, "distinct windows")
    steps = {}
    for w in windows:
        x0, y0 = w[0] % 7, w[0] // 7
        dx, dy = w[1] % 7 - x0, w[1] // 7 - y0
        for k in range(4):
            eq(w[k], (y0 + k * dy) * 7 + x0 + k * dx, "window %r is a straight run" % (w,))
        steps[(dx, dy)] = steps.get((dx, dy), 0) + 1
    eq(steps, {(1, 0): 28, (0, 1): 28, (1, 1): 16, (1, -1): 16}, "windows per direction")
    moves = m.legal_moves(s)
    eq(len(moves), 49, "empty board")
    eq(moves[:3], ["L a1", "L a2", "L a3"], "file then rank")
    eq(moves[-1], "L g7", "last")
    eq(m.to_move(s), 0, "A first")


def test_mkv2_switch_block_neutralize():
    s = m.new_game()
    s = m.play(s, "L d4")
    s = m.play(s, "L e5")
    s = m.play(s, "L c3")
    s = m.play(s, "S d4")
    eq(m.square_state(s, idx("d4")), "b", "d4 switched by B")
    eq(m.budgets(s)["budget"], [7, 6], "B paid the switch")
    s = m.play(s, "N d4")
    eq(m.square_state(s, idx("d4")), "#", "d4 neutral")
    eq(m.budgets(s)["neutral"], [0, 1], "A used the neutralization")
    s = run(MKV2)
    eq(m.to_text(s), MKV2_TEXT, "position")
    eq(m.to_move(s), 0, "A to move")
    moves = m.legal_moves(s)
    for bad in ("S d3", "N d3", "K e5", "S e5", "N e5"):
        assert bad not in moves, bad
    eq([mv for mv in moves if mv[2:] in ("c3", "b2")], ["S b2", "K c3"], "moves on c3/b2")
    eq(m.budgets(s), {"budget": [7, 4], "blocks": None, "neutral": [0, 1]}, "budgets")
    b_view = m.from_text(MKV2_TEXT.replace(" A ", " B "))
    eq([mv for mv in m.legal_moves(b_view) if mv[0] == "N"], [], "B has no neutralization target")
    pp = run(MKV2, {"switch_limit": "per_player"})
    assert "S d3" in m.legal_moves(pp)


def test_mkv3_win_on_the_diagonal():
    s = run(["L a1", "L g7", "L b2", "L g6", "L c3", "L g5"])
    assert not m.is_over(s)
    s = m.play(s, "L d4")
    assert m.is_over(s)
    eq(m.result(s), {"winner": 0, "scores": [1, 0], "reason": "line"}, "result")
    eq(m.winning_line(s), [idx("a1"), idx("b2"), idx("c3"), idx("d4")], "line")
    eq(m.legal_moves(s), [], "no moves after the win")
    eq(m.to_move(s), None, "nobody to move")
    e = raises(IllegalMove, m.play, s, "L g4")
    assert "over" in str(e)


def test_every_run_of_four_is_the_winning_line_it_completes():
    # Three of A's squares in a run, then A lights the fourth: the board blinks that run.
    runs = 0
    for step, x_end, y_from, y_to in ((1, 4, 0, 7), (7, 7, 0, 4), (8, 4, 0, 4), (-6, 4, 3, 7)):
        for y in range(y_from, y_to):
            for x in range(x_end):
                run4 = [7 * y + x + k * step for k in range(4)]
                for last in range(4):
                    cells = ["."] * 49
                    for i in run4:
                        if i != run4[last]:
                            cells[i] = "A"
                    ranks = ["".join(cells[7 * r:7 * r + 7]) for r in range(6, -1, -1)]
                    s = m.from_text("/".join(ranks) + " A 7 7 1 1")
                    s = m.play(s, "L " + m.SQUARES[run4[last]])
                    eq(m.winning_line(s), run4, "the run through %s" % m.SQUARES[run4[last]])
                runs += 1
    eq(runs, 88, "every run on the board")


def test_mkv4_neutral_square_breaks_the_line():
    s = m.from_text("......./......./......./..A#AA./......./......./....... A 7 7 1 1")
    t = m.play(s, "L g4")
    assert not m.is_over(t), "e4-f4-g4 is only 3"
    for code in "LSKN":
        assert "%s d4" % code not in m.legal_moves(s)
    eq(m.press_action(s, "d4"), None, "a neutral square takes no press")
    # Control: with d4 lit instead of neutral, g4 completes d4-g4.
    lit = m.from_text("......./......./......./...AAA./......./......./....... A 7 7 1 1")
    eq(m.winning_line(m.play(lit, "L g4")), [idx(n) for n in ("d4", "e4", "f4", "g4")], "control")


def test_mkv5_lite_has_no_blocks_or_neutralizations():
    s = run(["L d4"], {"lite": True})
    moves = m.legal_moves(s)
    eq(len(moves), 49, "48 lights and a switch")
    eq(moves[-1], "S d4", "the switch comes last")
    eq(sum(1 for mv in moves if mv[0] == "L"), 48, "lights")
    eq(m.budgets(s), {"budget": [6, 6], "blocks": None, "neutral": [0, 0]}, "Lite counters")
    e = raises(IllegalMove, m.play, run(["L d4", "L e4"], {"lite": True}), "K d4")
    assert "Lite" in str(e)


def test_canonical_order_codes_then_file_then_rank():
    s = m.from_text("......./......./......./..aABb./.1...../......./B...... B 7 7 1 1")
    moves = m.legal_moves(s)
    coded = [mv for mv in moves if mv[0] != "L"]
    eq(coded, ["S d4", "K a1", "K e4", "N b3", "N c4"], "S, K, N")
    keys = [("LSKN".index(mv[0]), mv[2], mv[3]) for mv in moves]
    eq(keys, sorted(keys), "order")


def test_forced_pass_then_draw():
    full = m.from_text(FULL + " A 0 0 0 0")
    eq(m.result(full), {"winner": None, "scores": [0, 0], "reason": "no moves"}, "nobody can act")
    eq(m.legal_moves(full), [], "draw")
    s = m.from_text(FULL + " A 0 1 0 0")
    eq(m.legal_moves(s), ["pass"], "A must pass")
    eq(m.press_action(s, "a1"), None, "a press means nothing")
    s = m.play(s, "pass")
    eq(m.to_move(s), 1, "B moves")
    assert "pass" not in m.legal_moves(s)
    e = raises(IllegalMove, m.play, s, "pass")
    assert "cannot pass" in str(e)
    s = m.play(s, m.legal_moves(s)[0])
    eq(m.result(s)["reason"], "no moves", "budget spent: draw")


def test_last_light_without_line_is_a_draw():
    # g7 (index 48) is an A square in FULL: empty it and let A light it.
    rows = FULL.split("/")
    rows[0] = rows[0][:6] + "."
    s = m.from_text("/".join(rows) + " A 0 0 0 0")
    eq(m.legal_moves(s), ["L g7"], "one move left")
    s = m.play(s, "L g7")
    eq(m.result(s)["reason"], "no moves", "draw")
    eq(m.to_move(s), None, "over")


def test_timeout_hands_over_the_turn_only():
    s = run(["L d4"])
    t = m.play(s, "timeout")
    eq(m.to_text(t), m.to_text(s).replace(" B ", " A "), "only the side changed")
    eq(m.to_text(s)[-10:], " B 7 7 1 1", "input untouched")
    assert "timeout" not in m.legal_moves(s) and "flag" not in m.legal_moves(s)
    off = run(["L d4"], {"move_time_s": None})
    e = raises(IllegalMove, m.play, off, "timeout")
    assert "off" in str(e)


def test_flag_loses_for_the_player_to_move():
    s = run(["L d4"])
    t = m.play(s, "flag")
    eq(m.result(t), {"winner": 0, "scores": [1, 0], "reason": "flag"}, "B flagged")
    eq(m.legal_moves(t), [], "over")
    eq(m.winning_line(t), None, "no line")
    raises(IllegalMove, m.play, t, "timeout")
    off = run(["L d4"], {"game_time_s": None, "move_time_s": 60})
    e = raises(IllegalMove, m.play, off, "flag")
    assert "off" in str(e)
    assert m.to_text(m.play(off, "timeout")).endswith(" game_time_s=off")


def test_illegal_moves_leave_the_state_untouched():
    s = run(MKV2)
    before = m.to_text(s)
    for bad, why in (("S d3", "already been switched"), ("N d3", "neutraliz"),
                     ("K e5", "block"), ("S e5", "blocked"), ("L d4", "not empty"),
                     ("L c3", "not empty"), ("K e4", None), ("S c3", "opponent"),
                     ("pass", "cannot pass"), ("flagg", "not a move"), ("", "not a move"),
                     ("L h1", "not a move"), ("L d44", "not a move"), ("l d4", "not a move"),
                     ("L  d4", "not a move"), ("Ld4", "not a move"), (None, "string"),
                     (5, "string"), (["L a1"], "string")):
        if why is None:
            m.play(s, bad)  # legal: checks the table above is about A's position
            continue
        e = raises(IllegalMove, m.play, s, bad)
        assert why in str(e), "%r: %s" % (bad, e)
        eq(m.to_text(s), before, "unchanged after %r" % (bad,))


def test_budget_runs_out():
    s = run(["L a1", "L b1", "S b1", "L c1"], {"budget": 1})
    e = raises(IllegalMove, m.play, s, "K a1")
    eq(str(e), "you have no budget left", "A spent the budget on S b1")
    assert "S c1" not in m.legal_moves(s)


def test_separate_budgets():
    s = run(["L a1", "L b1", "S b1", "L c1", "K a1", "K c1"],
            {"budget_scope": "separate", "budget": 2})
    eq(m.budgets(s), {"budget": [1, 2], "blocks": [1, 1], "neutral": [1, 1]}, "two counters")
    eq(m.to_text(s).split(" ")[2:], ["1", "2", "1", "1", "1", "1"], "blocks appended")
    s = run(["L a1", "L b1", "K a1", "L c1", "S b1", "L d1", "L e1", "L f1"],
            {"budget_scope": "separate", "budget": 1})
    e = raises(IllegalMove, m.play, s, "K e1")
    eq(str(e), "you have no blocks left", "A's block is spent")
    e = raises(IllegalMove, m.play, s, "S c1")
    eq(str(e), "you have no switches left", "A's switch is spent")


def test_per_player_switches():
    o = {"switch_limit": "per_player"}
    s = run(["L d4", "S d4"], o)
    eq(m.to_text(s).split(" ")[-2:], ["-", "d4"], "B switched d4")
    # A may switch it back or neutralize it: a press is ambiguous.
    assert "S d4" in m.legal_moves(s) and "N d4" in m.legal_moves(s)
    eq(m.press_action(s, "d4"), None, "S or N")
    s = m.play(s, "S d4")
    eq(m.to_text(s).split(" ")[-2:], ["d4", "d4"], "both switched d4")
    e = raises(IllegalMove, m.play, s, "S d4")
    assert "already switched" in str(e)
    assert "S d4" not in m.legal_moves(s)
    eq(m.press_action(s, "d4"), "N d4", "B's only action on d4")
    s = m.play(s, "L a1")
    e = raises(IllegalMove, m.play, s, "K d4")
    assert "no longer be switched" in str(e)
    assert "K d4" not in m.legal_moves(s)
    # Switched by A only: B could still switch it, so A may block it.
    s = run(["L a1", "L d4", "S d4", "L g7"], o)
    eq(m.press_action(s, "d4"), "K d4", "block after a switch")
    s = m.play(s, "K d4")
    eq(m.square_state(s, idx("d4")), "1", "blocked by A")


def test_first_player_options():
    eq(m.to_move(m.new_game({"first": 1})), 1, "B first")
    seen = {m.to_move(m.new_game({"first": "random"}, seed)) for seed in range(20)}
    eq(seen, {0, 1}, "both seats start some games")
    for seed in (0, 1, 2, 3):
        eq(m.to_move(m.new_game({"first": "random"}, seed)), Rng(seed).below(2), "seed %d" % seed)


def test_next_first_is_the_loser_or_the_non_starter():
    eq(m.next_first(0, 0), 1, "A won: B starts")
    eq(m.next_first(0, 1), 0, "B won: A starts")
    eq(m.next_first(0, None), 1, "draw: the non-starter")
    eq(m.next_first(1, None), 0, "draw: the non-starter")
    raises(ValueError, m.next_first, 2, None)
