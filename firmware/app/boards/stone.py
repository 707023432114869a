"""The stone board (Fursaz's hexagon of side 5 or 7: a Hall sensor and an LED at each
point; MENU, OK, PASS, SWAP): Fursaz, at the board's size. Cells are the points in the
engine's order (a1, a2, …, b1, …: row a at the bottom).

No key under the points: PASS moves the selection (it blinks), OK chooses, MENU goes
back. Main menu: the settings on the first points - a1 the pie rule (off/on), a2
territory (run, midpoint), a3 the cycle rule (illegal, stop), a4 ties (draw, white),
a5 brightness, b1 sound, b2 the seat the board plays (off, A, B), b3 its level
(1-5), b5 flips stage by stage (off/on), b4 calibrate the sensors (calibrate.py) - and the 31st
point (e5, the centre, on the small board) start.
A choice shows its values on the three points before start; brightness is a bar over
the 40 points after b1. Pause: the points before, at and after start."""
from firmware.app.core import render

DIRECT = False
GAME_CELLS = (58, 59, 60)   # the last three points: a game each when there are several
PICK_COLOUR = None
START = 30
ITEMS = (
    ("fursaz.pie", 0, render.CYAN, None),
    ("fursaz.territory", 1, render.PURPLE, None),
    ("fursaz.cycle_rule", 2, render.MAGENTA, None),
    ("fursaz.tie", 3, render.LIME, None),
    ("leds.brightness", 4, render.WHITE, 0),
    ("sound", 5, render.YELLOW, None),
    ("fursaz.opponent", 6, render.BLUE, None),
    ("fursaz.level", 7, render.RED, 1),
    ("fursaz.stages", 9, render.PINK, None),
)
BAR = (6, 40)
OFF = 60
CHOICES = (27, 28, 29)
PAUSE = (29, 30, 31)
ACTIONS = (("calibrate", 8, render.TEAL),)   # b4: calibrate the sensors (calibrate.py)
TRACE = "stones"    # a trace's field (trace.py): every point that reads a stone, with its colour


def trace_names(profile):
    """The points, in cell order (the engine's point order)."""
    from firmware.rules import fursaz
    return points(fursaz, profile["size"])


def points(engine, size):
    """Every point of a board of ``size``, in the engine's order."""
    return [m for m in engine.legal_moves(engine.new_game({"size": size, "pie": False}))
            if m != "pass"]


def rows(profile):
    n = profile["size"]
    out = [0]
    for k in range(2 * n - 1):
        out.append(out[-1] + 2 * n - 1 - abs(k - n + 1))
    return tuple(out)



def action(app, name):
    """A menu action: the calibration screen, where the sensors are there to calibrate
    (not in a trace's replay)."""
    if getattr(app.sensors, "reader", None) is None:
        app.beep(render.REJECT)
        app.say("no sensors to calibrate here")
        return
    from firmware.app.boards.stone_calibrate import Calibrate
    app.show(Calibrate(app))


def attach(app):
    """At boot: the saved calibration into the sensor driver."""
    from firmware.app.boards import stone_calibrate as calibrate
    calibrate.apply(app)
