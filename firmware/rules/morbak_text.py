"""Morbak's position text read back (``morbak.from_text``, the API's entry point): kept
out of the engine because a board never reads position text, so it does not hold it."""
from firmware.rules import morbak as m

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# morbak.py's const() values (on MicroPython these are not module attributes): the same,
# checked by tests/portable/test_morbak_text.py.
_EMPTY = const(46)
_NEUTRAL = const(35)
_BLK = const(2)
_NEU = const(4)
_LITE = const(1)
_SEPARATE = const(2)
_PER_PLAYER = const(4)
_GAME_CLOCK = const(8)
_MOVE_CLOCK = const(16)
_LINE = const(1)
_FLAG = const(2)


def _is_count(tok):
    return 0 < len(tok) <= 2 and tok.isdigit()


def _parse_list(tok):
    """A switched-squares list -> indices; ValueError when malformed."""
    if tok == "-":
        return []
    out = []
    last = -1
    for name in tok.split(","):
        i = m._parse_square(name)
        if i < 0:
            raise ValueError("bad square %r in switched list %r" % (name, tok))
        key = (i % 7) * 7 + i // 7  # canonical rank: file then rank
        if key <= last:
            raise ValueError(
                "switched list %r must be in order a1, a2, ..., g7 without repeats" % tok
            )
        last = key
        out.append(i)
    return out


def from_text(text):
    m._init()
    if not isinstance(text, str):
        raise ValueError("position text must be a string")
    parts = text.split()
    if len(parts) < 6:
        raise ValueError("position text needs the board, the side to move and four counters")
    rows = parts[0].split("/")
    if len(rows) != 7 or any(len(r) != 7 for r in rows):
        raise ValueError("the board must be 7 ranks of 7 squares joined by '/'")
    board = bytearray(49)
    for k in range(7):
        for x in range(7):
            ch = rows[k][x]
            if ch not in ".ABab12#":
                raise ValueError("bad square character %r" % ch)
            board[(6 - k) * 7 + x] = ord(ch)
    if parts[1] not in ("A", "B"):
        raise ValueError("side to move must be A or B, not %r" % parts[1])
    turn = 0 if parts[1] == "A" else 1
    for tok in parts[2:6]:
        if not _is_count(tok):
            raise ValueError("counters must be numbers 0..99, not %r" % tok)
    cnt = bytearray((int(parts[2]), int(parts[3]), 0, 0, int(parts[4]), int(parts[5])))
    rest = parts[6:]
    pos = 0
    flags = _GAME_CLOCK | _MOVE_CLOCK
    if pos < len(rest) and _is_count(rest[pos]):
        if pos + 1 >= len(rest) or not _is_count(rest[pos + 1]):
            raise ValueError("separate budgets need two block counters")
        flags |= _SEPARATE
        cnt[_BLK], cnt[_BLK + 1] = int(rest[pos]), int(rest[pos + 1])
        pos += 2
    sw = None
    if pos < len(rest) and (rest[pos] == "-" or m._parse_square(rest[pos][:2]) >= 0):
        if pos + 1 >= len(rest):
            raise ValueError("per_player needs two switched lists")
        flags |= _PER_PLAYER
        sw = bytearray(49)
        for seat in (0, 1):
            for i in _parse_list(rest[pos + seat]):
                sw[i] |= 1 << seat
        pos += 2
    flagged = False
    for word in ("lite", "game_time_s=off", "move_time_s=off", "flag"):
        if pos < len(rest) and rest[pos] == word:
            pos += 1
            if word == "lite":
                flags |= _LITE
            elif word == "game_time_s=off":
                flags &= ~_GAME_CLOCK
            elif word == "move_time_s=off":
                flags &= ~_MOVE_CLOCK
            else:
                flagged = True
    if pos < len(rest):
        raise ValueError("unexpected %r in position text" % rest[pos])
    _check_board(board, flags, cnt, sw)
    s = m.State(board, turn, cnt, flags, sw)
    lines = [m._first_line(s, 0), m._first_line(s, 1)]
    if lines[0] and lines[1]:
        raise ValueError("both players cannot have a line")
    for p in (0, 1):
        if lines[p]:
            if turn == p or flagged:
                raise ValueError(
                    "%s has a line, so the game ended on %s's move" % ("AB"[p], "AB"[p])
                )
            s.end, s.winner = _LINE, p
            return s
    if flagged:
        if not flags & _GAME_CLOCK:
            raise ValueError("flag needs the game time limit on")
        s.end, s.winner = _FLAG, 1 - turn
        return s
    m._settle_draw(s)
    return s


def _check_board(board, flags, cnt, sw):
    """Reject what no game with these options can reach square by square."""
    if flags & _LITE:
        if flags & _SEPARATE or cnt[_NEU] or cnt[_NEU + 1]:
            raise ValueError("Lite has no blocks and no neutralizations")
    for i in range(49):
        c = board[i]
        if flags & _LITE and (c == m._BL[0] or c == m._BL[1] or c == _NEUTRAL):
            raise ValueError("Lite has no blocked or neutral squares (%s)" % m.SQUARES[i])
        if sw is None:
            continue
        if (c == _EMPTY or c == m._LIT[0] or c == m._LIT[1]) and sw[i]:
            raise ValueError("%s was never switched but is in a switched list" % m.SQUARES[i])
        for p in (0, 1):
            if c == m._SW[p] and not sw[i] & (1 << p):
                raise ValueError(
                    "%s is switched by %s but not in its list" % (m.SQUARES[i], "AB"[p])
                )
