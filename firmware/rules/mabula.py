"""Mabula (docs/rules/mabula.md): push your marbles in from the edge, score your groups.

Seats: 0 = White (``W``), 1 = Black (``B``). Moves: ``d1-d5`` (the marble on
edge space d1 rolls in to d5, pushing what it meets) and ``pass`` (only when
forced). ``legal_moves`` order: edge spaces in ring order (b1 first), then the
destination nearest the edge first.

Position text (docs/rules/mabula.md#notation): the 8 ranks from 8 down to 1 joined by ``/`` (``W``,
``B``, ``.`` empty, ``-`` missing corner), a space, the side to move. After
the game ends the side shown is the one whose turn it would be. Result-only
options that differ from their defaults follow as ``key=value`` words
(``scoring=product``, ``tiebreak=lex``, ``count_edge_marbles=true``) so that
``from_text(to_text(s))`` also scores the same; with the default options the
text is exactly the one in docs/rules/mabula.md#notation.

``result`` reasons: ``"largest group"`` / ``"product"`` (the score decided),
``"tiebreak"`` (equal largest groups, decided by ``tiebreak="lex"``),
``"draw"``, and ``"in progress"`` (game not over: winner None, the scores as
they stand). A player with no group scores 0 in both modes.

For the marble board (docs/boards/marble.md#playing): ``SPACES`` (the 60 space names in sensor
order), ``space_index``, ``occupancy``, ``move_from_occupancy`` and ``groups``.
"""
from firmware.rules import IllegalMove, Rng, is_bool, is_int, take_options

# The 60 spaces in the order of occupancy readings: rank 1 to rank 8, and
# within a rank file a to h, skipping the missing corners a1, h1, a8, h8.
SPACES = (
    "b1", "c1", "d1", "e1", "f1", "g1",
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3",
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5",
    "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
    "b8", "c8", "d8", "e8", "f8", "g8",
)

# The 24 edge spaces in ring order (docs/rules/mabula.md#components): clockwise from b1. Setup
# strings
# and the canonical move order follow it.
RING = (
    "b1", "c1", "d1", "e1", "f1", "g1", "h2", "h3", "h4", "h5", "h6", "h7",
    "g8", "f8", "e8", "d8", "c8", "b8", "a7", "a6", "a5", "a4", "a3", "a2",
)

_COLOUR_CHAR = ".WB"  # cell values: 0 empty, 1 White (seat 0), 2 Black (seat 1)
_SCORE_OPTIONS = ("scoring", "tiebreak", "count_edge_marbles")


def _setup_check(v):
    if v == "random":
        return None
    return _setup_fault(v) if isinstance(v, str) else "it must be random or 24 letters W/B"


# {name: (default, kind, arg)}, kinds as in firmware.rules.take_options.
OPTIONS = {
    "setup": ("random", "check", _setup_check),
    "first": ("W", "choice", ("W", "B", "random")),
    "scoring": ("largest", "choice", ("largest", "product")),
    "tiebreak": ("draw", "choice", ("draw", "lex")),
    "count_edge_marbles": (False, "bool", None),
}

# A position's cells: a bytearray of 76. 0..63 is the 8x8 grid (g = y * 8 + x,
# a1 = 0, h8 = 63; values as in _COLOUR_CHAR); 64..75 count the marbles on
# each line of the field, kept up to date by _push so that a move's room is
# one look-up: 64 + x - 1 for file x (b..g), 70 + y - 1 for rank y (2..7).
_COL = 63   # count slot of the field cell g's file: _COL + (g & 7)
_ROW = 69   # count slot of its rank: _ROW + (g >> 3)


def _new_cells():
    return bytearray(76)


def _count_lines(cells):
    for y in range(1, 7):
        for x in range(1, 7):
            if cells[y * 8 + x]:
                cells[_COL + x] += 1
                cells[_ROW + y] += 1


