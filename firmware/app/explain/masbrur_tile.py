"""What the tile board says and what its lit positions mean in Masbrur (for explain/:
tools only, never loaded by a board). It reads the controller (games/masbrur_tile.py's Play) as it
draws itself."""
from firmware.app.core import render
from firmware.app.explain import away_name, cell, count, filled, halves, lit, waiting
from firmware.app.explain.tile import misread, where, wrong_lines
from firmware.app.boards.tile_positions import EMPTY, FIELD, PAD

_SLOTS = 32             # field positions; the wall slots follow
_GUIDE = (40, 40, 40)   # masbrur_tile.py's: a tile of the field
_L1, _R1 = 1, 14


def _where(values, pred):
    return where(values, pred, FIELD, _SLOTS)


def sentence(app, play):  # noqa: PLR0911 (the first sentence that applies)
    ses = play.session
    s = ses.state
    if ses.over:
        return "%s; OK: the menu" % ses.outcome()
    bad = misread(play.wrong, FIELD, _SLOTS)
    if bad:
        return bad
    if play.wrongs:
        return "%s: %s" % ("lay the field" if play.setup else "put the field right",
                           play.put_right())
    who = ses.name(ses.turn)
    if play.shown is not None:
        return "%s pushes %s: carry it out" % (away_name(ses, ses.turn), _push(play.shown))
    if ses.away():
        return waiting(ses, ses.turn)
    ph = play.phase
    if ph == "pie_offer":
        return ("round %d, %s offers: show group 1 on the pad P, tile by tile (%d so far), "
                "then OK" % (s.round, who, len(play.group)))
    if ph == "pie_accept":
        return "%s: LEFT takes group 1 (%s), RIGHT the other %d" % (
            who, count(len(s.group1), "tile"), 20 - len(s.group1))
    if ph == "equipment":
        return ("%s: wall on your slots, then push a tile in at a blinking end, PASS or ATTACK; "
                "die %d" % (who, s.die))
    if ph == "combat_wall":
        return "%s: set your wall on your slots, then OK" % who
    if ph == "combat_select":
        return ("%s: your formations: LEFT upper row, RIGHT lower row, their tiles on the pad, "
                "then OK" % who)
    return "%s: show the tiles you take from %s's wall on the pad, then OK (none: OK)" % (
        who, ses.name(1 - ses.turn))


_PHASE = {"pie_offer": "the pie offer", "pie_accept": "the pie offer, a group to take",
          "equipment": "equipment", "combat_wall": "combat, the walls",
          "combat_select": "combat, the formations", "combat_steal": "combat, the steals"}
_WALLS_SHOWN = ("combat_select", "combat_steal", "over")
_CHOICES_SHOWN = ("combat_steal", "over")       # the accepter has chosen too


def details(app, play, out):
    """The position and the moves as the table shows them (explain/__init__.py): the
    walls face down and the offerer's sealed formations hidden until combat shows them."""
    ses = play.session
    s = ses.state
    ph = play.phase
    shown = ph in _WALLS_SHOWN
    walls = []
    for p in (0, 1):
        w = s.wall[p]
        what = "face down"
        if not w:
            what = "none"
        elif shown:
            what = " ".join(["%d-%d" % (t >> 3, t & 7) for t in w])
        walls.append("%s's %s" % (ses.name(p), what))
    field = " ".join(["%d%d%d" % tuple(s.field[i:i + 3]) for i in range(0, len(s.field), 3)])
    rounds = s.opt["rounds"]
    when = "round %d of %d, %s; %s offers" % (s.round, rounds, _PHASE.get(ph, ph),
                                             ses.name(s.offerer))
    if ph == "over":
        when = "over after %d rounds" % rounds
    out["public_position"] = "%s; die %d; totals %s %s, %s %s; field %s; walls: %s" % (
        when, s.die, ses.name(0), halves(s.score[0]), ses.name(1), halves(s.score[1]), field,
        ", ".join(walls))
    moves = out["moves"]
    start = len(moves)              # the pie offer: the last round's moves are all shown
    if ph not in ("pie_offer", "pie_accept"):
        start = max([k for k in range(len(moves)) if moves[k][:2] == "O "] or [0])
    out["public_moves"] = moves[:start] + [_public(m, shown, ph in _CHOICES_SHOWN)
                                           for m in moves[start:]]


def _public(move, walls, choices):
    """A move of this round as the table shows it: 'W??,?? P36R5' while the walls lie face
    down, 'F sealed' while the other player has still to choose."""
    if (move[:1] == "W" and not walls) or (move[:2] == "F " and not choices):
        return hidden(move)
    return move


_SELECTION = ("U:", "U*", "L:", "L*")   # how a formation of a selection starts


def hidden(text):
    """``text`` (a line of the event log, a note, a move) with every wall's tiles and every
    formation selection left out, as the table may read them while they are secret: 'move
    A W??,?? P36R5', 'reject F sealed: ...'."""
    out = []
    sealed = False
    for word in text.split(" "):
        if sealed and word == ";":
            continue
        core = word.rstrip(":;")
        if sealed and (core == "-" or core[:2] in _SELECTION):
            if core != word:                 # the selection ends here ("reject F ...: why")
                out[-1] += word[len(core):]
                sealed = False
            continue
        sealed = word == "F"
        if sealed:
            out.append("F sealed")
        elif core[:1] == "W" and core[1:2].isdigit():
            out.append("W" + ",".join(["??"] * len(core[1:].split(","))) + word[len(core):])
        else:
            out.append(word)
    return " ".join(out)


