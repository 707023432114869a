"""Dominó Mano a Mano (docs/rules/mano.md): the DV vectors and the dealt-mode rules.
Portable: runs on CPython and MicroPython. The helpers at the top are shared
with test_mano_observed.py and tests/test_mano_props.py."""
from check import eq, raises

from firmware.rules import mano

TILES = ["%d-%d" % (a, b) for a in range(7) for b in range(a, 7)]
OPTION_TEXT = ("target=50 lock=immediate lock_award=opponent no_double=heaviest "
               "later_lead=highest_double mode=dealt")


def field(text, key):
    """The words of one field of a position text ([] for '-')."""
    out = None
    for w in text.split():
        if "=" in w:
            if out is not None:
                break
            k, v = w.split("=", 1)
            if k == key:
                out = [] if v in ("", "-") else [v]
        elif out is not None:
            out.append(w)
    return out


def expand(trace):
    """A trace as docs/rules/mano.md#examples writes one ('|' between turns, 'drawxN (tiles)
    move', a draw without a move when none follows) as a list of (move, tile drawn or None)."""
    out = []
    for turn in trace.split("|"):
        turn = turn.strip()
        if "(" in turn:
            for t in turn[turn.index("(") + 1:turn.index(")")].split():
                out.append(("draw", t))
            turn = turn[turn.index(")") + 1:].strip()
        if turn:
            out.append((turn, None))
    return out


def run_trace(seed, trace, options=None):
    """Play the trace, checking each move is legal_moves[0] and each draw
    takes the expected tile. Returns (state before the last move, last state)."""
    s = mano.new_game(options, seed)
    prev = None
    for move, drawn in expand(trace):
        eq(mano.legal_moves(s)[0], move, "move %s" % move)
        if drawn:
            eq(field(mano.to_text(s), "bone")[0], drawn, "tile drawn")
        prev = s
        s = mano.play(s, move)
    return prev, s


def first_move_hand(seed, options=None):
    """Play hand 1 of seed with "always legal_moves[0]"; returns (the moves
    with their seats, the tiles each seat still held at the end, end state)."""
    s = mano.new_game(options, seed)
    log = []
    while s.hand == 1 and not mano.is_over(s):
        move = mano.legal_moves(s)[0]
        before = mano.to_text(s)
        log.append((mano.to_move(s), move))
        s = mano.play(s, move)
    left = [field(before, "h0"), field(before, "h1")]
    seat, move = log[-1]
    if move[1:] in left[seat]:
        left[seat].remove(move[1:])
    return log, left, s


def position(line, h0, h1, bone, move, last, tail=OPTION_TEXT + " passes=0 rng=1 hist=-"):
    return "hand=1 score=0,0 move=%s last=%s line=%s h0=%s h1=%s bone=%s %s" % (
        move, last, line or "-", h0 or "-", h1 or "-", bone or "-", tail)


def rest_of(*groups):
    """The tiles not named in the groups (line text or tile lists), canonical order."""
    used = []
    for g in groups:
        for w in g.split():
            a, b = w.split("-")
            used.append("%s-%s" % (min(a, b), max(a, b)))
    return " ".join([t for t in TILES if t not in used])


# --- DV vectors ------------------------------------------------------------

def test_dv1_pips():
    eq(mano.pips("0-0"), 0, "0-0")
    eq(mano.pips("3-4"), 7, "3-4")
    eq(mano.pips("6-6"), 12, "6-6")
    eq(sum([mano.pips(t) for t in TILES]), 168, "full set")
    raises(ValueError, mano.pips, "7-1")


def test_dv2_dead_line():
    assert mano.line_is_dead("4-0 0-5 5-4 4-4 4-6 6-1 1-4 4-2 2-3 3-4")
    # Ends 4|4 but 4-4 is not down: six 4-tiles only.
    assert not mano.line_is_dead("4-0 0-5 5-4 4-6 6-1 1-4 4-2 2-3 3-4")
    assert not mano.line_is_dead("4-0 0-5 5-4 4-4 4-6 6-1 1-4 4-2 2-3")
    raises(ValueError, mano.line_is_dead, "4-0 5-4")


