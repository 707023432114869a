"""What the boards say about noughts and crosses (the tools' words, as firmware/app/explain/
has them for every game): a sentence and a legend of the lit cells."""
from firmware.app.core import render
from firmware.app.explain import cell


def sentence(app, play):
    ses = play.session
    if ses.over:
        return "%s; OK: the menu" % ses.outcome()
    return "%s to move: %s" % (ses.name(ses.turn), "press an empty square"
                               if app.kind == "light" else "put a marble on an empty square")


def legend(app, play):
    cells = __import__(type(play).__module__).CELLS   # the controller's squares
    out = [cell([], render.PLAYER[0], "X's mark"), cell([], render.PLAYER[1], "O's mark"),
           cell([c for c in cells if not play.session.state.cells[cells.find(bytes([c]))]],
                render.WHITE, "an empty square")]
    return {"cells": out, "keys": [["hold MENU", "pause"]]}
