"""What the tile board's two games say alike (for mano_tile.py and masbrur_tile.py:
tools only, never loaded by a board): positions by name, and what a position that
disagrees with the game shows (mano_tile.py's and masbrur_tile.py's wrong[] codes)."""
from firmware.app.core import render
from firmware.app.explain import cell
from firmware.app.boards.tile_positions import name

MISSING, EXTRA, BADREAD, REFUSED = 1, 2, 3, 4


def names(cells):
    return " ".join([name(c) for c in cells])


def where(values, pred, first=0, count=None):
    """The cells (from ``first``) whose value ``pred`` accepts."""
    n = len(values) if count is None else count
    return [first + i for i in range(n) if pred(values[i])]


def misread(wrong, first=0, count=None):
    """The sentence for contacts read outside every window, or None."""
    bad = where(wrong, lambda w: w == BADREAD, first, count)
    if not bad:
        return None
    return "a reading out of tolerance at %s: reseat the tile, clean the contacts" % names(bad)


def wrong_lines(wrong, first=0, count=None, missing="a tile is missing here: put it back",
                extra="take this tile off (the board says why)"):
    """The legend's lines for positions that disagree: magenta, blinking white, red."""
    return [cell(where(wrong, lambda w: w == BADREAD, first, count), render.MAGENTA,
                 "magenta: a reading out of tolerance: reseat the tile"),
            cell(where(wrong, lambda w: w == MISSING, first, count), render.WHITE,
                 "blinking white: " + missing),
            cell(where(wrong, lambda w: w == EXTRA or w == REFUSED, first, count), render.RED,
                 "blinking red: " + extra)]
