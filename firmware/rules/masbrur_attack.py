"""Masbrur's attack condition (docs/rules/masbrur.md#2-equipment): may a hand declare an
attack, and, for the equipment phase's move list, which active turns may add ``+A``.

Both searches work on integers in byte buffers, so that each has a viper twin
(masbrur_attack_native.py, docs/architecture.md#native-code) with the same results: on a
Pico a ten-tile arsenal's move list asks a few hundred hands.

A hand sits in a work buffer (``work(hand)``): the low squares of its tiles first, then
the high ones, at most 24 tiles; the rest of the buffer is the searches'
scratch. A witness is the bitmask of the hand positions of tiles that make an attack
(0: none); every hand holding those tiles attacks too."""
from array import array

from firmware import native

try:
    from micropython import const
except ImportError:             # CPython
    def const(x):
        return x

_MAX_HAND = const(24)
_LO = const(0)
_HI = const(24)
_CNT = const(48)            # tiles showing each value
_CAND = const(56)           # per value: the positions of the tiles showing it (_MAX_HAND each)
_PAT = const(248)           # the five values of the upper pattern being tried
_UNDER = const(253)         # per value: lower squares of the upper-row tiles
_C = const(261)             # per value: squares the lower row may use
_NEED = const(269)          # per value: squares two lower formations take
_TURN = const(277)          # the hand positions of the non-double tiles left over
_MAP = const(301)           # per hand position: its arsenal position (255: the ejected tile)
_EJ = const(325)            # per push code (row * 2 + side): the tile it ejects
_SAME = const(341)          # the memo slots one witness answers
_OUT = const(357)           # the arsenal positions a witness leaves out
_ROLE = const(381)          # the lower square the hand's last tile gives a witness (255: none)
_LEN = const(382)           # per value: how many candidates _CAND lists (_CNT: in the hand)
_SIZE = const(390)
_ZERO8 = bytes(8)


def work(hand=()):
    """A work buffer holding ``hand`` (a list of tiles)."""
    w = bytearray(_SIZE)
    for i in range(len(hand)):
        w[_LO + i] = hand[i] >> 3
        w[_HI + i] = hand[i] & 7
    return w


def witness(hand):
    """Bitmask of the positions in ``hand`` (a list of tiles) of tiles that make an
    attack, or 0."""
    return _witness(work(hand), len(hand))


def attack(hand):
    """True if the tiles ``hand`` hold one upper formation of 5 and two lower
    formations of 3 as a valid selection; longer ones contain these."""
    return witness(hand) != 0


def witness_in(w, n):
    """The witness of the hand of ``n`` tiles in ``w``. Upper row first: every way to give
    the 5 values of an upper pattern (the repetitions, then the windows 01234..34567,
    45670) to 5 distinct tiles; each of those tiles then offers only its other square to
    the lower row, the remaining tiles offer either square."""
    if n < 6:
        return 0
    return _find(w, n, 0, _index(w, n))


def _index(w, n):
    """Per value, the tiles showing it (_CAND, _CNT) of the hand of ``n`` tiles in ``w``;
    the values of its doubles, as bits."""
    doubles = 0
    w[_CNT:_CNT + 8] = _ZERO8
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
    w[_LEN:_LEN + 8] = w[_CNT:_CNT + 8]
    return doubles


def _find(w, n, skip, doubles):
    """witness_in's search on an indexed hand (_index) less the tiles in ``skip`` (bits
    of hand positions; _CNT and ``doubles`` already without them)."""
    present = 0
    for v in range(8):
        if w[_CNT + v]:
            present |= 1 << v
    for p in range(13):
        if p < 8:
            if w[_CNT + p] < 5:
                continue
            m = 1 << p
            for k in range(5):
                w[_PAT + k] = p
        else:
            m = 31 << (p - 8) if p < 12 else 241
            if present & m != m:
                continue
            k = 0
            for v in range(8):
                if m >> v & 1:
                    w[_PAT + k] = v
                    k += 1
        # The lower row's counts with every tile left over turned both ways are at most
        # the hand's (_CNT) less the pattern's squares, a double showing one back: if they
        # hold no two formations, no choice of the pattern's tiles does (_lower_pair).
        for v in range(8):
            w[_C + v] = w[_CNT + v] + (doubles >> v & m >> v & 1)
        for k in range(5):
            w[_C + w[_PAT + k]] -= 1
        if not _two_lower(w):
            continue
        got = _upper(w, n, p < 8, skip)
        if got:
            return got & ~skip
    return 0


