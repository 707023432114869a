"""Morbak (docs/rules/morbak.md): 7x7 light-up line of four, with switches, blocks and
neutralizations. Seat 0 = player A, seat 1 = player B.

Moves: ``L d4`` light, ``S d4`` switch, ``K d4`` block, ``N d4`` neutralize,
``pass`` (forced only), and the host events ``timeout`` (turn forfeited) and
``flag`` (the player to move ran out of game time and loses). ``legal_moves``
never lists the events; ``play`` accepts each one only while its limit
(``move_time_s`` / ``game_time_s``) is on.

Position text: docs/rules/morbak.md#notation, then optional tokens, always in this order::

    <rank7>/.../<rank1> <side> <budA> <budB> <neuA> <neuB>
        [<blkA> <blkB>] [<swA> <swB>] [lite] [game_time_s=off] [move_time_s=off] [flag]

* ``budget_scope="separate"``: ``budA budB`` count switches left and the two
  appended counters ``blkA blkB`` count blocks left.
* ``switch_limit="per_player"``: two lists, the squares A and B have switched
  (ever, neutralized ones included), each in canonical order (a1, a2, ..., g7),
  joined by ``,``; ``-`` for none. E.g. ``d3,d4 -``.
* ``lite`` for the Lite variant; ``game_time_s=off`` / ``move_time_s=off`` when
  that limit is off (then ``flag`` / ``timeout`` are refused).
* ``flag``: the game ended on the flag of ``<side>``, who lost.
* ``<side>`` is the player to move; once the game is over it stays the player
  who would have moved (after a winning line, the loser).
With the default options the text is exactly the one in docs/rules/morbak.md#notation, e.g.
``......./......./....2../...#A../..AbA../.B...B./....... A 7 4 0 1``.

Result reasons: ``"line"`` (four in a row), ``"flag"`` (game clock),
``"no moves"`` (draw: neither player can act), ``"in progress"`` (not over:
winner None). Scores are 1 for the winner, 0 otherwise (Morbak has no points).

Options are docs/rules/morbak.md#options. ``budget`` and ``neutralizations`` are 0..99 (99 is
more than a player can ever use); with ``budget_scope="separate"`` a player gets
``budget`` switches and ``budget`` blocks. Lite has no blocks and no
neutralizations, so ``lite=True`` with ``budget_scope="separate"`` or
``neutralizations`` > 0 is refused. Clock values are positive ints or None; the
engine only cares whether a limit is on. ``next_first`` is checked here and
applied by ``next_first()``.

Board helpers: ``SQUARES`` (index = rank*7 + file), ``square_state`` (the
position character; ``square_states``: all 49 at once), ``press_action``
(docs/boards/light.md#playing), ``budgets``,
``winning_line``.
"""
from firmware.rules import IllegalMove, Rng, is_int, take_options

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SQUARES = (
    "a1", "b1", "c1", "d1", "e1", "f1", "g1",
    "a2", "b2", "c2", "d2", "e2", "f2", "g2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3",
    "a4", "b4", "c4", "d4", "e4", "f4", "g4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5",
    "a6", "b6", "c6", "d6", "e6", "f6", "g6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7",
)

# Square contents are the position characters themselves, as byte values.
_EMPTY = const(46)    # .
_NEUTRAL = const(35)  # #
_LIT = (65, 66)       # A B
_SW = (97, 98)        # a b  switched (per_player: most recent switch by the owner)
_BL = (49, 50)        # 1 2  blocked

# Offsets into State.cnt (one byte per player each).
_BUD = const(0)  # switches + blocks (combined), switches only (separate)
_BLK = const(2)  # blocks (separate only)
_NEU = const(4)  # neutralizations

# State.flags: the options that change behaviour.
_LITE = const(1)
_SEPARATE = const(2)
_PER_PLAYER = const(4)
_GAME_CLOCK = const(8)
_MOVE_CLOCK = const(16)

