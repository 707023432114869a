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


# sets_in's state (masbrur_search_portable's): the best vector, the sets recorded at it, the
# blocker case, the most sets out holds.
_BEST = const(0)
_SETS = const(1)
_BETA = const(2)
_NEED_ZH = const(3)
_NO_ZH = const(4)
_NO_BV = const(5)
_ROOM = const(6)


@micropython.viper
def sets_in(lob, hib, n: int, freeb, cntb, sneedb, strengthb, bvb, zhb, chainb, k: int, stb,
            outb, needb, wb, pickb) -> bool:
    strength = ptr8(strengthb)
    bv = ptr8(bvb)
    zh = ptr8(zhb)
    chain = ptr8(chainb)
    st = ptr32(stb)
    pick = ptr8(pickb)                  # unblocked shapes, blocked ones, a's, a set's
    beta = st[_BETA]
    need_zh = st[_NEED_ZH]
    no_zh = st[_NO_ZH]
    no_bv = st[_NO_BV]
    nu = 0
    nb = 0
    for i in range(k):
        b = bv[i]
        if (no_bv >> b) & 1 or (no_zh and zh[i]):
            continue
        if b == beta:                   # by chain, then index: insertion, stable
            x = nb
            while x > 0 and chain[pick[k + x - 1]] > chain[i]:
                pick[k + x] = pick[k + x - 1]
                x -= 1
            pick[k + x] = i
            nb += 1
        else:
            pick[nu] = i
            nu += 1
    need = 0
    maxu = 3
    if beta >= 0:
        need = 1
        maxu = 2
    for i in range(nu):
        a = pick[i]
        si = strength[a]
        top = si << 16
        if maxu > 1:
            top |= si << 8
        if maxu > 2:
            top |= si
        if top < st[_BEST]:
            break
        c0 = k                          # the blocked shapes a set may take: all, or a's
        nc = nb
        if need:
            c0 = 2 * k
            nc = int(_fitting(lob, hib, n, freeb, cntb, sneedb, chainb, pickb, 1, a, _NONE,
                              k, nb, c0, needb, wb))
            found = 0
            for e in range(nc):
                if zh[pick[c0 + e]] or not need_zh:
                    found = 1
                    break
            if not found:
                continue
        j = i
        while j < nu and maxu > 1:
            b = pick[j]
            sj = strength[b]
            top = (si << 16) | (sj << 8)
            if maxu > 2:
                top |= sj
            if top < st[_BEST]:
                break
            if fits_sets(lob, hib, n, freeb, cntb, sneedb, a, b, _NONE, needb, wb):
                x = j
                while x < nu and maxu > 2:
                    c = pick[x]
                    vec = (si << 16) | (sj << 8) | strength[c]
                    if vec < st[_BEST]:
                        break
                    if fits_sets(lob, hib, n, freeb, cntb, sneedb, a, b, c, needb, wb):
                        if not _complete(lob, hib, n, freeb, cntb, sneedb, zhb, chainb, pickb,
                                         c0, nc, stb, outb, needb, wb, 3, a, b, c, vec):
                            return False
                    x += 1
                vec = (si << 16) | (sj << 8)
                if vec >= st[_BEST]:
                    if not _complete(lob, hib, n, freeb, cntb, sneedb, zhb, chainb, pickb,
                                     c0, nc, stb, outb, needb, wb, 2, a, b, _NONE, vec):
                        return False
            j += 1
        if si << 16 >= st[_BEST]:
            if not _complete(lob, hib, n, freeb, cntb, sneedb, zhb, chainb, pickb, c0, nc,
                             stb, outb, needb, wb, 1, a, _NONE, _NONE, si << 16):
                return False
    if not _complete(lob, hib, n, freeb, cntb, sneedb, zhb, chainb, pickb, k, nb, stb, outb,
                     needb, wb, 0, _NONE, _NONE, _NONE, 0):
        return False
    return True


@micropython.viper
def _fitting(lob, hib, n: int, freeb, cntb, sneedb, chainb, pickb, m: int, m0: int, m1: int,
             src: int, ns: int, dst: int, needb, wb) -> int:
    """The blocked shapes pick[src:src + ns] that fit beside the m members m0, m1, written
    from pick[dst] on; how many (within a chain once one does not fit, no longer one does)."""
    chain = ptr8(chainb)
    pick = ptr8(pickb)
    nf = 0
    dead = 255
    for x in range(ns):
        e = pick[src + x]
        key = chain[e] >> 4
        if key == dead:
            continue
        ok = 1
        if m == 1:
            ok = int(fits_sets(lob, hib, n, freeb, cntb, sneedb, m0, e, _NONE, needb, wb))
        elif m == 2:
            ok = int(fits_sets(lob, hib, n, freeb, cntb, sneedb, m0, m1, e, needb, wb))
        if ok:
            pick[dst + nf] = e
            nf += 1
        else:
            dead = key
    return nf