def _upper(w, n, rep, skip):
    """Five nested loops over the candidates of the pattern's values instead of recursion;
    a repetition takes its tiles in increasing order so each set is tried once."""
    s0 = _CAND + _MAX_HAND * w[_PAT]
    s1 = _CAND + _MAX_HAND * w[_PAT + 1]
    s2 = _CAND + _MAX_HAND * w[_PAT + 2]
    s3 = _CAND + _MAX_HAND * w[_PAT + 3]
    s4 = _CAND + _MAX_HAND * w[_PAT + 4]
    for x0 in range(s0, s0 + w[_LEN + w[_PAT]]):
        i0 = w[x0]
        if skip >> i0 & 1:
            continue
        m0 = skip | 1 << i0
        for x1 in range(s1, s1 + w[_LEN + w[_PAT + 1]]):
            i1 = w[x1]
            if (rep and i1 <= i0) or m0 >> i1 & 1:
                continue
            m1 = m0 | 1 << i1
            for x2 in range(s2, s2 + w[_LEN + w[_PAT + 2]]):
                i2 = w[x2]
                if (rep and i2 <= i1) or m1 >> i2 & 1:
                    continue
                m2 = m1 | 1 << i2
                for x3 in range(s3, s3 + w[_LEN + w[_PAT + 3]]):
                    i3 = w[x3]
                    if (rep and i3 <= i2) or m2 >> i3 & 1:
                        continue
                    m3 = m2 | 1 << i3
                    for x4 in range(s4, s4 + w[_LEN + w[_PAT + 4]]):
                        i4 = w[x4]
                        if (rep and i4 <= i3) or m3 >> i4 & 1:
                            continue
                        w[_UNDER:_UNDER + 8] = _ZERO8
                        w[_UNDER + w[_LO + i0] + w[_HI + i0] - w[_PAT]] += 1
                        w[_UNDER + w[_LO + i1] + w[_HI + i1] - w[_PAT + 1]] += 1
                        w[_UNDER + w[_LO + i2] + w[_HI + i2] - w[_PAT + 2]] += 1
                        w[_UNDER + w[_LO + i3] + w[_HI + i3] - w[_PAT + 3]] += 1
                        w[_UNDER + w[_LO + i4] + w[_HI + i4] - w[_PAT + 4]] += 1
                        got = _lower_pair(w, n, m3 | 1 << i4)
                        if got:
                            return got
    return 0


def _lower_pair(w, n, taken):
    """Witness if the lower row can hold two disjoint 3-formations, given the lower squares
    ``_UNDER`` of the tiles in ``taken`` and every other tile turned either way; else 0."""
    for v in range(8):
        w[_C + v] = w[_UNDER + v]
    nf = 0
    for i in range(n):
        if not taken >> i & 1:
            if w[_LO + i] == w[_HI + i]:
                w[_C + w[_LO + i]] += 1
            else:
                w[_TURN + nf] = i
                nf += 1
    # Every turnable tile counted both ways first: no way of turning them has more.
    for k in range(nf):
        w[_C + w[_LO + w[_TURN + k]]] += 1
        w[_C + w[_HI + w[_TURN + k]]] += 1
    if not _two_lower(w):
        return 0
    for k in range(nf):
        w[_C + w[_LO + w[_TURN + k]]] -= 1
        w[_C + w[_HI + w[_TURN + k]]] -= 1
    for bits in range(1 << nf):
        for k in range(nf):
            i = w[_TURN + k]
            w[_C + (w[_HI + i] if bits >> k & 1 else w[_LO + i])] += 1
        if _two_lower(w):
            # Take the lower squares from the upper-row tiles first, then the fewest other
            # tiles: a small witness covers more hands.
            k = 0
            for i in range(n):
                if not taken >> i & 1:
                    v = w[_LO + i]
                    if v != w[_HI + i]:
                        if bits >> k & 1:
                            v = w[_HI + i]
                        k += 1
                    if w[_NEED + v] > w[_UNDER + v]:
                        w[_NEED + v] -= 1
                        taken |= 1 << i
                        if i == n - 1:
                            w[_ROLE] = v
            return taken
        for k in range(nf):
            i = w[_TURN + k]
            w[_C + (w[_HI + i] if bits >> k & 1 else w[_LO + i])] -= 1
    return 0


def _two_lower(w):
    """Whether the counts ``_C`` hold two disjoint 3-formations; if so their squares
    per value at ``_NEED``."""
    m1 = m2 = m3 = m4 = 0
    w[_NEED:_NEED + 8] = _ZERO8
    for v in range(8):
        c = w[_C + v]
        if c:
            if c >= 6:
                w[_NEED + v] = 6
                return True
            m1 |= 1 << v
            if c >= 2:
                m2 |= 1 << v
                if c >= 3:
                    m3 |= 1 << v
                    if c >= 4:
                        m4 |= 1 << v
    if m3 & (m3 - 1):                       # two repetitions: the two smallest
        _add(w, m3 & -m3, 3)
        m3 &= m3 - 1
        _add(w, m3 & -m3, 3)
        return True
    for i in range(7):                      # repetition + sequence
        win = 7 << i if i < 6 else 193
        if m1 & win == win:
            rep = m3 & ~win
            if not rep:
                rep = m4 & win
            if rep:
                _add(w, rep & -rep, 3)
                _add(w, win, 1)
                return True
    for i in range(7):                      # two sequences (overlap needs doubles)
        wi = 7 << i if i < 6 else 193
        if m1 & wi == wi:
            for j in range(i, 7):
                wj = 7 << j if j < 6 else 193
                both = wi & wj
                if m1 & wj == wj and m2 & both == both:
                    _add(w, wi, 1)
                    _add(w, wj, 1)
                    return True
    return False


