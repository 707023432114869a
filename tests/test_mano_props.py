"""Dominó Mano a Mano: hypothesis properties over many seeded matches (CPython).

Every check recomputes what it needs from the position text (an independent
reading of docs/rules/mano.md), not from the engine's internals."""
import random

from hypothesis import given, settings, strategies as st

from firmware.rules import mano
from firmware.rules import IllegalMove
from test_mano import TILES, field

OPTIONS = st.fixed_dictionaries({
    "lock": st.sampled_from(["immediate", "play_out"]),
    "lock_award": st.sampled_from(["opponent", "both"]),
    "no_double": st.sampled_from(["heaviest", "redeal"]),
    "later_lead": st.sampled_from(["highest_double", "winner"]),
})
SEEDS = st.integers(min_value=0, max_value=2 ** 32 - 1)
ALL_MOVES = (TILES + ["L" + t for t in TILES] + ["R" + t for t in TILES] + ["draw", "pass"])


def canon(word):
    a, b = word.split("-")
    return "%s-%s" % (min(a, b), max(a, b))


def pips(tiles):
    return sum(int(t[0]) + int(t[2]) for t in tiles)


def ends(text):
    line = field(text, "line")
    return int(line[0][0]), int(line[-1][2])


def expected_moves(text):
    """legal_moves recomputed from the text alone (docs/rules/mano.md#a-turn,
    docs/rules/mano.md#notation)."""
    seat = int(field(text, "move")[0])
    hand = field(text, "h%d" % seat)
    if not field(text, "line"):
        return None  # leads are checked elsewhere
    le, re = ends(text)
    out = []
    for t in hand:  # canonical order already
        a, b = int(t[0]), int(t[2])
        if le in (a, b):
            out.append("L" + t)
        if re in (a, b):
            out.append("R" + t)
    if out:
        return out
    return ["draw"] if field(text, "bone") else ["pass"]


def expected_hand_result(text, move, options):
    """docs/rules/mano.md#the-end-of-a-hand applied by hand to the position before the
    hand-ending move."""
    seat = int(field(text, "move")[0])
    hands = [field(text, "h0"), field(text, "h1")]
    if move == "pass":
        blocker = int(field(text, "last")[0])
    else:
        hands[seat].remove(move[1:])
        blocker = seat
    p = [pips(hands[0]), pips(hands[1])]
    if not hands[blocker]:
        return {"winner": blocker, "points": p[1 - blocker], "reason": "domino", "pips": p}
    w = 0 if p[0] < p[1] else 1 if p[1] < p[0] else 1 - blocker
    pts = p[0] + p[1] if options["lock_award"] == "both" else p[1 - w]
    return {"winner": w, "points": pts, "reason": "locked", "pips": p}


def same_behaviour(s, r):
    assert mano.to_text(r) == mano.to_text(s)
    assert mano.legal_moves(r) == mano.legal_moves(s)
    assert mano.result(r) == mano.result(s)
    assert mano.to_move(r) == mano.to_move(s)
    assert mano.hand_history(r) == mano.hand_history(s)


