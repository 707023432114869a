"""Feeds of moves for a seat played elsewhere (seats.Outside): where its moves come
from. Loaded only by what gives a seat such a feed (a trace replay, a link, tests)."""


class Moves:
    """A feed of moves known in advance, {ply: move} (a file of moves, a test);
    ``refused``: (ply, move, why) of a move the board refused, else None."""
    undo = True

    def __init__(self, moves):
        self.moves = moves
        self.refused = None

    def move(self, ply):
        return self.moves.get(ply)

    def refuse(self, ply, move, why):
        self.refused = (ply, move, why)


def parse(text):
    """{ply: move} of a file of moves: a line "PLY MOVE", or "move PLY MOVE" as
    `arbiter replay` prints it; blank lines and lines starting with # are skipped.
    ValueError (one sentence) names the first bad line."""
    out = {}
    n = 0
    for line in text.split("\n"):
        n += 1
        words = line.strip().split(" ", 2 if line.strip().startswith("move ") else 1)
        if words[0] == "move":
            words = words[1:]
        if not words[0] or words[0].startswith("#"):
            continue
        if len(words) < 2 or not words[0].isdigit() or not words[1].strip():
            raise ValueError("line %d: a move is PLY MOVE (e.g. 12 e5)" % n)
        out[int(words[0])] = words[1].strip()
    return out