def _push(move):
    return "%s-%s into row %s from the %s" % (move[8], move[9], move[11],
                                             "right" if move[10] == "R" else "left")


def legend(app, play):
    ses = play.session
    s = ses.state
    ph = play.phase
    field = _where(play.expect, lambda k: k != EMPTY)
    out = [cell(field, _GUIDE, "dim white: a tile of the field")]
    scores = play.scores_shown()
    if scores:
        for p in (0, 1):
            first = _L1 if p == 0 else _R1
            side = "L" if p == 0 else "R"
            if s.last is not None:
                out.append(cell(range(first, first + min(s.last[p], 6)), render.PLAYER[p],
                                 "%s1-%s6: %s's half-medals in the last round"
                                 % (side, side, ses.name(p))))
            out.append(cell(range(first + 6, first + 13), render.PLAYER[p],
                             "%s7-%s13: %s's total so far (against the higher one)"
                             % (side, side, ses.name(p))))
    keys = _keys(ses, ph, play)
    if ph == "over":
        return {"cells": lit(out), "keys": keys}
    if play.wrongs:
        out += wrong_lines(play.wrong, FIELD, _SLOTS, missing=(
            "the field's tile goes here (the board says which)" if play.setup else
            "not the field's tile: put it back (the board says which)"))
        return {"cells": lit(out), "keys": keys}
    colour = render.PLAYER[ses.turn]
    who = ses.name(ses.turn)
    if ph == "equipment":
        out.append(cell(range(_L1, _L1 + min(s.die, 13)), render.YELLOW,
                         "yellow, L1 on: the die, %d" % s.die))
        if play.push is not None:
            row, side, _new, step = play.push
            far = 4 * row + ((1 if side else 2) if step == 0 else (0 if side else 3))
            out.append(cell([FIELD + far], colour, "blinking: the tile this push ejects: "
                             "take it (%s's arsenal)" % who))
        else:
            ends = [FIELD + 4 * r + k for r in range(8) for k in (0, 3)]
            if play.shown is not None:
                m = play.shown
                ends = [FIELD + 4 * (ord(m[11]) - 48) + (3 if m[10] == "R" else 0)]
                what = "blinking: the board's push goes in here"
            elif ses.away():
                what = "breathing: " + waiting(ses, ses.turn)
            else:
                what = ("blinking: the ends where a push goes in (A and D of every row): "
                        "%s to move" % who)
            out.append(cell(ends, colour, what))
    elif ph in ("combat_select", "combat_steal", "combat_wall"):
        if ph != "combat_wall":
            for p in (0, 1):
                if s.wall[p]:
                    first = FIELD + _SLOTS + 2 * p
                    out.append(cell([first, first + 1], render.PLAYER[p],
                                     "%s's wall, shown" % ses.name(p)))
        out.append(cell([PAD], colour, "blinking: the pad P: %s shows tiles here" % who))
    elif ph == "pie_offer":
        if not scores:
            out.append(cell(range(_R1, _R1 + filled(len(play.group), 20, 13)), colour,
                             "R1 on: group 1 so far, %s" % count(len(play.group), "tile")))
        out.append(cell([PAD], colour,
                         "blinking: the pad P: show group 1's tiles here, one at a time"))
    elif ph == "pie_accept":
        out.append(cell([_L1, _R1], colour,
                         "blinking: LEFT takes group 1, RIGHT the other tiles"))
    return {"cells": lit(out), "keys": keys}


def _keys(ses, ph, play):
    if ph == "over":
        return [["OK", "the menu"], ["MENU", "the menu"]]
    hold = ["hold MENU", "pause: continue, undo, or end the game"]
    if ses.away() or play.wrongs:
        why = "nothing until the field is right"
        if ses.away():
            why = "nothing now: %s's turn" % away_name(ses, ses.turn)
        return [hold, ["MENU", "nothing (hold it to pause)"], ["OK", why], ["PASS", why],
                ["LEFT", why], ["RIGHT", why], ["ATTACK", why], ["DRAW", "nothing in Masbrur"]]
    nothing = "nothing now"
    keys = {"OK": nothing, "PASS": nothing, "LEFT": nothing, "RIGHT": nothing, "ATTACK": nothing}
    if ph == "pie_offer":
        keys["OK"] = "offer the tiles shown as group 1"
    elif ph == "pie_accept":
        keys["LEFT"], keys["RIGHT"] = "take group 1", "take the other tiles"
    elif ph == "equipment":
        keys["PASS"] = "pass" if play.push is None else nothing
        keys["ATTACK"] = "attack (the combat)" if play.push is None else "attack after this push"
    elif ph == "combat_wall":
        keys["OK"] = "the wall on your slots is set"
    elif ph == "combat_select":
        keys["LEFT"], keys["RIGHT"] = "open an upper-row formation", "open a lower-row formation"
        keys["OK"] = "confirm the formations"
        if play.ready is None:
            keys["OK"] = "close the entry (then OK again confirms)"
        keys["PASS"] = "start the entry again"
    elif ph == "combat_steal":
        keys["OK"] = "take the tiles shown (none shown: take none)"
    out = [hold, ["MENU", "nothing (hold it to pause)"]]
    for k in ("OK", "PASS", "LEFT", "RIGHT", "ATTACK"):
        out.append([k, keys[k]])
    return out + [["DRAW", "nothing in Masbrur"]]