# State.end
_ON = const(0)
_LINE = const(1)
_FLAG = const(2)
_DRAW = const(3)
_REASONS = ("in progress", "line", "flag", "no moves")

_MAX_COUNT = const(99)

# The engine's one table (RAM is scarce on a board: lines are found by walking from the
# square just played, move strings are made as they are listed): _OWNER[character] is
# 1 for A's squares, 2 for B's, 0 otherwise. Built on first use (no work at import).
_OWNER = None


def _init():
    global _OWNER
    if _OWNER is None:
        t = bytearray(128)
        for p in (0, 1):
            t[_LIT[p]] = t[_SW[p]] = t[_BL[p]] = p + 1
        _OWNER = bytes(t)


class State:
    """One position. Treat as read-only: ``play`` returns a new one.

    board: bytearray(49) of position characters, index = rank*7 + file.
    cnt: bytearray(6) of counters (see _BUD, _BLK, _NEU).
    sw: per_player only, bytearray(49): bit p set once seat p switched the square.
    """

    def __init__(self, board, turn, cnt, flags, sw):
        self.board = board
        self.turn = turn
        self.cnt = cnt
        self.flags = flags
        self.sw = sw
        self.empty = board.count(b".")
        self.end = _ON
        self.winner = None

    def copy(self):
        s = State(bytearray(self.board), self.turn, bytearray(self.cnt), self.flags, self.sw)
        s.empty = self.empty
        return s

    def __repr__(self):
        return "morbak.State(%r)" % to_text(self)


# ---------------------------------------------------------------- options

# {name: (default, kind, arg)}, kinds as in firmware.rules.take_options. Lite changes
# the defaults of budget (6) and neutralizations (0): see _options.
OPTIONS = {
    "lite": (False, "bool", None),
    "budget": (7, "int", (0, _MAX_COUNT)),
    "budget_scope": ("combined", "choice", ("combined", "separate")),
    "neutralizations": (1, "int", (0, _MAX_COUNT)),
    "switch_limit": ("per_square", "choice", ("per_square", "per_player")),
    "game_time_s": (900, "limit", (1, 0x3FFFFFFF)),
    "move_time_s": (120, "limit", (1, 0x3FFFFFFF)),
    "first": (0, "choice", (0, 1, "random")),
    "next_first": ("loser", "choice", ("loser",)),
}


def _options(options):
    o = take_options(options, OPTIONS)
    if o["lite"]:
        if "budget" not in options:
            o["budget"] = 6
        if "neutralizations" not in options:
            o["neutralizations"] = 0
    return o


def new_game(options=None, seed=0):
    _init()
    o = _options(options)
    if not is_int(seed):
        raise ValueError("seed must be an int, not %r" % (seed,))
    flags = 0
    if o["lite"]:
        flags |= _LITE
        if o["budget_scope"] == "separate":
            raise ValueError(
                "option 'budget_scope' cannot be 'separate' in Lite (Lite has no blocks)"
            )
        if o["neutralizations"]:
            raise ValueError("option 'neutralizations' must be 0 in Lite")
    if o["budget_scope"] == "separate":
        flags |= _SEPARATE
    if o["switch_limit"] == "per_player":
        flags |= _PER_PLAYER
    if o["game_time_s"] is not None:
        flags |= _GAME_CLOCK
    if o["move_time_s"] is not None:
        flags |= _MOVE_CLOCK
    first = o["first"]
    if first == "random":
        first = Rng(seed).below(2)
    b, n = o["budget"], o["neutralizations"]
    blocks = b if flags & _SEPARATE else 0
    cnt = bytearray((b, b, blocks, blocks, n, n))
    return State(bytearray(b"." * 49), first, cnt, flags,
                 bytearray(49) if flags & _PER_PLAYER else None)