# Lookup tables, built on first use (nothing is done at import time).
_NAME = None        # grid index -> space name ("" for a corner)
_SPACE_OF = None    # grid index -> index in SPACES (255 for a corner)
_GRID_OF = None     # index in SPACES -> grid index
_RING_G = None      # ring position -> grid index of that edge space
_STEP = None        # ring position -> grid step of its inward direction
_LINE = None        # ring position -> slot of its line's marble count in cells
_FIELD = None       # grid index -> 1 on the 36 field cells


def _tables():
    global _NAME, _SPACE_OF, _GRID_OF, _RING_G, _STEP, _LINE, _FIELD
    name = [""] * 64
    space_of = bytearray(b"\xff" * 64)
    grid_of = bytearray(60)
    for i in range(60):
        n = SPACES[i]
        g = (ord(n[1]) - 49) * 8 + ord(n[0]) - 97
        name[g] = n
        space_of[g] = i
        grid_of[i] = g
    ring_g = bytearray(24)
    line = bytearray(24)
    step = []
    for r in range(24):
        n = RING[r]
        g = ring_g[r] = grid_of[SPACES.index(n)]
        inward = 8 if n[1] == "1" else -8 if n[1] == "8" else 1 if n[0] == "a" else -1
        step.append(inward)
        line[r] = _COL + (g & 7) if inward == 8 or inward == -8 else _ROW + (g >> 3)
    field = bytearray(64)
    for y in range(1, 7):
        for x in range(1, 7):
            field[y * 8 + x] = 1
    _NAME, _SPACE_OF, _GRID_OF, _RING_G = name, space_of, grid_of, ring_g
    _STEP, _LINE, _FIELD = tuple(step), line, field


def move_name(r, d):
    """The push of the marble at ring position ``r`` by ``d`` cells, e.g. 'd1-d5'. Made
    when asked: a table of the 144 strings would hold ~5 KB of a board's RAM."""
    return RING[r] + "-" + _NAME[_RING_G[r] + d * _STEP[r]]


def space_index(name):
    """Index of space ``name`` (e.g. ``"d5"``) in SPACES; ValueError if none."""
    if isinstance(name, str) and name in SPACES:
        return SPACES.index(name)
    raise ValueError("%s is not a space of the Mabula board" % (name,))


class _State:
    """A position: ``cells`` (see _new_cells), the seat whose turn it is, and
    the result options. Never changed once built."""

    def __init__(self, cells, turn, opts):
        self.cells = cells
        self.turn = turn
        self.opts = opts    # (scoring, tiebreak, count_edge_marbles)


# --- setup -------------------------------------------------------------------

def _setup_fault(ring):
    """Why the 24 colours ``ring`` (string or list, ring order) are not a valid
    setup, or None when they are (docs/rules/mabula.md#setup, MB-8)."""
    if len(ring) != 24:
        return "it must have 24 letters W/B (b1 ... a2 in ring order), not %d" % len(ring)
    whites = 0
    for i in range(24):
        c = ring[i]
        if c == "W":
            whites += 1
        elif c != "B":
            return "letter %d (%s) is %s, not W or B" % (i + 1, RING[i], c)
    if whites != 12:
        return "it must hold 12 W and 12 B, not %d W and %d B" % (whites, 24 - whites)
    for i in range(24):
        c = ring[i]
        if ring[(i + 1) % 24] == c and ring[(i + 2) % 24] == c:
            return "three %s in a row at %s, %s, %s" % (
                c, RING[i], RING[(i + 1) % 24], RING[(i + 2) % 24])
    return None


def _random_setup(rng):
    """Shuffle W*12 + B*12 afresh until it passes the rule (docs/rules/mabula.md#setup).
    Returns (ring string, number of shuffles)."""
    tries = 0
    while True:
        tries += 1
        a = ["W"] * 12 + ["B"] * 12
        rng.shuffle(a)
        if _setup_fault(a) is None:
            return "".join(a), tries


