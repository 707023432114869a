"""Shared pieces of the pure rules engines: the error type, the seeded
generator of docs/contracts.md#the-seeded-generator and option checking. Nothing game-specific."""


class IllegalMove(ValueError):
    """Raised by ``play`` for an illegal or malformed move; the message says why."""


class Rng:
    """xorshift32 (docs/contracts.md#the-seeded-generator): the same stream on CPython and
    MicroPython.

    The state is kept as two 16-bit halves so that ``below`` and ``shuffle`` never
    make integers above 2^30, which would allocate on a 32-bit board. The hot loops
    (here, mano_dealt, mabula_setup, mabula_playout) inline ``xorshift``'s step as
    a shift left by k written (x & mask) * 2^k + (the other half's bits): no bits
    overlap, and CPython adds and multiplies small ints faster than it shifts or ors."""

    def __init__(self, seed=0):
        s = seed & 0xFFFFFFFF
        if not s:
            s = 0x6D2B79F5
        self.hi = s >> 16
        self.lo = s & 0xFFFF

    def _step(self):
        self.hi, self.lo = xorshift(self.hi, self.lo)

    @property
    def state(self):
        return (self.hi << 16) | self.lo

    def next32(self):
        self._step()
        return (self.hi << 16) | self.lo

    def below(self, n):
        if n < 1:
            raise ValueError("below() needs n >= 1")
        if n > 0x4000:
            lim = 0x100000000 - (0x100000000 % n)
            while True:
                x = self.next32()
                if x < lim:
                    return x % n
        hi, lo = self.hi, self.lo
        # _step inlined: below is the playouts' hottest call.
        hi ^= (hi & 7) * 8192 + (lo >> 3)
        lo ^= (lo & 7) * 8192 ^ hi >> 1
        hi ^= (hi & 0x7FF) * 32 + (lo >> 11)
        lo ^= (lo & 0x7FF) * 32
        if hi == 0xFFFF:
            hi, lo = _redraw(hi, lo, n)
        self.hi, self.lo = hi, lo
        # x mod n from the halves, x = hi * 2^16 + lo: below 2^30 as n <= 0x4000.
        return (hi * (0x10000 % n) + lo) % n

    def shuffle(self, a):
        """Fisher-Yates with ``below(i + 1)`` for i from the end, its steps inlined
        (a Mabula setup takes about 60 shuffles, a Mano a Mano deal one of 28)."""
        if len(a) > 0x4001:
            for i in range(len(a) - 1, 0, -1):
                j = self.below(i + 1)
                a[i], a[j] = a[j], a[i]
            return
        hi, lo = self.hi, self.lo
        for n in range(len(a), 1, -1):   # below(n) for a[n - 1]
            hi ^= (hi & 7) * 8192 + (lo >> 3)
            lo ^= (lo & 7) * 8192 ^ hi >> 1
            hi ^= (hi & 0x7FF) * 32 + (lo >> 11)
            lo ^= (lo & 0x7FF) * 32
            if hi == 0xFFFF:
                hi, lo = _redraw(hi, lo, n)
            j = (hi * (0x10000 % n) + lo) % n   # < 2^30: 2^16 mod n < 0x4000
            n -= 1
            a[n], a[j] = a[j], a[n]
        self.hi, self.lo = hi, lo


def xorshift(hi, lo):
    """One xorshift32 step on the state's 16-bit halves (the hot loops inline it)."""
    hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # x ^= x << 13
    lo ^= (lo << 13) & 0xFFFF
    lo ^= hi >> 1  # x ^= x >> 17
    hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # x ^= x << 5
    lo ^= (lo << 5) & 0xFFFF
    return hi, lo


def _redraw(hi, lo, n):
    """The state ``below(n)`` (n <= 0x4000) takes its draw from, given the state
    (hi, lo) one step on: it steps again while the draw is rejected, which only
    happens when hi is 0xFFFF (at or above 2^32 - (2^32 mod n))."""
    m = 0x10000 % n
    lim = 0x10000 - (m * m) % n
    while hi == 0xFFFF and lo >= lim:
        hi, lo = xorshift(hi, lo)
    return hi, lo


def is_bool(v):
    # isinstance(True, int) differs between CPython and MicroPython: compare identity.
    return v is True or v is False


def is_int(v):
    return isinstance(v, int) and not is_bool(v)


def take_options(options, table):
    """Merge ``options`` over the defaults of ``table`` (an engine's OPTIONS) and check
    every value; ValueError naming the key for an unknown key or a bad value.

    ``table``: {key: (default, kind, arg)}. Kinds: "int" (lo, hi); "limit" (lo, hi) or
    None for no limit; "bool"; "choice" (values...), compared with their types, so
    neither True nor 1.0 is taken for 1; "check" a function of the value returning None
    or what is wrong. The board's settings check their values with it too."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    for key in options:
        if key not in table:
            raise ValueError("unknown option %r (known: %s)" % (key, ", ".join(sorted(table))))
    out = {}
    for key in table:
        default, kind, arg = table[key]
        value = options[key] if key in options else default
        if kind == "check":
            fault = arg(value)
            if fault:
                raise ValueError("option %r is not a valid %s: %s" % (key, key, fault))
        elif kind == "int" or kind == "limit":
            if not (
                (value is None and kind == "limit")
                or (is_int(value) and arg[0] <= value <= arg[1])
            ):
                raise ValueError("option %r has a bad value: %r" % (key, value))
        else:
            allowed = arg or (True, False)
            for a in allowed:
                if value == a and type(value) is type(a):
                    break
            else:
                raise ValueError("option %r must be one of %s, not %r"
                                 % (key, ", ".join([repr(a) for a in allowed]), value))
        out[key] = value
    return out
