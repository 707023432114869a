"""The light board (7x7 keys with LEDs, MENU, OK): Morbak and Morbak Lite.

Main menu                              Setting editor
  7  M L . g w p n                       7  bar: a value is a number of lit squares,
  6  . . . . . . .                       6       counted from a2 rightwards, row by row
  5  . . . . . . .                       5       (a2 = 1 … g7 = 42); press a square to
  4  . . . S . . .                       4       set the value to that many
  3  . . . . . . .                       3
  2  . . . . . . .                       2
  1  T m B s C o l                       1  the setting's own square; g1 = off (limits)
M = Morbak, L = Morbak Lite (the chosen one bright; another game of the catalogue's for
this board on c7); S = start (green, OK too);
settings: T game time (cyan, 1 square = 1 minute), m move time (purple, 1 square =
10 s), B brightness (white, 42 steps, previewed live), s sound (yellow), C confirm step
(magenta), o the seat the board plays (green: off, A, B on c4, e4, g4), l its level
(red, 1-5 squares); a match: g its number of games (green, 1 square = 1 game), w the
wins that take it (cyan); p the palette (yellow: standard on c4, colour-blind on e4),
n night mode (purple). On/off settings show c4 = off (red) and e4 = on (green), the
current one bright. Pause: b4 continue, d4 undo, f4 end (then b4 A resigns, d4 draw,
f4 B resigns). What each square means on every screen is also in status()["legend"]
(firmware/app/explain/)."""
from firmware.app.core import render

DIRECT = True
GAME_CELLS = (42, 43, 44)   # the games and their variants (menu.picks), in the catalogue's order
PICK_COLOUR = None          # player A's colour in the palette in use
START = 24
ITEMS = (
    ("morbak.game_time_s", 0, render.CYAN, 60),
    ("morbak.move_time_s", 1, render.PURPLE, 10),
    ("leds.brightness", 2, render.WHITE, 0),
    ("sound", 3, render.YELLOW, None),
    ("morbak.confirm", 4, render.MAGENTA, None),
    ("morbak.opponent", 5, render.BLUE, None),
    ("morbak.level", 6, render.RED, 1),
    ("morbak.match_games", 45, render.LIME, 1),
    ("morbak.match_wins", 46, render.TEAL, 1),
    ("leds.palette", 47, render.PINK, None),
    ("leds.night", 48, render.GREY, None),
)
BAR = (7, 42)
OFF = 6
CHOICES = (23, 25, 27)
PAUSE = (22, 24, 26)
TRACE = "keys"      # a trace's field (trace.py): every key held, by name


def trace_names(profile):
    from firmware.hal.profile import key_names
    return key_names(profile)


def rows(profile):
    w = profile["leds"]["width"]
    return tuple(range(0, w * profile["leds"]["height"] + 1, w))

