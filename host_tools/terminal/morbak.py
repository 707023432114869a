"""Morbak in the terminal: the 7×7 board with its key, and a labelled status line
(who moves, switches/blocks and neutralizations left, clocks)."""
from firmware.rules import morbak as ENGINE
from host_tools.terminal import listed

TITLE = "Morbak"
PLAYERS = ("A", "B")
CODES = {"L": "light", "S": "switch", "K": "block", "N": "neutralize"}
KEY = ("Key: A B lit by A / B · a b switched by A / B · 1 2 blocked by A / B · "
       "# neutralized · . empty · [ ] last move")


def new_game(seed):
    return ENGINE.new_game(None, seed)


def player(state, seat):
    return PLAYERS[seat]


def clock_limits(state):
    """(seconds per player per game, per move), each None when off."""
    words = ENGINE.to_text(state).split()
    o = ENGINE.OPTIONS
    return (None if "game_time_s=off" in words else o["game_time_s"][0],
            None if "move_time_s=off" in words else o["move_time_s"][0])


def _square(last):
    """The square a move names ('L d4' -> 'd4'), or None."""
    if last and len(last) == 4 and last[1] == " ":
        return last[2:]
    return None


def board(state, last, viewer=None, clocks=None):
    rows, _rest = ENGINE.to_text(state).split(" ", 1)
    ranks = rows.split("/")
    mark = _square(last)
    files = "  a b c d e f g"
    lines = ["   " + files]
    for i, row in enumerate(ranks):
        rank = str(7 - i)
        cells = [" "] * 15
        for x, ch in enumerate(row):
            cells[2 * x + 1] = ch
            if mark == "abcdefg"[x] + rank:
                cells[2 * x] = "["
                cells[2 * x + 2] = "]"
        lines.append("  %s %s %s" % (rank, "".join(cells), rank))
    lines.append("   " + files)
    lines.append(KEY)
    lines.append(status(state, clocks))
    return "\n".join(lines)


def status(state, clocks=None):
    b = ENGINE.budgets(state)
    seat = ENGINE.to_move(state)
    parts = ["game over" if seat is None else "%s to move" % PLAYERS[seat]]
    line = ENGINE.winning_line(state)
    if line:
        parts[0] += ": four in a row " + " ".join(sorted(ENGINE.SQUARES[i] for i in line))
    lite = "lite" in ENGINE.to_text(state).split()
    if b["blocks"] is None and not lite:
        parts.append("switches+blocks left A %d B %d" % tuple(b["budget"]))
    elif lite:          # Lite has no blocks
        parts.append("switches left A %d B %d" % tuple(b["budget"]))
    else:
        parts.append("switches left A %d B %d" % tuple(b["budget"]))
        parts.append("blocks left A %d B %d" % tuple(b["blocks"]))
    parts.append("neutralizations left A %d B %d" % tuple(b["neutral"]))
    if clocks:
        parts.append(clocks)
    return " · ".join(parts)


def how_to(state):
    moves = ENGINE.legal_moves(state)
    text = ("Type a square to press it, as on the board: 'd4'. Pressing an empty square "
            "lights it ('L d4'); the other player's lit square switches it to you (S); your "
            "own lit square blocks it so it can never be switched (K); a square the other "
            "player switched or blocked is neutralized, dead for both (N). Or type the "
            "action and the square: 'L d4', 'S e5', 'K c3', 'N b2'. Switches and blocks "
            "share one budget; four in a row of your colour (any way) wins.")
    if moves and moves != ["pass"]:
        examples = []
        for m in moves:
            if not examples or examples[-1][0] != m[0]:   # canonical order: L, S, K, N
                examples.append(m)
        text += "\nNow, for example: " + ", ".join("'%s' (%s)" % (m, CODES[m[0]])
                                                   for m in examples)
    elif moves == ["pass"]:
        text += "\nNow you have no move: type 'pass'."
    return text


def hint(state):
    """The moves open, by action: lights as a count, the rarer actions by square."""
    moves = ENGINE.legal_moves(state)
    lights = [m for m in moves if m[0] == "L"]
    parts = [listed([m for m in moves if m[0] != "L"], 12)] if len(lights) < len(moves) else []
    if len(lights) > 6:
        parts.insert(0, "L on any of the %d empty squares (e.g. %s)" % (len(lights), lights[0]))
    else:
        parts.insert(0, listed(lights))
    return "Legal: " + ", ".join(p for p in parts if p)


def all_moves(state):
    return ", ".join(ENGINE.legal_moves(state))


def parse(state, line):
    """'d4' / 'D4' -> the move a press means; 'l d4' / 'Ld4' -> 'L d4'."""
    word = line.replace(" ", "")
    if word.lower() == "pass":
        return "pass"
    if len(word) == 2:
        square = word.lower()
        try:
            return ENGINE.press_action(state, square) or "L " + square
        except ValueError:
            return line
    if len(word) == 3 and word[0].upper() in CODES:
        return word[0].upper() + " " + word[1:].lower()
    return line


def told(state, move):
    return move


def scores(state):
    return ""
