"""The dealt mode of Dominó Mano a Mano (firmware/rules/mano.py): the engine deals
every hand from the match's PRNG stream and holds both hands and the boneyard order.
Its deal, moves and lead rule, and the fast playout the opponents search with
(``playout_hand``, ``deal_unseen``), reached through mano.py; imported only for a
dealt game, so a tile board (observed mode, firmware/rules/mano_observed.py) does not
hold this code."""
from firmware.rules import IllegalMove, _redraw
from firmware.rules import mano as m


def leader(h):
    """(seat, tile) of the compulsory lead for hands h: highest double, else
    the heaviest tile (pip sum, then high end: that names a single tile)."""
    for v in range(6, -1, -1):
        t = m._DOUBLE[v]
        if h[0] >> t & 1:
            return 0, t
        if h[1] >> t & 1:
            return 1, t
    pips = m._PIPS
    high = m._B
    best = -1
    for i in range(28):
        if (h[0] | h[1]) >> i & 1:
            if (
                best < 0
                or pips[i] > pips[best]
                or (pips[i] == pips[best] and high[i] > high[best])
            ):
                best = i
    return (0 if h[0] >> best & 1 else 1), best


def deal(n):
    """Deal hand n.hand from the match's PRNG stream: hands, boneyard, leader.
    The deal is Rng(n.rng).shuffle of the 28 tiles (again while the rules want
    a double dealt), its loop inlined here: a deal comes with every hand."""
    hi = n.rng >> 16   # never 0: a state of the generator
    lo = n.rng & 0xFFFF
    while True:
        tiles = list(range(28))
        for i in range(27, 0, -1):
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
            lo ^= (lo << 5) & 0xFFFF
            k = i + 1
            if hi == 0xFFFF:
                hi, lo = _redraw(hi, lo, k)
            j = ((hi % k) * (0x10000 % k) + lo) % k
            tiles[i], tiles[j] = tiles[j], tiles[i]
        t = tiles
        h0 = 1 << t[0] | 1 << t[1] | 1 << t[2] | 1 << t[3] | 1 << t[4] | 1 << t[5] | 1 << t[6]
        h1 = 1 << t[7] | 1 << t[8] | 1 << t[9] | 1 << t[10] | 1 << t[11] | 1 << t[12] | 1 << t[13]
        if m._winner_leads(n) or n.o["no_double"] == "heaviest":
            break
        if (h0 | h1) & m._DOUBLES:
            break
    n.rng = (hi << 16) | lo
    n.h = (h0, h1)
    n.bone = tiles[14:]
    n.top = 0
    n.move = n.hist[-1][0] if m._winner_leads(n) else leader(n.h)[0]


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

_tile_of = None   # bit 1 << i -> i (the playout walks a mask's set bits only)

def playout_hand(state, rng, log=None):
    """Play the current hand of a dealt-mode state with random moves to its end
    and return its ``hand_history`` entry as a tuple (winner, points, reason,
    pips0, pips1); ``state`` is untouched and the next hand is not dealt.

    The moves are exactly those of the API playing ``legal_moves(s)[
    rng.below(len(legal_moves(s)))]`` (a lone ``draw`` or ``pass`` draws
    ``rng.below(1)`` too), on tile masks in local variables instead of new
    states, with ``rng``'s draws inlined (its state in two locals, written back
    at the end). ``log``, a list, receives each move played."""
    global _tile_of
    s = state
    if s.obs or (s.phase != m._LEAD and s.phase != m._PLAY):
        raise ValueError("playout_hand needs a dealt hand in progress")
    if _tile_of is None:
        _tile_of = {}
        for i in range(28):
            _tile_of[1 << i] = i
    tile_of = _tile_of
    c = m._BITS7
    vm = m._VM
    A = m._A
    B = m._B
    h = [s.h[0], s.h[1]]
    bone = s.bone
    top = s.top
    nbone = len(bone)
    le = s.le
    re = s.re
    lm = s.lm
    seat = s.move
    last = s.last
    passes = s.passes
    immediate = s.o["lock"] == "immediate"
    if s.phase == m._LEAD:
        tiles = lead_tiles(s)
        k = rng.below(m._count(tiles))
        while True:
            low = tiles & -tiles
            if not k:
                break
            k -= 1
            tiles ^= low
        t = tile_of[low]
        if log is not None:
            log.append(m._name(t))
        le = A[t]
        re = B[t]
        lm = 1 << t
        h[seat] &= ~lm
        last = seat
        seat = 1 - seat
    hi, lo = rng.hi, rng.lo
    mine = h[seat]     # the hands of the seat to move and of the other
    other = h[1 - seat]
    while True:
        # rng.below(n)'s step, inlined; for n == 1 it is all below does.
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        vl = vm[le]
        vr = vm[re]
        fit = mine & (vl | vr)
        if fit:
            # A tile is a move per end it fits: only the tile showing both end
            # values fits twice, unless the ends are equal and every tile does.
            n = c[fit & 127] + c[fit >> 7 & 127] + c[fit >> 14 & 127] + c[fit >> 21]
            if fit & vl & vr:
                n = n + n if le == re else n + 1
            if n == 1:   # the only move (below(1) draws nothing more)
                low = fit
                left = fit & vl != 0
            else:
                if hi == 0xFFFF:
                    hi, lo = _redraw(hi, lo, n)
                k = ((hi % n) * (0x10000 % n) + lo) % n
                # The k-th move in canonical order (tile by tile, left before
                # right), walking the set bits of ``fit`` only, lowest first.
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
            t = tile_of[low]
            if log is not None:
                log.append(("L" if left else "R") + m._name(t))
            a = A[t]
            if left:
                le = B[t] if a == le else a
            else:
                re = B[t] if a == re else a
            lm |= low
            mine ^= low
            last = seat
            passes = 0
            if not mine or (immediate and le == re and not (vm[le] & ~lm)):
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
    pips = m._PIPS
    p = [0, 0]
    for i in (0, 1):
        x = h[i]
        while x:
            low = x & -x
            p[i] += pips[tile_of[low]]
            x ^= low
    end = m._State(None)   # what _outcome reads: options, hands, the last to play
    end.o = s.o
    end.h = h
    end.last = last
    return m._outcome(end, p[0], p[1]) + (p[0], p[1])


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
