"""Native twins of the Masbrur playout's selection (firmware/ai/masbrur_playout.py,
docs/architecture.md#native-code): viper, on the chip only, the same results as their
portable twins there, whose buffer layout these constants repeat."""
import micropython
from micropython import const

_LO = const(0)
_HI = const(24)
_USE = const(48)
_ASSIGN = const(96)
_OWNER = const(104)
_QUEUE = const(128)
_BACK = const(136)
_FORMS = const(144)
_NF = const(156)


@micropython.viper
def select_in(wb, mb, n: int, flags: int) -> int:
    w = ptr8(wb)
    m = ptr32(mb)
    for i in range(48):
        w[_USE + i] = 255
    nf = 0
    ban = flags >> 2
    while nf < 3:
        best = 0
        brow = 0
        bzh = 0
        bwin = 0
        for t in range(4):
            if t == 2:
                if best or ban == 0:
                    break
                ban = 0
            row = t & 1
            base = 8 * row
            for v in range(8):
                m[base + v] = 0
            for i in range(n):
                if w[_USE + 24 * row + i] == 255:
                    a = w[_LO + i]
                    c = w[_HI + i]
                    u = w[_USE + 24 - 24 * row + i]
                    if u == 255:
                        m[base + a] = m[base + a] | (1 << i)
                        m[base + c] = m[base + c] | (1 << i)
                    else:
                        m[base + a + c - u] = m[base + a + c - u] | (1 << i)
            least = 5 - 2 * row
            got = 0
            present = 0
            for v in range(8):
                x = m[base + v]
                if x:
                    present |= 1 << v
                k = 0
                while x:
                    x &= x - 1
                    k += 1
                if k >= least and k * 16 + v > got and (ban >> v) & 1 == 0:
                    got = k * 16 + v
            zh = 0
            win = 0
            length = 8
            while length >= least and length * 16 + 8 > got and win == 0:
                win = 1 | (((1 << (length - 1)) - 1) << (9 - length))
                if (ban >> 8) & 1 == 0 and present & win == win \
                        and int(match_in(wb, mb, base, win, n)):
                    got = length * 16 + 8
                    zh = 1
                    break
                win = 0
                top = 7
                while top >= length - 1 and length * 16 + top > got:
                    win = ((1 << length) - 1) << (top - length + 1)
                    if (ban >> top) & 1 == 0 and present & win == win \
                            and int(match_in(wb, mb, base, win, n)):
                        got = length * 16 + top
                        break
                    win = 0
                    top -= 1
                length -= 1
            if got > best:
                best = got
                brow = row
                bzh = zh
                bwin = win
        if best == 0:
            break
        base = 8 * brow
        taken = 0
        bv = 0
        if bwin:
            match_in(wb, mb, base, bwin, n)
            for v in range(8):
                if (bwin >> v) & 1:
                    i = w[_ASSIGN + v]
                    w[_USE + 24 * brow + i] = v
                    taken |= 1 << i
                    bv = v
            if bzh:
                bv = 0
        else:
            bv = best & 15
            taken = m[base + bv]
            for i in range(n):
                if (taken >> i) & 1:
                    w[_USE + 24 * brow + i] = bv
        w[_FORMS + 4 * nf] = brow
        w[_FORMS + 4 * nf + 1] = bzh
        w[_FORMS + 4 * nf + 2] = best
        w[_FORMS + 4 * nf + 3] = bv
        m[16 + nf] = taken
        nf += 1
    w[_NF] = nf
    total = 0
    for i in range(n):
        a = w[_LO + i]
        c = w[_HI + i]
        up = w[_USE + i]
        down = w[_USE + 24 + i]
        if up == 255 and down == 255:
            if flags & 2:
                if flags & 1:
                    total += a + c
                else:
                    total += 2
        elif up == 255 or down == 255:
            if flags & 1:
                total += a + c - (up & down)
            else:
                total += 1
    return total


@micropython.viper
def match_in(wb, mb, base: int, win: int, n: int) -> int:
    w = ptr8(wb)
    m = ptr32(mb)
    for i in range(n):
        w[_OWNER + i] = 255
    for v in range(8):
        if (win >> v) & 1 == 0:
            continue
        w[_ASSIGN + v] = 255
        w[_QUEUE] = v
        head = 0
        tail = 1
        seen = 1 << v
        found = 0
        while head < tail and found == 0:
            x = w[_QUEUE + head]
            head += 1
            mask = m[base + x]
            for i in range(n):
                if (mask >> i) & 1 == 0:
                    continue
                o = w[_OWNER + i]
                if o == 255:
                    j = i
                    while True:
                        old = w[_ASSIGN + x]
                        w[_ASSIGN + x] = j
                        w[_OWNER + j] = x
                        if x == v:
                            break
                        j = old
                        x = w[_BACK + x]
                    found = 1
                    break
                if (seen >> o) & 1 == 0:
                    seen |= 1 << o
                    w[_BACK + o] = x
                    w[_QUEUE + tail] = o
                    tail += 1
        if found == 0:
            return 0
    return 1
