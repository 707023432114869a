"""Fursaz in the terminal: the hexagon drawn point by point, rows lettered on the
left and numbers along the bottom and lower-right edges (a number runs up and
to the left), stones B (Black) and W (White), the last stone placed in [ ]."""
from firmware.rules import fursaz as ENGINE
from host_tools.terminal import listed

TITLE = "Fursaz"
PLAYERS = ("Black (first player)", "White (second player, may swap colours)")
COLOURS = {"B": "Black", "W": "White"}
KEY = ("Key: B Black · W White · . empty point · [ ] the stone placed last\n"
       "A point is its row letter and a number; each number runs up and to the left from "
       "its label (the centre is %s).")


def new_game(seed):
    return ENGINE.new_game(None, seed)


def _words(state):
    """(size, colour to move "B"/"W", passes, swapped, phase) from the position text."""
    w = ENGINE.to_text(state).split()
    return int(w[0]), w[1], int(w[2]), w[3] == "1", w[4]


def player(state, seat):
    """Seat 0 starts as Black; a swap gives it White."""
    swapped = _words(state)[3]
    return "Black" if (seat == 0) != swapped else "White"


def player_then(state, seat, ply):
    """The seat's name when it made the move of ``ply`` (from 1), ``state`` a position
    after it: a swap is ply 2, and before it each seat had the other colour."""
    name = player(state, seat)
    if ply > 2 or not _words(state)[3]:
        return name
    return "White" if name == "Black" else "Black"


def board(state, last, viewer=None):
    n, _, _, _, _ = _words(state)
    r_max = n - 1
    stones = ENGINE.board(state)
    width = 4 * r_max + 6
    canvas = [[" "] * width for _ in range(2 * r_max + 2)]
    left = 3  # room for the row letter
    for i in range(2 * r_max + 1):
        r = r_max - i
        y = 2 * r_max - i  # the top row first
        qs = range(max(-r_max, -r_max - r), min(r_max, r_max - r) + 1)
        for q in qs:
            x = left + 2 * q + r + 2 * r_max
            name = "%s%d" % (chr(97 + i), q + n)
            canvas[y][x] = stones.get(name, ".")
            if name == last:
                canvas[y][x - 1] = "["
                canvas[y][x + 1] = "]"
            if q == qs[0]:
                canvas[y][x - 3] = chr(97 + i)
            if (i == 0 or q == qs[-1]) and i <= r_max:
                # The number's label goes down and right of its lowest point.
                label = str(q + n)
                for k, ch in enumerate(label):
                    canvas[y + 1][x + 1 + k] = ch
    lines = ["".join(row).rstrip() for row in canvas]
    for i in range(2 * r_max + 1):
        # Each row's first and last point, as an upper row starts past 1.
        r = r_max - i
        first, end = max(-r_max, -r_max - r) + n, min(r_max, r_max - r) + n
        y = 2 * r_max - i
        lines[y] = "%-*s%s%d-%s%d" % (width + 1, lines[y], chr(97 + i), first, chr(97 + i), end)
    lines.append(KEY % ("%s%d" % (chr(97 + r_max), n)))
    lines.append(status(state))
    return "\n".join(lines)


def _by_colour(state):
    """{"Black": score, "White": score}: stones plus territory."""
    scores = ENGINE.result(state)["scores"]
    return {player(state, 0): scores[0], player(state, 1): scores[1]}


def status(state):
    _, colour, passes, swapped, _phase = _words(state)
    s = _by_colour(state)
    parts = ["game over" if ENGINE.is_over(state) else "%s to move" % COLOURS[colour],
             "score (stones + territory) Black %d, White %d" % (s["Black"], s["White"])]
    if passes and not ENGINE.is_over(state):
        parts.append("%s passed: a pass now ends the game"
                     % COLOURS["B" if colour == "W" else "W"])
    if swapped:
        parts.append("colours swapped: the first player is White")
    return " · ".join(parts)


def how_to(state):
    moves = ENGINE.legal_moves(state)
    _, _colour, _, _, phase = _words(state)
    text = ("Place a stone: type the point, row letter then number, e.g. 'e5'. A stone "
            "caught between two stones of the other colour at equal distances on a line "
            "turns over, unless its own colour flanked it more recently. 'pass' passes; "
            "when both pass in a row the game ends. Stones plus surrounded empty points score.")
    if phase == "pie1":
        text += ("\nWhite's first answer may be 'swap': you take Black's stone and Black's "
                 "colour, and the other player continues as White.")
    points = [m for m in moves if m not in ("pass", "swap")]
    if points:
        text += "\nNow, for example: '%s' or '%s'." % (points[0], points[len(points) // 2])
    return text


def hint(state):
    moves = ENGINE.legal_moves(state)
    points = [m for m in moves if m not in ("pass", "swap")]
    other = [m for m in moves if m in ("pass", "swap")]
    if len(points) > 12:
        return "Legal: any of %d empty points (e.g. %s)%s" % (
            len(points), ", ".join(points[:3]), "".join(", " + m for m in other))
    return "Legal: " + listed(moves)


def all_moves(state):
    return ", ".join(ENGINE.legal_moves(state))


def parse(state, line):
    return line.replace(" ", "").lower()


def told(state, move):
    """The move, and the stones it turns over (their net: a stone turned twice stays)."""
    if move == "swap":
        return "swap: the second player takes Black and its stone, the first player is now White"
    if move == "pass":
        return move
    res = ENGINE.resolution(state, move)
    turned = sorted(res["net"], key=_point_order)
    if res["final"] != res["colour"]:
        turned.append("%s itself" % move)
    if not turned:
        return "%s (no stone turns over)" % move
    return "%s, turning over %s" % (move, ", ".join(turned))


def _point_order(name):
    return (name[0], int(name[1:]))


def scores(state):
    s = _by_colour(state)
    return "Black %d, White %d (stones + territory)." % (s["Black"], s["White"])
