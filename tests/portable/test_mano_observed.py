"""Dominó Mano a Mano, observed mode (docs/rules/mano.md#real-tiles): the tile board that
senses the line but not the hands. Portable: CPython and MicroPython."""
from check import eq, raises

from firmware.rules import IllegalMove
from firmware.rules import mano
from test_mano import TILES, field, first_move_hand

OBS = {"mode": "observed"}


def sense_hand(seed, options=None):
    """Replay hand 1 of seed ("always legal_moves[0]") as the board senses it:
    the lead with its seat, then plays, draws and passes, up to the reveals.
    Returns (observed states along the way, tiles each seat still holds, dealt end state)."""
    log, left, dealt = first_move_hand(seed, options)
    opts = dict(options or {})
    opts["mode"] = "observed"
    s = mano.new_game(opts, seed)
    seen = [s]
    moves = ["%d:%s" % (log[0][0], log[0][1])] + [m for _, m in log[1:]]
    for k in range(len(moves)):
        if k:
            eq(mano.to_move(s), log[k][0], "seat to move")
        assert moves[k] in mano.legal_moves(s), moves[k]
        s = mano.play(s, moves[k])
        seen.append(s)
    return seen, left, dealt


def observe_hand(seed, options=None):
    """sense_hand, then each seat reveals its tiles in one move. Returns
    (dealt end state, observed end state, observed states along the way)."""
    seen, left, dealt = sense_hand(seed, options)
    s = seen[-1]
    for seat in (0, 1):
        if left[seat]:
            eq(mano.to_move(s), seat, "seat to reveal")
            assert "reveal %d %s" % (seat, left[seat][0]) in mano.legal_moves(s)
            s = mano.play(s, "reveal %d %s" % (seat, " ".join(left[seat])))
            seen.append(s)
    return dealt, s, seen


def _same_hand(seed, options=None):
    dealt, obs, _ = observe_hand(seed, options)
    eq(mano.hand_history(obs), mano.hand_history(dealt), "seed %d %s" % (seed, options))
    eq(mano.result(obs)["scores"], mano.result(dealt)["scores"], "scores")
    text = mano.to_text(obs)
    if mano.is_over(obs):
        eq(field(text, "hand"), ["1"], "the match ended with hand 1")
    else:
        eq((field(text, "hand"), field(text, "h0"), field(text, "bone")), (["2"], ["7"], ["14"]),
           "next hand")


def test_observed_start():
    s = mano.new_game(OBS, 5)
    eq(mano.to_move(s), None, "either seat may lead")
    moves = mano.legal_moves(s)
    eq((len(moves), moves[0], moves[-1]), (56, "0:0-0", "1:6-6"), "leads")
    eq(mano.to_text(s), "hand=1 score=0,0 move=- last=- line=- h0=7 h1=7 bone=14 target=50 "
       "lock=immediate lock_award=opponent no_double=heaviest later_lead=highest_double "
       "mode=observed passes=0 miss0=- miss1=- rev0=- rev1=- hist=-", "text")
    s = mano.play(s, "1:3-4")
    eq((mano.to_move(s), field(mano.to_text(s), "h1")), (0, ["6"]), "any tile leads")
    eq(mano.legal_moves(s)[:2], ["L0-3", "R0-4"], "unseen tiles that fit")
    eq(mano.legal_moves(s)[-1], "draw", "and draw")


def test_observed_domino_hand_scores_as_dealt():
    _same_hand(1)


def test_observed_locked_hand_scores_as_dealt():
    _same_hand(18)
    _same_hand(3)   # 52 points: this hand also ends the match


def test_observed_play_out_scores_as_dealt():
    _same_hand(18, {"lock": "play_out"})


def test_observed_text_round_trip():
    for s in observe_hand(18)[2] + observe_hand(3)[2][-3:]:
        t = mano.to_text(s)
        r = mano.from_text(t)
        eq(mano.to_text(r), t, "to_text")
        eq(mano.legal_moves(r), mano.legal_moves(s), "legal moves")
        eq(mano.to_move(r), mano.to_move(s), "to_move")
        eq(mano.public_view(s, 0), t, "nothing hidden in observed mode")


def _rejects(s, move, words):
    before = mano.to_text(s)
    e = raises(IllegalMove, mano.play, s, move)
    assert words in str(e), "%r: %s" % (move, e)
    eq(mano.to_text(s), before, "state untouched")


def test_observed_rejects_bad_plays():
    s = mano.new_game(OBS, 1)
    _rejects(s, "6-6", "say which seat leads")
    _rejects(s, "2:6-6", "0 or 1")
    _rejects(s, "1:6-7", "not a tile")
    _rejects(s, "draw", "say which seat leads")
    s = mano.play(s, "1:6-6")
    _rejects(s, "L6-6", "6-6 is already in the line")
    _rejects(s, "R1-2", "does not fit the right end (6)")
    _rejects(s, "pass", "draw from the boneyard (14 left)")
    _rejects(s, "reveal 0 1-2", "nothing to reveal")
    _rejects(s, "1:5-6", "not a move")
    s = mano.play(mano.play(s, "L1-6"), "R0-6")
    _rejects(s, "L1-6", "1-6 is already in the line")


