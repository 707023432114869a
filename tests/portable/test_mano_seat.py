"""Dominó Mano a Mano: what a seat that reads its own tiles knows of an observed game
(firmware/rules/mano_seat.py), the position the board's opponent searches on the tile board.
Portable: CPython and MicroPython."""
from check import eq, raises

from firmware import ai
from firmware.rules import Rng
from firmware.rules import mano
from firmware.rules.mano_seat import own_lead, seat_view as _seat_view


def seat_view(s, seat, hand):
    return _seat_view(s, seat, mano._names(hand))


def _mirrored(seed, options=None, hands=1):
    """A dealt game of random legal moves and the same game as a tile board senses it,
    side by side: yields (dealt state, observed state) before every move of the first
    ``hands`` hands."""
    opts = dict(options or {})
    dealt = mano.new_game(opts, seed)
    opts["mode"] = "observed"
    obs = mano.new_game(opts, seed)
    rng = Rng(seed)
    while dealt.hand <= hands and not mano.is_over(dealt):
        yield dealt, obs
        moves = mano.legal_moves(dealt)
        move = moves[rng.below(len(moves))]
        seat = mano.to_move(dealt)
        sensed = move
        if dealt.phase == mano._LEAD and mano.to_move(obs) is None:
            sensed = "%d:%s" % (seat, move)
        held = dealt.h
        dealt = mano.play(dealt, move)
        obs = mano.play(obs, sensed)
        if obs.phase == mano._REVEAL:   # the hand ended: each seat shows what it held
            line = obs.lm
            for s in (0, 1):
                left = held[s] & ~line
                if left:
                    obs = mano.play(obs, "reveal %d %s" % (s, " ".join(mano._names(left))))
            eq(mano.hand_history(obs), mano.hand_history(dealt), "seed %d: the hand's outcome"
               % seed)


def test_a_seat_sees_the_moves_it_would_have_in_the_dealt_game():
    n = 0
    for seed in range(12):
        for dealt, obs in _mirrored(seed):
            seat = mano.to_move(dealt)
            if dealt.phase != mano._PLAY:
                continue
            view = seat_view(obs, seat, dealt.h[seat])
            eq(mano.legal_moves(view), mano.legal_moves(dealt), "seed %d: moves" % seed)
            eq(mano._count(view.h[1 - seat]), mano._count(dealt.h[1 - seat]),
               "the other hand's size")
            eq(len(view.bone) - view.top, len(dealt.bone) - dealt.top, "the boneyard's size")
            n += 1
    assert n > 100, n


def test_the_board_s_choice_is_a_move_the_observed_game_takes():
    for seed in range(6):
        for dealt, obs in _mirrored(seed):
            seat = mano.to_move(dealt)
            if dealt.phase != mano._PLAY:
                continue
            move = ai.choose("mano", seat_view(obs, seat, dealt.h[seat]), 2, seed)
            assert move in mano.legal_moves(dealt), move
            mano.play(obs, move)     # raises if the observed engine refuses it


def test_the_view_holds_nothing_of_the_other_hand():
    # Two deals that give the seat the same tiles but differ elsewhere give the same view.
    for dealt, obs in _mirrored(3):
        if dealt.phase == mano._PLAY:
            break
    seat = mano.to_move(dealt)
    view = seat_view(obs, seat, dealt.h[seat])
    eq(view.h[seat], dealt.h[seat], "its own hand")
    eq(view.h[1 - seat] & dealt.h[seat], 0, "no tile twice")
    eq(view.bone, sorted(view.bone),
       "the boneyard: unseen tiles in canonical order, not the deal's")


def test_a_free_lead_after_a_won_hand():
    opts = {"later_lead": "winner"}
    for dealt, obs in _mirrored(4, opts, hands=2):
        if dealt.hand == 2:
            break
    eq(dealt.phase, mano._LEAD, "hand 2 starts")
    seat = mano.to_move(obs)
    eq(seat, mano.to_move(dealt), "the winner leads")
    view = seat_view(obs, seat, dealt.h[seat])
    eq(mano.legal_moves(view), mano.legal_moves(dealt), "any of its tiles")


def test_a_hand_that_does_not_fit_is_refused():
    for dealt, obs in _mirrored(2):
        if dealt.phase == mano._PLAY and dealt.lm:
            break
    seat = mano.to_move(dealt)
    hand = dealt.h[seat]
    low = hand & -hand
    raises(ValueError, seat_view, obs, seat, hand & ~low)                  # a tile short
    in_line = dealt.lm & -dealt.lm
    raises(ValueError, seat_view, obs, seat, (hand & ~low) | in_line)     # a tile of the line
    raises(ValueError, seat_view, obs, 1 - seat, dealt.h[1 - seat])       # not its move
    start = mano.new_game({"mode": "observed"}, 1)
    raises(ValueError, seat_view, start, 0, 0x7F)                         # a lead of the rules


def test_a_seat_named_to_lead_leads_its_highest_double_else_its_heaviest_tile():
    eq(own_lead(["1-2", "3-3", "0-0", "5-6"]), "3-3", "the highest double")
    eq(own_lead(["1-2", "2-6", "3-4", "4-5"]), "4-5",
       "no double: the heaviest (9 pips, high end 5)")
