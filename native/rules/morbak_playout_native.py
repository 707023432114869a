"""Native twins of morbak_playout.py's threat test and random playout
(docs/architecture.md#native-code): viper, on the chip only, the same results as their
portable twins. A board is 49 position characters (index = rank*7 + file); ``own`` is
morbak's _OWNER table (1 for A's squares, 2 for B's); ``sw`` the per_player switch bits
(any 49 bytes when ``per`` is 0). The character values repeat morbak.py's."""
import micropython
from micropython import const

_EMPTY = const(46)
_NEUTRAL = const(35)
_LITE = const(1)
_SEPARATE = const(2)
_PER_PLAYER = const(4)
# playout_in's st: the mover, flags, empty squares, end, winner, the generator's halves
# (two bytes each, low first), the plies left (two bytes)
_TURN = const(0)
_FLAGS = const(1)
_EMPTIES = const(2)
_END = const(3)
_WINNER = const(4)
_HI = const(5)
_LO = const(7)
_LIMIT = const(9)


@micropython.viper
def can_win_in(bo, owno, swo, p: int, switch: int, per: int) -> int:
    """1 when seat p could complete a window of four with one light or switch."""
    b = ptr8(bo)
    own_t = ptr8(owno)
    sw = ptr8(swo)
    own = p + 1
    lit_o = 66 - p
    sw_o = 98 - p
    bit = 1 << p
    for d in range(4):
        dx = 0 if d == 1 else 1
        dy = 0 if d == 0 else (-1 if d == 3 else 1)
        step = 7 * dy + dx
        for y in range(7):
            if y + 3 * dy < 0 or y + 3 * dy > 6:
                continue
            for x in range(7 - 3 * dx):
                gap = -1
                j = y * 7 + x
                for k in range(4):
                    if own_t[b[j]] != own:
                        if gap >= 0:
                            gap = -2
                            break
                        gap = j
                    j += step
                if gap < 0:
                    continue
                c = b[gap]
                if c == _EMPTY:
                    return 1
                if switch and (c == lit_o or (c == sw_o and per and not (sw[gap] & bit))):
                    return 1
    return 0


@micropython.viper
def _kinds(bo, cnto, swo, f: int, p: int) -> int:
    """The switches, blocks and neutralizations seat p may play: one byte each."""
    b = ptr8(bo)
    cnt = ptr8(cnto)
    sw = ptr8(swo)
    o = 1 - p
    lit_p = 65 + p
    lit_o = 65 + o
    sw_p = 97 + p
    sw_o = 97 + o
    bl_o = 49 + o
    can_s = cnt[p]
    can_k = 0
    if not (f & _LITE):
        can_k = cnt[(2 if f & _SEPARATE else 0) + p]
    can_n = cnt[4 + p]
    per = f & _PER_PLAYER
    pbit = 1 << p
    obit = 1 << o
    ns = 0
    nk = 0
    nn = 0
    for i in range(49):
        v = b[i]
        if v == lit_o:
            if can_s:
                ns += 1
        elif v == lit_p:
            if can_k:
                nk += 1
        elif v == sw_o:
            if can_s and per and not (sw[i] & pbit):
                ns += 1
            if can_n:
                nn += 1
        elif v == bl_o:
            if can_n:
                nn += 1
        elif v == sw_p:
            if can_k and per and not (sw[i] & obit):
                nk += 1
    return ns | (nk << 8) | (nn << 16)


@micropython.viper
def _kth(bo, swo, k: int, x: int, y: int, swc: int, bit: int) -> int:
    """Board index of the k-th square (from 0, canonical order a1, a2, ..., g7) that
    holds x or y, or swc while sw lacks ``bit`` there (0: no such character)."""
    b = ptr8(bo)
    sw = ptr8(swo)
    for fx in range(7):
        for i in range(fx, 49, 7):
            v = b[i]
            if v == x or v == y or (v == swc and not (sw[i] & bit)):
                if k == 0:
                    return i
                k -= 1
    return -1


@micropython.viper
def _line_through(bo, owno, i: int, p: int) -> int:
    """1 when seat p owns four squares in a row through square i."""
    b = ptr8(bo)
    own_t = ptr8(owno)
    own = p + 1
    x0 = i % 7
    y0 = i // 7
    for d in range(4):
        dx = 0 if d == 1 else 1
        dy = 0 if d == 0 else (-1 if d == 3 else 1)
        n = 1
        x = x0 + dx
        y = y0 + dy
        while x >= 0 and x < 7 and y >= 0 and y < 7 and own_t[b[y * 7 + x]] == own:
            n += 1
            x += dx
            y += dy
        x = x0 - dx
        y = y0 - dy
        while x >= 0 and x < 7 and y >= 0 and y < 7 and own_t[b[y * 7 + x]] == own:
            n += 1
            x -= dx
            y -= dy
        if n >= 4:
            return 1
    return 0


@micropython.viper
def playout_in(bo, cnto, swo, owno, sto) -> int:
    """The random playout on the board, counters and switch bits given (changed in
    place), from the state in st (updated): each ply draws ``below(n)`` from the
    generator's halves over the n moves counted by kind, as morbak_playout.playout."""
    b = ptr8(bo)
    cnt = ptr8(cnto)
    sw = ptr8(swo)
    st = ptr8(sto)
    p = st[_TURN]
    f = st[_FLAGS]
    empty = st[_EMPTIES]
    hi = st[_HI] | (st[_HI + 1] << 8)
    lo = st[_LO] | (st[_LO + 1] << 8)
    limit = st[_LIMIT] | (st[_LIMIT + 1] << 8)
    per = f & _PER_PLAYER
    turn = p
    while limit:
        o = 1 - p
        kinds = int(_kinds(bo, cnto, swo, f, p))
        ns = kinds & 255
        nk = (kinds >> 8) & 255
        nn = kinds >> 16
        n = empty + ns + nk + nn
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
        limit -= 1
        if n == 0:   # a forced pass
            p = o
            turn = o
            continue
        k = ((hi % n) * (0x10000 % n) + lo) % n
        lights = 0
        if k < empty:
            i = int(_kth(bo, swo, k, _EMPTY, 0, 0, 0))
            v = 65 + p
            empty -= 1
            lights = 1
        elif k < empty + ns:
            i = int(_kth(bo, swo, k - empty, 65 + o, 0, (97 + o) if per else 0, 1 << p))
            v = 97 + p
            cnt[p] -= 1
            if per:
                sw[i] |= 1 << p
            lights = 1
        elif k < empty + ns + nk:
            i = int(_kth(bo, swo, k - empty - ns, 65 + p, 0, (97 + p) if per else 0, 1 << o))
            v = 49 + p
            cnt[(2 if f & _SEPARATE else 0) + p] -= 1
        else:
            i = int(_kth(bo, swo, k - empty - ns - nk, 97 + o, 49 + o, 0, 0))
            v = _NEUTRAL
            cnt[4 + p] -= 1
        b[i] = v
        turn = o
        if lights and int(_line_through(bo, owno, i, p)):
            st[_END] = 1
            st[_WINNER] = p
            break
        if empty == 0 and int(_kinds(bo, cnto, swo, f, p)) == 0 \
                and int(_kinds(bo, cnto, swo, f, o)) == 0:
            st[_END] = 3
            break
        p = o
    st[_TURN] = turn
    st[_EMPTIES] = empty
    st[_HI] = hi & 255
    st[_HI + 1] = hi >> 8
    st[_LO] = lo & 255
    st[_LO + 1] = lo >> 8
    return 0
