"""Masbrur's quick playout (the samples of firmware/ai/masbrur.py's search) on a compact,
mutable copy of the position: no engine state, move text or list of moves per ply.

``Position(state)`` copies what a round still needs into byte arrays: the field, both
arsenals in tile order, both walls, and a few integers (phase, offerer, plies, passes,
die, scores). ``playout(rng, me)`` plays the round to its end in place and scores it for
``me`` as the search wants it: the points margin, or +-100000 / 0 once the game ends.

The policy, the same as a sample's before it left the engine's API:

* equipment: attack when the hand can; else, five times in six, an active turn drawn as
  the opponent draws its candidates (a wall pair, a tile outside it, one of its pushes;
  ``+A`` when the pushed hand attacks), else pass (two passes in a row, the attack or
  the plies' cap end the phase);
* combat: a seat without a wall takes a random pair of its arsenal (one tile if it holds
  one); each seat's formations by a cheap rule, not the engine's reference selection
  (a few hundred ms on a Pico): one formation at a time, the strongest that the tiles
  left can still fill in either row (length, then height; a repetition takes every tile
  that can show its number), up to three, leaving out those the other wall may block
  (a blocking value among its tiles' top numbers, zero-high against a 0) while another
  fits; the community score does not steer it. No steals (the reference move "T -");
* the round is scored as the engine scores it (blocking, medals, community score, die).

``line``, when a list, gets the moves as the engine writes them (tests replay them).
The attack check is the engine's (firmware/rules/masbrur_attack.py), its viper twin where
the chip runs native code."""
from array import array

from firmware import native
from firmware.rules import masbrur_attack as ma
from firmware.rules import masbrur_form as mf

try:
    from micropython import const
except ImportError:             # CPython
    def const(x):
        return x

# select_in's work buffer: the hand's low and high halves; per row (24 places each) the
# value each tile gives it (255: none); per value the tile match_in gives it; per tile
# the value it is matched to; match_in's queue and the value each queued one came from;
# per formation found its row, zero-high flag, strength and blocking value; how many.
# Its masks (array "I"): per row and value the tiles that can still give it that row
# (row * 8 + value), then per formation the tiles it takes (16 + f).
_LO = const(0)
_HI = const(24)
_USE = const(48)
_ASSIGN = const(96)
_OWNER = const(104)
_QUEUE = const(128)
_BACK = const(136)
_FORMS = const(144)
_NF = const(156)
W_SIZE = const(160)
M_SIZE = const(19)

_attack = native.load("firmware.rules.masbrur_attack_native")
_witness = _attack.witness_in if _attack else ma.witness_in

WIN = 100000
_NONE = const(255)
_FIELD = const(0)      # the field, row after row (three values each)
_ARS = const(24)       # seat p's arsenal at _ARS + 24 * p, in tile order
_N = const(72)         # seat p's arsenal size at _N + p
_WALL = const(74)      # seat p's wall at _WALL + 2 * p
_WN = const(78)        # its size at _WN + p (0: no wall yet)
_ATT = const(80)       # seat p's hand attacks at _ATT + p: 0 not known yet, 1 no, 2 yes
_SIZE = const(82)

_EQUIPMENT = const(0)
_WALLS = const(1)
_SELECT = const(2)
_DONE = const(3)       # the round is scored (or the game over)
_PHASES = {"equipment": _EQUIPMENT, "combat_wall": _WALLS, "combat_select": _SELECT,
           "pie_offer": _DONE, "over": _DONE}