def test_dv3_deal_seed_1():
    text = mano.to_text(mano.new_game(None, 1))
    eq(" ".join(field(text, "h0")), "0-2 0-5 1-1 1-5 1-6 2-3 4-5", "seat 0")
    eq(" ".join(field(text, "h1")), "0-4 0-6 2-5 3-3 3-4 5-6 6-6", "seat 1")
    eq(" ".join(field(text, "bone")), "5-5 1-4 4-4 4-6 0-3 1-3 2-4 1-2 0-0 2-6 3-5 3-6 2-2 0-1",
       "boneyard")
    eq(field(text, "move"), ["1"], "seat 1 leads")
    eq(text, "hand=1 score=0,0 move=1 last=- line=- h0=0-2 0-5 1-1 1-5 1-6 2-3 4-5 "
       "h1=0-4 0-6 2-5 3-3 3-4 5-6 6-6 bone=5-5 1-4 4-4 4-6 0-3 1-3 2-4 1-2 0-0 2-6 3-5 3-6 "
       "2-2 0-1 target=50 lock=immediate lock_award=opponent no_double=heaviest "
       "later_lead=highest_double mode=dealt passes=0 rng=2440533925 hist=-", "the whole text")


DV3 = "6-6 | L1-6 | R0-6 | R0-2 | R2-5 | R0-5 | R0-4 | L1-1 | R3-4 | L1-5 | R3-3 | R2-3 | L5-6"


def test_dv3_trace_seed_1():
    prev, s = run_trace(1, DV3)
    eq(mano.to_move(prev), 1, "seat 1 dominoes")
    eq(field(mano.to_text(prev), "h1"), ["5-6"], "its last tile")
    eq(field(mano.to_text(prev), "h0"), ["4-5"], "seat 0 holds 4-5")
    eq(mano.hand_history(s),
       [{"hand": 1, "winner": 1, "points": 9, "reason": "domino", "pips": [9, 0]}],
       "hand 1")
    eq(mano.result(s), {"winner": None, "scores": [0, 9], "reason": "in progress"},
       "match goes on")
    # The next hand is dealt at once from the same stream.
    text = mano.to_text(s)
    eq(field(text, "hand"), ["2"], "hand 2")
    eq(field(text, "line"), [], "empty line")
    eq(len(field(text, "h0")) + len(field(text, "h1")) + len(field(text, "bone")), 28, "28 tiles")


DV4 = ("5-5 | L2-5 | L2-4 | R3-5 | R0-3 | R0-1 | R1-1 | R1-6 | L3-4 | L2-3 | R5-6 | L2-2 | "
       "drawx7 (3-6 3-3 0-4 4-4 0-0 1-4 0-2) L0-2 | drawx2 (2-6 1-5) R1-5 | L0-0 | "
       "drawx2 (6-6 0-6) L0-6 | R1-3 | L2-6 | R3-3 | draw (1-2) L1-2 | L1-4 | L4-6 | L3-6")
DV4_LINE = ("3-6 6-4 4-1 1-2 2-6 6-0 0-0 0-2 2-2 2-3 3-4 4-2 2-5 5-5 5-3 3-0 0-1 1-1 1-6 "
            "6-5 5-1 1-3 3-3")


def test_dv4_deal_seed_18():
    text = mano.to_text(mano.new_game(None, 18))
    eq(" ".join(field(text, "h0")), "0-1 1-6 2-2 2-3 2-5 3-5 4-6", "seat 0")
    eq(" ".join(field(text, "h1")), "0-3 1-1 1-3 2-4 3-4 5-5 5-6", "seat 1")
    eq(" ".join(field(text, "bone")), "3-6 3-3 0-4 4-4 0-0 1-4 0-2 2-6 1-5 6-6 0-6 1-2 0-5 4-5",
       "boneyard")


def test_dv4_seed_18_locks_immediately():
    prev, s = run_trace(18, DV4)
    text = mano.to_text(prev)
    eq(mano.to_move(prev), 1, "seat 1 places the last tile")
    eq("3-6 " + " ".join(field(text, "line")), DV4_LINE, "final line")
    assert mano.line_is_dead(DV4_LINE)
    eq(field(text, "h0"), ["6-6"], "seat 0 holds 6-6")
    eq(field(text, "h1"), ["0-4", "3-6", "4-4"], "seat 1 before its last tile")
    eq(field(text, "bone"), ["0-5", "4-5"], "two tiles left in the boneyard")
    eq(mano.hand_history(s)[0],
       {"hand": 1, "winner": 0, "points": 12, "reason": "locked", "pips": [12, 12]},
       "tie: the blocker (seat 1) loses")
    eq(s.hand, 2, "next hand dealt")


