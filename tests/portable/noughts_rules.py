"""Noughts and crosses: a sixth game, kept under tests/, that shows a game joins the
product through the catalogue alone (its engine, its controller, one row).

The engine contract (docs/contracts.md#the-rules-engines) in a few lines: squares a1..c3
(file a-c, rank 1-3), a move is a square's name, X (seat 0) moves first, three in a
row wins, a full board without one is a draw. Position text: the ranks from 3 to 1,
"/"-separated ("x" seat 0, "o" seat 1, "." empty), then the seat to move:
"x../.o./... 0"."""
from firmware.rules import IllegalMove, take_options

OPTIONS = {"first": (0, "choice", (0, 1))}
SQUARES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
          (2, 4, 6))


class State:
    def __init__(self, cells, turn):
        self.cells = cells   # bytes: 0 empty, 1 seat 0's, 2 seat 1's
        self.turn = turn


def new_game(options=None, seed=0):
    return State(bytes(9), take_options(options, OPTIONS)["first"])


def line(s):
    """The winning line's squares (indices), or None."""
    c = s.cells
    for a, b, d in _LINES:
        if c[a] and c[a] == c[b] == c[d]:
            return (a, b, d)
    return None


def is_over(s):
    return line(s) is not None or 0 not in s.cells


def legal_moves(s):
    if is_over(s):
        return []
    return [SQUARES[i] for i in range(9) if not s.cells[i]]


def play(s, move):
    if is_over(s):
        raise IllegalMove("the game is over")
    if move not in SQUARES:
        raise IllegalMove("%s is not a square (a1 to c3)" % move)
    i = SQUARES.index(move)
    if s.cells[i]:
        raise IllegalMove("%s is taken" % move)
    cells = bytearray(s.cells)
    cells[i] = s.turn + 1
    return State(bytes(cells), 1 - s.turn)


def to_move(s):
    return None if is_over(s) else s.turn


def result(s):
    won = line(s)
    if won is not None:
        w = s.cells[won[0]] - 1
        scores = [0, 0]
        scores[w] = 1
        return {"winner": w, "scores": scores, "reason": "line"}
    if is_over(s):
        return {"winner": None, "scores": [0, 0], "reason": "full"}
    return None


def to_text(s):
    ranks = []
    for r in range(2, -1, -1):
        ranks.append("".join([".xo"[s.cells[3 * r + f]] for f in range(3)]))
    return "%s %d" % ("/".join(ranks), s.turn)


def from_text(text):
    try:
        board, turn = text.split(" ")
        ranks = board.split("/")
        cells = bytearray(9)
        for r in range(3):
            for f in range(3):
                cells[3 * (2 - r) + f] = ".xo".index(ranks[r][f])
        return State(bytes(cells), int(turn) & 1)
    except (ValueError, IndexError):
        raise ValueError("not a noughts and crosses position: %s" % text)