class Position:
    """A round's position in byte arrays (a copy: the engine's state is never changed)."""

    def __init__(self, s=None):
        self.b = bytearray(_SIZE)
        if s is not None:
            self.load(s)

    def load(self, s):
        """Become a copy of the engine's state ``s``."""
        if s.phase not in _PHASES or s.sel != [None, None]:
            raise ValueError("a playout starts in the equipment phase or combat, before "
                             "the selections, not in phase %s" % s.phase)
        o = s.opt
        self.phase = _PHASES[s.phase]
        self.fixed = o["wall_mode"] == "fixed"
        self.cap = o["max_equipment_plies"]
        self.opt = o
        self.last = s.round == o["rounds"]
        self.over = s.phase == "over"
        self.offerer = s.offerer
        self.plies = s.plies
        self.passes = s.passes
        self.die = s.die
        self.score = s.score[:]
        b = self.b
        b[_ATT] = b[_ATT + 1] = 0
        b[_FIELD:_FIELD + 24] = bytes(s.field)
        for p in (0, 1):
            ars = s.ars[p]
            b[_ARS + 24 * p:_ARS + 24 * p + len(ars)] = bytes(ars)
            b[_N + p] = len(ars)
            wall = s.wall[p] or ()
            b[_WN + p] = len(wall)
            b[_WALL + 2 * p:_WALL + 2 * p + len(wall)] = bytes(wall)

    def copy(self, other):
        """Become ``other`` (a sample starts from the same position every time)."""
        self.b[:] = other.b
        self.phase = other.phase
        self.fixed = other.fixed
        self.cap = other.cap
        self.opt = other.opt
        self.last = other.last
        self.over = other.over
        self.offerer = other.offerer
        self.plies = other.plies
        self.passes = other.passes
        self.die = other.die
        self.score = other.score[:]

    def mover(self):
        return self.offerer if self.plies % 2 == 0 else 1 - self.offerer

    def wall(self, p):
        b = self.b
        return list(b[_WALL + 2 * p:_WALL + 2 * p + b[_WN + p]])

    def redraw_wall(self, p, rng):
        """Seat ``p``'s wall drawn again from its arsenal, as another seat guesses it."""
        b = self.b
        n = b[_WN + p]
        tiles = list(b[_ARS + 24 * p:_ARS + 24 * p + b[_N + p]])
        rng.shuffle(tiles)
        pick = tiles[:n]
        pick.sort()
        b[_WALL + 2 * p:_WALL + 2 * p + n] = bytes(pick)
        b[_ATT + p] = 0

    def attacks(self, p):
        """Whether seat p's hand (arsenal less wall) attacks: checked once per hand (the
        other seat's turns leave it as it is)."""
        b = self.b
        if b[_ATT + p]:
            return b[_ATT + p] == 2
        w = _ATTACK
        at = _ARS + 24 * p
        w1 = w2 = _NONE
        if b[_WN + p]:
            w1 = b[_WALL + 2 * p]
            w2 = b[_WALL + 2 * p + 1] if b[_WN + p] > 1 else _NONE
        h = 0
        for x in range(at, at + b[_N + p]):
            t = b[x]
            if t != w1 and t != w2:
                w[h] = t >> 3
                w[24 + h] = t & 7
                h += 1
        b[_ATT + p] = 2 if _witness(w, h) else 1
        return b[_ATT + p] == 2

    def draw(self, p, rng):
        """A random active turn of seat p, as (wall tile, wall tile, arsenal position of the
        pushed tile, push code: row * 2 + side), or None when a few draws find no push."""
        b = self.b
        at = _ARS + 24 * p
        n = b[_N + p]
        fixed = self.fixed and b[_WN + p]     # the wall chosen first stays
        if n < 3:
            return None
        for _ in range(8):
            if fixed:
                w1 = b[_WALL + 2 * p]
                w2 = b[_WALL + 2 * p + 1]
            else:
                i = rng.below(n)
                j = rng.below(n - 1)
                if j >= i:
                    j += 1
                w1 = b[at + i]
                w2 = b[at + j]
                if w1 > w2:
                    w1, w2 = w2, w1
            k = rng.below(n - 2)            # the k-th tile outside the wall
            for x in range(n):
                t = b[at + x]
                if t != w1 and t != w2:
                    if k == 0:
                        break
                    k -= 1
            count = _pushes(b, t, _NONE)
            if count:
                return w1, w2, x, _pushes(b, t, rng.below(count))
        return None

    def push(self, p, w1, w2, x, code):
        """Play seat p's active turn; whether the hand it leaves attacks (``+A``)."""
        b = self.b
        at = _ARS + 24 * p
        t = b[at + x]
        r = 3 * (code >> 1)
        a = (t >> 3) + (t & 7)
        if code & 1:
            ejected = mf.tile(b[r], b[r + 1])
            b[r] = b[r + 1]
            b[r + 1] = b[r + 2]
            b[r + 2] = a - b[r + 1]
        else:
            ejected = mf.tile(b[r + 1], b[r + 2])
            b[r + 2] = b[r + 1]
            b[r + 1] = b[r]
            b[r] = a - b[r + 1]
        n = b[_N + p]
        for y in range(at + x, at + n - 1):  # out with the pushed tile, in with the ejected
            b[y] = b[y + 1]
        y = at + n - 1
        while y > at and b[y - 1] > ejected:
            b[y] = b[y - 1]
            y -= 1
        b[y] = ejected
        b[_WALL + 2 * p] = w1
        b[_WALL + 2 * p + 1] = w2
        b[_WN + p] = 2
        self.passes = 0
        if p == self.offerer:
            self.die += 1
        self.plies += 1
        b[_ATT + p] = 0
        return self.attacks(p)

    def push_text(self, p, w1, w2, x, code):
        """The active turn as the engine writes it (before it is played)."""
        return "W%s,%s P%s%s%d" % (mf.name(w1), mf.name(w2), mf.name(self.b[_ARS + 24 * p + x]),
                                   "LR"[code & 1], code >> 1)

    def _end_equipment(self):
        self.passes = 0
        b = self.b
        need = (b[_N] and not b[_WN]) or (b[_N + 1] and not b[_WN + 1])
        self.phase = _WALLS if need else _SELECT

    def _equipment(self, rng, line):
        """One quick move of the equipment phase."""
        p = self.mover()
        if self.attacks(p):
            self.plies += 1
            if line is not None:
                line.append("A")
            self._end_equipment()
            return
        if rng.below(6):
            got = self.draw(p, rng)
            if got is not None:
                if line is not None:
                    line.append(self.push_text(p, got[0], got[1], got[2], got[3]))
                if self.push(p, got[0], got[1], got[2], got[3]):
                    if line is not None:
                        line[-1] += "+A"
                    self._end_equipment()
                elif self.plies >= self.cap:
                    self._end_equipment()
                return
        self.plies += 1
        self.passes += 1
        if line is not None:
            line.append("pass")
        if self.passes >= 2 or self.plies >= self.cap:
            self._end_equipment()

    def _walls(self, rng, line):
        """The seats without a wall take a random pair of their arsenal, offerer first."""
        b = self.b
        for p in (self.offerer, 1 - self.offerer):
            n = b[_N + p]
            if b[_WN + p] or not n:
                continue
            at = _ARS + 24 * p
            if n == 1:
                b[_WALL + 2 * p] = b[at]
                b[_WN + p] = 1
            else:
                k = rng.below(n * (n - 1) // 2)   # the k-th pair in the engine's order
                i = 0
                while k >= n - 1 - i:
                    k -= n - 1 - i
                    i += 1
                b[_WALL + 2 * p] = b[at + i]
                b[_WALL + 2 * p + 1] = b[at + i + 1 + k]
                b[_WN + p] = 2
            if line is not None:
                line.append("W" + ",".join([mf.name(t) for t in self.wall(p)]))
        self.phase = _SELECT

    def playout(self, rng, me, line=None):
        """Quick moves to the end of the round; its value for seat ``me``."""
        while self.phase == _EQUIPMENT:
            self._equipment(rng, line)
        if self.phase == _WALLS:
            self._walls(rng, line)
        if self.phase == _SELECT:
            self._combat(line)
        sc = self.score
        if self.over:
            return 0 if sc[0] == sc[1] else WIN if (sc[me] > sc[1 - me]) else -WIN
        return sc[me] - sc[1 - me]

    def _combat(self, line):
        """Both selections by the cheap rule, no steals, and the round's score."""
        o = self.opt
        sel = []
        for p in (self.offerer, 1 - self.offerer):   # the offerer's first, as the engine
            sel.append(Selection(self.hand(p), o, self.wall(1 - p)))
            if line is not None:   # (a selection's text is read before the next is made)
                line.append(sel[-1].text())
        if self.offerer:
            sel.reverse()
        blk = [mf.blocker(self.wall(q), sel[1 - q].infos, sel[1 - q].zh) for q in (0, 1)]
        eff = [mf.effective(sel[p].infos, blk[1 - p]) for p in (0, 1)]
        halves = mf.medal_halves(eff[0], eff[1], o["shared_medal"])
        c = sel[0].points + sel[1].points
        for p in (0, 1):
            self.score[p] += halves[p] * (c + self.die)
        if line is not None:
            line += ["T -", "T -"]
        self.phase = _DONE
        self.over = self.last

    def hand(self, p):
        b = self.b
        wall = self.wall(p)
        return bytes([t for t in b[_ARS + 24 * p:_ARS + 24 * p + b[_N + p]] if t not in wall])


def _pushes(b, t, pick):
    """How many pushes tile t has on the field (``pick`` = 255), or the code (row * 2 +
    side) of push number ``pick``, in the engine's order."""
    a = t >> 3
    c = t & 7
    k = 0
    for r in range(8):
        x = b[3 * r]
        if x == a or x == c:
            if k == pick:
                return 2 * r
            k += 1
        x = b[3 * r + 2]
        if x == a or x == c:
            if k == pick:
                return 2 * r + 1
            k += 1
    return k


class Selection:
    """A hand's formations by the cheap rule (the module's doc): ``infos`` their
    (strength, blocking value) as masbrur_form has them, ``zh`` whether one is a zero-high
    sequence, ``points`` this seat's part of the community score (no steals: the hand as
    it is). The search runs on bytes (``select_in``: a viper twin on the chip)."""

    def __init__(self, hand, o, wall):
        self.hand = hand
        self.w = w = _SELECT_W      # (one selection is read before the next is made)
        self.m = m = _SELECT_M
        n = len(hand)
        for i in range(n):
            w[_LO + i] = hand[i] >> 3
            w[_HI + i] = hand[i] & 7
        flags = (1 if o["community_measure"] == "pips" else 0) \
            | (2 if o["community_tiles"] == "hand" else 0)
        for t in wall:            # the blocking values the other seat's wall may block
            flags |= 4 << (t & 7)
            if t >> 3 == 0:
                flags |= 4 << 8     # (a zero-high sequence's, by the zero rule)
        self.points = _select(w, m, n, flags)
        self.infos = []
        self.zh = False
        for f in range(w[_NF]):
            self.infos.append((w[_FORMS + 4 * f + 2], w[_FORMS + 4 * f + 3]))
            self.zh = self.zh or w[_FORMS + 4 * f + 1] == 1

    def text(self):
        """The selection as the engine's move (for tests and the replayed line)."""
        w = self.w
        out = []
        for f in range(w[_NF]):
            row = w[_FORMS + 4 * f]
            uses = ["%s/%d" % (mf.name(self.hand[i]), w[_USE + 24 * row + i])
                    for i in range(len(self.hand)) if self.m[16 + f] >> i & 1]
            out.append("%s%s:%s" % ("UL"[row], "*" if w[_FORMS + 4 * f + 1] else "",
                                    ",".join(uses)))
        return "F " + (" ; ".join(out) if out else "-")

    def key(self):
        """The formations' strengths, strongest first, as one comparable int."""
        got = [f[0] for f in self.infos] + [0, 0]
        got.sort()
        return (got[-1] << 16) | (got[-2] << 8) | got[-3]

    def unused(self):
        """The hand's tiles no formation uses."""
        w = self.w
        return [self.hand[i] for i in range(len(self.hand))
                if w[_USE + i] == _NONE and w[_USE + 24 + i] == _NONE]




def select_in(w, m, n, flags):
    """The cheap rule's formations for the hand of ``n`` tiles in ``w`` (see above); returns
    the community part: pips (flags bit 0) or a count of the unused halves of the tiles the
    formations use (of every hand tile: flags bit 1). Flags bits 2-9: blocking values to
    avoid (bit 2 + v: value v, bit 10: a zero-high sequence's) while a formation without
    one fits."""
    for i in range(48):
        w[_USE + i] = 255
    nf = 0
    ban = flags >> 2
    while nf < 3:
        best = 0
        brow = 0
        bzh = 0
        bwin = 0
        for t in range(4):
            if t == 2:
                if best or ban == 0:
                    break
                ban = 0
            row = t & 1
            base = 8 * row
            for v in range(8):
                m[base + v] = 0
            for i in range(n):
                if w[_USE + 24 * row + i] == 255:
                    a = w[_LO + i]
                    c = w[_HI + i]
                    u = w[_USE + 24 - 24 * row + i]
                    if u == 255:
                        m[base + a] |= 1 << i
                        m[base + c] |= 1 << i
                    else:               # a tile gives each row a different half
                        m[base + a + c - u] |= 1 << i
            least = 5 - 2 * row
            got = 0
            present = 0
            for v in range(8):
                x = m[base + v]
                if x:
                    present |= 1 << v
                k = 0
                while x:
                    x &= x - 1
                    k += 1
                if k >= least and k * 16 + v > got and (ban >> v) & 1 == 0:
                    got = k * 16 + v
            zh = 0
            win = 0
            length = 8
            while length >= least and length * 16 + 8 > got and win == 0:
                win = 1 | (((1 << (length - 1)) - 1) << (9 - length))   # zero-high
                if (ban >> 8) & 1 == 0 and present & win == win \
                        and match_in(w, m, base, win, n):
                    got = length * 16 + 8
                    zh = 1
                    break
                win = 0
                top = 7
                while top >= length - 1 and length * 16 + top > got:
                    win = ((1 << length) - 1) << (top - length + 1)
                    if (ban >> top) & 1 == 0 and present & win == win \
                            and match_in(w, m, base, win, n):
                        got = length * 16 + top
                        break
                    win = 0
                    top -= 1
                length -= 1
            if got > best:
                best = got
                brow = row
                bzh = zh
                bwin = win
        if best == 0:
            break
        base = 8 * brow
        taken = 0
        if bwin:
            match_in(w, m, base, bwin, n)
            bv = 0
            for v in range(8):
                if (bwin >> v) & 1:
                    i = w[_ASSIGN + v]
                    w[_USE + 24 * brow + i] = v
                    taken |= 1 << i
                    bv = v
            if bzh:
                bv = 0
        else:
            bv = best & 15
            taken = m[base + bv]
            for i in range(n):
                if (taken >> i) & 1:
                    w[_USE + 24 * brow + i] = bv
        w[_FORMS + 4 * nf] = brow
        w[_FORMS + 4 * nf + 1] = bzh
        w[_FORMS + 4 * nf + 2] = best
        w[_FORMS + 4 * nf + 3] = bv
        m[16 + nf] = taken
        nf += 1
    w[_NF] = nf
    total = 0
    for i in range(n):
        a = w[_LO + i]
        c = w[_HI + i]
        up = w[_USE + i]
        down = w[_USE + 24 + i]
        if up == 255 and down == 255:
            if flags & 2:
                total += a + c if flags & 1 else 2
        elif up == 255 or down == 255:
            total += a + c - (up & down) if flags & 1 else 1   # (the used half: 255 & v)
    return total


def match_in(w, m, base, win, n):
    """1 if every value of ``win`` can have a tile of its own (``m[base + v]``: the tiles
    that can give v), each then at ``w[_ASSIGN + v]``; else 0. Augmenting paths, breadth
    first."""
    for i in range(n):
        w[_OWNER + i] = 255
    for v in range(8):
        if (win >> v) & 1 == 0:
            continue
        w[_ASSIGN + v] = 255
        w[_QUEUE] = v
        head = 0
        tail = 1
        seen = 1 << v
        found = 0
        while head < tail and found == 0:
            x = w[_QUEUE + head]
            head += 1
            mask = m[base + x]
            for i in range(n):
                if (mask >> i) & 1 == 0:
                    continue
                o = w[_OWNER + i]
                if o == 255:
                    while True:     # x takes i; back along the path each takes the next
                        old = w[_ASSIGN + x]
                        w[_ASSIGN + x] = i
                        w[_OWNER + i] = x
                        if x == v:
                            break
                        i = old
                        x = w[_BACK + x]
                    found = 1
                    break
                if (seen >> o) & 1 == 0:
                    seen |= 1 << o
                    w[_BACK + o] = x
                    w[_QUEUE + tail] = o
                    tail += 1
        if found == 0:
            return 0
    return 1


_twin = native.load("firmware.ai.masbrur_playout_native")
_select = _twin.select_in if _twin else select_in
# The work buffers (one playout runs at a time): the attack check's and select_in's.
_ATTACK = ma.work()
_SELECT_W = bytearray(W_SIZE)
_SELECT_M = array("I", bytes(4 * M_SIZE))
