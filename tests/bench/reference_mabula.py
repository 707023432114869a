"""A plain Mabula random game, written for clarity from docs/rules/mabula.md alone:
the reference the fast playouts are timed against (issue 16 measured one like it).
A dict of spaces; the setup shuffled until no three of a colour stand in a row round
the edge; each turn every legal roll listed and one drawn; the largest groups scored.
Portable: CPython and MicroPython. Not the engine: nothing here is shared with it."""
FILES = "abcdefgh"


def _edge():
    """The edge spaces from b1 clockwise, each with the step that faces the field."""
    out = [((f, 0), (0, 1)) for f in range(1, 7)]            # b1 .. g1, up
    out += [((7, r), (-1, 0)) for r in range(1, 7)]          # h2 .. h7, left
    out += [((f, 7), (0, -1)) for f in range(6, 0, -1)]      # g8 .. b8, down
    out += [((0, r), (1, 0)) for r in range(6, 0, -1)]       # a7 .. a2, right
    return out


EDGE = _edge()
# Each edge space's line: the six field spaces in front of it, nearest first.
LINES = {space: [(space[0] + d[0] * k, space[1] + d[1] * k) for k in range(1, 7)]
         for space, d in EDGE}
FIELD = [(f, r) for f in range(1, 7) for r in range(1, 7)]


def three_in_a_row(ring):
    return any(ring[i] == ring[(i + 1) % 24] == ring[(i + 2) % 24] for i in range(24))


def new_board(rng):
    while True:
        ring = ["W"] * 12 + ["B"] * 12
        rng.shuffle(ring)
        if not three_in_a_row(ring):
            break
    board = dict.fromkeys(FIELD)
    for (space, _), colour in zip(EDGE, ring):
        board[space] = colour
    return board


def moves(board, colour):
    """(edge space, distance) for every legal roll of ``colour``."""
    out = []
    for space, _ in EDGE:
        if board[space] != colour:
            continue
        in_line = sum(1 for s in LINES[space] if board[s] is not None)
        for distance in range(1, 7 - in_line):
            out.append((space, distance))
    return out


def roll(board, space, distance):
    """The marble on ``space`` rolls in ``distance`` spaces, pushing the train ahead."""
    path = [space] + LINES[space]
    at = 0
    for _ in range(distance):
        end = at          # the train: the marbles touching, from the rolling one on
        while end + 1 < len(path) and board[path[end + 1]] is not None:
            end += 1
        for i in range(end, at - 1, -1):
            board[path[i + 1]] = board[path[i]]
        board[path[at]] = None
        at += 1


def largest_group(board, colour):
    seen = set()
    best = 0
    for start in FIELD:
        if board[start] != colour or start in seen:
            continue
        seen.add(start)
        todo = [start]
        size = 0
        while todo:
            f, r = todo.pop()
            size += 1
            for n in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)):
                if n in board and 1 <= n[0] <= 6 and 1 <= n[1] <= 6 \
                        and board[n] == colour and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def random_game(rng, pick=None):
    """A whole game of random legal rolls from a new setup: the winner, or None.
    ``pick(colour, rolls)``, if given, chooses a roll's index instead (the tests)."""
    board = new_board(rng)
    colour, other = "W", "B"
    while True:
        mine = moves(board, colour)
        if not mine:
            if not moves(board, other):
                break
            colour, other = other, colour     # a forced pass
            continue
        k = rng.below(len(mine)) if pick is None else pick(colour, mine)
        space, distance = mine[k]
        roll(board, space, distance)
        colour, other = other, colour
    w, b = largest_group(board, "W"), largest_group(board, "B")
    return "W" if w > b else "B" if b > w else None
