"""Fast random playouts of Morbak for the opponents (firmware/ai/morbak.py), beside the
engine's API and kept out of it, so a board playing Morbak without an opponent does not
hold this code: ``playout(state, rng, limit, log)`` plays the very game the API plays
with random moves; ``can_win_now(state, seat)`` sees a threat. Both run their viper
twins (native/rules/morbak_playout_native.py) where the chip runs native code."""
from firmware import native
from firmware.rules import morbak as m
from firmware.rules.morbak import SQUARES

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# morbak.py's const() values (on MicroPython these are not module attributes): the same.
_EMPTY = const(46)
_NEUTRAL = const(35)
_BUD = const(0)
_BLK = const(2)
_NEU = const(4)
_LITE = const(1)
_SEPARATE = const(2)
_PER_PLAYER = const(4)
_LINE = const(1)
_DRAW = const(3)
_LIT = m._LIT
_SW = m._SW
_BL = m._BL
_init = m._init
_windows = m._windows
_line_through = m._line_through

_CANON = None   # canonical position k -> board index (a1, a2, ..., g7)
_CH = None      # square character -> the one-byte bytes that count and find take


def _fast_tables():
    global _CANON, _CH
    _init()
    _CANON = bytes((k % 7) * 7 + k // 7 for k in range(49))
    _CH = [bytes((v,)) for v in range(128)]


def _kth(c, sw, k, x, y, swc, bit):
    """Canonical position of the k-th square (from 0) of the mirror c that
    holds x or y, or swc while sw (per_player) lacks ``bit`` there."""
    canon = _CANON
    for j in range(49):
        v = c[j]
        if v == x or v == y or (v == swc and not sw[canon[j]] & bit):
            if not k:
                return j
            k -= 1
    return -1


def _free(c, sw, swc, bit):
    """Squares of the mirror c holding swc that sw (per_player) lacks ``bit`` on."""
    n = 0
    canon = _CANON
    for j in range(49):
        if c[j] == swc and not sw[canon[j]] & bit:
            n += 1
    return n


def _kinds(c, cnt, f, sw, p):
    """(switches, blocks, neutralizations) seat p may play, counted on the
    canonical mirror c; the lights are the empty squares."""
    o = 1 - p
    ch = _CH
    ns = nk = nn = 0
    if cnt[_BUD + p]:
        ns = c.count(ch[_LIT[o]])
        if sw is not None:
            ns += _free(c, sw, _SW[o], 1 << p)
    if not f & _LITE and cnt[(_BLK if f & _SEPARATE else _BUD) + p]:
        nk = c.count(ch[_LIT[p]])
        if sw is not None:
            nk += _free(c, sw, _SW[p], 1 << o)
    if cnt[_NEU + p]:
        nn = c.count(ch[_SW[o]]) + c.count(ch[_BL[o]])
    return ns, nk, nn


_WINDOW_LIST = None  # the 88 windows, built on first use


def can_win_now(s, p):
    """True when seat p, were it to move in s, could complete a line with one
    light or switch (the opponents use it to see threats)."""
    _init()
    sw = s.sw
    return bool(_can_win(s.board, m._OWNER, s.board if sw is None else sw, p,
                         s.cnt[_BUD + p] > 0, sw is not None))


def can_win_in(b, owner, sw, p, switch, per):
    """can_win_now on the board b (``owner``: morbak's _OWNER; ``sw``: the per_player
    switch bits, read only when ``per``): the portable twin."""
    global _WINDOW_LIST
    if _WINDOW_LIST is None:
        _WINDOW_LIST = tuple(_windows())
    own = p + 1
    lit_o = _LIT[1 - p]
    sw_o = _SW[1 - p]
    for w in _WINDOW_LIST:
        gap = -1
        for i in w:
            if owner[b[i]] != own:
                if gap >= 0:
                    gap = -2
                    break
                gap = i
        if gap < 0:
            continue
        c = b[gap]
        if c == _EMPTY or (switch and (c == lit_o or (c == sw_o and per
                                                        and not sw[gap] & (1 << p)))):
            return True
    return False


def playout(s, rng, limit=-1, log=None):
    """Play random moves from ``s`` until the game ends (or ``limit`` plies are
    played) and return the position reached; ``s`` is untouched.

    The game is exactly the one the API plays when every move is
    ``legal_moves(t)[rng.below(len(legal_moves(t)))]`` (a forced pass draws
    ``rng.below(1)`` too); the moves are counted by kind on a copy of the
    board in canonical order instead of being listed as strings. ``log``, a
    list, receives each move played."""
    if _CANON is None:
        _fast_tables()
    t = s.copy()
    if s.end:
        t.end, t.winner = s.end, s.winner
        return t
    if t.sw is not None:
        t.sw = bytearray(t.sw)
    if _run is not None and log is None:
        _native_playout(t, rng, limit)
        return t
    b, cnt, f, sw = t.board, t.cnt, t.flags, t.sw
    canon = _CANON
    c = bytearray(b[canon[j]] for j in range(49))
    dot = _CH[_EMPTY]
    below = rng.below
    p = t.turn
    while limit:
        o = 1 - p
        nl = t.empty
        ns, nk, nn = _kinds(c, cnt, f, sw, p)
        n = nl + ns + nk + nn
        if not n:
            below(1)
            if log is not None:
                log.append("pass")
            p = t.turn = o
            limit -= 1
            continue
        k = below(n)
        if k < nl:
            j = c.find(dot)
            while k:
                j = c.find(dot, j + 1)
                k -= 1
            code, v = "L", _LIT[p]
            t.empty -= 1
        elif k < nl + ns:
            j = _kth(c, sw, k - nl, _LIT[o], -1, _SW[o] if sw is not None else -1, 1 << p)
            code, v = "S", _SW[p]
            cnt[_BUD + p] -= 1
        elif k < nl + ns + nk:
            j = _kth(c, sw, k - nl - ns, _LIT[p], -1, _SW[p] if sw is not None else -1, 1 << o)
            code, v = "K", _BL[p]
            cnt[(_BLK if f & _SEPARATE else _BUD) + p] -= 1
        else:
            j = _kth(c, sw, k - nl - ns - nk, _SW[o], _BL[o], -1, 0)
            code, v = "N", _NEUTRAL
            cnt[_NEU + p] -= 1
        i = canon[j]
        b[i] = c[j] = v
        if code == "S" and sw is not None:
            sw[i] |= 1 << p
        if log is not None:
            log.append(code + " " + SQUARES[i])
        t.turn = o
        limit -= 1
        if (code == "L" or code == "S") and _line_through(b, i, p):
            t.end, t.winner = _LINE, p
            break
        if not t.empty and not sum(_kinds(c, cnt, f, sw, p)) and not sum(_kinds(c, cnt, f, sw, o)):
            t.end = _DRAW
            break
        p = o
    return t


# A game lasts fewer plies than this (49 lights, at most 99 switches, blocks and
# neutralizations a seat, a pass only after the other seat acted): no limit.
_ENDLESS = const(30000)


def _native_playout(t, rng, limit):
    """playout's game on t (a copy, changed in place) by the viper twin: the same moves
    and the same draws from rng."""
    st = _ST
    st[0] = t.turn
    st[1] = (t.flags & ~_PER_PLAYER) | (_PER_PLAYER if t.sw is not None else 0)
    st[2] = t.empty
    st[3] = st[4] = 0
    st[5], st[6], st[7], st[8] = rng.hi & 255, rng.hi >> 8, rng.lo & 255, rng.lo >> 8
    if limit < 0 or limit > _ENDLESS:
        limit = _ENDLESS
    st[9], st[10] = limit & 255, limit >> 8
    _run(t.board, t.cnt, t.board if t.sw is None else t.sw, m._OWNER, st)
    t.turn, t.empty = st[0], st[2]
    if st[3]:
        t.end = st[3]
        t.winner = st[4] if st[3] == _LINE else None
    rng.hi, rng.lo = st[5] | st[6] << 8, st[7] | st[8] << 8


_twin = native.load("firmware.rules.morbak_playout_native")
_can_win = _twin.can_win_in if _twin else can_win_in
_run = _twin.playout_in if _twin else None
_ST = bytearray(11)   # _run's state (one playout runs at a time)
