"""Fursaz contract: pie rule, passes, notation, options, rejections (docs/rules/fursaz.md)."""
from check import eq, raises

from firmware.rules import IllegalMove, Rng
import firmware.rules.fursaz as fz


def play_all(state, moves):
    for m in moves:
        state = fz.play(state, m)
    return state


def test_notation_example_round_trips():
    text = "5 W 0 0 play e3B0 e5W1"
    s = fz.from_text(text)
    eq(fz.to_text(s), text, "example of docs/rules/fursaz.md#notation")
    eq(fz.to_move(s), 1, "White is seat 1 without swap")


def test_stones_are_written_in_point_order_and_read_in_any_order():
    s = fz.from_text("7 B 0 0 play g10W1 a1B0 g9B2")
    eq(fz.to_text(s), "7 B 0 0 play a1B0 g9B2 g10W1", "point order, g9 before g10")


def test_canonical_move_order():
    s = fz.play(fz.new_game(), "g7")
    moves = fz.legal_moves(s)
    eq(moves[-2:], ["swap", "pass"], "swap then pass")
    points = moves[:-2]
    eq(len(points), 126, "every empty point")
    keys = [(p[0], int(p[1:])) for p in points]
    eq(keys, sorted(keys), "letter, then number")


def test_pie_keep_colours():
    s = fz.new_game({"size": 5})
    eq(fz.to_text(s), "5 B 0 0 pie0", "new game")
    assert "pass" not in fz.legal_moves(s) and "swap" not in fz.legal_moves(s)
    e = raises(IllegalMove, fz.play, s, "pass")
    assert "black stone" in str(e)
    s = fz.play(s, "e5")
    eq(fz.to_text(s), "5 W 0 0 pie1 e5B0", "after the pie stone")
    eq(fz.to_move(s), 1, "seat 1 chooses")
    s = fz.play(s, "e6")
    eq(fz.to_text(s), "5 B 0 0 play e5B0 e6W1", "kept colours")
    eq(fz.to_move(s), 0, "seat 0 is still Black")
    assert "swap" not in fz.legal_moves(s)
    raises(IllegalMove, fz.play, s, "swap")


def test_pie_swap():
    s = play_all(fz.new_game({"size": 5}), ["e5", "swap"])
    eq(fz.to_text(s), "5 W 0 1 play e5B0", "after swap")
    eq(fz.to_move(s), 0, "seat 0 is now White and moves")
    s = play_all(s, ["e6", "pass", "pass"])
    # Black (seat 1) has e5, White (seat 0) e6: scores by seat.
    eq(fz.result(s), {"winner": None, "scores": [1, 1], "reason": "draw"}, "by seat")
    s = play_all(fz.new_game({"size": 5, "tie": "white"}), ["e5", "swap", "pass", "pass"])
    eq(fz.result(s), {"winner": 1, "scores": [0, 1], "reason": "score"}, "swapped black wins")


def test_pie1_pass_keeps_colours():
    s = play_all(fz.new_game({"size": 5}), ["e5", "pass"])
    eq(fz.to_text(s), "5 B 1 0 play e5B0", "pass in pie1")


def test_no_pie():
    s = fz.new_game({"size": 5, "pie": False})
    eq(fz.to_text(s), "5 B 0 0 play", "no pie phase")
    eq(fz.legal_moves(s)[-1], "pass", "pass allowed at once")
    s = fz.play(s, "e5")
    assert "swap" not in fz.legal_moves(s)


def test_two_passes_end_the_game():
    s = play_all(fz.new_game({"size": 5, "pie": False}), ["e5", "e6", "pass", "e8", "pass"])
    assert not fz.is_over(s)  # passes must be consecutive
    # White: e6, e8 and the territory e7 between them.
    eq(fz.result(s), {"winner": None, "scores": [1, 3], "reason": "in progress"}, "unfinished")
    s = play_all(s, ["pass"])
    eq(fz.to_text(s), "5 B 2 0 play e5B0 e6W1 e8W2", "over")
    eq(fz.result(s), {"winner": 1, "scores": [1, 3], "reason": "score"}, "White wins")
    assert fz.is_over(s)
    eq(fz.legal_moves(s), [], "no moves")
    eq(fz.to_move(s), None, "nobody to move")
    e = raises(IllegalMove, fz.play, s, "a1")
    assert "over" in str(e)


