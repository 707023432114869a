"""Masbrur in the terminal: the field's eight rows as dominoes, both arsenals (a
wall stays hidden from the other player until combat reveals it), the die, the
totals and the last round's medals and community score; for each phase, what
the player can type, with examples taken from the position.

The engine stands for the choices too many to list (the pie split, the formations,
the steal) with one token; the terminal never shows it: the player types the real
move, or 'auto' for the engine's reference choice, which the help explains."""
import re
import textwrap

from firmware.rules import masbrur as ENGINE
from host_tools.terminal import count, listed

TITLE = "Masbrur"
PLAYERS = ("A", "B")
PHASES = {"free_setup": "free setup of the field", "pie_offer": "pie offer",
          "pie_accept": "pie offer: choose a group", "equipment": "equipment phase",
          "combat_wall": "combat: walls", "combat_select": "combat: formations",
          "combat_steal": "combat: steals", "over": "game over"}
FREE_PHASES = ("pie_offer", "combat_select", "combat_steal")


def new_game(seed):
    return ENGINE.new_game(None, seed)


def player(state, seat):
    return PLAYERS[seat]


def _view(state, viewer):
    """{key: value} of the position as ``viewer`` may see it (None: nobody's secrets)."""
    out = {}
    for line in ENGINE.public_view(state, viewer).split("\n"):
        key, _, value = line.partition(" ")
        out[key] = value
    return out


def _tiles(text):
    return [] if text in ("-", "") else text.split()


def _field(v):
    return [(int(t[0]), int(t[1]), int(t[2])) for t in _tiles(v["field"])]


def _all_tiles():
    return ["%d%d" % (a, b) for a in range(8) for b in range(a, 8)]


def _pool(v):
    """The tiles neither on the field nor held, in tile order."""
    taken = set(_tiles(v["arsenal0"]) + _tiles(v["arsenal1"]))
    for x, y, z in _field(v):
        taken.add("%d%d" % tuple(sorted((x, y))))
        taken.add("%d%d" % tuple(sorted((y, z))))
    return [t for t in _all_tiles() if t not in taken]


