"""Fursaz properties over random games (CPython, hypothesis), checked against a slow,
independent reference of docs/rules/fursaz.md#flanks-and-which-stones-flip written straight
from the spec in axial coordinates (no shared tables, no suspects: every stone rechecked every
stage)."""
from hypothesis import HealthCheck, given, settings, strategies as st

from firmware.rules import IllegalMove, Rng
import firmware.rules.fursaz as fz

AXES = ((1, 0), (0, 1), (1, -1))


# ---------------------------------------------------------------- reference model

def parse(text):
    """Position text -> (size, {(q, r): [colour, stamp]}), read with the formulas of
    docs/rules/fursaz.md#components."""
    tokens = text.split()
    size = int(tokens[0])
    stones = {}
    for tok in tokens[5:]:
        if "=" in tok:
            continue
        i = 1
        while tok[i].isdigit():
            i += 1
        q = int(tok[1:i]) - size
        r = size - 1 - (ord(tok[0]) - ord("a"))
        stones[(q, r)] = [tok[i], int(tok[i + 1:])]
    return size, stones


def on_board(size, q, r):
    return max(abs(q), abs(r), abs(q + r)) <= size - 1


def name(size, q, r):
    return "%s%d" % (chr(ord("a") + size - 1 - r), q + size)


def flanks(size, stones, q, r):
    """[(colour, age)] of the equal-distance flanks of (q, r)."""
    out = []
    for dq, dr in AXES:
        k = 1
        while True:
            a = (q + k * dq, r + k * dr)
            b = (q - k * dq, r - k * dr)
            if not on_board(size, *a) or not on_board(size, *b):
                break
            if a in stones or b in stones:
                if a in stones and b in stones and stones[a][0] == stones[b][0]:
                    out.append((stones[a][0], max(stones[a][1], stones[b][1])))
                break
            k += 1
    return out


def capturable(size, stones, p):
    fl = flanks(size, stones, *p)
    if not fl:
        return False
    newest = max(age for _, age in fl)
    colours = {c for c, age in fl if age == newest}
    assert len(colours) == 1, "two flanks of different colours with one age"
    return colours.pop() != stones[p][0]


def key(stones):
    ranks = {t: i for i, t in enumerate(sorted({t for _, t in stones.values()}))}
    return tuple(sorted((p, c, ranks[t]) for p, (c, t) in stones.items()))


def ref_place(size, stones, p, mover):
    """Place and resolve; returns (stones, cycled). Stops at the first repeated key."""
    stones = {k: list(v) for k, v in stones.items()}
    clock = max([t for _, t in stones.values()] + [-1]) + 1
    stones[p] = [mover, clock]
    clock += 1
    seen = [key(stones)]
    other = {"B": "W", "W": "B"}
    while True:
        flipped = False
        for victim in (other[mover], mover):
            caps = [x for x in stones if stones[x][0] == victim and capturable(size, stones, x)]
            for x in caps:
                stones[x] = [other[victim], clock]
            if caps:
                clock += 1
                flipped = True
        if not flipped:
            return stones, False
        k = key(stones)
        if k in seen:
            return stones, True
        seen.append(k)


def ref_text(size, head, stones, tail):
    ranks = {t: i for i, t in enumerate(sorted({t for _, t in stones.values()}))}
    order = sorted(stones, key=lambda p: (size - 1 - p[1], p[0]))
    parts = [head] + ["%s%s%d" % (name(size, *p), stones[p][0], ranks[stones[p][1]])
                      for p in order]
    return " ".join(parts + tail)


def check_placements(s, points):
    """Every placement in ``points``: legal iff the reference's cascade ends, and the
    engine's position afterwards equals the reference's."""
    text = fz.to_text(s)
    size, stones = parse(text)
    tokens = text.split()
    mover = tokens[1]
    legal = set(fz.legal_moves(s))
    tail = [t for t in tokens[5:] if "=" in t]
    stop = "cycle_rule=stop" in tail
    for pt in points:
        q = int(pt[1:]) - size
        r = size - 1 - (ord(pt[0]) - ord("a"))
        after, cycled = ref_place(size, stones, (q, r), mover)
        assert (pt in legal) == (stop or not cycled), pt
        assert fz.resolution(s, pt)["cycle"] == cycled, pt
        if pt in legal:
            t = fz.play(s, pt)
            phase = "pie1" if tokens[4] == "pie0" else "play"
            head = "%d %s 0 %s %s" % (size, "W" if mover == "B" else "B", tokens[3], phase)
            assert fz.to_text(t) == ref_text(size, head, after, tail), pt


# ---------------------------------------------------------------- properties

OPTIONS = st.fixed_dictionaries({
    "size": st.sampled_from([5, 7]),
    "pie": st.booleans(),
    "territory": st.sampled_from(["run", "midpoint"]),
    "cycle_rule": st.sampled_from(["illegal", "stop"]),
    "tie": st.sampled_from(["draw", "white"]),
})
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(options, seed, max_plies):
    """Yield (state before, move, state after) along a random game."""
    rng = Rng(seed)
    s = fz.new_game(options)
    for _ in range(max_plies):
        moves = fz.legal_moves(s)
        if not moves:
            return
        # Pass rarely, so that games fill the board and cascades happen.
        points = [m for m in moves if m not in ("pass", "swap")]
        move = moves[rng.below(len(moves))] if not points or rng.below(8) == 0 \
            else points[rng.below(len(points))]
        t = fz.play(s, move)
        yield s, move, t
        s = t