def new_game(options=None, seed=0):
    opts = take_options(options, OPTIONS)
    if not is_int(seed):
        raise ValueError("seed must be an integer, not %r" % (seed,))
    if _NAME is None:
        _tables()
    rng = Rng(seed)
    ring = opts["setup"]
    if ring == "random":
        ring = _random_setup(rng)[0]
    first = opts["first"]
    if first == "random":
        turn = rng.below(2)
    else:
        turn = 0 if first == "W" else 1
    cells = _new_cells()
    for r in range(24):
        cells[_RING_G[r]] = 1 if ring[r] == "W" else 2
    return _State(cells, turn,
                  (opts["scoring"], opts["tiebreak"], opts["count_edge_marbles"]))


# --- moves -------------------------------------------------------------------

def _push(cells, r, d, colour):
    """Play (E, d) from ring position ``r`` on ``cells`` in place (docs/rules/mabula.md#a-turn):
    marble i of the line (from E) goes to max(p_i, d + i). Walks from the far
    end so every target is already free."""
    e = _RING_G[r]
    step = _STEP[r]
    i = cells[_LINE[r]]
    for p in range(6, 0, -1):
        g = e + p * step
        c = cells[g]
        if c:
            t = d + i
            if t > p:
                n = e + t * step
                cells[n] = c
                cells[g] = 0
                # Its own line's count is unchanged; the crossing lines' move.
                cells[_COL + (g & 7)] -= 1
                cells[_ROW + (g >> 3)] -= 1
                cells[_COL + (n & 7)] += 1
                cells[_ROW + (n >> 3)] += 1
            i -= 1
    g = e + d * step
    cells[g] = colour
    cells[_COL + (g & 7)] += 1
    cells[_ROW + (g >> 3)] += 1
    cells[e] = 0


def _can_move(cells, colour):
    for r in range(24):
        if cells[_RING_G[r]] == colour and cells[_LINE[r]] < 6:
            return True
    return False


def _must_pass(s):
    return not _can_move(s.cells, s.turn + 1) and _can_move(s.cells, 2 - s.turn)


only_pass = _must_pass   # legal_moves(s) == ["pass"], without making the move strings


def board_view(state, colours, movers, groups=None):
    """Fill 60 entries each, in SPACES order: ``colours`` 0 empty, 1 White, 2 Black;
    ``movers`` 1 on each edge space whose marble the player to move can push (the first
    spaces of ``legal_moves``, a pass aside), 0 elsewhere; ``groups`` (when given, for a
    game's end) 1 on each marble of a group that scores (a player's largest, every group
    when scoring by product), 2 on the other groups' marbles, 0 elsewhere."""
    cells = state.cells
    grid_of = _GRID_OF
    for i in range(60):
        colours[i] = cells[grid_of[i]]
        movers[i] = 0
    colour = state.turn + 1
    for r in range(24):
        g = _RING_G[r]
        if cells[g] == colour and cells[_LINE[r]] < 6:
            movers[_SPACE_OF[g]] = 1
    if groups is None:
        return
    labels = bytearray(64)
    sizes, white = _sizes(state, labels)
    product = state.opts[0] == "product"
    best = (max(sizes[:white] or [0]), max(sizes[white:] or [0]))
    for i in range(60):
        k = labels[grid_of[i]]
        groups[i] = 0 if not k else (
            1 if product or sizes[k - 1] == best[1 if k > white else 0] else 2)


def legal_moves(state):
    cells = state.cells
    colour = state.turn + 1
    out = []
    for r in range(24):
        if cells[_RING_G[r]] == colour:
            for d in range(1, 7 - cells[_LINE[r]]):
                out.append(move_name(r, d))
    if not out and _can_move(cells, 3 - colour):
        out.append("pass")
    return out


def is_over(state):
    return not _can_move(state.cells, 1) and not _can_move(state.cells, 2)


def to_move(state):
    return None if is_over(state) else state.turn


def _move_id(move):
    """ring position * 6 + d - 1 of a move string like 'd1-d5', or None (found by
    arithmetic, like the strings themselves: move_name)."""
    if not isinstance(move, str) or len(move) != 5 or move[2] != "-" or move[:2] not in RING:
        return None
    r = RING.index(move[:2])
    g = (ord(move[4]) - 49) * 8 + ord(move[3]) - 97
    e, step = _RING_G[r], _STEP[r]
    for d in range(1, 7):
        if e + d * step == g:
            return r * 6 + d - 1 if _NAME[g] == move[3:] else None
    return None


