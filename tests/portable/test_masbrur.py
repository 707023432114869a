"""Masbrur (docs/rules/masbrur.md): setup, pie offer, equipment phase, notation, text.
Combat and scoring are in test_masbrur_combat.py."""
from check import eq, raises

from firmware.rules import IllegalMove
from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf
from test_masbrur_util import STANDARD, position, rejects

MSV6_FIELD = "001 044 076 113 155 226 334 456"
POOL = "02 03 04 05 06 13 14 15 16 17 24 25 26 27 35 36 37 46 47 57"


def line(state, key):
    for ln in m.to_text(state).split("\n"):
        if ln.split(" ")[0] == key:
            return ln[len(key) + 1:]
    raise AssertionError("no line " + key)


def started(g1, take="C2", options=None):
    """Seat 0 offers g1; seat 1 takes ``take``; equipment phase, seat 0 to move."""
    opts = {"first_offerer": 0}
    if options:
        opts.update(options)
    s = m.play(m.new_game(opts), "O " + g1)
    return m.play(s, take)


# ----------------------------------------------------------------- setup

def test_msv1_standard_field_and_pool():
    s = m.new_game({"first_offerer": 0})
    eq(line(s, "field"), STANDARD, "field")
    eq(mf.tiles_text(m._pool(s)), POOL, "pool")
    eq(m.to_move(s), 0, "offerer moves")
    eq(m.legal_moves(s), ["<free>"], "pie offer cannot be listed")


def test_first_offerer_random_uses_the_prng():
    from firmware.rules import Rng
    for seed in range(6):
        eq(m.to_move(m.new_game(None, seed)), Rng(seed).below(2), "seed %d" % seed)
    eq(m.to_move(m.new_game({"first_offerer": 1}, 5)), 1, "fixed")


def test_options_are_checked():
    e = raises(ValueError, m.new_game, {"rounds": 5})
    assert "rounds" in str(e)
    e = raises(ValueError, m.new_game, {"colour": 1})
    assert "colour" in str(e)
    raises(ValueError, m.new_game, {"die_reset": 1})
    raises(ValueError, m.new_game, {"max_equipment_plies": 0})


def test_msv7_free_setup():
    s = m.new_game({"setup": "free", "first_offerer": 0})
    eq(m.to_move(s), 0, "P seeds row 0")
    eq(m.legal_moves(s)[:4], ["S00", "S01", "S10", "S02"], "seed order")
    s = m.play(s, "S35")
    eq(m.to_move(s), 1, "Q matches row 0")
    assert "M56R" in m.legal_moves(s) and "M13L" in m.legal_moves(s)
    s = m.play(s, "M56R")
    eq(line(s, "field"), "356", "row 0 = (3, 5, 6)")
    eq(m.to_move(s), 1, "the matcher seeds the next row")
    s = m.play(s, "S00")
    eq(m.to_move(s), 0, "P matches row 1")
    s = m.play(s, "M02L")
    eq(line(s, "field"), "356 200", "row 1 = (2, 0, 0)")
    eq(m.to_move(s), 0, "P seeds row 2")
    assert m.is_legal(s, "S17")
    rejects(s, "S35", "already on the field")
    rejects(s, "M17L", "seed")
    s = m.play(s, "S17")
    rejects(s, "M44L", "does not touch the left end of the seed, which shows 1")
    rejects(s, "M35R", "already on the field")


def test_free_setup_fills_eight_rows_then_pie():
    s = m.new_game({"setup": "free", "first_offerer": 1})
    seeders = []
    while m.legal_moves(s) != ["<free>"]:
        if s.seed is None:
            seeders.append(m.to_move(s))
        s = m.play(s, m.legal_moves(s)[0])
    eq(seeders, [1, 0, 1, 0, 1, 0, 1, 0], "seeders: each matcher seeds the next row")
    eq(len(line(s, "field").split()), 8, "rows")
    eq(len(m._pool(s)), 20, "pool")
    eq(m.to_move(s), 1, "the starting player offers")


def test_unmatchable_seed_is_illegal():
    # Every tile with a 7 but 7-7 is on the field: 7-7 cannot be matched.
    text = m.to_text(m.new_game({"setup": "free", "first_offerer": 0}))
    text = text.replace("field -", "field 071 273 475 167 001 112 223")
    s = m.from_text(text)
    eq(m.to_move(s), 1, "row 7 is seeded by the other player")
    assert "S77" not in m.legal_moves(s)
    rejects(s, "S77", "no unused tile can match 7-7")
    assert m.is_legal(s, "S66")