def test_observed_rejects_bad_reveals():
    s = sense_hand(1)[0][-1]
    eq(mano.to_move(s), 0, "seat 0 reveals")
    eq(len(mano.legal_moves(s)), 28 - 13, "any unseen tile")
    _rejects(s, "L4-5", "the hand is over")
    _rejects(s, "reveal 0 6-6", "6-6 is already in the line")
    _rejects(s, "reveal 0 4-5 4-5", "4-5 is revealed twice")
    _rejects(s, "reveal 0 4-5 1-2", "seat 0 has only 1 tile left to show")
    _rejects(s, "reveal 1 4-5", "seat 1 has no tiles left to show")
    _rejects(s, "reveal 0", "write a reveal as")
    _rejects(s, "reveal 2 4-5", "write a reveal as")
    _rejects(s, "reveal 0 5-4", "low end first")
    s = mano.play(s, "reveal 0 4-5")
    eq(mano.hand_history(s)[0]["points"], 9, "seat 1 scores 9")


def test_observed_reveal_in_steps():
    seen, left, dealt = sense_hand(18)
    s = seen[-1]
    eq(left, [["6-6"], ["0-4", "4-4"]], "locked: both seats hold tiles")
    eq(mano.to_move(s), 0, "seat 0 first")
    s = mano.play(s, "reveal 1 0-4")
    eq(mano.to_move(s), 0, "seat 0 still owes its tile")
    _rejects(s, "reveal 0 0-4", "0-4 was already revealed")
    _rejects(s, "reveal 1 4-4 0-4", "0-4 was already revealed")
    _rejects(s, "reveal 1 4-4 4-5", "seat 1 has only 1 tile left to show")
    s = mano.play(s, "reveal 0 6-6")
    eq(mano.to_move(s), 1, "then seat 1")
    eq(mano.legal_moves(s), ["reveal 1 %s" % t for t in ("0-5", "4-4", "4-5")], "what is unseen")
    s = mano.play(s, "reveal 1 4-4")
    eq(mano.hand_history(s), mano.hand_history(dealt), "scored as dealt")


def test_observed_passes_are_remembered():
    s = mano.play(mano.new_game(OBS, 1), "0:6-6")
    for _ in range(14):
        s = mano.play(s, "draw")         # seat 1 draws the whole boneyard
    eq(mano.legal_moves(s)[-1], "pass", "pass once the boneyard is empty")
    s = mano.play(s, "pass")              # seat 1 holds no 6 at all
    eq(field(mano.to_text(s), "miss1"), ["6"], "recorded")
    # So seat 1 holds exactly the 21 tiles without a 6, seat 0 the six 6-tiles.
    s = mano.play(s, "L5-6")
    _rejects(s, "R2-6", "seat 1 cannot hold 2-6: it passed when it had no 6")
    eq(mano.legal_moves(s), ["L0-5", "L1-5", "L2-5", "L3-5", "L4-5", "L5-5"], "no 6 for seat 1")
    s = mano.play(s, "L4-5")
    _rejects(s, "L1-4", "seat 0 cannot hold 1-4: the other hand needs it")
    _rejects(s, "pass", "seat 0 cannot pass: it must hold a tile that fits 4|6")
    eq(mano.legal_moves(s), ["R0-6", "R1-6", "R2-6", "R3-6", "L4-6", "R4-6"], "seat 0 plays a 6")


def test_observed_winner_leads_later_hands():
    opts = {"later_lead": "winner"}
    dealt, obs, _ = observe_hand(1, opts)
    eq(mano.to_move(obs), 1, "the winner of hand 1 leads")
    eq(mano.legal_moves(obs), TILES, "any tile, written bare")
    _rejects(obs, "1:6-6", "write just the tile")
    s = mano.play(obs, "2-3")
    eq((mano.to_move(s), field(mano.to_text(s), "h1")), (0, ["6"]), "led by seat 1")


def test_observed_from_text_rejects():
    _, _, seen = observe_hand(1)
    good = mano.to_text(seen[5])
    mano.from_text(good)
    for text, words in (
            (good.replace("h0=", "h0=1"), "count the 28 tiles"),
            (good.replace("rev0=-", "rev0=4-5"), "still being played"),
            (good.replace("miss0=-", "miss0=77"), "miss0"),
            (good.replace("miss0=-", "miss0=6"), "boneyard is empty"),
            (good.replace("rev1=-", "rev1=6-6"), "appears twice"),
            (good.replace("h0=5 h1=4", "h0=0 h1=9"), "a hand is empty"),
            (good.replace("mode=observed", "mode=observed rng=1"), "unknown field")):
        assert text != good, words
        e = raises(ValueError, mano.from_text, text)
        assert words in str(e), "%s -> %s" % (words, e)
