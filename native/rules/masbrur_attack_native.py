"""Native twins of Masbrur's attack searches (docs/architecture.md#native-code): viper, on
the chip only, the same results as their portable twins in masbrur_attack.py, whose work
buffer layout these constants repeat."""
import micropython
from micropython import const

_MAX_HAND = const(24)
_LO = const(0)
_HI = const(24)
_CNT = const(48)
_CAND = const(56)
_PAT = const(248)
_UNDER = const(253)
_C = const(261)
_NEED = const(269)
_TURN = const(277)
_MAP = const(301)
_EJ = const(325)
_SAME = const(341)
_OUT = const(357)
_ROLE = const(381)
_LEN = const(382)
_ALL = const(0x11111111)    # a value mask with value v at bit 4v: every value
_WRAP = const(0x11000001)   # ... the lower window 6, 7, 0
_UP_WRAP = const(0x11110001)  # ... the upper window 4, 5, 6, 7, 0


@micropython.viper
def witness_in(wb, n: int) -> int:
    if n < 6:
        return 0
    return int(_find(wb, n, 0, _index(wb, n)))


@micropython.viper
def _index(wb, n: int) -> int:
    w = ptr8(wb)
    doubles = 0
    for v in range(8):
        w[_CNT + v] = 0
    for i in range(n):
        a = w[_LO + i]
        b = w[_HI + i]
        w[_CAND + _MAX_HAND * a + w[_CNT + a]] = i
        w[_CNT + a] += 1
        if b != a:
            w[_CAND + _MAX_HAND * b + w[_CNT + b]] = i
            w[_CNT + b] += 1
        else:
            doubles |= 1 << a
    for v in range(8):
        w[_LEN + v] = w[_CNT + v]
    return doubles