def play(state, move):
    """The position after ``move``; raises IllegalMove (state untouched)."""
    mid = _move_id(move)
    if mid is not None:
        r = mid // 6
        d = mid % 6 + 1
        cells = state.cells
        # A legal move proves the game is not over; no need to generate moves.
        if cells[_RING_G[r]] == state.turn + 1 and d + cells[_LINE[r]] <= 6:
            cells = bytearray(cells)
            _push(cells, r, d, state.turn + 1)
            return _State(cells, 1 - state.turn, state.opts)
    elif move == "pass" and _must_pass(state):
        return _State(state.cells, 1 - state.turn, state.opts)
    from firmware.rules.mabula_text import refusal   # words a board seldom needs
    raise IllegalMove(refusal(state, move))


# --- scoring -----------------------------------------------------------------

def _groups(s, colour):
    """Groups of ``colour`` (docs/rules/mabula.md#the-end-and-the-score) as lists of grid indices,
    each ascending, in the order of their lowest index. Explicit stack, no recursion."""
    cells = s.cells
    with_edges = s.opts[2]
    field = _FIELD
    seen = bytearray(64)
    out = []
    for g0 in range(64):
        if cells[g0] != colour or seen[g0] or not (with_edges or field[g0]):
            continue
        seen[g0] = 1
        group = []
        stack = [g0]
        while stack:
            g = stack.pop()
            group.append(g)
            x = g & 7
            for n in (g - 1 if x > 0 else -1, g + 1 if x < 7 else -1, g - 8, g + 8):
                if 0 <= n < 64 and cells[n] == colour and not seen[n] and (with_edges or field[n]):
                    seen[n] = 1
                    stack.append(n)
        group.sort()
        out.append(group)
    return out


def _sizes(s, groups):
    """Number every group of both colours, as scored (edge spaces only with
    count_edge_marbles), in ``groups`` (64 zeros: each grid index gets its group's number
    from 1, White's groups first); their sizes in number order, and how many are White's.
    Each marble is taken off a copy of the cells once numbered, and the next group's first
    marble found in that copy by a byte search: a game's end answers at once on a board."""
    own = s.cells[:64]
    if not s.opts[2]:   # the edge spaces: ranks 1 and 8, files a and h
        own[:8] = own[56:] = b"\x00\x00\x00\x00\x00\x00\x00\x00"
        for g in range(8, 56, 8):
            own[g] = own[g + 7] = 0
    sizes = []
    stack = []
    white = 0
    for colour in (1, 2):
        key = b"\x01" if colour == 1 else b"\x02"
        g0 = own.find(key)
        while g0 >= 0:
            k = len(sizes) + 1
            groups[g0] = k
            own[g0] = 0
            stack.append(g0)
            n = 0
            while stack:
                g = stack.pop()
                n += 1
                if g & 7 and own[g - 1] == colour:
                    groups[g - 1] = k
                    own[g - 1] = 0
                    stack.append(g - 1)
                if g & 7 != 7 and own[g + 1] == colour:
                    groups[g + 1] = k
                    own[g + 1] = 0
                    stack.append(g + 1)
                if g >= 8 and own[g - 8] == colour:
                    groups[g - 8] = k
                    own[g - 8] = 0
                    stack.append(g - 8)
                if g < 56 and own[g + 8] == colour:
                    groups[g + 8] = k
                    own[g + 8] = 0
                    stack.append(g + 8)
            sizes.append(n)
            g0 = own.find(key, g0)
        white = len(sizes) if colour == 1 else white
    return sizes, white


def _score(sizes, scoring):
    if not sizes:
        return 0
    if scoring == "largest":
        return sizes[0]
    p = 1
    for n in sizes:
        p *= n
    return p