def next_first(started, winner):
    """Seat that starts the next game of a match (option next_first="loser"):
    the loser, or after a draw (winner None) the seat that did not start."""
    if started not in (0, 1) or winner not in (0, 1, None):
        raise ValueError("next_first needs seats 0/1 (winner may be None)")
    return 1 - (started if winner is None else winner)


# ---------------------------------------------------------------- moves

def _actions(s, p):
    """Every action of seat p as move strings, in canonical order."""
    b = s.board
    o = 1 - p
    f = s.flags
    cnt = s.cnt
    can_s = cnt[_BUD + p] > 0
    can_k = not (f & _LITE) and cnt[(_BLK if f & _SEPARATE else _BUD) + p] > 0
    can_n = cnt[_NEU + p] > 0
    sw = s.sw  # None unless per_player
    pbit, obit = 1 << p, 1 << o
    lit_p, lit_o, sw_p, sw_o, bl_o = _LIT[p], _LIT[o], _SW[p], _SW[o], _BL[o]
    ls, ss, ks, ns = [], [], [], []
    for k in range(49):
        i = (k % 7) * 7 + k // 7  # canonical order: a1, a2, ..., g7
        c = b[i]
        if c == _EMPTY:
            ls.append("L " + SQUARES[i])
        elif c == lit_o:  # never switched: anyone may switch it
            if can_s:
                ss.append("S " + SQUARES[i])
        elif c == lit_p:  # never switched: o could switch it, so it can be blocked
            if can_k:
                ks.append("K " + SQUARES[i])
        elif c == sw_o:
            if can_s and sw is not None and not sw[i] & pbit:
                ss.append("S " + SQUARES[i])
            if can_n:
                ns.append("N " + SQUARES[i])
        elif c == bl_o:
            if can_n:
                ns.append("N " + SQUARES[i])
        elif c == sw_p:
            if can_k and sw is not None and not sw[i] & obit:
                ks.append("K " + SQUARES[i])
    return ls + ss + ks + ns


def _why_not(s, code, i):
    """Why seat s.turn may not play ``code`` on square i, or None when it may."""
    p = s.turn
    o = 1 - p
    c = s.board[i]
    f = s.flags
    name = SQUARES[i]
    if code == "L":
        return None if c == _EMPTY else "%s is not empty" % name
    if code == "S":
        if c == _BL[o]:
            return "%s is blocked" % name
        if c != _LIT[o] and c != _SW[o]:
            return "you can only switch a square lit in your opponent's colour"
        if f & _PER_PLAYER:
            if s.sw[i] & (1 << p):
                return "you have already switched %s" % name
        elif c == _SW[o]:
            return "%s has already been switched" % name
        if not s.cnt[_BUD + p]:
            return "you have no switches left" if f & _SEPARATE else "you have no budget left"
        return None
    if code == "K":
        if f & _LITE:
            return "there are no blocks in Lite"
        if c == _BL[p]:
            return "%s is already blocked" % name
        if c != _LIT[p] and c != _SW[p]:
            return "you can only block a square lit in your colour"
        if c == _SW[p] and not (f & _PER_PLAYER and not s.sw[i] & (1 << o)):
            return "%s can no longer be switched, there is nothing to block" % name
        if f & _SEPARATE:
            if not s.cnt[_BLK + p]:
                return "you have no blocks left"
        elif not s.cnt[_BUD + p]:
            return "you have no budget left"
        return None
    # N
    if f & _LITE:
        return "there are no neutralizations in Lite"
    if c != _SW[o] and c != _BL[o]:
        return "you can only neutralize a square your opponent switched or blocked"
    if not s.cnt[_NEU + p]:
        return "you have no neutralization left"
    return None


def _parse_square(text):
    if len(text) == 2:
        x, y = ord(text[0]) - 97, ord(text[1]) - 49
        if 0 <= x < 7 and 0 <= y < 7:
            return y * 7 + x
    return -1


