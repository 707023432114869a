"""Cross-check against the PyPI package ``dominoes`` (6.1.0, test-only), on
what both define the same way.

``dominoes.Game`` is the four-player partnership block game: no boneyard, the
turn passes automatically when a player cannot play, the hand is "stuck" when
nobody can. We give it our two hands as players 0 and 1 and two empty hands as
players 2 and 3 (so teams 0+2 / 1+3 are seats 0 / 1; the empty players always
pass and never "go out", because only the player who just moved is checked).

Where the rules coincide, and what is checked:
* The moves a hand allows against given ends (``Game._update_valid_moves``).
  Difference: when both ends show the same value, ``dominoes`` lists a tile
  once (left), we list ``L`` and ``R`` (docs/rules/mano.md#notation, so a board can accept either);
  and where we return ``draw`` / ``pass`` it returns no move.
* The points for going out: the pip total of the opponent's hand (theirs sums
  the three other hands; two are empty). Positive points = team 0 = seat 0;
  a hand worth 0 points (the loser holds only 0-0) still has a winner here
  (docs/rules/mano.md#the-match), there only ``Result.player`` says who went out.
* A whole hand with an empty boneyard, placed move for move in both: same
  legal moves at every turn, same end. Our ``lock="immediate"`` (dead line)
  ends it exactly when theirs is stuck (the lemma in docs/rules/mano.md#the-end-of-a-hand), and
  their "player" of a stuck result is the last to place, our blocker.
  Differences: a stuck hand scores the sum of both hands there (our
  ``lock_award="both"``, not our default); with equal totals theirs is a tie
  worth 0, ours goes against the blocker (DM-10) -- those hands are checked
  only for the winner-independent parts. Their passes are implicit, ours are
  ``pass`` moves. Not compared at all: drawing (they have no boneyard), leads
  (``starting_domino``/player 0), match play (their ``Series`` plays to 200 by
  default and picks the next starter differently).
"""
import random

import dominoes
from hypothesis import given, settings, strategies as st

from firmware.rules import mano
from test_mano import TILES, field

SEEDS = st.integers(min_value=0, max_value=2 ** 32 - 1)


def dom(t):
    return dominoes.Domino(int(t[0]), int(t[2]))


def their_game(board, hands, turn):
    g = dominoes.Game(board, [dominoes.Hand([dom(t) for t in h]) for h in hands] +
                      [dominoes.Hand([]), dominoes.Hand([])], [], turn, (), 0, None)
    g._update_valid_moves()
    return g


def as_ours(valid, le, re):
    """Their (Domino, left) moves in our notation, with our duplicate R for
    equal ends added back."""
    out = set()
    for d, left in valid:
        name = "%d-%d" % (min(d), max(d))
        out.add(("L" if left else "R") + name)
        if le == re:
            out.add("R" + name)
    return out


def positions(seed, rnd, options=None):
    """Positions met in a random dealt hand (after the lead)."""
    s = mano.new_game(options, seed)
    s = mano.play(s, mano.legal_moves(s)[0])
    while s.hand == 1 and not mano.is_over(s):
        yield s
        s = mano.play(s, rnd.choice(mano.legal_moves(s)))


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, pick=st.integers(0, 2 ** 32 - 1))
def test_moves_against_given_ends(seed, pick):
    rnd = random.Random(pick)
    for s in positions(seed, rnd):
        text = mano.to_text(s)
        seat = mano.to_move(s)
        line = field(text, "line")
        le, re = int(line[0][0]), int(line[-1][2])
        g = their_game(dominoes.SkinnyBoard(le, re, len(line)),
                       [field(text, "h0"), field(text, "h1")], seat)
        ours = mano.legal_moves(s)
        if ours in (["draw"], ["pass"]):
            assert g.valid_moves == ()
        else:
            assert set(ours) == as_ours(g.valid_moves, le, re), text


