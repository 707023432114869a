"""The native twins of mabula.move_from_occupancy and of mabula.board_view without groups,
for the marble board (docs/architecture.md#native-code): viper, on the chip only. The
tables are the engine's (mabula._tables): ``ring`` its _RING_G, ``lines`` its _LINE,
``space_of`` and ``grid_of`` its own; a ring position's inward step follows from its edge."""
import micropython


@micropython.viper
def move_in(cells: ptr8, occupied: ptr8, colour: int, ring: ptr8, lines: ptr8,
            space_of: ptr8, grid_of: ptr8, after: ptr8) -> int:
    # ring position * 6 + d - 1 of the push that leaves ``occupied``, or -1 (``after``:
    # 64 bytes of room for the grid the push leaves)
    emptied = -1
    for r in range(24):
        g = ring[r]
        if cells[g]:
            if not occupied[space_of[g]]:
                if emptied >= 0:
                    return -1
                emptied = r
        elif occupied[space_of[g]]:
            return -1
    if emptied < 0:
        return -1
    e = ring[emptied]
    if cells[e] != colour:
        return -1
    step = 8 if e < 8 else -8 if e >= 56 else 1 if (e & 7) == 0 else -1
    d = 1
    while d <= 6 and not occupied[space_of[e + d * step]]:
        d += 1
    if d + cells[lines[emptied]] > 6:
        return -1
    for g in range(64):
        after[g] = cells[g]
    i = cells[lines[emptied]]
    p = 6
    while p > 0:   # mabula._push on the grid alone
        g = e + p * step
        c = after[g]
        if c:
            if d + i > p:
                after[e + (d + i) * step] = c
                after[g] = 0
            i -= 1
        p -= 1
    after[e + d * step] = colour
    after[e] = 0
    for k in range(60):
        a = 1 if after[grid_of[k]] else 0
        b = 1 if occupied[k] else 0
        if a != b:
            return -1
    return emptied * 6 + d - 1


@micropython.viper
def view_in(cells: ptr8, colours: ptr8, movers: ptr8, colour: int, ring: ptr8,
            lines: ptr8, space_of: ptr8, grid_of: ptr8):
    for k in range(60):
        colours[k] = cells[grid_of[k]]
        movers[k] = 0
    for r in range(24):
        g = ring[r]
        if cells[g] == colour and cells[lines[r]] < 6:
            movers[space_of[g]] = 1
