"""Dominó Mano a Mano in the terminal: the line of play with its open ends, the
tiles of the player at the keyboard (the other hand and the boneyard as counts),
the match score, and how the last hand ended."""
from firmware.rules import mano as ENGINE
from host_tools.terminal import count, key_values, listed

TITLE = "Dominó Mano a Mano"
PLAYERS = ("A", "B")


def new_game(seed):
    return ENGINE.new_game(None, seed)


def player(state, seat):
    return PLAYERS[seat]


def _line(tiles, last):
    """The line with the tile placed last in [ ]: the first for L, the last for R."""
    if not tiles:
        return "(empty)"
    at = None
    if last and last[0] in "LR":
        at = 0 if last[0] == "L" else len(tiles) - 1
    elif last and len(tiles) == 1:
        at = 0
    return " ".join("[%s]" % t if i == at else t for i, t in enumerate(tiles))


def board(state, last, viewer=None):
    v = key_values(ENGINE.public_view(state, viewer))
    seat = ENGINE.to_move(state)
    score = v["score"].split(",")
    tiles = [] if v["line"] == "-" else v["line"].split()
    lines = ["Hand %s · match to %s points · points: A %s, B %s"
             % (v["hand"], v["target"], score[0], score[1])]
    ends = ""
    if tiles:
        ends = "   (ends: left %s, right %s)" % (tiles[0].split("-")[0], tiles[-1].split("-")[1])
    lines.append("Line: " + _line(tiles, last) + ends)
    for s in (0, 1):
        held = v["h%d" % s]
        if held.isdigit():
            lines.append("%s holds %s (hidden)" % (PLAYERS[s], count(int(held), "tile")))
        else:
            lines.append("%s's tiles: %s" % (PLAYERS[s], "none" if held == "-" else held))
    lines.append("Boneyard: %s" % count(int(v["bone"]), "tile"))
    done = ENGINE.hand_history(state)
    if done:
        h = done[-1]
        lines.append("Hand %d went to %s: %d points (%s; pips left: %d and %d)" % (
            h["hand"], PLAYERS[h["winner"]], h["points"], h["reason"], h["pips"][0], h["pips"][1]))
    lines.append("Key: [ ] the tile placed last")
    lines.append("game over" if seat is None else "%s to move" % PLAYERS[seat])
    return "\n".join(lines)


def how_to(state):
    moves = ENGINE.legal_moves(state)
    text = ("Type 'L3-5' to put tile 3-5 on the left end of the line, 'R3-5' on the right "
            "end (a tile that fits only one end may be typed alone: '3-5'). The first tile "
            "of a hand is typed alone: '6-6'. 'draw' takes a tile from the boneyard when "
            "none of yours fits; 'pass' when the boneyard is empty too. Emptying your hand "
            "scores the other hand's pips; the match goes to %s." % key_values(
                ENGINE.public_view(state, None))["target"])
    if moves:
        text += "\nNow: %s." % " or ".join("'%s'" % m for m in moves[:2])
    return text


def hint(state):
    return "Legal: " + listed(ENGINE.legal_moves(state))


def all_moves(state):
    return ", ".join(ENGINE.legal_moves(state))


def parse(state, line):
    """Case and spaces do not matter; '5-3' is tile 3-5; a tile alone goes on the end it fits."""
    word = line.replace(" ", "")
    low = word.lower()
    if low in ("draw", "pass"):
        return low
    side = ""
    if low[:1] in ("l", "r"):
        side, low = low[0].upper(), low[1:]
    if len(low) == 3 and low[1] == "-" and low[0].isdigit() and low[2].isdigit():
        a, b = sorted((low[0], low[2]))
        tile = a + "-" + b
        moves = ENGINE.legal_moves(state)
        if side or tile in moves:
            return side + tile
        fits = [m for m in moves if m[1:] == tile]
        return fits[0] if len(fits) == 1 or (fits and _same_ends(state)) else tile
    return line


def _same_ends(state):
    """Both ends show the same value: L and R give the same line."""
    tiles = key_values(ENGINE.public_view(state, None))["line"].split()
    return tiles[0].split("-")[0] == tiles[-1].split("-")[1]


def told(state, move):
    return move


def scores(state):
    return "Points: A %d, B %d." % tuple(ENGINE.result(state)["scores"])
