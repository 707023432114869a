"""Native twins of the Fursaz opponent's judge (firmware/ai/fursaz_judge.py,
docs/architecture.md#native-code): viper, on the chip only, the same results as their
portable twins there."""
import micropython


@micropython.viper
def owner(ray: ptr8, at: ptr16, col: ptr8, dist: ptr8, e: int, d0: int, j0: int,
          run: int) -> int:
    base = 6 * e
    seen = 0
    for a in range(3):
        ja = j0 if a == d0 else dist[base + a]
        jb = j0 if a + 3 == d0 else dist[base + a + 3]
        if ja != 0 and jb != 0:
            if run != 0 or ja == jb:
                c = col[ray[at[base + a] + ja - 1]]
                if c == col[ray[at[base + a + 3] + jb - 1]]:
                    seen |= c
    if seen < 3:
        return seen
    return 0


@micropython.viper
def margin_in(ray: ptr8, at: ptr16, col, dist: ptr8, run: int) -> int:
    c8 = ptr8(col)
    m = 0
    for e in range(int(len(col))):
        c = c8[e]
        if c == 0:
            c = int(owner(ray, at, c8, dist, e, -1, 0, run))
        if c == 1:
            m += 1
        elif c == 2:
            m -= 1
    return m


@micropython.viper
def placed_in(ray: ptr8, at: ptr16, col: ptr8, dist: ptr8, run: int, p: int,
              mover: int) -> int:
    was = int(owner(ray, at, col, dist, p, -1, 0, run))
    delta = 1 if mover == 1 else -1
    if was == 1:
        delta -= 1
    elif was == 2:
        delta += 1
    col[p] = mover
    for d in range(6):
        s = at[6 * p + d]
        j = dist[6 * p + d]
        end = s + j - 1 if j else at[6 * p + d + 1]
        back = d - 3 if d >= 3 else d + 3
        for i in range(s, end):
            e = ray[i]
            now = int(owner(ray, at, col, dist, e, back, i - s + 1, run))
            was = int(owner(ray, at, col, dist, e, -1, 0, run))
            if now != was:
                if now == 1:
                    delta += 1
                elif now == 2:
                    delta -= 1
                if was == 1:
                    delta -= 1
                elif was == 2:
                    delta += 1
    col[p] = 0
    return delta