def same_behaviour(a, b):
    assert fz.to_text(a) == fz.to_text(b)
    moves = fz.legal_moves(a)
    assert moves == fz.legal_moves(b)
    if moves:
        m = moves[len(moves) // 2]
        assert fz.to_text(fz.play(a, m)) == fz.to_text(fz.play(b, m))
    assert fz.result(a) == fz.result(b)
    assert fz.to_move(a) == fz.to_move(b)
    assert fz.is_over(a) == fz.is_over(b)
    assert fz.territory(a) == fz.territory(b)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2 ** 31 - 1))
def test_turns_keep_the_invariants(options, seed):
    plies = 0
    last = None
    for s, move, t in random_game(options, seed, 150 if options["size"] == 5 else 90):
        plies += 1
        before = fz.to_text(s)
        n_before = len(fz.board(s))
        n_after = len(fz.board(t))
        assert fz.to_text(s) == before  # play left its input alone
        assert n_after == n_before + (0 if move in ("pass", "swap") else 1), move
        size, stones = parse(fz.to_text(t))
        if options["cycle_rule"] == "illegal":
            unstable = [p for p in stones if capturable(size, stones, p)]
            assert not unstable, (fz.to_text(t), unstable)
        same_behaviour(t, fz.from_text(fz.to_text(t)))
        assert fz.is_over(t) == (fz.legal_moves(t) == [])
        assert (fz.to_move(t) is None) == fz.is_over(t)
        last = t
    if last is not None and fz.is_over(last):
        r = fz.result(last)
        assert r["reason"] in ("score", "draw", "tie to white")
        assert (r["winner"] is None) == (r["reason"] == "draw")


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2 ** 31 - 1), ply=st.integers(0, 80))
def test_placements_match_the_reference(options, seed, ply):
    s = fz.new_game(options)
    for _, _, t in random_game(options, seed, ply):
        s = t
    if fz.is_over(s):
        return
    empty = [m for m in fz.legal_moves(fz.new_game({"size": options["size"]}))
             if m not in fz.board(s)]
    # Every empty point on the small board; a sample on the large one (the reference is slow).
    if options["size"] == 7:
        rng = Rng(seed)
        rng.shuffle(empty)
        empty = empty[:25]
    check_placements(s, empty)


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2 ** 31 - 1), ply=st.integers(0, 60),
       junk=st.one_of(st.text(max_size=6), st.integers(), st.none(),
                      st.lists(st.text(max_size=3))))
def test_bad_moves_raise_and_change_nothing(options, seed, ply, junk):
    s = fz.new_game(options)
    for _, _, t in random_game(options, seed, ply):
        s = t
    before = fz.to_text(s)
    legal = fz.legal_moves(s)
    bad = [junk, "swap", "pass", "e5", "a1", "zz", "e5 "] + sorted(fz.board(s))
    for move in bad:
        if move in legal:
            continue
        try:
            fz.play(s, move)
        except IllegalMove as e:
            assert str(e)
        else:
            raise AssertionError("%r was accepted in %s" % (move, before))
        assert fz.to_text(s) == before


def test_fv9_agrees_with_the_reference():
    stones = "c5B0 a4W1 b4B2 c7W3 b6B4 d5W5 d6B6 c6B7"
    for tail in ("", " cycle_rule=stop"):
        s = fz.from_text("5 W 0 0 play " + stones + tail)
        empty = [m for m in fz.legal_moves(fz.new_game({"size": 5})) if m not in fz.board(s)]
        check_placements(s, empty)
        assert fz.resolution(s, "b5")["cycle"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 31 - 1), st.sampled_from([5, 7]))
def test_resolution_net_matches_play(seed, size):
    """resolution()'s net changes are exactly the stones whose colour differs after play."""
    s = fz.new_game({"size": size})
    for _, _, t in random_game({"size": size}, seed, 40 if size == 7 else 25):
        s = t
    if fz.is_over(s):
        return
    rng = Rng(seed)
    moves = [m for m in fz.legal_moves(s) if m not in ("pass", "swap")]
    for _ in range(10):
        pt = moves[rng.below(len(moves))]
        res = fz.resolution(s, pt)
        t = fz.play(s, pt)
        b0, b1 = fz.board(s), fz.board(t)
        assert res["net"] == sorted((p for p in b0 if b0[p] != b1[p]),
                                    key=lambda p: (p[0], int(p[1:])))
        assert res["final"] == b1[pt]
        shown = dict(b0)
        shown[pt] = res["colour"]
        for stage in res["stages"]:
            for p in stage["points"]:
                assert stage["colour"] != shown[p], "a flip must change the colour"
                shown[p] = stage["colour"]
        assert shown == b1