_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _windows():
    """The 88 windows (runs of 4 squares) as tuples of indices, in the fixed order:
    by direction (rows, files, diagonals, anti-diagonals), then by first square."""
    for dx, dy in _DIRS:
        for y in range(7):
            for x in range(7):
                if 0 <= x + 3 * dx < 7 and 0 <= y + 3 * dy < 7:
                    yield tuple((y + k * dy) * 7 + x + k * dx for k in range(4))


def _first_line(s, p):
    """The first window that seat p owns completely, or None: _windows' order, walked
    without building the windows (the winning press on the light board waits for it)."""
    b = s.board
    own = p + 1
    for dx, dy in _DIRS:
        step = 7 * dy + dx
        for y in range(7):
            if not 0 <= y + 3 * dy < 7:
                continue
            for i in range(7 * y, 7 * y + 7 - 3 * dx):
                if (_OWNER[b[i]] == own and _OWNER[b[i + step]] == own
                        and _OWNER[b[i + 2 * step]] == own and _OWNER[b[i + 3 * step]] == own):
                    return (i, i + step, i + 2 * step, i + 3 * step)
    return None


def _line_through(b, i, p):
    """True when seat p owns 4 squares in a row through square i (i is p's)."""
    x0, y0 = i % 7, i // 7
    own = p + 1
    for dx, dy in _DIRS:
        n = 1
        for way in (1, -1):  # both ways from i
            sx, sy = way * dx, way * dy
            x, y = x0 + sx, y0 + sy
            while 0 <= x < 7 and 0 <= y < 7 and _OWNER[b[y * 7 + x]] == own:
                n += 1
                x += sx
                y += sy
        if n >= 4:
            return True
    return False


def _settle_draw(s):
    # While a square is empty both players can light it; only a full board needs the scan.
    if not s.empty and not _actions(s, 0) and not _actions(s, 1):
        s.end = _DRAW


def legal_moves(s):
    if s.end:
        return []
    moves = _actions(s, s.turn)
    # Not over, so when the mover cannot act the opponent can: forced pass.
    return moves if moves else ["pass"]


def only_pass(s):
    """``legal_moves(s) == ["pass"]`` without building the list: while a square is empty
    the mover can light it (the board asks after every move)."""
    return not s.end and not s.empty and not _actions(s, s.turn)


def play(s, move):
    if not isinstance(move, str):
        raise IllegalMove("a move is a string such as 'L d4', not %r" % (move,))
    if s.end:
        raise IllegalMove("the game is over")
    p = s.turn
    if move == "timeout" or move == "flag":
        if not s.flags & (_MOVE_CLOCK if move == "timeout" else _GAME_CLOCK):
            raise IllegalMove(
                "%s: the %s time limit is off" % (move, "move" if move == "timeout" else "game")
            )
        t = s.copy()
        if move == "flag":
            t.end, t.winner = _FLAG, 1 - p
        else:
            t.turn = 1 - p  # turn forfeited, nothing else changes
        return t
    if move == "pass":
        if _actions(s, p):
            raise IllegalMove("you cannot pass while you have a move")
        t = s.copy()
        t.turn = 1 - p
        return t
    code = move[:1]
    i = _parse_square(move[2:]) if move[1:2] == " " else -1
    if code not in ("L", "S", "K", "N") or i < 0:
        raise IllegalMove(
            "%r is not a move: write L, S, K or N, a space and a square a1..g7" % (move,)
        )
    why = _why_not(s, code, i)
    if why is not None:
        raise IllegalMove(why)
    t = s.copy()
    b, cnt = t.board, t.cnt
    if code == "L":
        b[i] = _LIT[p]
        t.empty -= 1
    elif code == "S":
        b[i] = _SW[p]
        cnt[_BUD + p] -= 1
        if t.sw is not None:
            t.sw = bytearray(t.sw)  # shared with s until now
            t.sw[i] |= 1 << p
    elif code == "K":
        b[i] = _BL[p]
        cnt[(_BLK if t.flags & _SEPARATE else _BUD) + p] -= 1
    else:
        b[i] = _NEUTRAL
        cnt[_NEU + p] -= 1
    t.turn = 1 - p
    if code == "L" or code == "S":  # only these add p's colour, so only they can make a line
        if _line_through(b, i, p):
            t.end, t.winner = _LINE, p
            return t
    _settle_draw(t)
    return t


