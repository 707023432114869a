"""Native twin of the selection search's fit test (docs/architecture.md#native-code): viper,
on the chip only, the same results as its portable twin fits_in in masbrur_search.py, whose
work buffer layout these constants repeat."""
import micropython

_TOPF = const(0)
_BOTF = const(8)
_DEG = const(16)
_LOW = const(24)
_HIGH = const(32)
_TOPS = const(40)
_VIA = const(48)
_QUEUE = const(56)
_EA = const(64)
_EB = const(88)
_TOP = const(112)


@micropython.viper
def fits_in(lo: ptr8, hi: ptr8, n: int, uu: ptr8, ul: ptr8, need: ptr8, wb) -> bool:
    w = ptr8(wb)
    for v in range(_VIA):
        w[v] = 0
    m = 0
    for i in range(n):
        a = lo[i]
        b = hi[i]
        if uu[i]:
            if not ul[i]:
                w[_BOTF + a + b - uu[i] + 1] += 1
        elif ul[i]:
            w[_TOPF + a + b - ul[i] + 1] += 1
        elif a == b:
            w[_TOPF + a] += 1
            w[_BOTF + a] += 1
        else:
            w[_EA + m] = a
            w[_EB + m] = b
            w[_TOP + m] = 0
            w[_DEG + a] += 1
            w[_DEG + b] += 1
            w[_TOPS + a] += 1
            m += 1
    for v in range(8):
        low = 0                         # (no negative numbers: bytes read unsigned)
        if need[v] > w[_TOPF + v]:
            low = need[v] - w[_TOPF + v]
        if w[_DEG + v] + w[_BOTF + v] < need[8 + v]:
            return False
        high = w[_DEG + v] + w[_BOTF + v] - need[8 + v]
        if high > w[_DEG + v]:
            high = w[_DEG + v]
        if high < low:
            return False
        w[_LOW + v] = low
        w[_HIGH + v] = high
    for v in range(8):
        while w[_TOPS + v] > w[_HIGH + v]:
            if not _augment(wb, m, v, 1):
                return False
    for v in range(8):
        while w[_TOPS + v] < w[_LOW + v]:
            if not _augment(wb, m, v, 0):
                return False
    return True


@micropython.viper
def _augment(wb, m: int, src: int, away: int) -> bool:
    w = ptr8(wb)
    seen = 1 << src
    w[_QUEUE] = src
    qn = 1
    q = 0
    while q < qn:
        x = w[_QUEUE + q]
        q += 1
        for e in range(m):
            a = w[_EA + e]
            b = w[_EB + e]
            if a != x and b != x:
                continue
            y = a
            if a == x:
                y = b
            at_x = 0
            if w[_TOP + e] == 0:
                if a == x:
                    at_x = 1
            elif a != x:
                at_x = 1
            if at_x != away or (seen >> y) & 1:
                continue
            seen |= 1 << y
            w[_VIA + y] = e
            done = 0
            if away:
                if w[_TOPS + y] < w[_HIGH + y]:
                    done = 1
            elif w[_TOPS + y] > w[_LOW + y]:
                done = 1
            if done:
                z = y
                while z != src:
                    e2 = w[_VIA + z]
                    w[_TOP + e2] ^= 1
                    z = w[_EA + e2] + w[_EB + e2] - z
                if away:
                    w[_TOPS + src] -= 1
                    w[_TOPS + y] += 1
                else:
                    w[_TOPS + src] += 1
                    w[_TOPS + y] -= 1
                return True
            w[_QUEUE + qn] = y
            qn += 1
    return False
