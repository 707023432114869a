"""The native twin of the Mabula opponent's random playout (firmware/ai/mabula.py; its
portable twin is firmware/rules/mabula_playout.playout): viper, on the chip only, the same
game and the same draws. ``cells`` is mabula's cells (changed in place), ``ring``,
``line`` its tables _RING_G and _LINE, ``step`` _STEP plus 8 as bytes; ``w`` the work
buffer: the mover, the generator's halves (two bytes each, low first), the plies left
(two bytes), then each seat's edge marbles' ring positions (24 places a seat) and their
counts. The cell slots repeat mabula.py's."""
import micropython
from micropython import const

_COL = const(63)
_ROW = const(69)
_TURN = const(0)
_HI = const(1)
_LO = const(3)
_LIMIT = const(5)
_OWN = const(8)
_COUNT = const(56)


@micropython.viper
def playout_in(co, ringo, lineo, stepo, wo) -> int:
    cells = ptr8(co)
    ring = ptr8(ringo)
    line = ptr8(lineo)
    steps = ptr8(stepo)
    w = ptr8(wo)
    turn = w[_TURN]
    hi = w[_HI] | (w[_HI + 1] << 8)
    lo = w[_LO] | (w[_LO + 1] << 8)
    limit = w[_LIMIT] | (w[_LIMIT + 1] << 8)
    w[_COUNT] = 0
    w[_COUNT + 1] = 0
    for r in range(24):   # each seat's edge marbles in ring order
        c = cells[ring[r]]
        if c:
            w[_OWN + 24 * (c - 1) + w[_COUNT + c - 1]] = r
            w[_COUNT + c - 1] += 1
    while limit:
        colour = turn + 1
        mine = _OWN + 24 * turn
        count = w[_COUNT + turn]
        n = 0
        for x in range(mine, mine + count):
            n += 6 - cells[line[w[x]]]
        if n == 0:   # a pass, unless the other seat cannot move either: the end
            other = 3 - colour
            can = 0
            for r in range(24):
                if cells[ring[r]] == other and cells[line[r]] < 6:
                    can = 1
                    break
            if can == 0:
                break
        while True:   # below(n) (below(1) for a pass): Rng's step, redrawn while hi is
            # 0xFFFF and lo at or above its limit (Rng's _redraw)
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
            lo ^= (lo << 5) & 0xFFFF
            if hi != 0xFFFF or n == 0:
                break
            m = 0x10000 % n
            if lo < 0x10000 - (m * m) % n:
                break
        if n:
            k = ((hi % n) * (0x10000 % n) + lo) % n
            x = mine
            r = w[x]
            f = 6 - cells[line[r]]
            while k >= f:
                k -= f
                x += 1
                r = w[x]
                f = 6 - cells[line[r]]
            d = k + 1
            # the push: marble i (from the edge) of the line goes to max(p_i, d + i)
            e = ring[r]
            step = steps[r] - 8
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
                        cells[_COL + (g & 7)] -= 1
                        cells[_ROW + (g >> 3)] -= 1
                        cells[_COL + (to & 7)] += 1
                        cells[_ROW + (to >> 3)] += 1
                    i_th -= 1
                p -= 1
            g = e + d * step
            cells[g] = colour
            cells[_COL + (g & 7)] += 1
            cells[_ROW + (g >> 3)] += 1
            cells[e] = 0
            for y in range(x, mine + count - 1):   # off the edge for good
                w[y] = w[y + 1]
            w[_COUNT + turn] = count - 1
        turn = 1 - turn
        limit -= 1
    w[_TURN] = turn
    w[_HI] = hi & 255
    w[_HI + 1] = hi >> 8
    w[_LO] = lo & 255
    w[_LO + 1] = lo >> 8
    return 0