@micropython.viper
def _record(stb, outb, vec: int, a: int, b: int, c: int) -> bool:
    st = ptr32(stb)
    out = ptr8(outb)
    if vec > st[_BEST]:
        st[_BEST] = vec
        st[_SETS] = 0
    if vec == st[_BEST]:
        x = st[_SETS]
        if x == st[_ROOM]:
            return False
        out[3 * x] = a
        out[3 * x + 1] = b
        out[3 * x + 2] = c
        st[_SETS] = x + 1
    return True


@micropython.viper
def _complete(lob, hib, n: int, freeb, cntb, sneedb, zhb, chainb, pickb, c0: int, nc: int,
              stb, outb, needb, wb, m: int, m0: int, m1: int, m2: int, vec: int) -> bool:
    """Record the m members plus, when a blocked formation must make the blocker, one to
    three of the blocked shapes pick[c0:c0 + nc] (masbrur_search_portable.sets_in's)."""
    st = ptr32(stb)
    zh = ptr8(zhb)
    pick = ptr8(pickb)
    if vec < st[_BEST]:
        return True
    if st[_BETA] < 0:
        return bool(_record(stb, outb, vec, m0, m1, m2))
    need_zh = st[_NEED_ZH]
    k3 = int(len(zhb)) * 3              # the set's fitting shapes: pick's last quarter
    nf = int(_fitting(lob, hib, n, freeb, cntb, sneedb, chainb, pickb, m, m0, m1, c0, nc, k3,
                      needb, wb))
    for i in range(nf):
        fi = pick[k3 + i]
        zi = 0
        if zh[fi] or not need_zh:
            zi = 1
        if zi:
            a = m0
            b = m1
            if m == 0:
                a = fi
                b = _NONE
            elif m == 1:
                b = fi
            c = _NONE
            if m == 2:
                c = fi
            if not _record(stb, outb, vec, a, b, c):
                return False
        j = i
        while j < nf and m <= 1:
            fj = pick[k3 + j]
            j += 1
            if m == 1:
                if not fits_sets(lob, hib, n, freeb, cntb, sneedb, m0, fi, fj, needb, wb):
                    continue
            elif not fits_sets(lob, hib, n, freeb, cntb, sneedb, fi, fj, _NONE, needb, wb):
                continue
            zj = zi
            if zh[fj]:
                zj = 1
            if zj:
                a = m0
                b = fi
                c = fj
                if m == 0:
                    a = fi
                    b = fj
                    c = _NONE
                if not _record(stb, outb, vec, a, b, c):
                    return False
            x = j - 1
            while x < nf and m == 0:
                fk = pick[k3 + x]
                x += 1
                if zj or zh[fk]:
                    if fits_sets(lob, hib, n, freeb, cntb, sneedb, fi, fj, fk, needb, wb):
                        if not _record(stb, outb, vec, fi, fj, fk):
                            return False
    return True


@micropython.viper
def plan_in(codesb, nf: int, bbb, nb: int, remb, needb, planb) -> int:
    codes = ptr16(codesb)
    bb = ptr8(bbb)
    rem = ptr8(remb)
    need = ptr8(needb)
    plan = ptr8(planb)
    ns = 0
    at = 0
    for j in range(nf):
        code = codes[j]
        n = code >> 6
        top = (code >> 2) & 15
        row = (code >> 1) & 1
        zh = 0
        if not (code & 1) and top == 8:
            zh = 1
        for x in range(n):
            v = top
            if zh:
                v = 9 - n + x
                if x == n - 1:
                    v = 0
            elif not (code & 1):
                v = top + 1 - n + x
            rem[8 * j + v] += 1
            need[8 * row + v] += 1
            # The use's head ("F U*:", " ; L:", ","), a character at a time, against bb's.
            pre = 3
            if j == 0:
                pre = 2
            hl = 1
            if x == 0:
                hl = pre + 2 + zh
            r = 0
            for y in range(hl):
                ch = 44
                if x == 0:
                    if y < pre:
                        ch = 32
                        if j == 0 and y == 0:
                            ch = 70
                        elif j != 0 and y == 1:
                            ch = 59
                    elif y == pre:
                        ch = 85
                        if row:
                            ch = 76
                    elif zh and y == pre + 1:
                        ch = 42
                    else:
                        ch = 58
                if at + y >= nb:
                    r = 1
                    break
                if ch != bb[at + y]:
                    r = 2
                    if ch > bb[at + y]:
                        r = 1
                    break
            plan[4 * ns] = j * 32 + n - 1 - x
            plan[4 * ns + 1] = row
            plan[4 * ns + 2] = r
            at += hl
            plan[4 * ns + 3] = at
            at += 4
            ns += 1
    return ns
