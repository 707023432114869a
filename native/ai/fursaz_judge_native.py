"""Native twins of the Fursaz opponent's judge (firmware/ai/fursaz_judge.py,
docs/architecture.md#native-code): viper, on the chip only, the same results as their
portable twins there."""
import micropython

# What an empty point flanked f (2 bits per axis) adds to the margin, plus 1: _WORTH[g] -
# _WORTH[f] is how a change of its flanks from f to g moves the margin.
_WORTH = bytes(2 if c == 1 else 0 if c == 2 else 1
               for c in ((f | f >> 2 | f >> 4) & 3 for f in range(64)))


@micropython.viper
def flanks_in(ray: ptr8, at: ptr16, col, dist: ptr8, run: int, flank: ptr8) -> int:
    c8 = ptr8(col)
    m = 0
    for e in range(int(len(col))):
        c = c8[e]
        f = 0
        if c == 0:
            base = 6 * e
            for a in range(3):
                ja = dist[base + a]
                jb = dist[base + a + 3]
                if ja != 0 and jb != 0:
                    if run != 0 or ja == jb:
                        u = c8[ray[at[base + a] + ja - 1]]
                        if u == c8[ray[at[base + a + 3] + jb - 1]]:
                            f |= u << (2 * a)
            c = (f | (f >> 2) | (f >> 4)) & 3
        flank[e] = f
        if c == 1:
            m += 1
        elif c == 2:
            m -= 1
    return m


@micropython.viper
def placed_in(ray: ptr8, at: ptr16, col: ptr8, dist: ptr8, run: int, flank: ptr8, p: int,
              mover: int) -> int:
    f = flank[p]
    was = (f | (f >> 2) | (f >> 4)) & 3
    delta = 1 if mover == 1 else -1
    if was == 1:
        delta -= 1
    elif was == 2:
        delta += 1
    worth = ptr8(_WORTH)
    for d in range(6):
        s = at[6 * p + d]
        j = dist[6 * p + d]
        shift = 2 * (d - 3 if d >= 3 else d)
        same = 0
        stop = at[6 * p + d + 1] - s + 1
        if j != 0:
            stop = j
            if col[ray[s + j - 1]] == mover:
                same = 1
        for k in range(1, stop):
            e = ray[s + k - 1]
            f = flank[e]
            g = f & (63 ^ (3 << shift))
            if same != 0:
                if run != 0 or 2 * k == j:
                    g |= mover << shift
            delta += worth[g] - worth[f]
    return delta



@micropython.viper
def flipped_in(ray: ptr8, at: ptr16, col, now: ptr8, run: int, flank: ptr8, mark: ptr8,
               p: int) -> int:
    c8 = ptr8(col)
    worth = ptr8(_WORTH)
    n = int(len(col))
    delta = 0
    for x in range(n):
        if x == p or c8[x] != now[x]:
            if x == p:
                delta += 1 - worth[flank[p]]
            elif c8[x] == 1:
                delta -= 1
            else:
                delta += 1
            if now[x] == 1:
                delta += 1
            else:
                delta -= 1
            for d in range(6 * x, 6 * x + 6):
                for i in range(at[d], at[d + 1]):
                    if now[ray[i]] != 0:
                        break
                    mark[ray[i]] = 1
    for e in range(n):
        if mark[e] != 0:
            mark[e] = 0
            g = 0
            for a in range(3):
                ja = 0
                ca = 0
                jb = 0
                cb = 0
                s = at[6 * e + a]
                for i in range(s, at[6 * e + a + 1]):
                    if now[ray[i]] != 0:
                        ja = i - s + 1
                        ca = now[ray[i]]
                        break
                s = at[6 * e + a + 3]
                for i in range(s, at[6 * e + a + 4]):
                    if now[ray[i]] != 0:
                        jb = i - s + 1
                        cb = now[ray[i]]
                        break
                if ja != 0 and jb != 0 and ca == cb:
                    if run != 0 or ja == jb:
                        g |= ca << (2 * a)
            delta += worth[g] - worth[flank[e]]
    return delta
