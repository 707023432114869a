"""The dealt mode of Dominó Mano a Mano (firmware/rules/mano.py): the engine deals
every hand from the match's PRNG stream and holds both hands and the boneyard order.
Its deal, moves and lead rule, and the fast playout the opponents search with
(``playout_hand``, ``deal_unseen``), reached through mano.py; imported only for a
dealt game, so a tile board (observed mode, firmware/rules/mano_observed.py) does not
hold this code."""
import sys

from firmware.rules import IllegalMove, _redraw, xorshift
from firmware.rules import mano as m


def leader(h):
    """(seat, tile) of the compulsory lead for hands h: highest double, else
    the heaviest tile (pip sum, then high end: that names a single tile)."""
    h0 = h[0]
    held = h0 | h[1]
    doubles = held & m._DOUBLES
    if doubles:
        dbl = m._DOUBLE
        v = 6
        while not doubles >> dbl[v]:   # none held from v-v up: the highest is lower
            v -= 1
        t = dbl[v]
    else:
        pips = m._PIPS
        high = m._B
        t = -1
        for i in range(28):
            if held >> i & 1:
                if t < 0 or pips[i] > pips[t] or (pips[i] == pips[t] and high[i] > high[t]):
                    t = i
    return (0 if h0 >> t & 1 else 1), t


_TILES = list(range(28))   # the set in canonical order, as a deal starts it
_PLAN = None    # the draws that place a tile: (place, n, 2^16 mod n), n from 28 down to 8
# Where an int above 256 is an object (CPython), a step read from tables makes fewer
# of them than one computed; MicroPython's small ints cost nothing, so a board keeps
# the room (8 KB and rng_jump's code) and computes its steps: these stay None.
_jump = None    # rng_jump
_STEP = None    # its tables of one step
_SKIP5 = None   # of 5 steps: from the state below(7) reads to below(2)'s
_RISKY = None   # high halves of below(7)'s states from which below(7) .. below(3) rejects


def _deal_tables():
    global _PLAN, _jump, _STEP, _SKIP5, _RISKY
    _PLAN = tuple([(n - 1, n, 0x10000 % n) for n in range(28, 7, -1)])
    if sys.implementation.name != "micropython":
        from firmware.rules import rng_jump as _jump
        _STEP = _jump.tables(1)
        _SKIP5 = _jump.tables(5)
        _RISKY = _jump.risky_highs([7, 6, 5, 4, 3])


def deal(n):
    """Deal hand n.hand from the match's PRNG stream: hands, boneyard, leader.
    The deal is Rng(n.rng).shuffle of the 28 tiles (again while the rules want
    a double dealt), its draws inlined here: a deal comes with every hand. Only
    the hands' sets matter, so the draws that order the first hand (below(7) to
    below(2)) only step the generator: 5 steps in one skip (rng_jump) unless one
    of them is rejected, which the state below(7) reads shows."""
    winner = m._winner_leads(n)
    any_deal = winner or n.o["no_double"] == "heaviest"
    if _PLAN is None:
        _deal_tables()
    plan = _PLAN
    tab = _STEP
    if tab:
        sh0, sl0, sh1, sl1, sh2, sl2, sh3, sl3 = tab
    h, l = xorshift(n.rng >> 16, n.rng & 0xFFFF)   # the state the first draw reads
    while True:
        t = _TILES[:]
        for i, k, mul in plan:   # below(k) for t[i]
            if h == 0xFFFF:
                h, l = _redraw(h, l, k)
            j = (h * mul + l) % k
            t[i], t[j] = t[j], t[i]
            if tab:   # rng_jump.skip(_STEP, h, l) inlined: a call costs a third of it
                a = h >> 8
                b = h & 255
                c = l >> 8
                d = l & 255
                h = sh0[a] ^ sh1[b] ^ sh2[c] ^ sh3[d]
                l = sl0[a] ^ sl1[b] ^ sl2[c] ^ sl3[d]
            else:
                h ^= (h & 7) * 8192 + (l >> 3)
                l ^= (l & 7) * 8192 ^ h >> 1
                h ^= (h & 0x7FF) * 32 + (l >> 11)
                l ^= (l & 0x7FF) * 32
        # (h, l): the state below(7) reads; below(2)'s is the shuffle's last
        if not tab or h in _RISKY:
            for k in range(7, 2, -1):
                if h == 0xFFFF:
                    h, l = _redraw(h, l, k)
                h, l = xorshift(h, l)
        else:
            h, l = _jump.skip(_SKIP5, h, l)
        h0 = 1 << t[0] | 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4] | 1 << t[5] | 1 << t[6]
        h1 = 1 << t[7] | 1 << t[8] | 1 << t[9] | 1 << t[10] | 1 << t[11] | 1 << t[12] | 1 << t[13]
        if any_deal or (h0 | h1) & m._DOUBLES:
            break
        h, l = xorshift(h, l)
    n.rng = (h << 16) | l
    n.h = (h0, h1)
    n.bone = t[14:]
    n.top = 0
    n.move = n.hist[-1][0] if winner else leader(n.h)[0]


