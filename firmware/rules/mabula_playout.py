"""Fast random playouts of Mabula for the opponents (firmware/ai/mabula.py), beside the
engine's API and kept out of it, so a board playing Mabula without an opponent does not
hold this code: ``playout(state, rng, limit, log)`` plays the very game the API plays
with random moves; ``edge_marbles(state)`` bounds the moves left."""
from firmware.rules import _redraw
from firmware.rules import mabula as m


def edge_marbles(state):
    """Marbles on the edge: every move takes one off for good, so this bounds
    the moves left (passes aside)."""
    n = 0
    for g in m._RING_G:
        if state.cells[g]:
            n += 1
    return n


def playout(state, rng, limit=-1, log=None):
    """Play random moves from ``state`` until the game ends (or ``limit`` plies
    are played) and return the position reached; ``state`` is untouched.

    The game is exactly the one the API plays when every move is
    ``legal_moves(s)[rng.below(len(legal_moves(s)))]`` (a forced pass draws
    ``rng.below(1)`` too), without building move lists or states: one
    list of cells changed in place, each side's edge marbles listed in ring
    order (a push takes one off the edge for good, so the lists only shrink),
    ``rng``'s draws inlined (its state in two locals, written back at the end).
    ``log``, a list, receives each move played."""
    cells = list(state.cells)   # a list: CPython indexes lists faster than bytearrays
    turn = state.turn
    ring_g = m._RING_G
    line = m._LINE
    steps = m._STEP
    col = m._COL
    row = m._ROW
    # own[seat]: the ring positions of the seat's edge marbles, in ring order.
    own = ([], [])
    for r in range(24):
        c = cells[ring_g[r]]
        if c:
            own[c - 1].append(r)
    hi, lo = rng.hi, rng.lo
    while limit:
        colour = turn + 1
        mine = own[turn]
        n = 0   # the marbles in the lines of mine: 6 spaces each, less those
        for r in mine:
            n += cells[line[r]]
        n = 6 * len(mine) - n
        if not n:   # a pass, or the end when the other side cannot move either
            for r in own[1 - turn]:
                if cells[line[r]] < 6:
                    break
            else:
                break
        # rng.below(n), or below(1) for a pass, inlined: its step, a rare
        # redraw, the draw.
        hi ^= (hi & 7) * 8192 + (lo >> 3)
        lo ^= (lo & 7) * 8192 ^ hi >> 1
        hi ^= (hi & 0x7FF) * 32 + (lo >> 11)
        lo ^= (lo & 0x7FF) * 32
        if n:
            if hi == 0xFFFF:
                hi, lo = _redraw(hi, lo, n)
            k = (hi * (0x10000 % n) + lo) % n
            i = 0
            while True:
                r = mine[i]
                f = 6 - cells[line[r]]
                if k < f:
                    break
                k -= f
                i += 1
            d = k + 1
            # mabula._push(cells, r, d, colour) inlined, its walk stopped at the
            # line's last marble: marble i (from the edge) goes to max(p_i, d + i).
            e = ring_g[r]
            step = steps[r]
            i_th = cells[line[r]]
            p = 6
            while i_th:
                g = e + p * step
                c = cells[g]
                if c:
                    t = d + i_th
                    if t > p:
                        to = e + t * step
                        cells[to] = c
                        cells[g] = 0
                        cells[col + (g & 7)] -= 1
                        cells[row + (g >> 3)] -= 1
                        cells[col + (to & 7)] += 1
                        cells[row + (to >> 3)] += 1
                    i_th -= 1
                p -= 1
            g = e + d * step
            cells[g] = colour
            cells[col + (g & 7)] += 1
            cells[row + (g >> 3)] += 1
            cells[e] = 0
            del mine[i]
            if log is not None:
                log.append(m.move_name(r, d))
        elif log is not None:
            log.append("pass")
        turn = 1 - turn
        limit -= 1
    rng.hi, rng.lo = hi, lo
    return m._State(bytearray(cells), turn, state.opts)
