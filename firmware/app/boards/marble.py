"""The marble board (Mabula's 8x8 without corners: 60 spaces, each with a presence
sensor and an LED; MENU, OK, PASS): Mabula. Cells are the spaces in mabula.SPACES
order (rank 1 to 8, file a to h: b1 = 0 … g8 = 59).

No key under the spaces: PASS moves the selection (it blinks), OK chooses, MENU goes
back. Main menu: the settings on rank 1 - b1 who moves first (W, B, random), c1 scoring
(largest, product), d1 tiebreak (draw, lex), e1 edge marbles counted (off/on), f1
brightness, g1 sound, a2 the seat the board plays (off, W, B), h2 its level (1-5) -
and d4 start (green). A choice shows its values on c5, d5, e5;
brightness a bar over ranks 2-7. Pause: c4 continue, d4 undo, e4 end."""
from firmware.app.core import render

DIRECT = False
GAME_CELLS = (54, 55, 56)   # b8, c8, d8: a game each when the catalogue has several
PICK_COLOUR = None
START = 25                                     # d4
ITEMS = (
    ("mabula.first", 0, render.CYAN, None),
    ("mabula.scoring", 1, render.PURPLE, None),
    ("mabula.tiebreak", 2, render.MAGENTA, None),
    ("mabula.count_edge_marbles", 3, render.LIME, None),
    ("leds.brightness", 4, render.WHITE, 0),
    ("sound", 5, render.YELLOW, None),
    ("mabula.opponent", 6, render.BLUE, None),
    ("mabula.level", 13, render.RED, 1),
)
BAR = (6, 48)
OFF = 59
CHOICES = (32, 33, 34)                         # c5, d5, e5
PAUSE = (24, 25, 26)                           # c4, d4, e4
TRACE = "occupied"  # a trace's field (trace.py): every space that reads a marble


def trace_names(profile):
    from firmware.rules.mabula import SPACES
    return SPACES


def rows(profile):
    return (0, 6, 14, 22, 30, 38, 46, 54, 60)

