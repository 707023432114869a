"""Masbrur (docs/rules/masbrur.md#3-formations): formations, blocking, steals, medals, scoring,
the reference selection and what each player may see."""
from check import eq, raises

from firmware.rules import IllegalMove
from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf
from firmware.rules.masbrur_search import best_selection
from test_masbrur_util import position, rejects

U = 0
L = 1

# MSV-6: player A is seat 0 (offerer), player B seat 1; die 6.
FIELD = "001 044 076 113 155 226 334 456"
A_HAND = "24 35 46 57 66 17 37 23"
B_HAND = "47 25 16 27 06 36 02 12"
A_SEL = "F U:24/2,35/3,46/4,57/5,66/6 ; L:57/7,17/7,37/7 ; L:24/4,35/5,46/6"
B_SEL = "F U*:47/4,25/5,16/6,27/7,06/0 ; L:16/1,25/2,36/3 ; L:27/2,02/2,12/2"


def tiles(text):
    return [mf.parse_tile(x) for x in text.split()]


def msv6(options=None):
    return position("combat_select", A_HAND + " 05 14", B_HAND + " 77 03",
                    walls=("05 14", "03 77"),
                    field=FIELD, die=6, options=options)


def msv6_steal(options=None):
    return m.play(m.play(msv6(options), A_SEL), B_SEL)


# ------------------------------------------------------------ formations

def test_msv4_formation_checks():
    eq(mf.shape(L, True, [6, 7, 0]), (3 * 16 + 8, 0), "6,7,0*: rank 8, blocks on 0")
    eq(mf.shape(L, False, [0, 1, 2]), (3 * 16 + 2, 2), "0,1,2: rank 2")
    raises(IllegalMove, mf.shape, L, False, [7, 0, 1])
    raises(IllegalMove, mf.shape, L, True, [7, 0, 1])
    e = raises(IllegalMove, mf.shape, U, False, [3, 4, 5, 6])
    assert "at least 5" in str(e)
    eq(mf.shape(L, False, [5, 5, 5]), (3 * 16 + 5, 5), "5,5,5: rank 5")
    eq(mf.shape(U, False, [0, 1, 2, 3, 4, 5, 6, 7]), (8 * 16 + 7, 7), "0..7 zero-low")
    eq(mf.shape(U, True, [0, 1, 2, 3, 4, 5, 6, 7]), (8 * 16 + 8, 0), "0..7 zero-high")
    assert (mf.shape(L, False, [2, 3, 4, 5])[0]
            > mf.shape(L, False, [7, 7, 7])[0]), "(4,2) beats (3,7)"
    raises(IllegalMove, mf.shape, L, True, [5, 5, 5])       # a repetition has no high zero
    raises(IllegalMove, mf.shape, L, True, [1, 2, 3])       # no 0 to count high
    raises(IllegalMove, mf.shape, L, False, [1, 1, 2])      # neither equal nor all different
    raises(IllegalMove, mf.shape, L, False, [1, 2, 4])


def test_selection_validity():
    hand = tiles(A_HAND)
    eq(len(mf.check_selection(mf.parse_selection(A_SEL), hand)), 3, "MSV-6 A")
    eq(mf.check_selection(mf.parse_selection("F -"), hand), [], "empty")
    cases = [("F L:24/2,24/4,46/6", "used twice in the lower row"),
             ("F L:24/4,35/5,46/6 ; U:23/2,35/3,24/4,57/5,66/6 ", "only once"),
             ("F L:77/7,17/7,37/7", "not in your hand"),
             ("F L:24/3,35/5,46/6", "has no 3"),
             ("F L:17/7,37/7", "at least 3"),
             (("F L:17/7,37/7,57/7 ; L:24/4,35/5,46/6 ; L:23/2,24/2,46/4 ; "
               "U:66/6,57/5,46/4,35/3,24/2"),
              "at most 3"),
             ("F X:17/7,37/7,57/7", "must start with"),
             ("F L:17/7,37/7,57-7", "tile/value"),
             ("L:17/7,37/7,57/7", "a selection is written 'F -'")]
    for text, words in cases:
        e = raises(IllegalMove, lambda t: mf.check_selection(mf.parse_selection(t), hand), text)
        assert words in str(e), "%s: %s" % (text, e)
    # A double may give its value to both rows.
    mf.check_selection(mf.parse_selection("F L:66/6,57/5,46/4 ; U:66/6,57/7,35/5,24/4,23/3"), hand)


