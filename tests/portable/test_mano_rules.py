"""Dominó Mano a Mano, dealt mode: leads, forced moves, match, notation.
Portable: runs on CPython and MicroPython."""
from check import eq, raises

from firmware.rules import IllegalMove, Rng
from firmware.rules import mano
from test_mano import DV3, DV4, TILES, expand, field, position, rest_of, run_trace

NO_DOUBLE_SEED = 423  # its first deal puts no double in either hand


def _hands(text):
    return field(text, "h0") + field(text, "h1")


def test_no_double_heaviest_tile_leads():
    s = mano.new_game(None, NO_DOUBLE_SEED)
    text = mano.to_text(s)
    assert not [t for t in _hands(text) if t[0] == t[2]], "no double dealt"
    assert "5-6" in field(text, "h0")
    eq(mano.legal_moves(s), ["5-6"], "the heaviest tile leads")
    eq(mano.to_move(s), 0, "its holder")


def test_no_double_redeal_uses_the_same_stream():
    s = mano.new_game({"no_double": "redeal"}, NO_DOUBLE_SEED)
    rng = Rng(NO_DOUBLE_SEED)
    for _ in range(2):
        tiles = list(range(28))
        rng.shuffle(tiles)
    text = mano.to_text(s)
    eq(field(text, "h0"), sorted([TILES[t] for t in tiles[:7]]), "seat 0 of the second deal")
    eq(field(text, "bone"), [TILES[t] for t in tiles[14:]], "boneyard of the second deal")
    eq(mano.legal_moves(s), ["4-4"], "the highest double leads")
    eq(mano.to_move(s), 0, "held by seat 0")


def test_heaviest_tie_goes_to_the_higher_end():
    h0 = "0-1 0-2 0-3 1-2 1-3 2-3 3-6"
    h1 = "0-4 0-5 1-4 1-5 2-4 2-5 4-5"
    s = mano.from_text(position("", h0, h1, rest_of(h0, h1), 0, "-"))
    eq(mano.legal_moves(s), ["3-6"], "3-6 beats 4-5 (both 9)")
    e = raises(ValueError, mano.from_text, position("", h0, h1, rest_of(h0, h1), 1, "-"))
    assert "seat 0 leads" in str(e), str(e)


def test_later_lead_winner():
    _, s = run_trace(1, DV3, {"later_lead": "winner"})
    text = mano.to_text(s)
    eq(mano.to_move(s), 1, "the winner of hand 1 leads hand 2")
    eq(mano.legal_moves(s), field(text, "h1"), "any tile of its hand")
    lead = field(text, "h1")[0]
    s2 = mano.play(s, lead)
    eq(field(mano.to_text(s2), "line"), [lead], "led")
    eq(mano.to_move(s2), 0, "then seat 0")
    raises(IllegalMove, mano.play, s, field(text, "h0")[0])


def _state_after(seed, trace, n):
    """State after the first n moves of a trace."""
    s = mano.new_game(None, seed)
    for move, _ in expand(trace)[:n]:
        s = mano.play(s, move)
    return s


def _rejects(s, move, words):
    before = mano.to_text(s)
    e = raises(IllegalMove, mano.play, s, move)
    assert words in str(e), "%r: %s" % (move, e)
    eq(mano.to_text(s), before, "state untouched by %r" % (move,))


def test_forced_play_draw_and_pass():
    s = _state_after(18, DV4, 12)   # after L2-2 (ends 2|5) seat 1 holds only 1-3
    eq(mano.legal_moves(s), ["draw"], "must draw")
    _rejects(s, "pass", "draw from the boneyard")
    _rejects(s, "L1-3", "does not fit the left end (2)")
    _rejects(s, "R4-6", "does not hold")
    s = mano.play(s, "draw")
    eq(mano.to_move(s), 1, "the drawer stays to move")
    s = _state_after(18, DV4, 19)   # seat 1 has just drawn 0-2, which fits
    eq(mano.legal_moves(s), ["L0-2"], "a drawn tile that fits is played")
    _rejects(s, "draw", "0-2 fits")
    _rejects(s, "pass", "0-2 fits")
    _rejects(s, "L2-0", "low end first")


def test_malformed_moves():
    s = mano.new_game(None, 1)
    for move in (None, 66, ["6-6"], b"6-6"):
        _rejects(s, move, "a move is text")
    for move in ("", "6-7", "66", "L6-6", "draw", "pass", "6-6 "):
        raises(IllegalMove, mano.play, s, move)
    _rejects(s, "3-3", "the lead must be 6-6")
    _rejects(s, "4-5", "does not hold")
    s = mano.play(s, "6-6")
    for move in ("", "X", "L", "L1-6 ", "l1-6", "Ldraw", "reveal 0 1-6", "1:6-6", "L1-6x" * 30):
        _rejects(s, move, "")
    _rejects(s, "hello", "not a move")


def _match(seed, options=None):
    s = mano.new_game(options, seed)
    plies = 0
    while not mano.is_over(s):
        s = mano.play(s, mano.legal_moves(s)[0])
        plies += 1
    return s, plies