def test_dv4_seed_18_play_out():
    opts = {"lock": "play_out"}
    prev, s = run_trace(18, DV4, opts)
    eq(s.hand, 1, "the dead line does not end the hand")
    eq(mano.legal_moves(s), ["draw"], "seat 0 must draw")
    prev, s = run_trace(18, DV4 + " | draw (0-5) | draw (4-5) | pass | pass", opts)
    eq(mano.to_move(prev), 1, "seat 1 passes last")
    eq(mano.hand_history(s)[0],
       {"hand": 1, "winner": 1, "points": 26, "reason": "locked", "pips": [26, 12]},
       "play_out: seat 1 wins 26")


DV5 = ("3-3 | L2-3 | L2-5 | L1-5 | L0-1 | L0-4 | drawx2 (1-2 4-6) L4-6 | L2-6 | L1-2 | L1-4 | "
       "drawx2 (0-5 3-5) R3-5 | drawx2 (1-1 2-4) L2-4 | R0-5 | L2-2 | R0-0 | "
       "drawx7 (4-4 4-5 1-3 3-4 5-5 6-6 0-2) L0-2 | L0-6 | L3-6 | draw (0-3) L0-3")


def test_dv5_seed_3():
    text = mano.to_text(mano.new_game(None, 3))
    eq(" ".join(field(text, "h0")), "0-0 0-1 0-6 1-6 2-5 3-3 5-6", "seat 0")
    eq(" ".join(field(text, "h1")), "0-4 1-4 1-5 2-2 2-3 2-6 3-6", "seat 1")
    eq(" ".join(field(text, "bone")), "1-2 4-6 0-5 3-5 1-1 2-4 4-4 4-5 1-3 3-4 5-5 6-6 0-2 0-3",
       "boneyard")
    prev, s = run_trace(3, DV5)
    eq(mano.to_move(prev), 0, "seat 0 blocks")
    eq(field(mano.to_text(prev), "h1"), ["1-1", "1-3", "3-4", "4-4", "4-5", "5-5", "6-6"],
       "seat 1's 52")
    eq(mano.hand_history(s)[0],
       {"hand": 1, "winner": 0, "points": 52, "reason": "locked", "pips": [18, 52]},
       "the blocker wins 52")


def _block(line, last_tile, blocker, blocker_hand, other_hand, award="opponent"):
    """Place last_tile (it kills the line) from a constructed position; the
    result of the hand."""
    hands = [other_hand, other_hand]
    hands[blocker] = blocker_hand
    text = position(line, hands[0], hands[1], rest_of(line, blocker_hand, other_hand), blocker, 1
                    - blocker)
    s = mano.from_text(text.replace("lock_award=opponent", "lock_award=" + award))
    move = "R" + last_tile
    assert move in mano.legal_moves(s)
    return mano.hand_history(mano.play(s, move))[0]


ZERO_LINE = "0-1 1-2 2-0 0-0 0-3 3-5 5-0 0-4 4-6"      # + 6-0 kills it (0|0)
FOUR_LINE = "4-0 0-5 5-4 4-4 4-1 1-2 2-4 4-3 3-6"      # + 6-4 kills it (4|4)


def test_dv6_blocked_tie_rule():
    for b in (0, 1):
        got = _block(ZERO_LINE, "0-6", b, "0-6 2-3", "1-4")
        eq((got["winner"], got["points"]), (1 - b, 5), "2-3 against 1-4: the non-blocker wins 5")
        got = _block(FOUR_LINE, "4-6", b, "4-6 5-6", "0-1")
        eq((got["winner"], got["points"]), (1 - b, 11), "6-5 against 0-1: the non-blocker wins 11")
        got = _block(FOUR_LINE, "4-6", b, "0-1 4-6", "5-6")
        eq((got["winner"], got["points"]), (b, 11), "0-1 against 6-5: the blocker wins 11")
        eq(got["reason"], "locked", "reason")


def test_lock_award_both():
    got = _block(FOUR_LINE, "4-6", 0, "0-1 4-6", "5-6", "both")
    eq((got["winner"], got["points"], got["pips"]), (0, 12, [1, 11]), "both hands")
    got = _block(ZERO_LINE, "0-6", 1, "0-6 2-3", "1-4", "both")
    eq((got["winner"], got["points"]), (0, 10), "a tie under both: sum of both")


def test_domino_beats_lock():
    # The last tile both empties the hand and kills the line (DM-11).
    text = position(ZERO_LINE, "0-6", "1-4 2-3", rest_of(ZERO_LINE, "0-6 1-4 2-3"), 0, 1)
    got = mano.hand_history(mano.play(mano.from_text(text), "R0-6"))[0]
    eq((got["winner"], got["points"], got["reason"]), (0, 10, "domino"), "domino")