def test_canonical_form_ms31():
    forms = mf.parse_selection("F L:24/4,46/6,35/5 ; U:57/5,24/2,35/3,46/4,66/6 ; "
                               "L:37/7,57/7,17/7")
    text, ordered = mf.canonical(forms)
    eq(text, "F L:17/7,37/7,57/7 ; L:24/4,35/5,46/6 ; U:24/2,35/3,46/4,57/5,66/6", "canonical")
    eq(ordered[0][0], L, "first formation")
    # A formation whose text extends another's comes after it.
    a = mf.parse_selection("F L:24/4,35/5,46/6,57/7 ; L:24/4,35/5,46/6")
    eq(mf.canonical(a)[0], "F L:24/4,35/5,46/6 ; L:24/4,35/5,46/6,57/7", "prefix first")
    eq(mf.canonical([])[0], "F -", "empty")


def test_msv5_dominance():
    wall = tiles("27 35")
    eq(mf.blocker(wall, [(0, 5), (0, 3)], False), 5, "7 blocks nothing, 3-5 dominates")
    eq(mf.blocker(wall, [(0, 7), (0, 3)], False), 7, "7")
    eq(mf.blocker(wall, [(0, 4), (0, 3)], False), mf.NO_BLOCKER, "3 is not a top value")
    eq(mf.blocker(tiles("27 57"), [(0, 7)], False), 7, "MS-6: equal tops")
    eq(mf.blocker([], [(0, 7)], False), mf.NO_BLOCKER, "no wall")
    eq(mf.blocker(tiles("05 14"), [(0, 5)], True), 0, "MS-5: zero rule overrides dominance")
    eq(mf.blocker(tiles("05 14"), [(0, 5)], False), 5, "no zero-high: dominance")


def test_medals_and_padding():
    half = mf.medal_halves([86, 70, 0], [68, 50, 0], "half")
    eq(half, [5, 1], "MSV-6: 2 won, 1 shared")
    eq(mf.medal_halves([86, mf.EMPTY, mf.EMPTY], [0, mf.EMPTY, mf.EMPTY], "half"), [2, 0],
       "unblocked beats null; empty against empty gives nothing")
    eq(mf.medal_halves([0, mf.EMPTY, mf.EMPTY], [mf.EMPTY, mf.EMPTY, mf.EMPTY], "half"), [1, 1],
       "MS-7: null against empty is shared")
    eq(mf.medal_halves([86, 70, 0], [68, 50, 0], "full"), [6, 2], "full")
    eq(mf.medal_halves([86, 70, 0], [68, 50, 0], "none"), [4, 0], "none")
    eq(mf.effective([(86, 6), (55, 7), (70, 6)], 7), [86, 70, 0], "blocked sorts last as null")
    eq(mf.effective([(50, 2)], mf.NO_BLOCKER), [50, mf.EMPTY, mf.EMPTY], "padding")


# ----------------------------------------------------------------- MSV-6

def test_msv6_attack_and_blocking():
    assert mf.attack(tiles(A_HAND)), "A qualifies for an attack"
    s = msv6()
    eq(m.to_move(s), 0, "offerer selects first")
    s = m.play(s, A_SEL)
    eq(m.to_move(s), 1, "then the accepter")
    assert "select0 sealed" in m.public_view(s, 1), "the first selection stays sealed"
    assert "select0 sealed" in m.public_view(s, None)
    assert A_SEL[2:8] in m.public_view(s, 0), "the offerer sees their own"
    s = m.play(s, B_SEL)
    eq(s.phase, "combat_steal", "phase")
    eq(s.blk, [0, 7], "A's wall blocks with 0 (zero rule), B's with 7")
    eq(m.legal_moves(s), ["<free>"], "steals cannot be listed")
    eq(m.auto_move(s), "T -", "reference steal: none")
    assert "select0 F L:17/7" in m.public_view(s, 1), "revealed once both chose"


