"""What the stone board says and what its lit points mean in a game of Fursaz (for
explain/: tools only, never loaded by a board). It reads the controller
(games/fursaz_stone.py's Play) as it draws itself."""
from firmware.app.core import render
from firmware.app.explain import away_name, cell, lit, waiting
from firmware.app.games.fursaz_stone import STONE
from firmware.rules import fursaz

_COLOUR = ("", "Black", "White")
_SHADE = ("", "blue", "tan")
_FAULT = 3


def _names(play, cells):
    return " ".join([play.points[i] for i in cells])


def _wrong(play):
    """(points to put right, flips still to make, sensors out of range): cell lists."""
    n = range(len(play.wrong))
    faults = [i for i in n if play.wrong[i] and play.seen[i] == _FAULT]
    right = [i for i in n if play.wrong[i] and not play.owed[i] and play.seen[i] != _FAULT]
    flips = [i for i in n if play.owed[i] and play.wrong[i] and play.seen[i] != _FAULT]
    return right, flips, faults


def sentence(app, play):
    ses = play.session
    if ses.over:
        shows = "the territory" if play.scores else "the scores"
        return "%s; PASS: %s, OK: the menu" % (ses.outcome(), shows)
    right, flips, faults = _wrong(play)
    if faults:
        return "sensor out of range at %s" % _names(play, faults)
    if right:
        return "put the board right: %s" % _names(play, right)
    if flips:
        return "turn over: %s" % _names(play, flips)
    colour = _COLOUR[play.mover]
    if play.shown_at >= 0:
        point = play.points[play.shown_at]
        return "%s plays %s: put a %s stone there" % (away_name(ses, ses.turn), point,
                                                        colour.lower())
    if ses.away():
        return waiting(ses, ses.turn)
    pie = "swap" in fursaz.legal_moves(ses.state)
    return "%s to move: put a %s stone on an empty point%s" % (
        colour, colour.lower(), ", or SWAP to take Black's stone" if pie else "")


def legend(app, play):
    ses = play.session
    if ses.over:
        return _end(play)
    legal = fursaz.legal_moves(ses.state)
    keys = [["PASS", "pass" if "pass" in legal else "nothing now (only when no stone can go)"],
            ["SWAP", "take the first stone's colour (the pie rule)" if "swap" in legal
             else "nothing now (only right after the first stone)"],
            ["hold MENU", "pause: continue, undo, or end the game"],
            ["MENU", "clears a message (hold it to pause)"],
            ["OK", "clears a message: back to what the board waits for"]]
    out = []
    if play.wrongs:
        right, flips, faults = _wrong(play)
        for c in (1, 2):
            text = "blinking %s: a %s stone belongs here: put it right"
            out.append(cell([i for i in right if play.target[i] == c], STONE[c],
                             text % (_SHADE[c], _COLOUR[c].lower())))
            out.append(cell([i for i in flips if play.target[i] == c], STONE[c],
                             "%s: turn this stone over to %s" % (_SHADE[c], _COLOUR[c])))
        out.append(cell([i for i in right if not play.target[i]], render.RED,
                         "red, blinking: this point must be empty: take the stone off"))
        out.append(cell(faults, render.MAGENTA,
                         "magenta: the sensor reads out of range (never taken for a stone)"))
        return {"cells": lit(out), "keys": keys}
    c = play.mover
    if play.shown_at >= 0:
        out.append(cell([play.shown_at], STONE[c], "blinking %s: the board's %s stone goes here"
                         % (_SHADE[c], _COLOUR[c].lower())))
        return {"cells": out, "keys": keys}
    empty = [i for i in range(len(play.expect)) if not play.expect[i]]
    if ses.away():
        what = "breathing %s: %s" % (_SHADE[c], waiting(ses, ses.turn))
    else:
        what = "a glow every 3 s, %s: %s to move" % (_SHADE[c], _COLOUR[c])
    out.append(cell(empty, STONE[c], "the empty points: " + what))
    return {"cells": lit(out), "keys": keys}


def _end(play):
    keys = [["PASS", "the territory" if play.scores else "the scores as bars"], ["OK", "the menu"],
            ["MENU", "the menu"], ["SWAP", "nothing: the game is over"]]
    out = []
    if play.scores:
        sc = play.session.result["scores"]
        n = len(play.expect) // 2
        for seat in (0, 1):
            c = 1 + (seat ^ play.swapped)
            out.append(cell(range(seat * n, seat * n + min(sc[seat], n)), STONE[c],
                             "%s's score: %d" % (_COLOUR[c], sc[seat])))
        return {"cells": lit(out), "keys": keys}
    for c in (1, 2):
        out.append(cell([i for i in range(len(play.land)) if play.land[i] == c], STONE[c],
                         "%s (dim): %s's territory" % (_SHADE[c], _COLOUR[c])))
    return {"cells": lit(out), "keys": keys}


def details(app, play, out):
    """"moves_read": each move with the colour its player had when making it (the swap
    changes both seats' colours, so a list named by today's colours would mislead), and
    what the swap made of its player: "Black e5", "White swap (now Black)", "White c3"."""
    moves = play.session.rec["moves"]
    swapped = 0
    read = []
    for i in range(len(moves)):
        who = _COLOUR[1 + ((i & 1) ^ swapped)]   # the seats alternate, A first
        if moves[i] == "swap":
            swapped = 1
            read.append("%s swap (now %s)" % (who, _COLOUR[1 + ((i & 1) ^ swapped)]))
        else:
            read.append("%s %s" % (who, moves[i]))
    out["moves_read"] = read