def half(h):
    """Half-points as a number: 185 -> '92½'."""
    return "%d%s" % (h // 2, "½" if h % 2 else "")


def _last_row(last):
    """(row, side) of a push move ('W05,14 P36R5' -> (5, 'R')), or None."""
    m = re.search(r"P\d\d([LR])(\d)", last or "")
    return (int(m.group(2)), m.group(1)) if m else None


def board(state, last, viewer=None):
    v = _view(state, viewer)
    words = v["round"].split()
    rnd, offerer, die = int(words[0]), int(words[2]), words[4]
    rounds = re.search(r"rounds=(\d+)", v["options"]).group(1)
    score = [int(x) for x in v["score"].split()]
    phase = v["phase"]
    lines = ["Round %s of %s · %s offers · die %s · totals: A %s, B %s"
             % (min(rnd, int(rounds)), rounds, PLAYERS[offerer], die, half(score[0]),
                half(score[1]))]
    pushed = _last_row(last)
    lines.append("Field (a row is two tiles touching on equal squares; pushes go on its "
                 "left or right end):")
    field = _field(v)
    for r in range(7, -1, -1):
        if r < len(field):
            x, y, z = field[r]
            row = "[%d|%d][%d|%d]" % (x, y, y, z)
        elif r == len(field) and v["seed"] != "-":
            row = "   [%s|%s]    (the seed: match its left or right end)" % tuple(v["seed"])
        else:
            row = "(not built yet)"
        mark = ""
        if pushed and pushed[0] == r:
            mark = "   <- last push, on the %s" % ("left" if pushed[1] == "L" else "right")
        lines.append("  row %d  %s%s" % (r, row, mark))
    if phase == "pie_offer":
        lines.append("Tiles to share: " + " ".join(_pool(v)))
    elif phase == "pie_accept":
        g1 = _tiles(v["group1"])
        lines.append("Group 1 (offered): " + " ".join(g1))
        lines.append("Group 2 (the rest): " + " ".join(t for t in _pool(v) if t not in g1))
    for p in (0, 1):
        ars = _tiles(v["arsenal%d" % p])
        if not ars and phase not in ("equipment", "combat_wall", "combat_select", "combat_steal"):
            continue
        wall = v["wall%d" % p]
        if wall == "-":
            w = "no wall yet"
        elif "??" in wall:
            w = "wall of %s (hidden)" % count(len(wall.split()), "tile")
        else:
            w = "wall: " + wall
        lines.append("%s's arsenal: %s · %s" % (PLAYERS[p], " ".join(ars) or "(empty)", w))
    for p in (0, 1):
        sel = v["select%d" % p]
        if sel not in ("-", "sealed", "F -"):
            sel = "  ".join("(%d) %s" % (k + 1, f.strip()) for k,
                            f in enumerate(sel[2:].split(";")))
        if sel != "-":
            lines.append("%s's formations: %s" % (PLAYERS[p], "none" if sel == "F -" else sel))
    blk = v["blockers"].split()
    if phase == "combat_steal":
        lines.append("Blocker of each wall: A's %s, B's %s" % tuple(
            "none" if b == "-" else b for b in blk))
        lines.append(_round_text("If nothing more is stolen", _no_more_steals(state)))
    if v["last"] != "-":
        lines.append(_round_text("Last round", [int(x) for x in v["last"].split()]))
    seat = ENGINE.to_move(state)
    lines.append("game over" if seat is None else "%s to move (%s)"
                 % (PLAYERS[seat], PHASES[phase]))
    return "\n".join(lines)


def _round_text(title, last):
    h0, h1, c, d = last
    return ("%s: medals A %s, B %s · community score %d · die %d · points "
            "won: A %s, B %s" % (title, half(h0), half(h1), c, d,
                                               half(h0 * (c + d)), half(h1 * (c + d))))


def _no_more_steals(state):
    """(medal halves 0, 1, community score, die) the round ends with if the
    remaining steals take nothing."""
    while _view(state, None)["phase"] == "combat_steal":
        state = ENGINE.play(state, "T -")
    return ENGINE.last_round(state)


def _active_example(state):
    """An active turn of the position and what it does, in words."""
    moves = [m for m in ENGINE.legal_moves(state) if m not in ("pass", "A")]
    if not moves:
        return None
    m = moves[len(moves) // 2].replace("+A", "")
    w1, w2, t, side, r = m[1:3], m[4:6], m[8:10], m[10], int(m[11])
    x, y, z = _field(_view(state, None))[r]
    end, gone = (x, "%d-%d" % (y, z)) if side == "L" else (z, "%d-%d" % (x, y))
    return ("'%s' walls %s and %s, pushes %s onto the %s end of row %d (which shows %d); "
            "the tile %s falls out and joins your arsenal" % (
                m, w1, w2, t, "left" if side == "L" else "right", r, end, gone))


def _steal_example(state):
    """A legal steal of the position, or None."""
    v = _view(state, None)
    seat = ENGINE.to_move(state)
    forms = v["select%d" % seat]
    count = 0 if forms in ("-", "F -") else len(forms.split(";"))
    for t in _tiles(v["wall%d" % (1 - seat)]):
        for value in sorted(set(t)):
            for k in range(1, count + 1):
                move = "T %s/%s@%d" % (t, value, k)
                if ENGINE.is_legal(state, move):
                    return move
    return None


def how_to(state):
    ph = _view(state, None)["phase"]
    if ph == "free_setup":
        moves = ENGINE.legal_moves(state)
        return ("Build the field row by row: 'S35' seeds the row with a tile showing 3 on the "
                "left and 5 on the right; the other player then matches an end: 'M13L' puts "
                "tile 13 against the left end, 'M56R' against the right.\nNow, for example: '%s'."
                % moves[0])
    if ph == "pie_offer":
        example = ENGINE.auto_move(state)
        return ("Split the tiles to share into two groups: type O and the tiles of group 1, "
                "e.g. '%s' (the rest is group 2). The other player chooses a group and you "
                "get the other. 'auto' offers exactly that split: the first ten tiles "
                "against the rest." % example)
    if ph == "pie_accept":
        return "Choose your arsenal: 'C1' takes group 1 (the offered tiles), 'C2' group 2."
    if ph == "equipment":
        text = ("Your turn in the equipment phase. 'pass' (two passes in a row end the "
                "phase), or an active turn: W and two of your tiles as your secret wall, "
                "then P, a tile of your hand, L or R and a row: the tile goes on that end "
                "of the row and the tile at the other end comes to you. Add '+A' to attack "
                "after the push. 'A' attacks at once: combat starts. Attacking needs five "
                "upper squares of consecutive or equal values and two such lower formations "
                "of three.")
        example = _active_example(state)
        if example:
            text += "\nFor example: " + example + "."
        if "A" in ENGINE.legal_moves(state):
            text += "\nYour hand can attack now: 'A'."
        return text
    if ph == "combat_wall":
        return ("You have no wall: choose one, W and two of your tiles, smaller first, e.g. '%s'."
                % ENGINE.legal_moves(state)[0])
    if ph == "combat_select":
        return ("Declare up to three formations from your hand (not your wall): F, then the "
                "formations separated by ' ; ', each U: (upper squares, at least 5) or L: "
                "(lower squares, at least 3) and its uses tile/value, comma-separated. A "
                "formation is equal values or a run (U*: or L*: counts 0 as 8, after 7). "
                "'F -' declares none. 'auto' declares the strongest selection: the most "
                "medals against the walls, then the most community points.\n"
                "Here 'auto' would be: '%s'." % ENGINE.auto_move(state))
    if ph == "combat_steal":
        example = _steal_example(state)
        return ("You may steal up to two tiles of the other wall, each adding a square to one "
                "of your formations (by their numbers shown) without changing the "
                "wall's blocker: 'T 03/3@2' adds tile 03's 3 to formation 2; two uses are "
                "comma-separated. 'T -' or 'auto' steals nothing.\n" +
                ("For example: '%s'." % example if example
                 else "No steal is possible now: 'T -'."))
    return "The game is over."


def hint(state):
    ph = _view(state, None)["phase"]
    if ph == "equipment":
        moves = ENGINE.legal_moves(state)
        active = [m for m in moves if m not in ("pass", "A")]
        return "Type 'pass'%s%s ('help' explains, 'moves' lists the pushes)." % (
            ", 'A'" if "A" in moves else "",
            " or a wall and a push such as '%s'" % active[0] if active else "")
    if ph == "pie_offer":
        return "Type O and the tiles of group 1, or 'auto' ('help' explains)."
    if ph == "combat_select":
        return "Type your formations as F U:... ; L:..., 'F -', or 'auto' ('help' explains)."
    if ph == "combat_steal":
        return "Type a steal such as T 03/3@2, or 'T -' ('help' explains)."
    if ph == "combat_wall":
        return "Type your wall: W and two of your tiles, e.g. '%s'." % ENGINE.legal_moves(state)[0]
    return "Legal: " + listed(ENGINE.legal_moves(state), 24, " | ")


def all_moves(state):
    ph = _view(state, None)["phase"]
    moves = ENGINE.legal_moves(state)
    if ph in FREE_PHASES:
        return "Too many to list here: " + how_to(state)
    if ph != "equipment":
        return textwrap.fill("  ".join(moves), 88, break_long_words=False, break_on_hyphens=False)
    pushes = {}
    for m in moves:
        if m[:1] == "W":
            pushes.setdefault(m[8:10], set()).add(m[10:12])
    walls = sorted({m[:6] for m in moves if m[:1] == "W"})
    lines = ["pass"] + (["A (attack now)"] if "A" in moves else [])
    for t in sorted(pushes):
        ends = sorted(pushes[t], key=lambda p: (p[1], p[0]))   # by row, left first
        lines.append("P%s: onto %s" % (t, ", ".join(
            "row %s %s" % (p[1], "left" if p[0] == "L" else "right") for p in ends)))
    if len(walls) == 1:
        lines.append("with your wall %s (it is fixed)" % walls[0])
    else:
        lines.append("each with a wall of any two of your other tiles (W then the two tiles, "
                     "e.g. %s); '+A' after the push where the hand then attacks" % walls[0])
    return "\n".join(lines)


_TILE = re.compile(r"(?<![0-9])([0-7])([0-7])(?![0-9])")
_WALL = re.compile(r"W(\d\d),(\d\d)(P\d\d[LR]\d(?:\+A)?)?$")


def parse(state, line):
    """Case does not matter; a tile may be written either way round ('63' is 36); a
    wall's tiles in any order; 'auto' plays the engine's reference choice where the
    choices cannot be listed."""
    text = " ".join(line.split())
    low = text.lower()
    if low in ("pass", "auto"):
        ph = _view(state, None)["phase"]
        if low == "auto":
            if ph not in FREE_PHASES:
                raise ValueError("'auto' is for the pie offer, the formations and the steal")
            return ENGINE.auto_move(state)
        return low
    if text.upper().startswith("S"):
        return text.upper().replace(" ", "")  # a seed's two values are left, right: kept in order
    text = _TILE.sub(lambda m: "".join(sorted(m.group(1) + m.group(2))), text.upper())
    wall = _WALL.match(text.replace(" ", ""))
    if wall:
        w1, w2, push = wall.groups()
        text = "W%s,%s" % tuple(sorted((w1, w2))) + (" " + push if push else "")
    if text[:1] == "O" and text[1:2] != " ":
        text = "O " + text[1:]
    if _view(state, None)["phase"] == "pie_offer" and _TILE.match(text):
        text = "O " + text
    return text


def told(state, move):
    """The move as the other player may hear it: walls and the first sealed
    selection stay secret."""
    ph = _view(state, None)["phase"]
    if ph == "equipment" and move[:1] == "W":
        push = move[7:].replace("+A", "")
        attack = ", then attacks" if move.endswith("+A") else ""
        return "a push, %s%s (its wall is secret)" % (push, attack)
    if move == "A":
        return "A: an attack, combat starts"
    if ph == "combat_wall":
        return "a wall (secret until both walls are shown)"
    if ph == "combat_select" and _view(state, None)["select%d"
                                                    % (1 - ENGINE.to_move(state))] == "-":
        return "its formations (sealed until the other player has chosen)"
    return move


def scores(state):
    sc = ENGINE.result(state)["scores"]
    return "Totals: A %s, B %s." % (half(sc[0]), half(sc[1]))