@micropython.viper
def _find(wb, n: int, skip: int, doubles: int) -> int:
    """The portable _find with its _two_lower and _lower_pair written in (a call between
    viper routines costs as much as a few dozen of their steps), counts packed four bits
    a value in one word (value v at bits 4v to 4v + 3; a tile gives a value at most 1, so
    none passes 9) and value masks as bits 4v."""
    w = ptr8(wb)
    cnt = 0
    dbl = 0
    for v in range(8):
        cnt += w[_CNT + v] << (4 * v)
        dbl |= ((doubles >> v) & 1) << (4 * v)
    present = (cnt | (cnt >> 1) | (cnt >> 2) | (cnt >> 3)) & _ALL
    five = ((cnt >> 3) | ((cnt >> 2) & (cnt | (cnt >> 1)))) & _ALL
    start = 0
    if not five:
        start = 8                       # no value shows 5 times: no repetition
    for p in range(start, 13):
        rep = 0
        if p < 8:
            if not (five >> (4 * p)) & 1:
                continue
            m = 1 << (4 * p)
            q = cnt + (dbl & m) - 5 * m
            rep = 1
        else:
            m = _UP_WRAP
            if p < 12:
                m = 0x11111 << (4 * (p - 8))
            if present & m != m:
                continue
            q = cnt + (dbl & m) - m
        # Whether the lower row's most (see the portable _find) holds two formations.
        q1 = q >> 1
        q2 = q >> 2
        q3 = q >> 3
        c1 = (q | q1 | q2 | q3) & _ALL
        c2 = (q1 | q2 | q3) & _ALL
        c3 = (q2 | q3 | (q1 & q)) & _ALL
        c4 = (q2 | q3) & _ALL
        two = (q3 | (q2 & q1)) & _ALL
        if c3 & (c3 - 1):
            two = 1
        ws = c1 & (c1 >> 4) & (c1 >> 8) & 0x111111
        if c1 & _WRAP == _WRAP:
            ws |= 1 << 24
        i = 0
        while ws >> (4 * i):
            if two:
                break
            if (ws >> (4 * i)) & 1:
                wi = _WRAP
                if i < 6:
                    wi = 0x111 << (4 * i)
                if (c3 & (_ALL ^ wi)) or (c4 & wi):
                    two = 1
                j = i
                while ws >> (4 * j):
                    if (ws >> (4 * j)) & 1:
                        wj = _WRAP
                        if j < 6:
                            wj = 0x111 << (4 * j)
                        if c2 & wi & wj == wi & wj:
                            two = 1
                    j += 1
            i += 1
        if not two:
            continue
        # The pattern's five values in increasing order (the portable _PAT).
        p0 = p
        d = 0
        if not rep:
            p0 = p - 8
            d = 1
            if p == 12:
                p0 = 3
        p1 = p0 + d
        p2 = p1 + d
        p3 = p2 + d
        p4 = p3 + d
        if p == 12:
            p0 = 0
        s0 = _CAND + _MAX_HAND * p0
        s1 = _CAND + _MAX_HAND * p1
        s2 = _CAND + _MAX_HAND * p2
        s3 = _CAND + _MAX_HAND * p3
        s4 = _CAND + _MAX_HAND * p4
        for x0 in range(s0, s0 + w[_LEN + p0]):
            i0 = w[x0]
            if (skip >> i0) & 1:
                continue
            m0 = skip | (1 << i0)
            u0 = 1 << (4 * (w[_LO + i0] + w[_HI + i0] - p0))
            for x1 in range(s1, s1 + w[_LEN + p1]):
                i1 = w[x1]
                if rep:
                    if i1 <= i0:
                        continue
                if (m0 >> i1) & 1:
                    continue
                m1 = m0 | (1 << i1)
                u1 = u0 + (1 << (4 * (w[_LO + i1] + w[_HI + i1] - p1)))
                for x2 in range(s2, s2 + w[_LEN + p2]):
                    i2 = w[x2]
                    if rep:
                        if i2 <= i1:
                            continue
                    if (m1 >> i2) & 1:
                        continue
                    m2 = m1 | (1 << i2)
                    u2 = u1 + (1 << (4 * (w[_LO + i2] + w[_HI + i2] - p2)))
                    for x3 in range(s3, s3 + w[_LEN + p3]):
                        i3 = w[x3]
                        if rep:
                            if i3 <= i2:
                                continue
                        if (m2 >> i3) & 1:
                            continue
                        m3 = m2 | (1 << i3)
                        u3 = u2 + (1 << (4 * (w[_LO + i3] + w[_HI + i3] - p3)))
                        for x4 in range(s4, s4 + w[_LEN + p4]):
                            i4 = w[x4]
                            if rep:
                                if i4 <= i3:
                                    continue
                            if (m3 >> i4) & 1:
                                continue
                            taken = m3 | (1 << i4)
                            # The lower squares of the upper-row tiles (the portable
                            # _UNDER), then the portable _lower_pair: the fixed counts,
                            # and per turnable tile (_TURN) the word each way adds.
                            under = u3 + (1 << (4 * (w[_LO + i4] + w[_HI + i4] - p4)))
                            fixed = under
                            turned = 0
                            nf = 0
                            for i in range(n):
                                if not ((taken >> i) & 1):
                                    a = w[_LO + i]
                                    b = w[_HI + i]
                                    if a != b:
                                        turned += (1 << (4 * a)) + (1 << (4 * b))
                                        w[_TURN + nf] = i
                                        nf += 1
                                    else:
                                        fixed += 1 << (4 * a)
                            # bits -1: every turnable tile counted both ways first (no way
                            # of turning them has more); then every way of turning them.
                            for bits in range(-1, 1 << nf):
                                q = fixed + turned
                                if bits >= 0:
                                    q = fixed
                                    for k in range(nf):
                                        i = w[_TURN + k]
                                        if (bits >> k) & 1:
                                            q += 1 << (4 * w[_HI + i])
                                        else:
                                            q += 1 << (4 * w[_LO + i])
                                # The values with counts at least 1, 2, 3, 4 and 6.
                                q1 = q >> 1
                                q2 = q >> 2
                                q3 = q >> 3
                                c1 = (q | q1 | q2 | q3) & _ALL
                                c2 = (q1 | q2 | q3) & _ALL
                                c3 = (q2 | q3 | (q1 & q)) & _ALL
                                c4 = (q2 | q3) & _ALL
                                c6 = (q3 | (q2 & q1)) & _ALL
                                # Which two formations the counts hold, the portable
                                # _two_lower's first: 1 six of a value (v), 2 two
                                # repetitions, 3 a repetition (lrep) and window i, 4
                                # windows i, j (window i: values i, i+1, i+2; 6: 6, 7, 0).
                                kind = 0
                                v = 0
                                if c6:
                                    kind = 1
                                    while not ((c6 >> (4 * v)) & 1):
                                        v += 1
                                elif c3 & (c3 - 1):
                                    kind = 2
                                lrep = 0
                                i = 0
                                j = 0
                                if not kind:
                                    # The windows c1 holds whole, window i at bit 4i.
                                    ws = c1 & (c1 >> 4) & (c1 >> 8) & 0x111111
                                    if c1 & _WRAP == _WRAP:
                                        ws |= 1 << 24
                                    while ws >> (4 * i):
                                        if (ws >> (4 * i)) & 1:
                                            win = _WRAP
                                            if i < 6:
                                                win = 0x111 << (4 * i)
                                            lrep = c3 & (_ALL ^ win)
                                            if not lrep:
                                                lrep = c4 & win
                                            if lrep:
                                                kind = 3
                                                break
                                        i += 1
                                    if not kind:
                                        i = 0
                                        while ws >> (4 * i):
                                            if (ws >> (4 * i)) & 1:
                                                wi = _WRAP
                                                if i < 6:
                                                    wi = 0x111 << (4 * i)
                                                j = i
                                                while ws >> (4 * j):
                                                    if (ws >> (4 * j)) & 1:
                                                        wj = _WRAP
                                                        if j < 6:
                                                            wj = 0x111 << (4 * j)
                                                        both = wi & wj
                                                        if c2 & both == both:
                                                            kind = 4
                                                            break
                                                    j += 1
                                                if kind:
                                                    break
                                            i += 1
                                if bits < 0:
                                    if not kind:
                                        break
                                    continue
                                if kind:
                                    # The squares per value the two formations take
                                    # (the portable _NEED), packed as the counts.
                                    if kind == 1:
                                        need = 6 << (4 * v)
                                    elif kind == 2:
                                        low = c3 & (0 - c3)
                                        c3 &= c3 - 1
                                        need = 3 * (low | (c3 & (0 - c3)))
                                    else:
                                        wi = _WRAP
                                        if i < 6:
                                            wi = 0x111 << (4 * i)
                                        if kind == 3:
                                            need = 3 * (lrep & (0 - lrep)) + wi
                                        else:
                                            wj = _WRAP
                                            if j < 6:
                                                wj = 0x111 << (4 * j)
                                            need = wi + wj
                                    k = 0
                                    for i in range(n):
                                        if not ((taken >> i) & 1):
                                            v = w[_LO + i]
                                            if v != w[_HI + i]:
                                                if (bits >> k) & 1:
                                                    v = w[_HI + i]
                                                k += 1
                                            if (need >> (4 * v)) & 15 > (under >> (4 * v)) & 15:
                                                need -= 1 << (4 * v)
                                                taken |= 1 << i
                                                if i == n - 1:
                                                    w[_ROLE] = v
                                    return taken & (skip ^ -1)
    return 0