def test_msv6_steals_same_blocker():
    s = msv6_steal()
    # A's formations in canonical order: 777 (#1), 456 (#2), the upper run (#3).
    rejects(s, "T 77/7@1", "changes the blocker of your opponent's wall from 7 to none")
    rejects(s, "T 03/0@2", "not consecutive")
    rejects(s, "T 05/0@2", "not in your opponent's wall")
    rejects(s, "T 03/3@4", "no formation 4")
    rejects(s, "T 03/3@2,03/0@3", "not consecutive")
    rejects(s, "T 03/3@2,03/3@1", "only one square to each row")
    rejects(s, "T 03/3", "tile/value@formation")
    rejects(s, "F -", "steal with T")
    s = m.play(s, "T 03/3@2")
    eq(m.to_move(s), 1, "then B")
    # B's formations: 222 (#1), 123 (#2), the zero-high run (#3).
    rejects(s, "T 05/0@2", "changes the blocker of your opponent's wall from 0 to none")
    assert m.is_legal(s, "T 14/4@2")


def test_msv6_scores_default_options():
    s = _msv6_with(None)
    eq(m.last_round(s), (5, 1, 31, 6), "A 2½ medals, B ½, C = 31, die 6")
    eq(m.result(s)["scores"], [185, 37], "92½ and 18½ in half-points")
    eq(s.round, 2, "next round")
    eq(m.to_move(s), 1, "roles swap")
    eq(s.phase, "pie_offer", "phase")
    eq(s.die, 1, "die reset")
    eq(s.ars, [[], []], "tiles back to the pool")
    eq(len(m._pool(s)), 20, "pool")


def _msv6_with(options):
    s = m.play(msv6_steal(options), "T 03/3@2")
    return m.play(s, "T 14/4@2")


def test_msv6_scores_count():
    s = _msv6_with({"community_measure": "count"})
    eq(m.last_round(s)[2], 10, "C")
    eq(m.result(s)["scores"], [80, 16], "A 40, B 8")


def test_msv6_scores_hand_pips():
    s = _msv6_with({"community_tiles": "hand"})
    eq(m.last_round(s)[2], 36, "C: A's unused 2-3 adds 5")
    eq(m.result(s)["scores"], [210, 42], "A 105, B 21")


def test_msv6_scores_hand_count():
    s = _msv6_with({"community_tiles": "hand", "community_measure": "count"})
    eq(m.last_round(s)[2], 12, "C")
    eq(m.result(s)["scores"], [90, 18], "A 45, B 9")


def test_msv6_shared_medal_options():
    eq(m.result(_msv6_with({"shared_medal": "full"}))["scores"], [222, 74], "full: both get 1")
    eq(m.result(_msv6_with({"shared_medal": "none"}))["scores"], [148, 0], "none")


def test_msv6_heights_frozen():
    s = m.play(msv6_steal({"steal_rule": "heights_frozen"}), "T 03/3@2")
    assert m.is_legal(s, "T 05/0@2"), "0123 keeps its blocking value 3"
    s = m.play(s, "T 05/0@2")
    # The blocker values stay those of the blocking step: B's zero-high run stays blocked.
    eq(m.last_round(s)[:2], (5, 1), "medals as before")
    t = msv6_steal({"steal_rule": "heights_frozen"})
    rejects(t, "T 77/7@3", "changes the blocking value of formation 3")


