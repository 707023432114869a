"""The tile board (dominoes read by the resistor in each half: firmware/hal/tiles.py):
Dominó Mano a Mano and Masbrur. 64 reader positions, each two contacts (half a, half b) and an LED;
MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK buttons.

Positions (cells) and their names (firmware/app/boards/tile_positions.py), the same in traces, the
simulator and the games:

    0          S        Mano a Mano's start slot: the lead lies here
    1 - 13     L1-L13   the track's slots leftwards from S (L1 next to S)
    14 - 26    R1-R13   the track's slots rightwards from S
    27         P        the reader pad (the end-of-hand scan, a tile shown to the board)
    28 - 59    A0-D7    Masbrur's field: row r (0 at the bottom, as the engine counts)
                        at cells 28 + 4r .. 31 + 4r, left to right: A the left input
                        position, B the row's left tile, C its right tile, D the right
                        input position (cell 28 + 4 * row + "ABCD".index(column))
    60 - 63    WA1 WA2 WB1 WB2   the face-down wall slots, two per seat (A = seat 0)

A tile on the track is read as a tile, whatever way round (orientation follows from the
value it matches); a field position keeps its halves apart (half a on the left).

No key under the positions: PASS moves the selection (it blinks), OK chooses, MENU goes
back. Main menu: L5 Mano a Mano, L6 Masbrur (what start plays: setting game);
on the right of the track R1 the target (a bar over the field, 5 points a cell; empty: the
rules' 50), R2 lock, R3 lock award, R4 later leads, R5 brightness (a bar over the field),
R6 sound, R7 the seat the board plays in Masbrur (off, A, B), R8 its level (1-5), R9 / R10 the same
for Mano a Mano; start on
S (green). A choice shows its values on L1, L2, L3. Pause: L1 continue, S undo, R1 end."""
from firmware.app.core import render
from firmware.app.boards.tile_positions import FIELD, PAD, SIDE, WALLS, name, names, slot  # noqa: F401 (the board's)

DIRECT = False
GAME_CELLS = (5, 6)                            # L5 Mano a Mano, L6 Masbrur (menu.picks)
PICK_COLOUR = render.ORANGE
START = 0                                      # S
ITEMS = (
    ("mano.target", 14, render.LIME, 5),
    ("mano.lock", 15, render.PURPLE, None),
    ("mano.lock_award", 16, render.MAGENTA, None),
    ("mano.later_lead", 17, render.TEAL, None),
    ("leds.brightness", 18, render.WHITE, 0),
    ("sound", 19, render.YELLOW, None),
    ("masbrur.opponent", 20, render.BLUE, None),
    ("masbrur.level", 21, render.RED, 1),
    ("mano.opponent", 22, render.CYAN, None),
    ("mano.level", 23, render.PINK, 1),
)
BAR = (28, 32)                                 # the field
OFF = 27                                       # P (no setting of the board switches off)
CHOICES = (1, 2, 3)                            # L1, L2, L3
PAUSE = (1, 0, 14)                             # L1, S, R1
TRACE = "track"   # a trace's fields (trace.py): "track" and "pad", each tile low end first,
#                   and "field" (Masbrur's field and wall slots, each tile half a first)

def trace_names(profile):
    return names()


def rows(profile):
    return (0, 14, 27, 28, 36, 44, 52, 60, 64)