@micropython.viper
def turn_codes(arsb, n: int, fieldb, codesb, atb, pairsb, npairs: int) -> int:
    ars = ptr8(arsb)
    field = ptr8(fieldb)
    codes = ptr8(codesb)
    at = ptr16(atb)
    pairs = ptr8(pairsb)
    c = 0
    for k in range(n):
        a = ars[k] >> 3
        b = ars[k] & 7
        for r in range(8):
            x = field[3 * r]
            if x == a or x == b:
                codes[c] = 2 * r
                c += 1
            x = field[3 * r + 2]
            if x == a or x == b:
                codes[c] = 2 * r + 1
                c += 1
        at[k + 1] = c
    if npairs > 1:
        q = 0
        for i in range(n):
            for j in range(i + 1, n):
                pairs[q] = i
                pairs[q + 1] = j
                q += 2
    return c


@micropython.viper
def plus_bits(arsb, n: int, fieldb, pairsb, npairs: int, codesb, atb, plusb, firstb, bitb,
              memob, wb):
    ars = ptr8(arsb)
    field = ptr8(fieldb)
    pairs = ptr8(pairsb)
    codes = ptr8(codesb)
    at = ptr16(atb)
    plus = ptr8(plusb)
    first = ptr16(firstb)
    bits = ptr16(bitb)
    memo = ptr8(memob)
    w = ptr8(wb)
    for r in range(8):
        x = field[3 * r]
        y = field[3 * r + 1]
        z = field[3 * r + 2]
        w[_EJ + 2 * r] = y * 8 + z if y <= z else z * 8 + y
        w[_EJ + 2 * r + 1] = x * 8 + y if x <= y else y * 8 + x
    b = 0
    doubles = 0
    for q in range(npairs):
        i = pairs[2 * q]
        j = pairs[2 * q + 1]
        h = 0
        got = 0
        pk = -1
        for k in range(n):
            if k == i or k == j:
                continue
            pk += 1
            c = k
            a = i
            m = j
            if k < i:
                a = k
                c = j
                m = i
            elif k < j:
                c = j
                m = k
            slot = 17 * (c * (c - 1) * (c - 2) // 6 + m * (m - 1) // 2 + a)
            lo = 8
            hi = 0
            dk = 0
            for y in range(int(at[k]), int(at[k + 1])):
                code = 1 + codes[y]
                s = memo[slot]
                if s != 1:
                    s = memo[slot + code]
                if s == 0:
                    if not h:
                        for t in range(n):
                            if t != i and t != j:
                                w[_LO + h] = ars[t] >> 3
                                w[_HI + h] = ars[t] & 7
                                w[_MAP + h] = t
                                h += 1
                        doubles = int(_index(wb, h))
                    if lo == 8:
                        lo = w[_LO + pk]
                        hi = w[_HI + pk]
                        w[_CNT + lo] -= 1
                        dk = doubles
                        if hi != lo:
                            w[_CNT + hi] -= 1
                        else:
                            dk = doubles & ((1 << lo) ^ 255)
                    # The portable _search, written in: the hand less X (cc 0) unless
                    # known, then with the tile push ``code - 1`` ejects (cc code).
                    cc = code
                    if memo[slot] == 0:
                        cc = 0
                    while 1:
                        ej = 255
                        hn = h
                        dd = dk
                        if cc:                  # the ejected tile joins the index, last
                            ej = w[_EJ + cc - 1]
                            ea = ej >> 3
                            eb = ej & 7
                            w[_LO + h] = ea
                            w[_HI + h] = eb
                            w[_MAP + h] = 255
                            w[_CAND + _MAX_HAND * ea + w[_LEN + ea]] = h
                            w[_CNT + ea] += 1
                            w[_LEN + ea] += 1
                            if eb != ea:
                                w[_CAND + _MAX_HAND * eb + w[_LEN + eb]] = h
                                w[_CNT + eb] += 1
                                w[_LEN + eb] += 1
                            else:
                                dd |= 1 << ea
                            hn = h + 1
                        w[_ROLE] = 255
                        wit = int(_find(wb, hn, 1 << pk, dd))
                        if cc:
                            w[_CNT + ea] -= 1
                            w[_LEN + ea] -= 1
                            if eb != ea:
                                w[_CNT + eb] -= 1
                                w[_LEN + eb] -= 1
                        if not wit:
                            memo[slot + cc] = 2
                            s = 2
                        else:
                            s = 1
                            used = 0
                            for hp in range(h):
                                if (wit >> hp) & 1:
                                    used |= 1 << w[_MAP + hp]
                            # The slots a witness answers: cc's, and those of every code
                            # ejecting the same tile or one showing the square it gives
                            # the lower row.
                            same = 1
                            w[_SAME] = cc
                            if cc:
                                same = 0
                                role = w[_ROLE]
                                for ed in range(16):
                                    ff = w[_EJ + ed]
                                    if ff == ej or ff >> 3 == role or (ff & 7) == role:
                                        w[_SAME + same] = 1 + ed
                                        same += 1
                            nout = 0            # every X of three tiles outside the witness
                            for oc in range(n):
                                if not (used >> oc) & 1:
                                    w[_OUT + nout] = oc
                                    nout += 1
                            for oz in range(2, nout):
                                oc = w[_OUT + oz]
                                occ = oc * (oc - 1) * (oc - 2) // 6
                                for oy in range(1, oz):
                                    om = w[_OUT + oy]
                                    omm = occ + om * (om - 1) // 2
                                    for ot in range(oy):
                                        oslot = 17 * (omm + w[_OUT + ot])
                                        for ed in range(same):
                                            memo[oslot + w[_SAME + ed]] = 1
                        if s == 1 or cc == code:
                            break
                        cc = code
                if s == 1:
                    plus[b >> 3] |= 1 << (b & 7)
                    got += 1
                b += 1
            if lo != 8:
                w[_CNT + lo] += 1
                if hi != lo:
                    w[_CNT + hi] += 1
        first[q + 1] = first[q] + b - bits[q] + got
        bits[q + 1] = b
