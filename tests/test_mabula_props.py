"""Mabula property tests over random legal games (CPython only, hypothesis),
plus the MV-2 count of valid setups, too slow for MicroPython."""
from hypothesis import given, settings, strategies as st

from firmware.rules import IllegalMove, Rng
from firmware.rules import mabula as m

OPTIONS = st.fixed_dictionaries({
    "first": st.sampled_from(["W", "B", "random"]),
    "scoring": st.sampled_from(["largest", "product"]),
    "tiebreak": st.sampled_from(["draw", "lex"]),
    "count_edge_marbles": st.booleans(),
})
SEEDS = st.integers(0, 2 ** 32 - 1)
RING_INDEX = [m.space_index(n) for n in m.RING]


def _valid_rings():
    """Every valid setup, by a depth-first search that checks the rule as it
    goes (independent of the engine): 12 W, 12 B, no cyclic run of three."""
    out = []
    stack = [("", 0)]
    while stack:
        s, w = stack.pop()
        if len(s) == 24:
            if (s[22] != s[23] or s[23] != s[0]) and (s[23] != s[0] or s[0] != s[1]):
                out.append(s)
            continue
        for c in "WB":
            nw = w + (c == "W")
            if nw > 12 or len(s) + 1 - nw > 12:
                continue
            if len(s) >= 2 and s[-1] == c and s[-2] == c:
                continue
            stack.append((s + c, nw))
    return out


def test_mv2_number_of_valid_setups():
    rings = _valid_rings()
    assert len(rings) == 40158
    for ring in rings:
        assert m._setup_fault(ring) is None, ring
    # Random 12/12 arrangements: the engine agrees with the search on each.
    valid = set(rings)
    rng = Rng(99)
    for _ in range(5000):
        a = ["W"] * 12 + ["B"] * 12
        rng.shuffle(a)
        ring = "".join(a)
        assert (m._setup_fault(ring) is None) == (ring in valid), ring


def _groups_oracle(text, colour, with_edges):
    """Group sizes from the position text alone (union of 4-neighbours)."""
    rows = text.split(" ")[0].split("/")
    cells = {}
    for n, row in enumerate(rows):
        for x, ch in enumerate(row):
            y = 7 - n
            if ch == colour and (with_edges or (1 <= x <= 6 and 1 <= y <= 6)):
                cells[(x, y)] = True
    sizes = []
    seen = set()
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            x, y = todo.pop()
            size += 1
            for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def _check_result(s, opts):
    text = m.to_text(s)
    res = m.result(s)
    sizes = [_groups_oracle(text, c, opts["count_edge_marbles"]) for c in "WB"]
    if opts["scoring"] == "largest":
        scores = [z[0] if z else 0 for z in sizes]
    else:
        scores = []
        for z in sizes:
            p = 1
            for n in z:
                p *= n
            scores.append(p if z else 0)
    assert res["scores"] == scores
    assert [sorted(len(g) for g in m.groups(s, seat)) for seat in (0, 1)] == \
        [sorted(z) for z in sizes]
    if not m.is_over(s):
        assert res == {"winner": None, "scores": scores, "reason": "in progress"}
    elif scores[0] != scores[1]:
        assert res["winner"] == (0 if scores[0] > scores[1] else 1)
    elif opts["scoring"] == "largest" and opts["tiebreak"] == "lex" and sizes[0] != sizes[1]:
        assert res == {"winner": 0 if sizes[0] > sizes[1] else 1, "scores": scores,
                       "reason": "tiebreak"}
    else:
        assert res["winner"] is None and res["reason"] == "draw"


def _push_oracle(text, move):
    """The board part of the text after ``move``, by the rule of docs/rules/mabula.md#a-turn:
    marble i of the line goes to max(p_i, d + i), the mover to d."""
    grid = [list(r) for r in text.split(" ")[0].split("/")]

    def at(i):  # SPACES index -> (row in the text, column)
        name = m.SPACES[i]
        return 8 - int(name[1]), "abcdefgh".index(name[0])

    line = _line(move[:2])
    d = line.index(m.space_index(move[3:])) + 1
    pos = [p for p in range(1, 7) if grid[at(line[p - 1])[0]][at(line[p - 1])[1]] != "."]
    colours = [grid[at(line[p - 1])[0]][at(line[p - 1])[1]] for p in pos]
    for i in range(6):
        r, c = at(line[i])
        grid[r][c] = "."
    for i, (p, colour) in enumerate(zip(pos, colours), 1):
        r, c = at(line[max(p, d + i) - 1])
        grid[r][c] = colour
    r, c = at(m.space_index(move[:2]))
    mover = grid[r][c]
    grid[r][c] = "."
    r, c = at(line[d - 1])
    grid[r][c] = mover
    return "/".join("".join(row) for row in grid)


def _same(a, b):
    assert m.to_text(a) == m.to_text(b)
    assert m.legal_moves(a) == m.legal_moves(b)
    assert m.is_over(a) == m.is_over(b)
    assert m.to_move(a) == m.to_move(b)
    assert m.result(a) == m.result(b)