# -------------------------------------------------------------- pie offer

def test_pie_offer_and_accept():
    s = m.new_game({"first_offerer": 0})
    eq(m.auto_move(s), "O 02 03 04 05 06 13 14 15 16 17", "auto split")
    assert m.is_legal(s, "O 57")
    assert m.is_legal(s, "O 57 02")          # any order
    rejects(s, "O 02 02", "twice")
    rejects(s, "O 00", "not among the 20 tiles")
    rejects(s, "O " + POOL, "both groups")
    rejects(s, "O 20", "smaller number first")
    rejects(s, "C1", "offer")
    eq(m.to_text(m.play(s, "<free>")), m.to_text(m.play(s, m.auto_move(s))), "<free> = auto")
    s = m.play(s, "O 02 03")
    eq(m.legal_moves(s), ["C1", "C2"], "accept")
    eq(m.to_move(s), 1, "accepter")
    t = m.play(s, "C1")
    eq(line(t, "arsenal1"), "02 03", "accepter took G1")
    eq(len(t.ars[0]), 18, "offerer has G2")
    eq(m.to_move(t), 0, "offerer starts the equipment phase")
    eq(t.phase, "equipment", "phase")


def test_equal_split_option():
    s = m.new_game({"first_offerer": 0, "pie_split": "equal"})
    rejects(s, "O 02 03", "exactly 10")
    assert m.is_legal(s, m.auto_move(s))


# -------------------------------------------------------- equipment phase

def test_msv2_right_push_ejects_the_far_tile():
    s = started("02 03 04 05 06 13 14 15 16 17", "C1")     # seat 0 holds 36
    s2 = m.play(s, "W24,25 P36R5")
    eq(line(s2, "field"), "001 112 223 334 445 563 667 770", "field")
    assert 5 * 8 + 5 in s2.ars[0], "5-5 joins the pusher's arsenal"
    assert 3 * 8 + 6 not in s2.ars[0]
    eq(len(s2.ars[0]), 10, "arsenal size kept")
    eq(line(s2, "wall0"), "24 25", "wall")
    eq(s2.die, 2, "offerer's active turn counts")
    eq(m.to_move(s2), 1, "turns alternate")
    s3 = m.play(s2, "W02,03 P04L0")
    eq(s3.die, 2, "the accepter's turn does not count")
    eq(line(s3, "field")[:3], "400", "left push: (w, x, y)")
    assert 1 in s3.ars[1], "left push ejects the right tile 0-1"


def test_msv3_four_pushes_of_2_4():
    s = position("equipment", "24 03 04 05 06 13 14 15 16 17", "02 25 26 27 35 36 37 46 47 57")
    pushes = [mv[7:] for mv in m.legal_moves(s) if mv.startswith("W03,04 P24") and "+" not in mv]
    eq(pushes, ["P24R1", "P24L2", "P24R3", "P24L4"], "pushes of 2-4")
    want = {"P24R1": ("124", "11"), "P24L2": ("422", "23"),
            "P24R3": ("342", "33"), "P24L4": ("244", "45")}
    for push in pushes:
        s2 = m.play(s, "W03,04 " + push)
        r = int(push[4])
        eq(line(s2, "field").split()[r], want[push][0], push)
        assert mf.parse_tile(want[push][1]) in s2.ars[0], push


def ms29_position():
    # The wall 0-3 + 1-3 leaves no attack; pushing 1-4 on the right of row 0
    # ejects 0-0, which completes one.
    return position("equipment", "03 13 14 16 24 25 26 27 47 57", "02 04 05 06 15 17 35 36 37 46",
                    walls=("03 13", "02 04"), plies=2)


def test_move_order_pass_attack_walls_tiles_rows_sides():
    moves = m.legal_moves(started("03 13 14 16 24 25 26 27 47 57", "C2"))
    eq(moves[:2], ["pass", "A"], "pass, then A (MS-30: no wall yet, the arsenal is the hand)")
    moves = m.legal_moves(ms29_position())
    eq(moves[0], "pass", "pass first")
    assert "A" not in moves
    eq(moves[1], "W03,13 P14R0", "smallest wall, tile, row, side")
    # MS-29: the ejected 0-0 completes the attack, so +A follows the plain move.
    eq(moves[2], "W03,13 P14R0+A", "+A right after its move")
    assert moves.index("W03,13 P14R0") < moves.index("W03,13 P14L1") < moves.index("W03,13 P16L1")
    assert moves.index("W03,13 P57L7") < moves.index("W03,14 P13L1")
    for mv in moves:
        if mv.endswith("+A"):
            assert moves[moves.index(mv) - 1] == mv[:-2]


