"""Noughts and crosses on the marble board: the same game on a second board kind, one more
entry in its catalogue row. The sensors read only where a marble is; the mark is the
mover's (the turn says whose), so a marble put on an empty square of c3-e5 plays it, and
anything else lights red until it is taken off."""
import noughts_rules as engine

from firmware.app.core import render
from firmware.app.core.sensing import Sensing

# The marble board's cells are its spaces rank by rank (b1-g1, a2-h2 ... b8-g8): c3 is 16.
CELLS = bytes([6 + 8 * (1 + i // 3) + 2 + i % 3 for i in range(9)])


def options(cfg, settings, profile):
    return settings.game_options(cfg, "noughts")


def seed(cfg, now):
    return 0


class Play(Sensing):
    SEATS = "XO"

    def __init__(self, app, rec, now):
        Sensing.__init__(self, app, rec, now, engine, 60)
        self.moved(now)

    def reading(self, occ, now):
        ses = self.session
        cells = ses.state.cells
        for i in range(60):
            self.seen[i] = occ[i]
            self.wrong[i] = occ[i] and CELLS.find(bytes([i])) < 0   # off the squares
        new = [i for i in range(9) if occ[CELLS[i]] and not cells[i]]
        for i in range(9):
            if cells[i] and not occ[CELLS[i]]:
                self.wrong[CELLS[i]] = 1                             # a mark taken off
        if len(new) == 1 and not self.count() and not ses.over:
            ses.play(engine.SQUARES[new[0]], now)
            self.app.beep(render.ACCEPT)
            return
        for i in new[1:]:
            self.wrong[CELLS[i]] = 1                                 # two at once
        self.count()
        self.report(now, " ".join([str(i) for i in range(60) if self.wrong[i]]))

    def draw(self, f, now, still=False):
        render.clear(f)
        cells = self.session.state.cells
        for i in range(9):
            c = cells[i]
            render.put_scaled(f, CELLS[i], render.PLAYER[c - 1] if c else render.WHITE,
                              256 if c else 24)
        if self.wrongs and render.blink(now, 500, 300):
            for i in range(60):
                if self.wrong[i]:
                    render.put(f, i, render.RED)