def test_missing_walls_are_formed_then_revealed():
    s = position("combat_wall", A_HAND + " 05 14", B_HAND + " 77 03", walls=("-", "03 77"),
                 field=FIELD, die=6, plies=5)
    eq(m.to_move(s), 0, "A lacks a wall")
    v1 = m.public_view(s, 1)
    assert "wall1 03 77" in v1 and "wall0 -" in v1
    assert "wall1 ?? ??" in m.public_view(s, 0), "walls stay hidden until combat"
    s = m.play(s, "W05,14")
    eq(s.phase, "combat_select", "both walls exist")
    assert "wall1 03 77" in m.public_view(s, 0), "revealed"
    assert "wall0 05 14" in m.public_view(s, 1), "revealed"



def test_a_wall_is_two_arsenal_tiles_in_tile_order():
    s = position("combat_wall", A_HAND + " 05 14", B_HAND + " 77 03", walls=("-", "03 77"),
                 field=FIELD, die=6, plies=5)
    listed = m.legal_moves(s)
    eq(len(listed), 45, "every pair of the ten tiles")
    for move in listed:
        eq(m.play(s, move).wall[0], tiles(move[1:].replace(",", " ")), move)
    for move in ("W14,05", "W05,05", "W05,77", "W0x,14", "W05 14", "W05,14 ", "W05", "pass"):
        assert not m.is_legal(s, move), move
        rejects(s, move, "form your wall from two arsenal tiles in tile order")


# ------------------------------------------------------- reference choice

def test_auto_selection_msv6_hands():
    text, forms = best_selection(tiles(A_HAND), tiles("03 77"), "formation", "pips")
    eq(text, "F L:17/1,23/2,24/4,35/3,46/6,57/5 ; U:24/2,35/5,37/3,46/4,66/6", "A")
    text, forms = best_selection(tiles(B_HAND), tiles("05 14"), "formation", "pips")
    eq(text, "F L:02/0,12/2,16/1 ; U:02/2,06/0,12/1,16/6,25/5,27/7,36/3,47/4", "B")
    s = msv6()
    eq(m.auto_move(s), "F L:17/1,23/2,24/4,35/3,46/6,57/5 ; U:24/2,35/5,37/3,46/4,66/6", "API")
    eq(m.to_text(m.play(s, "<free>")), m.to_text(m.play(s, m.auto_move(s))), "<free> plays it")


def test_auto_selection_sacrifices_to_move_the_blocker():
    # Wall 3-5 + 7-7: with nothing blocking on 7 the blocker would pass to 5
    # and null the upper run 0..5. A lower 7-7-7 (blocked itself, so null)
    # keeps the blocker at 7 and the run alive.
    hand = tiles("01 12 23 34 45 07 17 27 37")
    text, forms = best_selection(hand, tiles("35 77"), "formation", "pips")
    eq(text, "F L:01/0,12/1,23/2,34/3,45/4 ; L:07/7,17/7,27/7 ; U:01/1,07/0,12/2,34/4,37/3,45/5",
       "sacrifice")
    infos = [mf.shape(f[0], f[1], [v for t, v in f[2]]) for f in forms]
    eq(mf.blocker(tiles("35 77"), infos, False), 7, "blocker kept at 7")
    # Against 3-5 alone the run 0..5 would be blocked: a run to 4 and 7-7-7-7 instead.
    eq(best_selection(hand, tiles("35"), "formation", "pips")[0],
       "F L:01/0,12/1,23/2,34/3,45/4 ; L:07/7,17/7,27/7,37/7 ; U:01/1,07/0,12/2,23/3,34/4",
       "no sacrifice possible")


def test_auto_selection_empty_and_small_hands():
    eq(best_selection([], tiles("05 14"), "formation", "pips")[0], "F -", "no tiles")
    eq(best_selection(tiles("01 23"), [], "formation", "pips")[0], "F -", "nothing fits")
    eq(best_selection(tiles("17 27 37"), [], "formation", "pips")[0], "F L:17/7,27/7,37/7", "one")
