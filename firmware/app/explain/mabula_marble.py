"""What the marble board says and what its lit spaces mean in a game of Mabula (for
explain/: tools only, never loaded by a board). It reads the controller
(games/mabula_marble.py's Play) as it draws itself."""
from firmware.app.core import render
from firmware.app.explain import away_name, cell, lit, waiting
from firmware.app.games.mabula_marble import MARBLE
from firmware.rules.mabula import SPACES

_NAMES = ("White", "Black")
_SHADE = ("tan", "purple")


def _where(values, want):
    return [i for i in range(len(values)) if values[i] == want]


def _spaces(cells):
    return " ".join([SPACES[i] for i in cells])


def sentence(app, play):
    ses = play.session
    if ses.over:
        shows = "the groups" if play.scores else "the scores"
        return "%s; PASS: %s, OK: the menu" % (ses.outcome(), shows)
    if play.setup:
        n = range(len(play.expect))
        missing = len([i for i in n if play.expect[i] and not play.seen[i]])
        extra = len([i for i in n if play.seen[i] and not play.expect[i]])
        return "setup: put a marble on every lit edge space (%d to put%s)" % (
            missing, ", %d to take off" % extra if extra else "")
    if play.wrongs:
        return "put the board right: %s" % _spaces([i for i in range(60) if play.wrong[i]])
    who = ses.name(ses.turn)
    if play.shown is not None:
        return "%s plays %s: push it in" % (away_name(ses, ses.turn), play.shown)
    if ses.away():
        return waiting(ses, ses.turn)
    return "%s to move: push a marble in from the edge" % who


def legend(app, play):
    ses = play.session
    if ses.over:
        return _end(play)
    keys = [["hold MENU", "pause: continue, undo, or end the game"],
            ["MENU", "nothing (hold it to pause)"],
            ["PASS", "nothing: a player who cannot push passes by itself"],
            ["OK", "nothing during a game"]]
    out = []
    if play.setup:
        for p in (0, 1):
            text = "%s, %s's marble goes here (dim: it is there; bright, blinking: missing)"
            out.append(cell(_where(play.expect, p + 1), MARBLE[p], text % (_SHADE[p], _NAMES[p])))
        out.append(cell(_where(play.wrong, 2), render.RED,
                         "red, blinking: a marble where none belongs: take it off"))
        return {"cells": out, "keys": keys}
    if play.wrongs:
        for p in (0, 1):
            missing = [i for i in range(60) if play.wrong[i] == 1 and play.expect[i] == p + 1]
            out.append(cell(missing, MARBLE[p], "%s, blinking: %s's marble missing here: "
                             "put it back" % (_SHADE[p], _NAMES[p])))
        out.append(cell(_where(play.wrong, 2), render.RED,
                         "red, blinking: a marble that should not be here: take it off"))
        return {"cells": lit(out), "keys": keys}
    p = ses.turn
    if play.shown is not None:
        out.append(cell([play.from_to[0]], MARBLE[p], "blinking: the marble %s pushes"
                         % away_name(ses, p)))
        out.append(cell([play.from_to[1]], render.WHITE, "blinking white: where it stops"))
        return {"cells": out, "keys": keys}
    mover = "breathing: " + waiting(ses, p) if ses.away() else \
        "%s to move" % _NAMES[p]
    out.append(cell(_where(play.hint, 1), MARBLE[p], "%s: %s's edge marbles that can be "
                     "pushed in; %s" % (_SHADE[p], _NAMES[p], mover)))
    if app.now < ses.pass_until:
        q = ses.pass_seat
        out.append(cell(_where(play.expect, q + 1), MARBLE[q],
                         "blinking: %s had to pass" % _NAMES[q]))
    if app.now < play.flash_until:
        out.append(cell([play.flash], render.WHITE, "a white flash: where the last push stopped"))
    return {"cells": lit(out), "keys": keys}


def _end(play):
    res = play.session.result
    keys = [["PASS", "the groups" if play.scores else "the scores as bars"], ["OK", "the menu"],
            ["MENU", "the menu"]]
    out = []
    if play.scores:
        sc = res["scores"]
        out.append(cell(range(min(sc[0], 30)), MARBLE[0],
                         "White's score: %d (a space a point, from b1 on)" % sc[0]))
        out.append(cell(range(59, 59 - min(sc[1], 30), -1), MARBLE[1],
                         "Black's score: %d (a space a point, from g8 back)" % sc[1]))
        return {"cells": lit(out), "keys": keys}
    for p in (0, 1):
        mine = [i for i in range(len(play.expect)) if play.expect[i] == p + 1]
        won = " (blinking: the winner's)" if res["winner"] == p else ""
        out.append(cell([i for i in mine if play.groups[i] == 1], MARBLE[p],
                         "%s's groups that score%s" % (_NAMES[p], won)))
        out.append(cell([i for i in mine if play.groups[i] == 2], MARBLE[p],
                         "dim: %s's other groups" % _NAMES[p]))
    if play.app.now < play.flash_until:
        out.append(cell([play.flash], render.WHITE, "a white flash: where the last push stopped"))
    return {"cells": lit(out), "keys": keys}