def hidden_twin(s, seat, rnd):
    """The same position with everything seat cannot see shuffled: the other
    hand and the boneyard share their tiles out anew, and a new PRNG state.
    At a lead the shuffle must keep the same leader (who leads is public), so
    a few shuffles are tried; None if none fits."""
    text = mano.to_text(s)
    other = "h%d" % (1 - seat)
    hidden = field(text, other) + field(text, "bone")
    k = len(field(text, other))
    for _ in range(30):
        rnd.shuffle(hidden)
        new = {other: " ".join(sorted(hidden[:k])) or "-", "bone": " ".join(hidden[k:]) or "-",
               "rng": str(rnd.randrange(1, 2 ** 32))}
        words = []
        key = None
        for w in text.split():
            if "=" in w:
                key = w.split("=")[0]
                if key in new:
                    words.append(key + "=" + new[key])
                    continue
            if key not in new:
                words.append(w)
        try:
            return mano.from_text(" ".join(words))
        except ValueError:
            assert not field(text, "line"), "only a lead can refuse a shuffle"
    return None


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, options=OPTIONS, pick=st.integers(0, 2 ** 32 - 1))
def test_random_matches_keep_the_rules(seed, options, pick):
    rnd = random.Random(pick)
    s = mano.new_game(options, seed)
    plies = 0
    while True:
        text = mano.to_text(s)
        same_behaviour(s, mano.from_text(text))
        # 28 tiles, none twice.
        if not mano.is_over(s):
            tiles = ([canon(t) for t in field(text, "line")] + field(text, "h0")
                     + field(text, "h1") + field(text, "bone"))
            assert sorted(tiles) == sorted(TILES)
        moves = mano.legal_moves(s)
        assert mano.only_pass(s) == (moves == ["pass"])   # the board plays it by itself
        if mano.is_over(s):
            assert moves == [] and mano.to_move(s) is None
            r = mano.result(s)
            winner = r["winner"]
            assert r["scores"][winner] >= options.get("target", 50) > r["scores"][1 - winner]
            break
        want = expected_moves(text)
        if want is not None:
            # Forced play: draw or pass only when nothing fits.
            assert moves == want, (text, moves, want)
        # public_view: the seat to move sees the same whatever is hidden from it.
        seat = mano.to_move(s)
        view = mano.public_view(s, seat)
        assert "rng=" not in view
        assert field(view, "h%d" % (1 - seat)) == [str(len(field(text, "h%d" % (1 - seat))))]
        twin = hidden_twin(s, seat, rnd)
        if twin is not None:
            assert view == mano.public_view(twin, seat)
        # A move that is not legal is refused and changes nothing.
        bad = [m for m in ALL_MOVES if m not in moves]
        if bad:
            try:
                mano.play(s, rnd.choice(bad))
                raise AssertionError("illegal move accepted")
            except IllegalMove:
                pass
            assert mano.to_text(s) == text
        move = rnd.choice(moves)
        before = len(mano.hand_history(s))
        s = mano.play(s, move)
        plies += 1
        assert mano.to_text(s) != text
        hist = mano.hand_history(s)
        if len(hist) > before:
            got = dict(hist[-1])
            del got["hand"]
            assert got == expected_hand_result(text, move, options), (text, move)
    assert plies < 2000


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, options=OPTIONS, pick=st.integers(0, 2 ** 32 - 1))
def test_observed_mode_scores_a_sensed_hand_like_the_dealt_one(seed, options, pick):
    """Any dealt hand, fed to the observed mode as the board would sense it
    (the lead with its seat, plays, draws, passes, then the reveals), scores
    the same; every dealt move is one of the observed legal moves, and the
    observed text round-trips at every ply."""
    rnd = random.Random(pick)
    d = mano.new_game(options, seed)
    obs_opts = dict(options, mode="observed")
    o = mano.new_game(obs_opts, seed)
    first = True
    while d.hand == 1 and not mano.is_over(d):
        seat = mano.to_move(d)
        move = rnd.choice(mano.legal_moves(d))
        before = mano.to_text(d)
        d = mano.play(d, move)
        sensed = "%d:%s" % (seat, move) if first else move
        assert mano.to_move(o) == (None if first else seat)
        first = False
        assert sensed in mano.legal_moves(o), (sensed, mano.to_text(o))
        o = mano.play(o, sensed)
        same_behaviour(o, mano.from_text(mano.to_text(o)))
    left = [field(before, "h0"), field(before, "h1")]
    if move[1:] in left[seat]:
        left[seat].remove(move[1:])
    for seat in (0, 1):
        rnd.shuffle(left[seat])
        while left[seat]:  # reveal in random-sized pieces
            k = rnd.randint(1, len(left[seat]))
            o = mano.play(o, "reveal %d %s" % (seat, " ".join(left[seat][:k])))
            left[seat] = left[seat][k:]
            same_behaviour(o, mano.from_text(mano.to_text(o)))
    assert mano.hand_history(o) == mano.hand_history(d)
    assert mano.result(o) == mano.result(d)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, options=OPTIONS, pick=st.integers(0, 2 ** 32 - 1))
def test_observed_random_matches_never_run_dry(seed, options, pick):
    """Random observed play (any sensed tile, draws, passes, reveals) always
    has a legal move until the match is over, and round-trips through text."""
    rnd = random.Random(pick)
    s = mano.new_game(dict(options, mode="observed", target=30), seed)
    plies = 0
    while not mano.is_over(s):
        moves = mano.legal_moves(s)
        assert moves
        assert mano.only_pass(s) == (moves == ["pass"])
        # Favour plays so that hands end; draws and passes still happen.
        plays = [m for m in moves if m not in ("draw", "pass")]
        move = rnd.choice(plays) if plays and rnd.random() < 0.8 else rnd.choice(moves)
        s = mano.play(s, move)
        same_behaviour(s, mano.from_text(mano.to_text(s)))
        plies += 1
        assert plies < 3000
    assert mano.legal_moves(s) == [] and mano.to_move(s) is None
