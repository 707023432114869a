"""The tile board's reader positions (cells) and their names, as firmware/app/boards/tile.py
lists them: what a Mano a Mano game needs of the board's layout, apart from its menu, so
a game holds this and not the menu's layout."""
SIDE = 13         # track slots on each side of S
PAD = 27
FIELD = 28
WALLS = 60
# What a position reads besides a tile (reading()); a tile's key is below ODD.
EMPTY = 255       # no tile
FAULT = 254       # a contact outside every window, or shorted
ODD = 253         # one contact reads a tile, the other none: a tile askew


def reading(frame, cell):
    """What position ``cell`` of a stable frame reads (two contacts, half a first; 8: no
    tile, above 8: outside every window): a tile as a * 8 + b, or EMPTY, FAULT or ODD."""
    a = frame[2 * cell]
    b = frame[2 * cell + 1]
    if a == 8 and b == 8:
        return EMPTY
    if a > 8 or b > 8:
        return FAULT
    if a == 8 or b == 8:
        return ODD
    return a * 8 + b


def name(cell):
    """A position's name (made when asked: a game holds no table of 64 names)."""
    if cell == 0:
        return "S"
    if cell <= 2 * SIDE:
        return "%s%d" % ("L" if cell <= SIDE else "R", (cell - 1) % SIDE + 1)
    if cell == PAD:
        return "P"
    if cell < WALLS:
        return "%s%d" % ("ABCD"[(cell - FIELD) % 4], (cell - FIELD) // 4)
    return ("WA1", "WA2", "WB1", "WB2")[cell - WALLS]


def names():
    """Every position's name, in cell order."""
    return [name(c) for c in range(WALLS + 4)]


def slot(offset):
    """The cell of the track slot ``offset`` from S (negative leftwards), or -1 past the
    track's end."""
    if offset == 0:
        return 0
    if offset < 0:
        return -offset if offset >= -SIDE else -1
    return SIDE + offset if offset <= SIDE else -1
