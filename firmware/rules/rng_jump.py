"""Skips over the seeded generator's steps (docs/contracts.md#the-seeded-generator),
for the loops that draw many numbers at once: a Mabula setup (mabula_setup) and,
on CPython, a Mano a Mano deal and hand (mano_dealt). Imported only by them, so a
board holds it only with a Mabula setup. Every integer stays below 2^16.

xorshift32 is linear over GF(2): k steps of a state are the XOR of k steps of each
of its set bits, read from 8 tables of 256 (one per byte of the state's halves).
A draw ``below(n)`` steps again when it rejects a state (hi == 0xFFFF and lo at or
above 2^16 - (2^32 mod n)): a skip holds only when no draw in it is rejected, which
happens from a few states of the first draw, found by running the generator back."""
from firmware.rules import xorshift



def _xor_shifted_left(hi, lo, shifts):
    """x ^ (x << k) ^ ... for the k in ``shifts``, on 16-bit halves (mod 2^32)."""
    h, l = hi, lo
    for k in shifts:
        if k >= 16:
            h ^= (lo << (k - 16)) & 0xFFFF
        else:
            h ^= ((hi << k) | (lo >> (16 - k))) & 0xFFFF
            l ^= (lo << k) & 0xFFFF
    return h, l


def back(hi, lo):
    """The state one xorshift32 step before (hi, lo): each of its three
    x ^= x shifted is undone in reverse order."""
    hi, lo = _xor_shifted_left(hi, lo, (5, 10, 15, 20, 25, 30))
    lo ^= hi >> 1
    return _xor_shifted_left(hi, lo, (13, 26))


def tables(steps):
    """[th0, tl0, th1, tl1, th2, tl2, th3, tl3]: ``steps`` steps of (hi, lo) are
    (th0[hi >> 8] ^ th1[hi & 255] ^ th2[lo >> 8] ^ th3[lo & 255], the same with tl).
    Lists: 8 KB of room on a board, 4 KB a set more than 16-bit arrays, read
    faster."""
    col = []   # ``steps`` steps of each of the 32 single-bit states
    for b in range(32):
        h, l = (1 << (b - 16), 0) if b >= 16 else (0, 1 << b)
        for k in range(steps):
            h, l = xorshift(h, l)
        col.append((h, l))
    out = []
    for base in (24, 16, 8, 0):     # the bytes: hi >> 8, hi & 255, lo >> 8, lo & 255
        th = [0] * 256
        tl = [0] * 256
        for v in range(1, 256):
            low = v & -v
            b = base
            while low > 1:
                low >>= 1
                b += 1
            rest = v & (v - 1)
            th[v] = th[rest] ^ col[b][0]
            tl[v] = tl[rest] ^ col[b][1]
        out.append(th)
        out.append(tl)
    return out


def skip(tables, hi, lo):
    """The state (hi, lo) ``tables`` (from ``tables(steps)``) steps on to."""
    th0, tl0, th1, tl1, th2, tl2, th3, tl3 = tables
    a = hi >> 8
    b = hi & 255
    c = lo >> 8
    d = lo & 255
    return th0[a] ^ th1[b] ^ th2[c] ^ th3[d], tl0[a] ^ tl1[b] ^ tl2[c] ^ tl3[d]


def risky_highs(ns):
    """The high halves of the states a run of draws ``below(ns[0])``,
    ``below(ns[1])`` ... reads first from which one of them is rejected (draw q
    reads the state q steps on)."""
    risky = set()
    for q in range(len(ns)):
        n = ns[q]
        r = (0x10000 % n) ** 2 % n    # 2^32 mod n
        for lo in range(0x10000 - r, 0x10000):
            h, l = 0xFFFF, lo
            for k in range(q):
                h, l = back(h, l)
            risky.add(h)
    return risky