def _add(w, mask, times):
    for v in range(8):
        if mask >> v & 1:
            w[_NEED + v] += times


def plus_turns(ars, field, pairs, ahead):
    """The equipment phase's active turns for the arsenal ``ars`` (a list of tiles) and the
    field ``field`` (bytes): (codes, at, plus, first, bit). ``pairs`` holds the wall pairs
    (bytes i, j of arsenal positions): one pair as given; room for more is filled here with
    every pair in order. ``codes[at[k]:at[k + 1]]`` are the pushes of arsenal position k (a
    byte each: row * 2 + side), ``plus`` a bit per active turn (whether it may also declare
    the attack); pair q's turns start at move ``first[q]`` and bit ``bit[q]`` (``first[0]``
    is ``ahead``, the count of moves ahead of them; ``first`` has a last entry, the
    count)."""
    n = len(ars)
    npairs = len(pairs) // 2
    codes = bytearray(16 * n)
    at = array("H", [0] * (n + 1))
    every = _turn_codes(bytes(ars), n, field, codes, at, pairs, npairs)
    if npairs > 1:      # each tile is in n - 1 pairs: no turn pushes a wall tile
        turns = every * (npairs - n + 1)
    else:
        turns = npairs * every
        for q in pairs:
            turns -= at[q + 1] - at[q]
    plus = bytearray((turns + 7) // 8)
    first = array("H", [ahead] * (npairs + 1))
    bit = array("H", [0] * (npairs + 1))
    _plus_bits(bytes(ars), n, field, pairs, npairs, codes, at, plus, first, bit,
               bytearray(17 * (n * (n - 1) * (n - 2) // 6)), work())
    return codes, at, plus, first, bit


def turn_codes(ars, n, field, codes, at, pairs, npairs):
    """Fill ``codes`` and ``at`` with the pushes of every arsenal tile, by row, left
    before right (docs/rules/masbrur.md#2-equipment), and, for more than one pair,
    ``pairs`` with every wall pair in order; the count of pushes."""
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


def plus_bits(ars, n, field, pairs, npairs, codes, at, plus, first, bit, memo, w):
    """Which active turns may also declare the attack. The turns, in move order: every wall
    pair ``pairs[2q], pairs[2q + 1]`` (arsenal positions), every other arsenal position k,
    every push of k (``codes[at[k]:at[k + 1]]``: row * 2 + side). Turn b sets bit b of
    ``plus`` when the hand ``ars`` - X + e attacks, X the wall pair and k, e the tile the
    push ejects from ``field``; ``bit[q + 1]`` and ``first[q + 1]`` get where pair q + 1's
    turns start, as a bit and as a move (each turn a move, two with ``+A``).

    ``memo`` (``17 * _C(n, 3)`` zero bytes) keeps per X (by rank) whether ``ars`` - X
    attacks (slot 0) and whether it does with each push code's tile (slot 1 + code): 1 yes,
    2 no. A witness found marks every X that leaves its tiles whole, for every push whose
    tile serves as well (the same tile; any tile showing the square the ejected one gives
    the lower row, when it gives only that): hands differ by few tiles, so most answers
    come from a few searches. The hand less each wall pair is indexed once (_index), when
    it first needs a search; the pushed tile is left out by a mask and the ejected one
    joins the index last (_search)."""
    for r in range(8):
        x = field[3 * r]
        y = field[3 * r + 1]
        z = field[3 * r + 2]
        w[_EJ + 2 * r] = y * 8 + z if y <= z else z * 8 + y          # a left push
        w[_EJ + 2 * r + 1] = x * 8 + y if x <= y else y * 8 + x      # a right push
    b = 0
    for q in range(npairs):
        i = pairs[2 * q]
        j = pairs[2 * q + 1]
        h = 0                           # the hand less the wall pair: indexed when searched
        got = 0
        pk = -1                         # k's hand position
        for k in range(n):
            if k == i or k == j:
                continue
            pk += 1
            # X = {i, j, k} in increasing order, for its rank.
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
            lo = 8                      # k's squares, once taken out of the index's counts
            hi = 0
            dk = 0
            for x in range(at[k], at[k + 1]):
                code = 1 + codes[x]
                s = memo[slot]
                if s != 1:
                    s = memo[slot + code]
                if s == 0:
                    if not h:
                        h = _hand(ars, n, i, j, w)
                        doubles = _index(w, h)
                    if lo == 8:
                        lo = w[_LO + pk]
                        hi = w[_HI + pk]
                        w[_CNT + lo] -= 1
                        if hi != lo:
                            w[_CNT + hi] -= 1
                        dk = doubles & ~(1 << lo) if hi == lo else doubles
                    s = memo[slot]
                    if s == 0:
                        s = _search(n, h, slot, 0, 1 << pk, dk, memo, w)
                    if s != 1:
                        s = _search(n, h, slot, code, 1 << pk, dk, memo, w)
                if s == 1:
                    plus[b >> 3] |= 1 << (b & 7)
                    got += 1
                b += 1
            if lo != 8:
                w[_CNT + lo] += 1
                if hi != lo:
                    w[_CNT + hi] += 1
        first[q + 1] = first[q] + b - bit[q] + got
        bit[q + 1] = b


def _hand(ars, n, i, j, w):
    """Put the arsenal ``ars`` less positions i and j in ``w`` as a hand; its size."""
    h = 0
    for k in range(n):
        if k != i and k != j:
            w[_LO + h] = ars[k] >> 3
            w[_HI + h] = ars[k] & 7
            w[_MAP + h] = k
            h += 1
    return h


def _join(w, h, d):
    """Add (d 1) or take back (d -1) hand position h, the index's last, to its counts and
    candidates."""
    a = w[_LO + h]
    b = w[_HI + h]
    if d > 0:
        w[_CAND + _MAX_HAND * a + w[_LEN + a]] = h
        if b != a:
            w[_CAND + _MAX_HAND * b + w[_LEN + b]] = h
    w[_CNT + a] += d
    w[_LEN + a] += d
    if b != a:
        w[_CNT + b] += d
        w[_LEN + b] += d


def _search(n, h, slot, code, skip, doubles, memo, w):
    """Whether the indexed hand of ``h`` tiles less ``skip`` (the arsenal of ``n`` less X)
    attacks (code 0) or does with the tile push ``code - 1`` ejects; a witness marks every
    X it serves, for every code ejecting the same tile or one as good."""
    e = w[_EJ + code - 1] if code else 255
    if code:                            # the ejected tile joins the index, last
        w[_LO + h] = e >> 3
        w[_HI + h] = e & 7
        w[_MAP + h] = 255
        _join(w, h, 1)
        if e >> 3 == e & 7:
            doubles |= 1 << (e >> 3)
    w[_ROLE] = 255
    got = _find(w, h + (code != 0), skip, doubles)
    if code:
        _join(w, h, -1)
    if not got:
        memo[slot + code] = 2
        return 2
    used = 0
    for p in range(h):
        if got >> p & 1:
            used |= 1 << w[_MAP + p]
    same = 1                            # the slots a witness answers: code's, and ...
    w[_SAME] = code
    if code:                            # ... those of every code ejecting the same tile,
        same = 0                        # or one showing the square it gives the lower row
        v = w[_ROLE]
        for d in range(16):
            f = w[_EJ + d]
            if f == e or f >> 3 == v or f & 7 == v:
                w[_SAME + same] = 1 + d
                same += 1
    out = 0                             # every X of three tiles outside the witness
    for c in range(n):
        if not (used >> c) & 1:
            w[_OUT + out] = c
            out += 1
    for z in range(2, out):
        c = w[_OUT + z]
        cc = c * (c - 1) * (c - 2) // 6
        for y in range(1, z):
            m = w[_OUT + y]
            mm = cc + m * (m - 1) // 2
            for t in range(y):
                at = 17 * (mm + w[_OUT + t])
                for d in range(same):
                    memo[at + w[_SAME + d]] = 1
    return 1


# The twins in use: the portable ones until a whole move list is asked for (load_twins),
# then the native ones where the chip runs them. Their code takes ~10 KB of RAM on a Pico: a
# board's app, which asks single hands (only_pass, its status) and never the whole list,
# does not load it.
_witness = witness_in
_bound = False


def load_twins():
    """Put the native twins in use where the chip runs them; once (later calls leave the
    twins as they are)."""
    global _witness, _turn_codes, _plus_bits, _bound
    if _bound:
        return
    _bound = True
    _witness, _turn_codes, _plus_bits = witness_in, turn_codes, plus_bits
    twin = native.load("firmware.rules.masbrur_attack_native")
    if twin:
        _witness, _turn_codes, _plus_bits = twin.witness_in, twin.turn_codes, twin.plus_bits


def _turn_codes(*args):
    load_twins()
    return _turn_codes(*args)


def _plus_bits(*args):
    load_twins()
    return _plus_bits(*args)