def groups(state, seat):
    """``seat``'s groups as lists of space names (as scored, so edge spaces
    only with count_edge_marbles): largest first, equal sizes by their first
    space in SPACES order; names within a group in SPACES order."""
    if (seat != 0 and seat != 1) or is_bool(seat):
        raise ValueError("seat must be 0 or 1")
    gs = [(-len(g), g[0], g) for g in _groups(state, seat + 1)]
    gs.sort()
    return [[_NAME[i] for i in t[2]] for t in gs]


def result(state):
    scoring, tiebreak = state.opts[0], state.opts[1]
    found, white = _sizes(state, bytearray(64))
    sizes = [found[:white], found[white:]]
    for seat in range(2):   # largest first
        sizes[seat].sort()
        sizes[seat].reverse()
    scores = [_score(sizes[0], scoring), _score(sizes[1], scoring)]
    if not is_over(state):
        return {"winner": None, "scores": scores, "reason": "in progress"}
    reason = "largest group" if scoring == "largest" else "product"
    if scores[0] != scores[1]:
        return {"winner": 0 if scores[0] > scores[1] else 1, "scores": scores, "reason": reason}
    # Lex compares the descending size lists; a missing group counts as 0,
    # which is how list comparison treats a shorter list.
    if scoring == "largest" and tiebreak == "lex" and sizes[0] != sizes[1]:
        return {"winner": 0 if sizes[0] > sizes[1] else 1, "scores": scores, "reason": "tiebreak"}
    return {"winner": None, "scores": scores, "reason": "draw"}


# --- marble board (docs/boards/marble.md#playing) -------------------------------

def occupancy(state):
    """60 bytes, 1 where a marble stands, in SPACES order."""
    cells = state.cells
    grid_of = _GRID_OF
    out = bytearray(60)
    for i in range(60):
        if cells[grid_of[i]]:
            out[i] = 1
    return bytes(out)


def move_from_occupancy(state, occupied):
    """The legal move of the player to move that leaves exactly ``occupied``
    (60 entries 0/1 in SPACES order, e.g. ``occupancy`` of the next state), or
    None if no move does (an unchanged reading included: a pass moves nothing).

    The single edge space that emptied is E; the occupied cell of its line
    nearest to E is d; the whole pattern is then checked against (E, d)."""
    if isinstance(occupied, str) or len(occupied) != 60:
        raise ValueError("an occupancy reading has 60 entries of 0/1")
    cells = state.cells
    colour = state.turn + 1
    space_of = _SPACE_OF
    emptied = -1
    for r in range(24):
        g = _RING_G[r]
        now = occupied[space_of[g]]
        if cells[g]:
            if not now:
                if emptied >= 0:
                    return None
                emptied = r
        elif now:
            return None
    if emptied < 0:
        return None
    e = _RING_G[emptied]
    step = _STEP[emptied]
    if cells[e] != colour:
        return None
    d = 1
    while d <= 6 and not occupied[space_of[e + d * step]]:
        d += 1
    if d + cells[_LINE[emptied]] > 6:
        return None
    after = bytearray(cells)
    _push(after, emptied, d, colour)
    grid_of = _GRID_OF
    for i in range(60):
        if (after[grid_of[i]] != 0) != (occupied[i] != 0):
            return None
    return move_name(emptied, d)


# --- position text (docs/rules/mabula.md#notation) ------------------------------

def to_text(state):
    cells = state.cells
    ranks = []
    for y in range(7, -1, -1):
        row = ""
        for x in range(8):
            g = y * 8 + x
            row += "-" if _SPACE_OF[g] == 255 else _COLOUR_CHAR[cells[g]]
        ranks.append(row)
    text = "/".join(ranks) + " " + "WB"[state.turn]
    for i in range(3):
        key = _SCORE_OPTIONS[i]
        value = state.opts[i]
        if value != OPTIONS[key][0]:
            text += " %s=%s" % (key, ("true" if value else "false") if is_bool(value) else value)
    return text


def from_text(text):
    """Parse position text (see the module docstring); ValueError says why.
    Fewer than 12 marbles of a colour are accepted, for constructed positions. The
    parser lives in mabula_text.py: a board never reads position text."""
    from firmware.rules.mabula_text import from_text as parse
    return parse(text)
