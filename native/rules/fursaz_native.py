"""Native twins of Fursaz's hot loops (docs/architecture.md#native-code): viper, on the
chip only, the same results as their portable twins in fursaz.py."""
import micropython


@micropython.viper
def nearest_fill(ray: ptr8, at: ptr16, dist: ptr8, col: ptr8, edges):
    for d in range(6):
        back = d - 3 if d >= 3 else d + 3
        e = edges[d]
        pe = ptr8(e)
        for j in range(int(len(e))):
            p = pe[j]
            dist[6 * p + d] = 0
            prev = p
            k = 0
            for i in range(at[6 * p + back], at[6 * p + back + 1]):
                q = ray[i]
                if col[prev]:
                    k = 1
                elif k:
                    k += 1
                dist[6 * q + d] = k
                prev = q


@micropython.viper
def capturable(pair: ptr8, at: ptr16, col: ptr8, st: ptr32, x: int) -> bool:
    best = -1
    best_col = 0
    for a in range(3 * x, 3 * x + 3):
        for k in range(at[a], at[a + 1], 2):
            u = pair[k]
            v = pair[k + 1]
            cu = col[u]
            cv = col[v]
            if cu or cv:
                if cu == cv:
                    age = st[u]
                    if st[v] > age:
                        age = st[v]
                    if age > best:
                        best = age
                        best_col = cu
                break
    if best_col == 0:
        return False
    return best_col != col[x]


@micropython.viper
def capturable_near(ray: ptr8, at: ptr16, col: ptr8, st: ptr32, dist: ptr8, x: int, d0: int,
                    j0: int) -> bool:
    base = 6 * x
    best = -1
    best_col = 0
    for a in range(3):
        ja = j0 if a == d0 else dist[base + a]
        jb = j0 if a + 3 == d0 else dist[base + a + 3]
        if ja and ja == jb:
            u = ray[at[base + a] + ja - 1]
            v = ray[at[base + a + 3] + ja - 1]
            if col[u] == col[v]:
                age = st[u] if st[u] > st[v] else st[v]
                if age > best:
                    best = age
                    best_col = col[u]
    if best_col == 0:
        return False
    return best_col != col[x]


@micropython.viper
def quiet_after(ray: ptr8, at: ptr16, col: ptr8, st: ptr32, p: int, dist: ptr8) -> bool:
    mover = col[p]
    base = 6 * p
    for d in range(6):
        j = dist[base + d]
        if j:
            s = at[base + d]
            if 2 * j <= at[base + d + 1] - s:
                y = ray[s + j - 1]
                e = dist[6 * y + d]
                if e == 0 or e > j:
                    if capturable_near(ray, at, col, st, dist, y, d - 3 if d >= 3 else d + 3, j):
                        return False
                elif e == j and col[ray[s + 2 * j - 1]] == mover and col[y] != mover:
                    return False
    if capturable_near(ray, at, col, st, dist, p, -1, 0):
        return False
    return True


@micropython.viper
def quiet_points(ray: ptr8, at: ptr16, col: ptr8, st: ptr32, mover: int, clock: int,
                 dist: ptr8, quiet):
    # quiet_after and its capturable_near inlined: a call between viper functions costs
    # more than the test itself (a size-7 board's points: ~6 ms with the calls).
    q = ptr8(quiet)
    for p in range(int(len(quiet))):
        if col[p]:
            q[p] = 0
            continue
        col[p] = mover
        st[p] = clock
        base = 6 * p
        ok = 1
        for d in range(7):   # the nearest stone on each ray (0-5) and p itself (6)
            x = p
            d0 = -1
            j0 = 0
            if d < 6:
                j = dist[base + d]
                if j == 0:
                    continue
                s = at[base + d]
                if 2 * j > at[base + d + 1] - s:
                    continue
                y = ray[s + j - 1]
                e = dist[6 * y + d]
                if e == 0 or e > j:
                    x = y
                    d0 = d - 3 if d >= 3 else d + 3
                    j0 = j
                elif e == j and col[ray[s + 2 * j - 1]] == mover and col[y] != mover:
                    ok = 0
                    break
                else:
                    continue
            # capturable_near, written out: a call between viper functions costs more here
            # than the test itself (keep the two alike; pico_twins checks both).
            xb = 6 * x
            best = -1
            best_col = 0
            for a in range(3):
                ja = j0 if a == d0 else dist[xb + a]
                jb = j0 if a + 3 == d0 else dist[xb + a + 3]
                if ja and ja == jb:
                    u = ray[at[xb + a] + ja - 1]
                    v = ray[at[xb + a + 3] + ja - 1]
                    if col[u] == col[v]:
                        age = st[u] if st[u] > st[v] else st[v]
                        if age > best:
                            best = age
                            best_col = col[u]
            if best_col != 0 and best_col != col[x]:
                ok = 0
                break
        q[p] = 1 if ok else 2
        col[p] = 0