def _empty_boneyard_hand(rnd):
    """A position with the lead down and no boneyard: 13 and 14 tiles."""
    tiles = list(TILES)
    rnd.shuffle(tiles)
    lead, h0, h1 = tiles[0], sorted(tiles[1:14]), sorted(tiles[14:])
    text = ("hand=1 score=0,0 move=1 last=0 line=%s h0=%s h1=%s bone=- target=1000 lock=immediate "
            "lock_award=both no_double=heaviest later_lead=highest_double mode=dealt passes=0 "
            "rng=1 hist=-"
            % (lead, " ".join(h0), " ".join(h1)))
    board = dominoes.Board()
    board.add(dom(lead), True)
    return mano.from_text(text), their_game(board, [h0, h1], 1)


def their_line(board):
    return str(board)[1:-1].replace("][", " ").replace("|", "-").split()


def hand_pips(tiles):
    return sum(int(t[0]) + int(t[2]) for t in tiles)


@settings(max_examples=60, deadline=None)
@given(pick=st.integers(0, 2 ** 32 - 1))
def test_whole_hands_without_boneyard(pick):
    rnd = random.Random(pick)
    s, g = _empty_boneyard_hand(rnd)
    while s.hand == 1:
        moves = mano.legal_moves(s)
        if moves == ["pass"]:
            # only right after the lead: theirs passes inside make_move
            if g.turn == mano.to_move(s):
                assert g.valid_moves == ()
                g.turn = 1 - g.turn
                g._update_valid_moves()
            s = mano.play(s, "pass")
            continue
        assert g.result is None
        assert g.turn == mano.to_move(s)
        assert set(moves) == as_ours(g.valid_moves, g.board.left_end(), g.board.right_end())
        move = rnd.choice(moves)
        placer = mano.to_move(s)
        g.make_move(dom(move[1:]), move[0] == "L")
        s = mano.play(s, move)
        if s.hand == 1:
            assert their_line(g.board) == field(mano.to_text(s), "line")
    ours = mano.hand_history(s)[0]
    r = g.result
    assert r is not None, "their hand must end when ours does"
    assert r.player == placer  # the one who went out, or the blocker
    assert r.won == (ours["reason"] == "domino")
    if r.won:
        assert abs(r.points) == ours["points"] and r.player == ours["winner"]
    elif ours["pips"][0] != ours["pips"][1]:
        assert abs(r.points) == ours["points"]
        assert (r.points > 0) == (ours["winner"] == 0)
    else:
        # Equal totals: a 0-point tie there; here the blocker loses (DM-10).
        assert r.points == 0
        assert ours["winner"] == 1 - placer and ours["points"] == sum(ours["pips"])


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, pick=st.integers(0, 2 ** 32 - 1))
def test_points_for_going_out(seed, pick):
    """Every domino met in random dealt hands (boneyard or not): their points
    for the last placement, from the same position, equal ours."""
    rnd = random.Random(pick)
    for s in positions(seed, rnd):
        moves = mano.legal_moves(s)
        seat = mano.to_move(s)
        text = mano.to_text(s)
        hand = field(text, "h%d" % seat)
        if len(hand) != 1 or moves[0][1:] != hand[0]:
            continue
        line = field(text, "line")
        le, re = int(line[0][0]), int(line[-1][2])
        g = their_game(dominoes.SkinnyBoard(le, re, len(line)),
                       [field(text, "h0"), field(text, "h1")], seat)
        r = g.make_move(dom(hand[0]), moves[0][0] == "L")
        ours = mano.hand_history(mano.play(s, moves[0]))[-1]
        assert (r.won, r.player) == (True, seat) and ours["reason"] == "domino"
        assert abs(r.points) == ours["points"] == hand_pips(field(text, "h%d" % (1 - seat)))
        assert ours["winner"] == seat
        if r.points:  # a 0-point domino (the loser holds 0-0) has no sign there
            assert (r.points > 0) == (seat == 0)
