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