@micropython.viper
def suspect(ray: ptr8, at: ptr16, col: ptr8, x: int, sus, mark: ptr8):
    if not mark[x]:
        mark[x] = 1
        sus.append(x)
    for d in range(6 * x, 6 * x + 6):
        for i in range(at[d], at[d + 1]):
            y = ray[i]
            if col[y]:
                if not mark[y]:
                    mark[y] = 1
                    sus.append(y)
                break


@micropython.viper
def settles(ray: ptr8, at: ptr16, pair: ptr8, pair_at: ptr16, col: ptr8, st: ptr32, clock: int,
            p: int, mover: int, mark, flips: ptr8, rounds: int, log) -> bool:
    n = int(len(mark))
    m = ptr8(mark)
    room = int(len(log))
    lg = ptr8(log)
    k = 0
    for x in range(n):
        m[x] = 0
    m[p] = 1
    for d in range(6 * p, 6 * p + 6):
        for i in range(at[d], at[d + 1]):
            if col[ray[i]]:
                m[ray[i]] = 1
                break
    for r in range(rounds):
        flipped = 0
        for stage in range(2):
            victim = 3 - mover if stage == 0 else mover
            nf = 0
            for x in range(n):
                if m[x] and col[x] == victim:
                    if capturable(pair, pair_at, col, st, x):
                        flips[nf] = x
                        nf += 1
                    else:
                        m[x] = 0
            if nf == 0:
                continue
            if room:
                if k + nf + 3 > room:
                    return False
                lg[k] = 3 - victim
                lg[k + 1] = nf
                for j in range(nf):
                    lg[k + 2 + j] = flips[j]
                k += nf + 2
            for j in range(nf):
                col[flips[j]] = 3 - victim
                st[flips[j]] = clock
            clock += 1
            for j in range(nf):
                x = flips[j]
                m[x] = 1
                for d in range(6 * x, 6 * x + 6):
                    for i in range(at[d], at[d + 1]):
                        if col[ray[i]]:
                            m[ray[i]] = 1
                            break
            flipped = 1
        if flipped == 0:
            if room:
                lg[k] = 0
            return True
    return False


@micropython.viper
def land_fill(ray: ptr8, at: ptr16, pair: ptr8, pair_at: ptr16, col: ptr8, run: int, land):
    out = ptr8(land)
    for e in range(int(len(land))):
        out[e] = 0
        if col[e]:
            continue
        seen = 0
        for a in range(3):
            if run:
                first = 0
                for side in range(2):
                    d = 6 * e + a + 3 * side
                    end = 0
                    for i in range(at[d], at[d + 1]):
                        if col[ray[i]]:
                            end = col[ray[i]]
                            break
                    if side == 0:
                        first = end
                    elif end == first:
                        seen |= end
            else:
                for k in range(pair_at[3 * e + a], pair_at[3 * e + a + 1], 2):
                    cu = col[pair[k]]
                    cv = col[pair[k + 1]]
                    if cu or cv:
                        if cu == cv:
                            seen |= cu
                        break
        if seen == 1 or seen == 2:
            out[e] = seen
