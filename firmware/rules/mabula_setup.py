"""Mabula's random setup drawn faster, for the playouts that start from a new game
(benchmarks, self-play): ``new_game(options, seed)`` is mabula.new_game's very
state, ``random_ring(rng)`` the ring of mabula._random_setup, the generator left in
the same state. Beside the engine, so a board does not hold it.

The setup shuffles W*12 + B*12 (Fisher-Yates from the end, ``below(i + 1)``) until
no three equal colours are adjacent round the ring: about 60 shuffles of 23 draws.
Position i is final once its draw is made, so a shuffle is known rejected as soon as
three final neighbours match, usually within a few draws. The draws it would still
make are skipped: xorshift32 is linear over GF(2), so the next shuffle's first draw
reads T^23 of the state this one's first draw read, from byte tables (rng_jump). That holds
when none of the shuffle's 23 draws is rejected by ``below`` (a state at or above
2^32 - (2^32 mod n)), which only happens from a few hundred states of a first draw,
found once by running the generator backwards from those draws; from a state with
the high half of one of them (about 1 in 600) the shuffle is made exactly, with
Rng.shuffle. Every integer stays below 2^16."""
from firmware.rules import Rng, is_int, rng_jump, take_options, xorshift
from firmware.rules import mabula as m

_DRAWS = 23         # draws of one shuffle of 24: below(24) ... below(2)
_START = [1] * 12 + [2] * 12   # W*12 + B*12 as cell values (1 White, 2 Black)
_PLAN = None        # a shuffle's draws: (i, n = i + 1, 2^16 mod n), i from 23 down to 1
_JUMP = None        # 8 tables of 256: T^23 by the bytes of the state's halves
_RISKY = None       # high halves of the first draws' states from which a draw is rejected


def _build():
    global _PLAN, _JUMP, _RISKY
    _PLAN = tuple([(i, i + 1, 0x10000 % (i + 1)) for i in range(23, 0, -1)])
    _JUMP = rng_jump.tables(_DRAWS)
    _RISKY = rng_jump.risky_highs(list(range(24, 24 - _DRAWS, -1)))


def random_ring(rng):
    """The ring mabula._random_setup(rng) finds, as 24 cell values (1 W, 2 B) in
    ring order, ``rng`` left where that leaves it."""
    if _JUMP is None:
        _build()
    plan = _PLAN
    risky = _RISKY
    jh0, jl0, jh1, jl1, jh2, jl2, jh3, jl3 = _JUMP
    a = _START[:]   # a list: CPython indexes lists faster than bytearrays
    # (hi, lo): the state a shuffle's first draw reads, one step after its start.
    # The loop steps after each draw, so a shuffle made to its end is one step on.
    hi, lo = xorshift(rng.hi, rng.lo)
    while True:
        if hi in risky:   # a draw may be rejected: shuffle exactly
            rng.hi, rng.lo = rng_jump.back(hi, lo)
            ring = ["W"] * 12 + ["B"] * 12
            rng.shuffle(ring)
            if m._setup_fault(ring) is None:
                return bytearray([1 if c == "W" else 2 for c in ring])
            hi, lo = xorshift(rng.hi, rng.lo)
            continue
        a[:] = _START
        h, l = hi, lo
        c1 = 0     # the colour last made final, at i + 1
        pair = 0   # it is the colour at i + 2 too
        for i, n, mul in plan:   # below(n): no draw is rejected from here
            j = (h * mul + l) % n
            c = a[j]
            a[j] = a[i]
            a[i] = c
            if c == c1:
                if pair:
                    break   # three in a row: rejected, skip the draws left
                pair = 1
            else:
                c1 = c
                pair = 0
            h ^= (h & 7) * 8192 + (l >> 3)
            l ^= (l & 7) * 8192 ^ h >> 1
            h ^= (h & 0x7FF) * 32 + (l >> 11)
            l ^= (l & 0x7FF) * 32
        else:
            c = a[0]
            if not ((a[1] == c and (a[2] == c or a[23] == c)) or (a[23] == c and a[22] == c)):
                rng.hi, rng.lo = rng_jump.back(h, l)
                return bytearray(a)
            hi, lo = h, l
            continue
        hi, lo = (jh0[hi >> 8] ^ jh1[hi & 255] ^ jh2[lo >> 8] ^ jh3[lo & 255],
                  jl0[hi >> 8] ^ jl1[hi & 255] ^ jl2[lo >> 8] ^ jl3[lo & 255])


def new_game(options=None, seed=0):
    """mabula.new_game(options, seed): the same state, its random setup drawn by
    random_ring."""
    opts = take_options(options, m.OPTIONS)
    if opts["setup"] != "random":
        return m.new_game(options, seed)
    if not is_int(seed):
        raise ValueError("seed must be an integer, not %r" % (seed,))
    if m._NAME is None:
        m._tables()
    rng = Rng(seed)
    ring = random_ring(rng)
    first = opts["first"]
    if first == "random":
        turn = rng.below(2)
    else:
        turn = 0 if first == "W" else 1
    cells = m._new_cells()
    ring_g = m._RING_G
    for r in range(24):
        cells[ring_g[r]] = ring[r]
    return m._State(cells, turn, (opts["scoring"], opts["tiebreak"], opts["count_edge_marbles"]))
