"""Mabula in the terminal: the 8×8 board without its corners, the 6×6 field framed,
marbles W (White) and B (Black), the last marble moved in [ ], and each
player's largest group."""
from firmware.rules import mabula as ENGINE

TITLE = "Mabula"
PLAYERS = ("White", "Black")
KEY = ("Key: W White · B Black · . empty · [ ] the marble moved last · the field is inside the "
       "frame")


def new_game(seed):
    return ENGINE.new_game(None, seed)


def player(state, seat):
    return PLAYERS[seat]


def board(state, last, viewer=None):
    ranks, _side = ENGINE.to_text(state).split(" ", 1)
    rows = ranks.split("/")
    mark = last.split("-")[1] if last and "-" in last else None
    files = "a b c d e f g h"
    lines = ["     " + files]
    for i, row in enumerate(rows):
        rank = str(8 - i)
        cells = [" "] * 17
        for x, ch in enumerate(row):
            cells[2 * x + 1] = " " if ch == "-" else ch
            if mark == "abcdefgh"[x] + rank:
                cells[2 * x] = "["
                cells[2 * x + 2] = "]"
        if i in (1, 7):
            lines.append("    " + " " * 2 + "+" + "-" * 11 + "+")
        if 1 <= i <= 6:
            cells[2] = "|" if cells[2] == " " else cells[2]
            cells[14] = "|" if cells[14] == " " else cells[14]
        lines.append("  %s %s  %s" % (rank, "".join(cells), rank))
    lines.append("     " + files)
    lines.append(KEY)
    lines.append(status(state))
    return "\n".join(lines)


def _on_edge(rows):
    """Marbles still on the edge spaces (the ring around the field)."""
    ring = rows[0] + rows[7] + "".join(row[0] + row[7] for row in rows[1:7])
    return ring.count("W") + ring.count("B")


def status(state):
    seat = ENGINE.to_move(state)
    scores = ENGINE.result(state)["scores"]
    who = "game over" if seat is None else "%s to move" % PLAYERS[seat]
    rows = ENGINE.to_text(state).split(" ")[0].split("/")
    return "%s · largest group: White %d, Black %d · marbles left on the edge: %d" % (
        who, scores[0], scores[1], _on_edge(rows))


def how_to(state):
    moves = ENGINE.legal_moves(state)
    text = ("Roll one of your edge marbles into the field: type its edge space, a dash and "
            "the space where it stops, e.g. 'd1-d5'. It pushes the marbles in its way ahead; "
            "none may leave the field. 'pass' only when you have no move. The largest "
            "group of touching marbles (not diagonally) wins.")
    if moves and moves != ["pass"]:
        text += "\nNow, for example: '%s' or '%s'." % (moves[0], moves[-1])
    elif moves:
        text += "\nNow you have no move: type 'pass'."
    return text


def _by_edge(moves):
    """[[moves of one edge marble], ...] in the engine's order."""
    out = []
    for m in moves:
        if out and out[-1][0].split("-")[0] == m.split("-")[0]:
            out[-1].append(m)
        else:
            out.append([m])
    return out


def hint(state):
    groups = _by_edge(ENGINE.legal_moves(state))
    return "Legal: " + ", ".join(g[0] if len(g) == 1 else "%s … %s" % (g[0], g[-1])
                                 for g in groups)


def all_moves(state):
    return "\n".join(", ".join(g) for g in _by_edge(ENGINE.legal_moves(state)))


def parse(state, line):
    return line.replace(" ", "").lower()


def told(state, move):
    return move


def scores(state):
    return "Largest groups: White %d, Black %d." % tuple(ENGINE.result(state)["scores"])