def lead_tiles(s):
    """Bit mask of the tiles the dealt-mode leader may lead."""
    if m._winner_leads(s):
        return s.h[s.move]
    return 1 << leader(s.h)[1]


def legal_moves(s):
    """Dealt mode's legal_moves (mano.legal_moves)."""
    if s.phase == m._PLAY:
        seat = s.move
        le = s.le
        re = s.re
        fit = s.h[seat] & (m._VM[le] | m._VM[re])
        if not fit:
            return ["draw"] if s.top < len(s.bone) else ["pass"]
        vl = m._VM[le]
        vr = m._VM[re]
        out = []
        i = 0
        while fit:
            if fit & 1:
                if vl >> i & 1:
                    out.append("L" + m._name(i))
                if vr >> i & 1:
                    out.append("R" + m._name(i))
            fit >>= 1
            i += 1
        return out
    if s.phase == m._LEAD:
        return m._names(lead_tiles(s))
    return []


def play(s, move):
    """Dealt mode's play of a move that is text, the match not over (mano.play)."""
    seat = s.move
    if s.phase == m._LEAD:
        t = m._tile_word(move)
        if not (lead_tiles(s) >> t & 1):
            if not (s.h[seat] >> t & 1):
                raise IllegalMove("seat %d does not hold %s" % (seat, move))
            raise IllegalMove("the lead must be %s" % " or ".join(m._names(lead_tiles(s))))
        return m._place(s, seat, t, True)
    h = s.h[seat]
    c = move[:1]
    if c == "L" or c == "R":
        t = m._tile_word(move[1:])
        if not (h >> t & 1):
            raise IllegalMove("seat %d does not hold %s" % (seat, move[1:]))
        m._check_fits(s, t, c == "L")
        return m._place(s, seat, t, c == "L")
    fits = h & (m._VM[s.le] | m._VM[s.re])
    if move == "draw":
        if fits:
            raise IllegalMove("you cannot draw: %s fits" % m._names(fits)[0])
        if s.top >= len(s.bone):
            raise IllegalMove("the boneyard is empty: pass")
        n = m._copy(s)
        n.h = m._pair(s.h, seat, h | 1 << s.bone[s.top])
        n.top = s.top + 1
        return n
    if move == "pass":
        if fits:
            raise IllegalMove("you cannot pass: %s fits" % m._names(fits)[0])
        if s.top < len(s.bone):
            raise IllegalMove("you cannot pass: draw from the boneyard")
        return m._pass(s)
    raise m._not_a_move(move)


# --- fast random playout (for the opponents' search) --------------------------

_tile_of = None   # bit 1 << i -> i (for the log)
_sum_of = None    # bit 1 << i -> the pips of tile i: one end's value from the other's
_pips7 = None     # pips of the tiles of a 7-bit slice of a hand mask, by slice
_mod = None       # n -> 2^16 mod n, for the draws below(n) of a move (n <= 14)
_bits10 = None    # number of bits set in 0..1023 (a hand's fitting tiles in 3 look-ups)


def _playout_tables():
    global _tile_of, _sum_of, _pips7, _mod, _bits10
    if _PLAN is None:
        _deal_tables()   # the generator's step
    _bits10 = bytearray(1024)
    for i in range(1, 1024):
        _bits10[i] = _bits10[i >> 1] + (i & 1)
    _tile_of = {}
    _sum_of = {}
    for i in range(28):
        _tile_of[1 << i] = i
        _sum_of[1 << i] = m._PIPS[i]
    _pips7 = []
    for base in (0, 7, 14, 21):
        t = bytearray(128)
        for v in range(1, 128):
            low = v & -v
            t[v] = t[v ^ low] + m._PIPS[base + _tile_of[low]]
        _pips7.append(t)
    _mod = [0] + [0x10000 % n for n in range(1, 15)]


