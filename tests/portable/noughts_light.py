"""Noughts and crosses on the light board (tests/portable/noughts_rules.py): the controller
a sixth game needs, in the one shape every controller has (firmware/app/core/controller.py).
The 3x3 squares are the light board's c3-e5; a press on an empty one plays it, X lights
in seat A's colour, O in seat B's."""
import noughts_rules as engine

from firmware.app.core import render
from firmware.app.core.controller import Play as Controller
from firmware.rules import IllegalMove

# Each square's cell on the light board (rank * 7 + file): a1 at c3 ... c3 at e5.
CELLS = bytes([(2 + i // 3) * 7 + 2 + i % 3 for i in range(9)])


def options(cfg, settings, profile):
    return settings.game_options(cfg, "noughts")


def seed(cfg, now):
    return 0


class Play(Controller):
    SEATS = "XO"

    def __init__(self, app, rec, now):
        self.rejected = -1
        Controller.__init__(self, app, rec, now, engine)
        self.moved(now)

    def press(self, key, now):
        i = CELLS.find(bytes([key])) if key < 49 else -1
        if i < 0:
            return
        try:
            self.session.play(engine.SQUARES[i], now)
            self.app.beep(render.ACCEPT)
            self.rejected = -1
        except IllegalMove as e:
            self.rejected = i
            self.app.beep(render.REJECT)
            self.app.say("rejected %s: %s" % (engine.SQUARES[i], e))

    def draw(self, f, now, still=False):
        render.clear(f)
        won = engine.line(self.session.state) if self.session.over else None
        cells = self.session.state.cells
        for i in range(9):
            c = cells[i]
            if c:
                render.put(f, CELLS[i], render.PLAYER[c - 1])
            else:
                render.put_scaled(f, CELLS[i], render.WHITE, 24)
        if won is not None and render.blink(now, 500, 250):
            for i in won:
                render.put(f, CELLS[i], render.WHITE)
        if self.rejected >= 0:
            render.put(f, CELLS[self.rejected], render.RED)