@settings(max_examples=60, deadline=None)
@given(OPTIONS, SEEDS, st.data())
def test_random_games(opts, seed, data):
    s = m.new_game(opts, seed)
    moves = 0
    while True:
        legal = m.legal_moves(s)
        assert m.is_over(s) == (legal == [])
        assert (m.to_move(s) is None) == (legal == [])
        assert legal == [] or legal == ["pass"] or "pass" not in legal
        assert m.only_pass(s) == (legal == ["pass"])
        colours, movers = bytearray(60), bytearray(b"\x07" * 60)
        m.board_view(s, colours, movers)
        sources = {m.space_index(mv[:2]) for mv in legal if mv != "pass"}
        assert movers == bytes(int(i in sources) for i in range(60))
        ranks = m.to_text(s).split(" ")[0].split("/")   # rank 8 first, corners "-"
        text = "".join(r.replace("-", "") for r in reversed(ranks))
        assert colours == bytes(".WB".index(c) for c in text)
        _same(m.from_text(m.to_text(s)), s)
        _check_result(s, opts)
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        t = m.play(s, move)
        assert m.is_over(t) or m.to_move(t) == 1 - m.to_move(s)
        if move != "pass":
            assert m.to_text(t).split(" ")[0] == _push_oracle(m.to_text(s), move)
        occ0, occ1 = m.occupancy(s), m.occupancy(t)
        board = m.to_text(t).split(" ")[0]
        assert (board.count("W"), board.count("B")) == (12, 12)
        assert sum(occ1) == 24
        emptied = [i for i in RING_INDEX if occ0[i] and not occ1[i]]
        assert all(occ1[i] <= occ0[i] for i in RING_INDEX)
        assert len(emptied) == (0 if move == "pass" else 1)
        moves += move != "pass"
        s = t
    assert moves <= 24


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.data())
def test_illegal_moves_raise_and_leave_state_alone(seed, data):
    s = m.new_game(None, seed)
    rng = Rng(seed)
    while not m.is_over(s):
        legal = m.legal_moves(s)
        before = m.to_text(s)
        tries = [m.SPACES[rng.below(60)] + "-" + m.SPACES[rng.below(60)] for _ in range(8)]
        tries += [m.RING[rng.below(24)] + "-" + m.SPACES[rng.below(60)] for _ in range(8)]
        tries += ["pass", data.draw(st.text(max_size=6)), data.draw(st.one_of(
            st.none(), st.integers(), st.binary(max_size=5), st.lists(st.just("d1-d5"))))]
        for move in tries:
            if move in legal:
                continue
            try:
                m.play(s, move)
            except IllegalMove as e:
                assert str(e)
            else:
                raise AssertionError("%r was accepted in %s" % (move, before))
            assert m.to_text(s) == before
            assert m.legal_moves(s) == legal
        s = m.play(s, legal[rng.below(len(legal))])
    for move in ("pass", "b1-b2", "a2-b2"):
        try:
            m.play(s, move)
        except IllegalMove as e:
            assert "over" in str(e)
        else:
            raise AssertionError("move accepted after the end")


def _line(edge):
    """The SPACES indices of the 6 field cells in front of ``edge``."""
    x, y = "abcdefgh".index(edge[0]), int(edge[1]) - 1
    dx, dy = (1, 0) if x == 0 else (-1, 0) if x == 7 else (0, 1) if y == 0 else (0, -1)
    return [m.space_index("abcdefgh"[x + i * dx] + str(y + i * dy + 1)) for i in range(1, 7)]


def _perturbations(move, occ, rng):
    """Readings near ``occ`` (the reading after ``move``): the front marble of
    the line pushed one too far, one extra marble, one missing, one marble
    moved one space along its rank or file, and a few random flips."""
    out = []
    line = _line(move[:2])
    front = max(i for i in range(6) if occ[line[i]])
    if front < 5:
        r = bytearray(occ)
        r[line[front]] = 0
        r[line[front + 1]] = 1
        out.append(bytes(r))
    occupied = [i for i in range(60) if occ[i]]
    empty = [i for i in range(60) if not occ[i]]
    r = bytearray(occ)
    r[empty[rng.below(len(empty))]] = 1
    out.append(bytes(r))
    r = bytearray(occ)
    r[occupied[rng.below(len(occupied))]] = 0
    out.append(bytes(r))
    for _ in range(4):
        i = occupied[rng.below(len(occupied))]
        name = m.SPACES[i]
        dx, dy = ((1, 0), (-1, 0), (0, 1), (0, -1))[rng.below(4)]
        nb = ("abcdefgh"[("abcdefgh".index(name[0]) + dx) % 8]
              + str((int(name[1]) - 1 + dy) % 8 + 1))
        if nb in m.SPACES and not occ[m.space_index(nb)]:
            r = bytearray(occ)
            r[i] = 0
            r[m.space_index(nb)] = 1
            out.append(bytes(r))
    for _ in range(2):
        r = bytearray(occ)
        for _ in range(1 + rng.below(3)):
            r[rng.below(60)] ^= 1
        out.append(bytes(r))
    return out


@settings(max_examples=20, deadline=None)
@given(OPTIONS, SEEDS)
def test_move_from_occupancy_against_brute_force(opts, seed):
    """Every legal move is read back; every other reading gives exactly what
    a search over all legal moves gives (None unless it matches a move)."""
    s = m.new_game(opts, seed)
    rng = Rng(seed ^ 0x5A5A)
    while not m.is_over(s):
        legal = m.legal_moves(s)
        outcome = {}
        for move in legal:
            if move != "pass":
                occ = m.occupancy(m.play(s, move))
                assert occ not in outcome, "two moves give one reading"
                outcome[occ] = move
                assert m.move_from_occupancy(s, occ) == move
                assert m.move_from_occupancy(s, list(occ)) == move
        assert m.move_from_occupancy(s, m.occupancy(s)) is None
        for occ in outcome:
            for reading in _perturbations(outcome[occ], occ, rng):
                assert m.move_from_occupancy(s, reading) == outcome.get(reading)
        s = m.play(s, legal[rng.below(len(legal))])