def test_full_board_only_pass():
    # A full size-5 board, all black: stable, since no stone has an enemy flank.
    names = fz.legal_moves(fz.new_game({"size": 5}))
    stones = ["%s%s0" % (p, "B") for p in names]
    s = fz.from_text("5 W 0 0 play " + " ".join(stones))
    eq(fz.legal_moves(s), ["pass"], "only pass")
    eq(fz.result(s)["scores"], [61, 0], "all black")
    eq(fz.only_pass(s), True, "the board plays the pass itself")


def test_only_pass_agrees_with_the_move_list_through_random_games():
    for size, cycle_rule in ((5, "illegal"), (5, "stop"), (7, "illegal")):
        for seed in range(3):
            s = fz.new_game({"size": size, "cycle_rule": cycle_rule})
            rng = Rng(seed)
            while True:
                moves = fz.legal_moves(s)
                eq(fz.only_pass(s), moves == ["pass"], fz.to_text(s))
                if not moves:
                    break
                placements = [m for m in moves if m != "pass"] or moves
                s = fz.play(s, placements[rng.below(len(placements))])


def _as_the_chip(chip, s, rng, plies):
    """A random game from ``s``: every placement's resolution, the forced passes and the
    positions, the chip's way (``chip``: settles, which logs a cascade's stages, and the
    quick test of every point at once) or byte-code's (the cascade of _cascade)."""
    saved = fz._settles
    fz._settles = fz.settles if chip else None
    try:
        out = []
        for _ in range(plies):
            moves = fz.legal_moves(s)
            if not moves:
                break
            out.append([fz.resolution(s, m) for m in moves if m not in ("pass", "swap")])
            out.append(fz.only_pass(s))
            s = fz.play(s, moves[rng.below(len(moves))])
            out.append(fz.to_text(s))
        return out
    finally:
        fz._settles = saved


def test_the_chips_cascade_resolves_and_plays_as_byte_code_does():
    for size, seed, plies in ((5, 1, 200), (7, 2, 50)):
        s = fz.new_game({"size": size})
        eq(_as_the_chip(True, s, Rng(seed), plies), _as_the_chip(False, s, Rng(seed), plies),
           "size %d, seed %d" % (size, seed))


def test_a_placement_shown_first_plays_as_one_not_shown_and_every_colour_is_read():
    """The stone board asks for a placement's resolution (its net flips: the stones whose
    colour changes), then plays it (the engine keeps what it resolved for that play), and
    reads every point's colour at once."""
    for size, cycle_rule in ((5, "illegal"), (5, "stop"), (7, "illegal")):
        s = fz.new_game({"size": size, "cycle_rule": cycle_rule})
        rng = Rng(size)
        names = [n for n in fz.legal_moves(fz.new_game({"size": size, "pie": False}))
                 if n != "pass"]
        colours = bytearray(len(names))
        while not fz.is_over(s):
            moves = fz.legal_moves(s)
            m = moves[rng.below(len(moves))]
            plain = fz.to_text(fz.play(s, m))
            if m not in ("pass", "swap"):
                res = fz.resolution(s, m)
                if rng.below(3) == 0:
                    fz.resolution(s, moves[0] if moves[0] not in ("pass", "swap") else m)
            after = fz.play(s, m)
            eq(fz.to_text(after), plain, "%s after its resolution" % m)
            if m not in ("pass", "swap"):
                was, now = fz.board(s), fz.board(after)
                eq(res["net"], [n for n in names if n in was and now[n] != was[n]], "net")
            eq(fz.to_text(fz.play(s, m)), plain, "%s again" % m)
            s = after
            land = bytearray(len(colours))
            fz.board_view(s, colours, land)
            stones = fz.board(s)
            eq("".join([".BW"[c] for c in colours]),
               "".join([stones.get(n, ".") for n in names]), "every colour")
            owner = fz.territory(s)
            eq("".join([".BW"[c] for c in land]),
               "".join([owner.get(n) or "." for n in names]), "every point's territory")


def test_illegal_and_malformed_moves_leave_the_state_alone():
    s = play_all(fz.new_game({"size": 5}), ["e5", "e6"])
    before = fz.to_text(s)
    for bad in ("e5", "z1", "a9", "E7", " e7", "", "swap", None, 7, ["e7"]):
        e = raises(IllegalMove, fz.play, s, bad)
        assert len(str(e)) > 5, bad
        eq(fz.to_text(s), before, "unchanged after %r" % (bad,))
    assert "occupied" in str(raises(IllegalMove, fz.play, s, "e5"))
    raises(IllegalMove, fz.resolution, s, "e5")
    raises(IllegalMove, fz.resolution, s, "pass")