def test_match_to_target():
    s, plies = _match(5)
    r = mano.result(s)
    hist = mano.hand_history(s)
    w = r["winner"]
    assert r["scores"][w] >= 50 > r["scores"][1 - w], r
    eq(r["reason"], "target reached", "reason")
    eq(hist[-1]["winner"], w, "the last hand's winner wins the match")
    eq([sum([h["points"] for h in hist if h["winner"] == k]) for k in (0, 1)], r["scores"],
       "scores add up")
    eq(field(mano.to_text(s), "hand"), [str(len(hist))], "the last hand stays on show")
    eq(mano.legal_moves(s), [], "no moves")
    eq(mano.to_move(s), None, "nobody to move")
    _rejects(s, "draw", "the match is over")


def test_target_100():
    s, _ = _match(5, {"target": 100})
    assert max(mano.result(s)["scores"]) >= 100


def test_text_round_trip_every_ply():
    s = mano.new_game({"lock": "play_out", "later_lead": "winner"}, 7)
    while True:
        t = mano.to_text(s)
        r = mano.from_text(t)
        eq(mano.to_text(r), t, "to_text")
        eq(mano.legal_moves(r), mano.legal_moves(s), "legal moves")
        eq(mano.result(r), mano.result(s), "result")
        eq(mano.to_move(r), mano.to_move(s), "to_move")
        if mano.is_over(s):
            break
        s = mano.play(s, mano.legal_moves(s)[-1])


def test_from_text_rejects_bad_positions():
    good = mano.to_text(_state_after(18, DV4, 12))
    mano.from_text(good)
    bad = [
        (good.replace("hand=1 ", ""), "hand is missing"),
        (good + " extra=1", "unknown field"),
        (good + " hand=1", "twice"),
        ("garbage", "must start with hand="),
        (good.replace("line=2-2", "line=2-2 2-2"), "twice in the line"),
        (good.replace("h1=1-3", "h1=1-3 4-6"), "appears twice"),
        (good.replace("4-2 2-5", "4-2 3-5"), "does not match"),
        (good.replace("h0=", "h0=9-9 "), "not a tile"),
        (good.replace("h0=", "h0=6-1 "), "low end first"),
        (good.replace("bone=3-6", "bone=3-6 3-6"), "appears twice"),
        (good.replace("score=0,0", "score=0"), "score"),
        (good.replace("score=0,0", "score=0,9"), "add up"),
        (good.replace("move=1", "move=2"), "out of range"),
        (good.replace("move=1", "move=-"), "move must name"),
        (good.replace("lock=immediate", "lock=later"), "'lock'"),
        (good.replace("target=50", "target=x"), "target"),
        (good.replace("passes=0", "passes=1"), "empty boneyard"),
        (good.replace("last=0", "last=1"), "do not fit together"),
        (good.replace("hist=-", "hist=1:9:domino:9:0"), "add up"),
        (good.replace("rng=", "rng=x"), "rng"),
        (None, "string"),
    ]
    for text, words in bad:
        assert text != good, words
        e = raises(ValueError, mano.from_text, text)
        assert words in str(e), "%s -> %s" % (words, e)
    # A tile left out of every list.
    words = good.split()
    e = raises(ValueError, mano.from_text, " ".join([w for w in words if w != "0-4"]))
    assert "missing: 0-4" in str(e), str(e)


def test_public_view_hides_the_other_hand_and_the_boneyard():
    s = mano.play(mano.new_game(None, 1), "6-6")
    full = mano.to_text(s)
    v0 = mano.public_view(s, 0)
    eq(field(v0, "h0"), field(full, "h0"), "own hand")
    eq(field(v0, "h1"), ["6"], "other hand as a count")
    eq(field(v0, "bone"), ["14"], "boneyard as a count")
    eq(field(v0, "rng"), None, "no PRNG state")
    eq(field(mano.public_view(s, 1), "h0"), ["7"], "seat 1 sees seat 0 as a count")
    v = mano.public_view(s, None)
    eq((field(v, "h0"), field(v, "h1")), (["7"], ["6"]), "onlooker")
    for t in field(full, "bone"):
        assert t not in v0, t
    raises(ValueError, mano.public_view, s, 2)


def test_options_and_seed_are_checked():
    for opts, key in (({"lock": "soon"}, "lock"), ({"nope": 1}, "nope"), ({"target": 0}, "target"),
                      ({"target": True}, "target"), ({"mode": "seen"}, "mode"),
                      ({"lock_award": None}, "lock_award"), ({"no_double": 1}, "no_double"),
                      ({"later_lead": "loser"}, "later_lead")):
        e = raises(ValueError, mano.new_game, opts, 1)
        assert key in str(e), str(e)
    raises(ValueError, mano.new_game, None, "1")
    eq(mano.result(mano.new_game(None, 1)),
       {"winner": None, "scores": [0, 0], "reason": "in progress"},
       "in progress")
