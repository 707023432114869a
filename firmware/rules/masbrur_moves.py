"""Masbrur's equipment-phase moves as a compact list (docs/contracts.md#masbrur-moves).

An active turn names a wall pair, a pushed tile and a push, optionally ``+A``: with ten
tiles in hand that is thousands of moves (23,258 in one position), more strings than a
Pico's heap holds. ``Moves`` is the list ``legal_moves`` returns in that phase: a
read-only sequence of the same strings in the same canonical order, each made when asked
for. It holds the arsenal, the pushes of each tile (a byte each: row * 2 + side) and one
bit per active turn (whether it may also declare the attack): a few KB whatever the count.

``len``, ``moves[i]`` (negative too), iteration, ``in``, ``index`` and ``==`` with a list
work as on a list; ``list(moves)`` makes the plain list (where the heap is large enough)."""
from firmware.rules import masbrur_form as mf


class Moves:  # noqa: PLW1641 (never a key: on MicroPython __hash__ = None would raise)
    def __init__(self, head, ars, pairs, codes, at, plus, first, bit, is_legal):
        self._head = head           # "pass", then "A" when the hand attacks
        self._ars = ars
        self._pairs = pairs         # wall pairs: bytes i, j (arsenal positions), in order
        self._codes = codes         # every tile's pushes: bytes of row * 2 + side ...
        self._at = at               # ... those of arsenal position k at at[k]:at[k + 1]
        self._plus = plus           # bit b: active turn b may also declare the attack
        self._first = first         # per pair: its first index in the list (then the count)
        self._bit = bit             # ... and its first active turn (bit)
        self._is_legal = is_legal   # the engine's check of one move (for ``in``)

    def plus(self, b):
        return self._plus[b >> 3] >> (b & 7) & 1

    def __len__(self):
        return self._first[-1]

    def _turn(self, k, code):
        return "P%s%s%d" % (mf.name(self._ars[k]), "LR"[code & 1], code >> 1)

    def _pair_text(self, q):
        return "W%s,%s " % (mf.name(self._ars[self._pairs[2 * q]]),
                            mf.name(self._ars[self._pairs[2 * q + 1]]))

    def __getitem__(self, index):
        n = self._first[-1]
        if isinstance(index, slice):
            return self._slice(index, n)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("move index out of range")
        if index < len(self._head):
            return self._head[index]
        first = self._first
        q = 0
        while first[q + 1] <= index:
            q += 1
        at, b = first[q], self._bit[q]
        i, j = self._pairs[2 * q], self._pairs[2 * q + 1]
        for k in range(len(self._ars)):
            if k == i or k == j:
                continue
            for x in range(self._at[k], self._at[k + 1]):
                code = self._codes[x]
                plus = self.plus(b)
                if index <= at + plus:
                    move = self._pair_text(q) + self._turn(k, code)
                    return move + "+A" if index > at else move
                at += 1 + plus
                b += 1
        raise IndexError("move index out of range")   # not reached: the counts agree

    def _slice(self, sl, n):
        """A plain list of the moves of a slice (steps forward only)."""
        step = sl.step or 1
        if step < 0:
            raise ValueError("the moves slice backwards only as a list: list(moves)[::-1]")
        ends = []
        for v, default in ((sl.start, 0), (sl.stop, n)):
            v = default if v is None else v + n if v < 0 else v
            ends.append(0 if v < 0 else n if v > n else v)
        return [self[i] for i in range(ends[0], ends[1], step)]

    def __iter__(self):
        for move in self._head:
            yield move
        b = 0
        for q in range(len(self._pairs) // 2):
            i, j = self._pairs[2 * q], self._pairs[2 * q + 1]
            wall = self._pair_text(q)
            for k in range(len(self._ars)):
                if k == i or k == j:
                    continue
                for x in range(self._at[k], self._at[k + 1]):
                    move = wall + self._turn(k, self._codes[x])
                    yield move
                    if self.plus(b):
                        yield move + "+A"
                    b += 1

    def __contains__(self, move):
        # Exactly the strings play accepts in this phase (docs/rules/masbrur.md#2-equipment).
        return isinstance(move, str) and self._is_legal(move)

    def index(self, move):
        at = 0
        for m in self:
            if m == move:
                return at
            at += 1
        raise ValueError("%r is not a legal move" % (move,))

    def __eq__(self, other):
        if len(self) != len(other):
            return False
        at = 0
        for m in self:
            if m != other[at]:
                return False
            at += 1
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "masbrur.Moves(%d moves: %s, ...)" % (len(self), ", ".join(self._head))