def test_point_names_are_read_exactly():
    """Every point's own name is a move; names that only look like one are not."""
    for size in (5, 7):
        s = fz.new_game({"size": size, "pie": False})
        names = fz.legal_moves(s)[:-1]
        eq(len(names), 3 * size * (size - 1) + 1, "points of size %d" % size)
        for name in names:
            eq(fz.to_text(fz.play(s, name)), "%d W 0 0 play %sB0" % (size, name), name)
    s = fz.new_game({"size": 5, "pie": False})
    for bad in ("e05", "e+5", "e-5", "e5e", "e\u00b2", "e\u0665", "\u00e95", "j1", "a0", "a6",
                "i4", "i10", "e", "5"):
        raises(IllegalMove, fz.play, s, bad)
        raises(ValueError, fz.from_text, "5 B 0 0 play %sB0" % bad)


def test_play_returns_a_new_state():
    s = fz.new_game({"size": 5, "pie": False})
    t = fz.play(s, "e5")
    eq(fz.to_text(s), "5 B 0 0 play", "input untouched")
    eq(fz.to_text(t), "5 W 0 0 play e5B0", "new state")


def test_options_are_checked():
    for bad in ({"size": 6}, {"pie": 1}, {"territory": "area"}, {"cycle_rule": "loop"},
                {"tie": "black"}, {"komi": 1}):
        e = raises(ValueError, fz.new_game, bad)
        assert list(bad)[0] in str(e), bad


def test_non_default_options_travel_in_the_text():
    s = fz.new_game({"size": 5, "pie": False, "territory": "midpoint", "tie": "white",
                     "cycle_rule": "stop"})
    text = "5 B 0 0 play territory=midpoint cycle_rule=stop tie=white"
    eq(fz.to_text(s), text, "option tokens")
    t = fz.from_text(text)
    eq((t.opts["territory"], t.opts["cycle_rule"], t.opts["tie"]), ("midpoint", "stop", "white"),
       "options read back")


def test_from_text_rejects_bad_positions():
    bad = [
        "",
        "6 B 0 0 play",
        "5 X 0 0 play",
        "5 B 3 0 play",
        "5 B 0 2 play",
        "5 B 0 0 middle",
        "5 B 0 0 play e5B0 e5W1",      # two stones on one point
        "5 B 0 0 play j1B0",           # no such point
        "5 B 0 0 play a6B0",           # no such point on row a
        "5 B 0 0 play e5",             # no colour
        "5 B 0 0 play e5X0",
        "5 B 0 0 play e5Bx",
        "5 B 0 0 play e3B0 e5W0",      # different colours share a rank
        "5 B 0 0 play e3B0 e5W2",      # rank 1 skipped
        "5 B 0 0 play e4W0 e6W1 e5B2", # e5 is capturable: unstable
        "5 B 0 0 pie0 e5B0",
        "5 W 0 0 pie1",
        "5 W 0 0 pie1 e5W0",
        "5 W 0 0 pie1 e5B0 e6B1",
        "5 W 0 1 play",
        "5 B 0 0 play tie=black",
        "5 B 0 0 play size=7",
    ]
    for text in bad:
        e = raises(ValueError, fz.from_text, text)
        assert len(str(e)) > 5, text
    raises(ValueError, fz.from_text, None)


def test_territory_and_board_maps():
    s = fz.new_game({"size": 5})
    eq(fz.board(s), {}, "empty board")
    t = fz.territory(s)
    eq((len(t), [p for p in t if t[p]]), (61, []), "all neutral")
    s = fz.from_text("5 B 0 0 play a1B0 a5B1")
    eq(fz.board(s), {"a1": "B", "a5": "B"}, "stones")
    t = fz.territory(s)
    eq([p for p in sorted(t) if t[p]], ["a2", "a3", "a4"], "a run of three")
    eq(fz.result(s)["scores"], [5, 0], "2 stones + 3 territory")


def test_sides_are_the_position_texts_colour_to_move_and_swap():
    for pie in (False, True):
        s = fz.new_game({"size": 5, "pie": pie})
        if pie:                                    # White takes Black's first stone
            s = fz.play(fz.play(s, fz.legal_moves(s)[0]), "swap")
            eq(fz.sides(s)[1], 1, "swapped")
        rng = Rng(4)
        while not fz.is_over(s):
            words = fz.to_text(s).split(" ")
            eq(fz.sides(s), (" BW".index(words[1]), int(words[3])), fz.to_text(s))
            moves = fz.legal_moves(s)
            s = fz.play(s, moves[rng.below(len(moves))])