def is_over(s):
    return s.end != _ON


def to_move(s):
    return None if s.end else s.turn


def result(s):
    scores = [0, 0]
    if s.winner is not None:
        scores[s.winner] = 1
    return {"winner": s.winner, "scores": scores, "reason": _REASONS[s.end]}


# ---------------------------------------------------------------- board helpers

def square_state(s, index):
    """The square's position character: '.' empty, 'A'/'B' lit, 'a'/'b' switched,
    '1'/'2' blocked (by A/B), '#' neutral."""
    return chr(s.board[index])


def square_states(s):
    """Every square's position character at once (bytes of 49, index = rank*7 + file)."""
    return bytes(s.board)


def budgets(s):
    """Counters left: {"budget": [A, B], "blocks": [A, B] or None, "neutral": [A, B]}.
    With budget_scope "combined" blocks come out of "budget" and "blocks" is None;
    with "separate", "budget" counts switches only."""
    c = s.cnt
    return {"budget": [c[_BUD], c[_BUD + 1]],
            "blocks": [c[_BLK], c[_BLK + 1]] if s.flags & _SEPARATE else None,
            "neutral": [c[_NEU], c[_NEU + 1]]}


def winning_line(s):
    """The 4 square indices of the winning line (the winner's first complete
    window in the fixed order of _windows), or None."""
    if s.end != _LINE:
        return None
    return list(_first_line(s, s.winner))


def press_action(s, square):
    """The one move a press on ``square`` (name or index) means for the player
    to move (docs/boards/light.md#playing), or None: the press means nothing, the game is over,
    or (switch_limit "per_player" only) the square allows both S and N, so the
    UI must ask which. Raises ValueError for a square that does not exist."""
    i = _parse_square(square) if isinstance(square, str) else square
    if not is_int(i) or not 0 <= i < 49:
        raise ValueError("no such square: %r" % (square,))
    if s.end:
        return None
    found = None
    for code in "LSKN":
        if _why_not(s, code, i) is None:
            if found is not None:
                return None  # two meanings (per_player S and N)
            found = code
    return None if found is None else found + " " + SQUARES[i]


# ---------------------------------------------------------------- text

def _list_text(sw, bit):
    names = []
    for k in range(49):
        i = (k % 7) * 7 + k // 7  # canonical order
        if sw[i] & bit:
            names.append(SQUARES[i])
    return ",".join(names) if names else "-"


def to_text(s):
    b = s.board
    rows = [str(bytes(b[y * 7:y * 7 + 7]), "ascii") for y in range(6, -1, -1)]
    c = s.cnt
    parts = [
        "/".join(rows),
        "AB"[s.turn],
        str(c[_BUD]),
        str(c[_BUD + 1]),
        str(c[_NEU]),
        str(c[_NEU + 1]),
    ]
    f = s.flags
    if f & _SEPARATE:
        parts += [str(c[_BLK]), str(c[_BLK + 1])]
    if f & _PER_PLAYER:
        parts += [_list_text(s.sw, 1), _list_text(s.sw, 2)]
    if f & _LITE:
        parts.append("lite")
    if not f & _GAME_CLOCK:
        parts.append("game_time_s=off")
    if not f & _MOVE_CLOCK:
        parts.append("move_time_s=off")
    if s.end == _FLAG:
        parts.append("flag")
    return " ".join(parts)


def from_text(text):
    """The position ``text`` describes (to_text's format); ValueError when it is not
    one. The parser lives in morbak_text.py: a board never reads position text, so it
    does not hold that code."""
    from firmware.rules.morbak_text import from_text as parse
    return parse(text)