def playout_hand(state, rng, log=None):
    """Play the current hand of a dealt-mode state with random moves to its end
    and return its ``hand_history`` entry as a tuple (winner, points, reason,
    pips0, pips1); ``state`` is untouched and the next hand is not dealt.

    The moves are exactly those of the API playing ``legal_moves(s)[
    rng.below(len(legal_moves(s)))]`` (a lone ``draw`` or ``pass`` draws
    ``rng.below(1)`` too), on tile masks in local variables instead of new
    states, with ``rng``'s draws inlined (its state in two locals, written back
    at the end). ``log``, a list, receives each move played."""
    s = state
    if s.obs or (s.phase != m._LEAD and s.phase != m._PLAY):
        raise ValueError("playout_hand needs a dealt hand in progress")
    if _mod is None:
        _playout_tables()
    sum_of = _sum_of
    mod = _mod
    bits = _bits10
    vm = m._VM
    h0, h1 = s.h
    bone = s.bone
    top = s.top
    nbone = len(bone)
    le = s.le
    re = s.re
    lm = s.lm
    seat = s.move
    passes = s.passes
    immediate = s.o["lock"] == "immediate"
    hi, lo = rng.hi, rng.lo
    if s.phase == m._LEAD:
        low = lead_tiles(s)
        if low & (low - 1):   # a choice of leads (later_lead="winner")
            k = rng.below(m._count(low))
            while k:
                low &= low - 1
                k -= 1
            low &= -low
            hi, lo = rng.hi, rng.lo
        else:
            hi, lo = xorshift(hi, lo)   # below(1)
        t = _tile_of[low]
        if log is not None:
            log.append(m._name(t))
        le = m._A[t]
        re = m._B[t]
        lm = low
        if seat:
            h1 ^= low
        else:
            h0 ^= low
        seat = 1 - seat
    # The hands of the seat to move and of the other; the last to place a tile
    # is the seat to move when the hand ends (after two passes: the second's).
    mine, other = (h1, h0) if seat else (h0, h1)
    vl = vm[le]   # the tiles that fit each end
    vr = vm[re]
    tab = _STEP
    if tab:
        sh0, sl0, sh1, sl1, sh2, sl2, sh3, sl3 = tab
    while True:
        # rng.below(n)'s step (as in deal); for n == 1 it is all below does.
        if tab:
            a = hi >> 8
            b = hi & 255
            c = lo >> 8
            d = lo & 255
            hi = sh0[a] ^ sh1[b] ^ sh2[c] ^ sh3[d]
            lo = sl0[a] ^ sl1[b] ^ sl2[c] ^ sl3[d]
        else:
            hi ^= (hi & 7) * 8192 + (lo >> 3)
            lo ^= (lo & 7) * 8192 ^ hi >> 1
            hi ^= (hi & 0x7FF) * 32 + (lo >> 11)
            lo ^= (lo & 0x7FF) * 32
        fit = mine & (vl | vr)
        if fit:
            both = fit & vl & vr
            if not (both or fit & (fit - 1)):   # one tile, one end: below(1) draws no more
                low = fit
                left = fit & vl
            else:
                n = bits[fit & 1023] + bits[fit >> 10 & 1023] + bits[fit >> 20]
                # A tile is a move per end it fits: only the tile showing both end
                # values fits twice, unless the ends are equal and every tile does.
                if both:
                    n = n + n if le == re else n + 1
                if hi == 0xFFFF:
                    hi, lo = _redraw(hi, lo, n)
                k = (hi * mod[n] + lo) % n
                # The k-th move in canonical order (tile by tile, left before
                # right), walking the set bits of ``fit``, lowest first.
                if both:
                    while True:
                        low = fit & -fit
                        if vl & low:
                            if not k:
                                left = True
                                break
                            k -= 1
                        if vr & low:
                            if not k:
                                left = False
                                break
                            k -= 1
                        fit ^= low
                else:   # every tile one move
                    while k:
                        fit &= fit - 1
                        k -= 1
                    low = fit & -fit
                    left = vl & low
            if log is not None:
                log.append(("L" if left else "R") + m._name(_tile_of[low]))
            if left:
                le = sum_of[low] - le
                vl = vm[le]
            else:
                re = sum_of[low] - re
                vr = vm[re]
            lm |= low
            mine ^= low
            passes = 0
            if not mine or (le == re and immediate and not (vl & ~lm)):
                break
            seat = 1 - seat
            mine, other = other, mine
        elif top < nbone:
            if log is not None:
                log.append("draw")
            mine |= 1 << bone[top]
            top += 1
        else:
            if log is not None:
                log.append("pass")
            passes += 1
            if passes >= 2:
                break
            seat = 1 - seat
            mine, other = other, mine
    rng.hi, rng.lo = hi, lo
    h = (mine, other) if seat == 0 else (other, mine)
    p0, p1, p2, p3 = _pips7
    x = h[0]
    a = p0[x & 127] + p1[x >> 7 & 127] + p2[x >> 14 & 127] + p3[x >> 21]
    x = h[1]
    b = p0[x & 127] + p1[x >> 7 & 127] + p2[x >> 14 & 127] + p3[x >> 21]
    return m._hand_outcome(s.o, h, seat, a, b) + (a, b)


def deal_unseen(state, seat, rng):
    """A dealt-mode state that agrees with everything ``seat`` can see (its
    own hand, the line, the hand and boneyard counts, scores, options) with
    the tiles it cannot see dealt at random from ``rng``: the other hand, the
    boneyard order and the stream of later deals. The opponents search such
    states, so they never read what the seat may not know. What play so far
    hints (a draw shows the drawer held nothing that fitted) is not used.
    Meant for the play and a free lead: a compulsory lead is the only move,
    and a redealt world may give the other seat a higher double."""
    s = state
    if s.obs:
        raise ValueError("observed mode: the engine holds no hands to deal")
    other = s.h[1 - seat]
    unseen = []
    rest = m._ALL & ~(s.h[seat] | s.lm)
    i = 0
    while rest:
        if rest & 1:
            unseen.append(i)
        rest >>= 1
        i += 1
    rng.shuffle(unseen)
    k = m._count(other)
    n = m._copy(s)
    n.h = m._pair(s.h, 1 - seat, m._mask(unseen[:k]))
    n.bone = unseen[k:]
    n.top = 0
    n.rng = rng.next32() | 1
    return n