def test_ms29_attack_counts_the_ejected_tile():
    s = ms29_position()
    rejects(s, "A", "no attack")
    s2 = m.play(s, "W03,13 P14R0+A")
    eq(s2.die, 2, "the die counts before the attack")
    eq(s2.phase, "combat_select", "attack ends the phase; both walls exist")
    rejects(s, "W03,13 P14L4+A", "no attack after this push")


def test_stand_alone_attack_and_ms30_no_wall_yet():
    hand = "24 35 46 57 66 17 37 23"
    s = position("equipment", hand + " 05 14", "47 25 16 27 06 36 02 12 77 03", field=MSV6_FIELD)
    assert mf.attack(m.hand(s, 0)), "MS-30: the whole arsenal is the hand"
    s2 = m.play(s, "A")
    eq(s2.die, 1, "a stand-alone attack does not count")
    eq(s2.phase, "combat_wall", "phase")
    eq(m.to_move(s2), 0, "offerer forms the missing wall first")


def test_pushes_on_both_sides_and_bad_pushes():
    s = position("equipment", "55 03 04 05 06 13 14 15 16 17",
                 "02 24 25 26 27 36 37 46 47 57",
                 field="001 112 223 334 445 356 667 770")
    rejects(s, "W03,04 P55R5", "5-5 does not touch the right end of row 5, which shows 6")
    assert m.is_legal(s, "W03,04 P55R4")
    rejects(s, "W03,04 P57R7", "not in your arsenal")
    rejects(s, "W03,04 P04L0", "in your wall")
    rejects(s, "W04,03 P15L1", "tile order")
    rejects(s, "W03,77 P15L1", "wall tile 77 is not in your arsenal")
    rejects(s, "W03,04 P15X1", "not a move")
    rejects(s, "W03,04 P15L8", "row must be a digit")
    rejects(s, "W03,04 P51L1", "smaller number first")
    rejects(s, "W03,04 P15L1 ", "not a move")
    rejects(s, "C1", "not a move")
    rejects(s, "<free>", "only stands for")
    rejects(s, "", "not a move")
    raises(IllegalMove, m.play, s, 7)
    raises(IllegalMove, m.play, s, None)
    # A double matching a row end pushes like any tile.
    s2 = m.play(s, "W03,04 P55R4")
    eq(line(s2, "field").split()[4], "455", "double pushed right")


def test_two_passes_end_the_phase_and_walls_are_formed():
    s = started("02 03 04 05 06 13 14 15 16 17", "C2")
    s = m.play(s, "pass")
    eq(s.phase, "equipment", "one pass")
    s = m.play(s, "W24,25 P36R5")
    s = m.play(s, "pass")
    s = m.play(s, "pass")
    eq(s.phase, "combat_wall", "two passes in a row")
    eq(m.to_move(s), 0, "seat 0 never walled")
    eq(m.legal_moves(s)[:2], ["W02,03", "W02,04"], "pairs in tile order")
    s = m.play(s, "W05,17")
    eq(s.phase, "combat_select", "seat 1 already has its wall")
    eq(m.legal_moves(s), ["<free>"], "selection cannot be listed")


def test_ms35_one_tile_arsenal_walls_it():
    s = started("57", "C1")
    s = m.play(m.play(s, "pass"), "pass")
    eq(m.to_move(s), 0, "offerer first")
    s = m.play(s, "W02,03")
    eq(m.legal_moves(s), ["W57"], "forced")
    rejects(s, "W02,03", "W57")
    s = m.play(s, "W57")
    eq(m.hand(s, 1), [], "nothing left in hand")


def test_safety_cap_and_die():
    s = started("02 03 04 05 06 13 14 15 16 17", "C1", {"max_equipment_plies": 3})
    s = m.play(s, "W24,25 P36R5")
    s = m.play(s, "pass")
    s = m.play(s, "W24,25 P55L5")
    eq(s.phase, "combat_wall", "cap reached after 3 plies")
    eq(s.die, 3, "two active turns of the offerer")


