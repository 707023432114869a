"""Native twins of the selection search's fit tests and community bound
(docs/architecture.md#native-code): viper, on the chip only, the same results as their portable
twins fits_in, fits_sets, room_in, runs_in, fills_in and tables_in in
masbrur_search_portable.py, whose work buffer layout these constants repeat."""
import micropython
from micropython import const

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


_NONE = const(255)


@micropython.viper
def fits_sets(lo, hi, n: int, free, cnt: ptr8, sneed: ptr8, a: int, b: int, c: int,
              needb, wb) -> bool:
    need = ptr8(needb)
    if a != _NONE:
        for k in range(16):
            x = sneed[16 * a + k]
            if b != _NONE:
                x += sneed[16 * b + k]
            if c != _NONE:
                x += sneed[16 * c + k]
            need[k] = x
    up = 0
    down = 0
    for v in range(8):
        x = need[v]
        y = need[8 + v]
        if x > cnt[v] or y > cnt[v] or x + y > cnt[8 + v]:
            return False
        up += x
        down += y
    if up > n or down > n:
        return False
    if fits_in(lo, hi, n, free, free, needb, wb):
        return True
    return False


_CAP = const(136)
_CNT = const(144)
_FROM = const(152)
_MOVED = const(160)
_RQUEUE = const(168)
_AT = const(176)


@micropython.viper
def room_in(lo: ptr8, hi: ptr8, n: int, heavy: ptr8, uu: ptr8, ul: ptr8, need: ptr8,
            pips: bool, wb) -> int:
    w = ptr8(wb)
    uses = 0
    total = 0
    for v in range(8):
        c = need[v] + need[8 + v]
        w[_CAP + v] = c
        w[_CNT + v] = 0
        uses += c
        total += c * v
    fresh = 0
    weight = 0
    for k in range(n):
        if fresh == uses:
            break
        i = heavy[k]
        if uu[i] or ul[i]:
            continue
        if not (w[_CAP + lo[i]] or w[_CAP + hi[i]]):
            continue
        # Match tile i to a value it shows with room left, moving matched tiles to their
        # other value if needed (augmenting path over the 8 values).
        w[_RQUEUE] = lo[i]
        w[_RQUEUE + 1] = hi[i]
        w[_FROM + lo[i]] = 255
        w[_FROM + hi[i]] = 255
        seen = (1 << lo[i]) | (1 << hi[i])
        qn = 2
        q = 0
        while q < qn:
            x = w[_RQUEUE + q]
            q += 1
            if w[_CNT + x] < w[_CAP + x]:
                while w[_FROM + x] != 255:
                    t = w[_MOVED + x]
                    w[_AT + 24 * x + w[_CNT + x]] = t
                    w[_CNT + x] += 1
                    x = w[_FROM + x]
                    c = w[_CNT + x] - 1
                    for k2 in range(c):
                        if w[_AT + 24 * x + k2] == t:
                            w[_AT + 24 * x + k2] = w[_AT + 24 * x + c]
                            break
                    w[_CNT + x] = c
                w[_AT + 24 * x + w[_CNT + x]] = i
                w[_CNT + x] += 1
                fresh += 1
                weight += lo[i] + hi[i]
                break
            for k2 in range(w[_CNT + x]):
                t = w[_AT + 24 * x + k2]
                y = lo[t] + hi[t] - x
                if y != x and not ((seen >> y) & 1):
                    seen |= 1 << y
                    w[_FROM + y] = x
                    w[_MOVED + y] = t
                    w[_RQUEUE + qn] = y
                    qn += 1
    if pips:
        return weight - total
    return 2 * fresh - uses


_RUNS = const(368)
_OWN = const(377)
_OVIA = const(413)
_OFROM = const(421)
_OQUEUE = const(429)


@micropython.viper
def runs_in(lo: ptr8, hi: ptr8, n: int, wb):
    w = ptr8(wb)
    for start in range(9):
        for i in range(n):
            w[_OWN + i] = 255
        x = 0
        last = 8
        if start < 8:
            x = start
            last = start
        while True:
            # Give value x a tile (breadth-first over the values holding the tiles it shows).
            given = 0
            seen = 1 << x
            w[_OQUEUE] = x
            qn = 1
            q = 0
            while q < qn and not given:
                y = w[_OQUEUE + q]
                q += 1
                for i in range(n):
                    if lo[i] != y and hi[i] != y:
                        continue
                    z = w[_OWN + i]
                    if z == 255:
                        t = i
                        while True:
                            w[_OWN + t] = y
                            if y == x:
                                break
                            t = w[_OVIA + y]
                            y = w[_OFROM + y]
                        given = 1
                        break
                    if not ((seen >> z) & 1):
                        seen |= 1 << z
                        w[_OVIA + z] = i
                        w[_OFROM + z] = y
                        w[_OQUEUE + qn] = z
                        qn += 1
            if not given:
                break
            if start < 8:
                last = x + 1
                if x == 7:
                    break
                x += 1
            else:
                if x != 0:
                    last = x
                if x == 1:
                    break
                if x == 0:
                    x = 7
                else:
                    x -= 1
        w[_RUNS + start] = last


_K = const(0)
_FLOOR = const(1)
_MODE = const(2)
_NB = const(3)
_NS = const(4)
_GIVEN = const(5)
_GAINS = const(8)


