"""Fast random playouts of Mabula for the opponents (firmware/ai/mabula.py), beside the
engine's API and kept out of it, so a board playing Mabula without an opponent does not
hold this code: ``playout(state, rng, limit, log)`` plays the very game the API plays
with random moves; ``edge_marbles(state)`` bounds the moves left."""
from firmware.rules import mabula as m

_ends = None   # ring position -> (grid index of its edge space, its line's count slot)


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
    bytearray changed in place. ``log``, a list, receives each move played."""
    global _ends
    if _ends is None:
        _ends = tuple((m._RING_G[r], m._LINE[r]) for r in range(24))
    cells = bytearray(state.cells)
    turn = state.turn
    ends = _ends
    push = m._push
    free = bytearray(24)   # moves from each ring position this ply
    below = rng.below
    while limit:
        colour = turn + 1
        n = 0
        r = 0
        for g, slot in ends:
            if cells[g] == colour:
                f = 6 - cells[slot]
                free[r] = f
                n += f
            else:
                free[r] = 0
            r += 1
        if n:
            k = below(n)
            r = 0
            while k >= free[r]:
                k -= free[r]
                r += 1
            push(cells, r, k + 1, colour)
            if log is not None:
                log.append(m.move_name(r, k + 1))
        elif m._can_move(cells, 3 - colour):
            below(1)
            if log is not None:
                log.append("pass")
        else:
            break
        turn = 1 - turn
        limit -= 1
    return m._State(cells, turn, state.opts)
