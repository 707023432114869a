"""What the light board says and what its lit squares mean in a game of Morbak (the tools'
words: firmware/app/explain/, never loaded by a board). It reads the controller
(games/morbak_light.py) as it draws itself."""
from firmware.app.core import render
from firmware.app.explain import _match_now, cell

_MORBAK = ((1, "A's square"), (2, "B's square"), (3, "A's square, switched by A"),
           (4, "B's square, switched by B"), (5, "A's square, blocked: it cannot change"),
           (6, "B's square, blocked: it cannot change"), (7, "neutralized: dead for good"))


_ACTIONS = {"L": "light", "S": "switch", "K": "block", "N": "neutralize"}


def _action_words(move):
    """A Morbak move as a player says it: "S d4" -> "switch d4"."""
    return "%s %s" % (_ACTIONS.get(move[:1], move[:1]), move[2:])



def sentence(app, play):
    ses = play.session
    if play.view:
        return "budgets and clocks (they keep running); MENU, OK or a square: back to the game"
    if play.pend >= 0:
        return "%s: %s? (press again or OK; MENU cancels)" % (
            ses.seats[ses.turn], _action_words(play.choices[play.choice]))
    if ses.over:
        return ses.outcome()
    if ses.away():
        who = ses.player(ses.turn)
        return ("the board (%s) is thinking" % ses.seats[ses.turn] if who == "the board"
                else "%s plays elsewhere: waiting for the move" % who)
    return "%s to move" % ses.seats[ses.turn]


def legend(app, play):
    if play.view:
        return _status_view(app)
    return _game(app)


def details(app, play, out):
    """Morbak's part of status(): budgets, the last move, the match."""
    from firmware.rules.morbak import SQUARES
    n = play.counts
    out["budgets"] = {"budget": [n[0], n[1]], "neutralizations": [n[2], n[3]],
                      "counts": budget_words(play.session.rec)}
    shown = play.last_sq >= 0 and app.screen is play and not play.view
    out["last"] = SQUARES[play.last_sq] if shown else None
    out["match"] = _match_now(play.session.rec)


def _ended(play, ses):
    """The legend's line for how a won game blinks (games/morbak_light.py draws it)."""
    if play.line is not None:
        return cell(play.line, render.FLASH, "blinking white: %s's winning line"
                    % ses.seats[play.winner], True)
    return cell([], render.FLASH, "blinking white: %s's squares, the winner"
                % ses.seats[play.winner], True)


def _has(cells, code):
    for c in cells:          # ``in`` on a bytearray: not in MicroPython
        if c == code:
            return True
    return False


def _game(app):
    play = app.play
    ses = play.session
    lite = ses.rec["options"].get("lite")
    n = play.counts
    out = []
    for code, text in _MORBAK:
        if (code == 5 or code == 6) and lite:
            continue                            # Lite has no blocks
        if code == 7 and not (n[2] or n[3] or _has(play.cells, code)):
            continue                            # no neutralization in this game
        out.append(cell([], render.SQUARE[code], text))
    out.append(cell([], render.FLASH, "white flash: the move was played", True))
    out.append(cell([], render.REJECTED, "flash: that press does nothing (the board says why)",
                    True))
    if ses.turn >= 0:   # at the heartbeat's strength (games/morbak_light.py: 100/256)
        glow = [v * 100 >> 8 for v in render.PLAYER[ses.turn]]
        out.append(cell([], glow, "the empty squares glow: %s to move "
                         "(faster when time runs short)" % ses.seats[ses.turn], True))
    if play.last_sq >= 0:
        code = render.CODES.find(chr(play.cells[play.last_sq]))
        out.append(cell([play.last_sq], render.SQUARE[code],
                         "the last move (it flashes, then pulses, when played)"))
    if play.pend >= 0:
        out.append(cell([play.pend], render.SQUARE[play.pend_code],
                         "selected: %s, blinking" % play.choices[play.choice]))
    if ses.over:
        if play.winner >= 0:
            out.append(_ended(play, ses))
        keys = [["OK", "go on: the match's score, or the menu"], ["MENU", "the same"]]
    else:
        keys = [["a square", "play it (with the confirm step: select it, then press again)"],
                ["OK", "play the selected move; else show budgets and clocks"],
                ["MENU", "cancel the selection; else show budgets and clocks"],
                ["hold MENU", "pause: continue, undo, or end the game"]]
    return {"cells": out, "keys": keys}


def _row(y):
    return range(7 * y, 7 * y + 7)


def budget_words(rec):
    """What a Morbak budget counts: Lite has no blocks."""
    return "switches" if rec["options"].get("lite") else "switches and blocks"


def _status_view(app):
    turn = max(app.play.session.turn, 0)
    a, b = render.PLAYER
    white = render.WHITE
    what = budget_words(app.play.session.rec)
    out = [cell(_row(6), b, "B's game time left"), cell(_row(5), b, "B's %s left" % what),
           cell(_row(4), white, "B's neutralization left"),
           cell(_row(3), render.PLAYER[turn], "the move countdown of the player to move"),
           cell(_row(2), white, "A's neutralization left"),
           cell(_row(1), a, "A's %s left" % what), cell(_row(0), a, "A's game time left")]
    back = "back to the game"
    return {
        "cells": out,
        "keys": [["MENU", back], ["OK", back], ["a square", back], ["hold MENU", "pause"]],
    }