def test_fixed_wall_mode():
    s = started("02 03 04 05 06 13 14 15 16 17", "C1", {"wall_mode": "fixed"})
    s = m.play(m.play(s, "W24,25 P36R5"), "pass")
    rejects(s, "W24,26 P35L3", "your wall is fixed (wall_mode fixed): write W24,25")
    assert m.is_legal(s, "W24,25 P35L3")
    s = position("equipment", "24 25 35 57", "02 03 04 05 06 13 14 15 16 17 26 27 36 37 46 47",
                 walls=("24 25", "-"), options={"wall_mode": "fixed"})
    moves = m.legal_moves(s)
    for mv in moves[1:]:
        assert mv.startswith("W24,25 "), mv


def test_game_over_and_result_in_progress():
    s = m.new_game()
    eq(m.result(s), {"winner": None, "scores": [0, 0], "reason": "in progress"}, "start")
    text = m.to_text(s).replace("phase pie_offer", "phase over").replace("round 1 ", "round 5 ")
    text = text.replace("score 0 0", "score 185 37")
    over = m.from_text(text)
    assert m.is_over(over)
    eq(m.legal_moves(over), [], "no moves")
    eq(m.to_move(over), None, "nobody")
    eq(m.result(over), {"winner": 0, "scores": [185, 37], "reason": "more points"}, "result")
    rejects(over, "pass", "over")
    raises(IllegalMove, m.auto_move, over)
    draw = m.from_text(text.replace("score 185 37", "score 40 40"))
    eq(m.result(draw)["reason"], "draw", "equal totals")
    eq(m.result(draw)["winner"], None, "draw")


# ------------------------------------------------------------------- text

def test_text_round_trip_in_every_phase():
    s = m.new_game({"setup": "free", "first_offerer": 0})
    seen = []
    plan = {"pie_accept": "C2", "equipment": "pass", "combat_wall": None}
    while not m.is_over(s) and len(seen) < 40:
        t = m.to_text(s)
        s2 = m.from_text(t)
        eq(m.to_text(s2), t, "round trip in " + s.phase)
        eq(m.to_move(s2), m.to_move(s), "to_move")
        if s.phase not in seen:
            seen.append(s.phase)
        mv = plan.get(s.phase)
        s = m.play(s, mv if mv else m.legal_moves(s)[0])
    for ph in ("free_setup", "pie_offer", "pie_accept", "equipment", "combat_wall",
               "combat_select", "combat_steal"):
        assert ph in seen, ph


def test_from_text_rejects_malformed_text():
    good = m.to_text(m.play(m.new_game({"first_offerer": 0}), "<free>"))
    raises(ValueError, m.from_text, 42)
    raises(ValueError, m.from_text, "")
    bad = [good.replace("masbrur", "mabula"),
           good.replace("rounds=4", "rounds=5"),
           good.replace("phase pie_accept", "phase lunch"),
           good.replace("field 001", "field 002"),           # 0-2 would be twice
           good.replace("field 001 112", "field 001"),
           good.replace("group1 02 03", "group1 03 02"),
           good.replace("group1 02", "group1 00"),
           good.replace("wall0 -", "wall0 02 03"),
           good.replace("score 0 0", "score 0"),
           good.replace("offerer 0", "offerer 2"),
           good.replace("last -", "last 1 2"),
           good.replace("blockers - -", "blockers 9 -"),
           good.replace("blockers - -", "blockers 01 -"),
           good.replace("score 0 0", "score -2 0"),
           good.replace("round 1 ", "round one "),
           good + "\nextra 1"]
    for text in bad:
        raises(ValueError, m.from_text, text)


def test_public_view_hides_walls_until_combat():
    s = position("equipment", "02 03 04 05 06 13 14 15 16 17", "24 25 26 27 35 36 37 46 47 57",
                 walls=("05 16", "27 46"), plies=2)
    v0 = m.public_view(s, 0)
    assert "wall0 05 16" in v0 and "wall1 ?? ??" in v0
    v1 = m.public_view(s, 1)
    assert "wall0 ?? ??" in v1 and "wall1 27 46" in v1
    spectator = m.public_view(s, None)
    assert "wall0 ?? ??" in spectator and "wall1 ?? ??" in spectator
    assert "arsenal1 24 25 26 27 35 36 37 46 47 57" in v0, "arsenal contents are public"