@micropython.viper
def fills_in(lob, hib, n: int, heavyb, uub, ulb, needb, remb, wb, stb, bbb, planb, pathb) -> int:
    lo = ptr8(lob)
    hi = ptr8(hib)
    need = ptr8(needb)
    rem = ptr8(remb)
    st = ptr32(stb)
    bb = ptr8(bbb)
    plan = ptr8(planb)
    path = ptr8(pathb)
    uu = ptr8(uub)
    ul = ptr8(ulb)
    ns = st[_NS]
    p = ns + 1
    k = st[_K]
    mode = st[_MODE]
    back = 0                            # 1: take back slot k's use (after k -= 1)
    if st[_GIVEN]:
        st[_GIVEN] = 0
        k = ns - 1
        back = 1
    while k >= 0:
        if back:
            back = 0
            v = path[2 * p + k]
            row = plan[4 * k + 1]
            rem[8 * (plan[4 * k] >> 5) + v] += 1
            need[8 * row + v] += 1
            if row:
                ul[path[p + k]] = 0
            else:
                uu[path[p + k]] = 0
        if k >= ns:
            break
        j8 = 8 * (plan[4 * k] >> 5)
        left = plan[4 * k] & 31
        row = plan[4 * k + 1]
        tied = path[3 * p + k]
        hc = 0
        if tied:
            hc = plan[4 * k + 2]
        c = path[k]
        if hc == 1:                     # every use of the slot is written past bb
            c = 2 * n
        mine = uu
        other = ul
        if row:
            mine = ul
            other = uu
        got = 0
        g = 0
        while True:
            # The next candidate use (masbrur_search_portable.next_use).
            while c < 2 * n:
                i = c >> 1
                if n - 1 - i < left:
                    c = 2 * n
                    break
                a = lo[i]
                b = hi[i]
                v = a
                if c & 1:
                    if a == b:
                        c += 1
                        continue
                    v = b
                if rem[j8 + v] and not mine[i]:
                    if not (other[i] and a != b and other[i] == v + 1):
                        break
                c += 1
            if c >= 2 * n:
                break
            i = c >> 1
            sq = c & 1
            v = lo[i]
            if sq:
                v = hi[i]
            c += 1
            below = 0
            if tied and hc == 0:
                # The use's text "ab/v" against bb's from plan's place on (a shorter rest
                # sorts first).
                at = plan[4 * k + 3]
                r = 0
                for x in range(4):
                    if at + x >= st[_NB]:
                        r = 1
                        break
                    u = 48 + v
                    if x == 0:
                        u = 48 + lo[i]
                    elif x == 1:
                        u = 48 + hi[i]
                    elif x == 2:
                        u = 47
                    if u != bb[at + x]:
                        r = -1
                        if u > bb[at + x]:
                            r = 1
                        break
                if r > 0:
                    c = 2 * n
                    break
                if r < 0:
                    below = 1
            rem[j8 + v] -= 1
            need[8 * row + v] -= 1
            mine[i] = v + 1
            g = 0
            if mode:
                if other[i]:
                    g = -1
                    if mode == 1:
                        g = 0 - v
                else:
                    g = 1
                    if mode == 1:
                        g = lo[i] + hi[i] - v
            ok = 1
            if mode:
                if g + int(room_in(lob, hib, n, heavyb, uub, ulb, needb, mode == 1, wb)) \
                        < st[_FLOOR] - st[_GAINS + k]:
                    ok = 0
            if ok:
                if fits_in(lob, hib, n, uub, ulb, needb, wb):
                    got = (i << 3) | (sq << 2) | (below << 1) | 1
                    break
            rem[j8 + v] += 1
            need[8 * row + v] += 1
            mine[i] = 0
        path[k] = c
        if not got:
            k -= 1
            back = 1
            continue
        i = got >> 3
        path[p + k] = i
        v = lo[i]
        if got & 4:
            v = hi[i]
        path[2 * p + k] = v
        t = 0
        if tied and hc != 2 and not (got & 2):
            t = 1
        path[3 * p + k + 1] = t
        st[_GAINS + k + 1] = st[_GAINS + k] + g
        k += 1
        path[k] = 0
        if k < ns and (plan[4 * k] >> 5) == j8 >> 3:
            path[k] = (i + 1) * 2
    st[_K] = k
    if k < 0:
        return 0
    st[_GIVEN] = 1
    return 1


@micropython.viper
def tables_in(codes: ptr16, k: int, sneed: ptr8, strength: ptr8, bv: ptr8, zh: ptr8,
              chain: ptr8):
    for i in range(k):
        code = codes[i]
        n = code >> 6
        top = (code >> 2) & 15
        row = (code >> 1) & 1
        at = 16 * i + 8 * row
        z = 0
        if code & 1:
            sneed[at + top] = n
        elif top == 8:
            z = 1
            v = 9 - n
            while v < 8:
                sneed[at + v] = 1
                v += 1
            sneed[at] = 1
        else:
            v = top + 1 - n
            while v <= top:
                sneed[at + v] = 1
                v += 1
        strength[i] = code >> 2
        if z:
            bv[i] = 0
        else:
            bv[i] = top
        zh[i] = z
        chain[i] = ((row * 4 + 2 * z + (code & 1)) << 4) + n
