"""Dominó Mano a Mano (RULES.md §4): two-player draw dominoes, double-six set,
hands played one after another until a player reaches the target.

The game is the whole match. A hand ends by domino or lock; the move that ends
it is followed at once, inside the same ``play`` call, by the deal of the next
hand (from the match's one PRNG stream), so the next state is already that
hand's lead. The move log therefore has no hand-end marker: the hand boundary
is the move after which ``hand=`` in the text grows by one, and
``hand_history(state)`` gains an entry (winner, points, reason, both pip
totals). When a hand brings a player to the target the match is over and the
state keeps that hand's final position.

Moves (§4.7): the lead ``6-6``; ``L3-5`` / ``R3-5`` (place on the left / right
end); ``draw``; ``pass``. Tiles are written low end first. ``legal_moves``:
plays in canonical tile order, ``L`` before ``R``; or ``["draw"]``; or
``["pass"]``. With ``later_lead="winner"`` the lead of a later hand is any
tile of the previous hand's winner.

Options (§4.6): ``target`` (50; any positive int up to 100000), ``lock``
(``"immediate"`` | ``"play_out"``), ``lock_award`` (``"opponent"`` |
``"both"``, used for every locked hand, ties included), ``no_double``
(``"heaviest"`` | ``"redeal"``; only the first hand needs it under
``later_lead="winner"``), ``later_lead`` (``"highest_double"`` |
``"winner"``), ``mode`` (``"dealt"`` | ``"observed"``, see
firmware/rules/mano_observed.py: the tile board that cannot see the hands).

Position text: the §4.7 fields, then extra fields so that the text is a whole
state:

    hand=1 score=0,0 move=1 last=- line=- h0=0-2 0-5 ... h1=0-4 ... bone=5-5 1-4 ...
    target=50 lock=immediate lock_award=opponent no_double=heaviest
    later_lead=highest_double mode=dealt passes=0 rng=2462916413 hist=-

(one line). A list of tiles is the tiles separated by spaces (the line oriented
left to right, hands in canonical order, the boneyard in draw order); an empty
list and an absent seat are ``-``. ``passes`` counts consecutive passes, ``rng``
is the PRNG state after the current deal, ``hist`` has one word per finished
hand, ``<winner>:<points>:<reason>:<pips0>:<pips1>``. Observed mode writes
counts for ``h0``, ``h1``, ``bone``, no ``rng``, and adds ``miss0 miss1 rev0
rev1`` (see mano_observed).

``public_view(state, seat)`` is the same text as seen by ``seat`` (0, 1 or
None for an onlooker): the other hand and the boneyard as counts, no ``rng``.
It is a view for display, not a state ``from_text`` reads.

Reasons: ``result`` gives ``"target reached"`` when the match is over and
``"in progress"`` before (winner None, the scores so far); a hand in
``hand_history`` ends by ``"domino"`` or ``"locked"``.
"""
from firmware.rules import IllegalMove, Rng, is_int, take_options

# Phases of the hand (stored on the state, rebuilt by from_text). Plain
# globals, not const(): mano_observed reads them.
_LEAD = 0
_PLAY = 1
_REVEAL = 2   # observed mode only: the hand is over, its tiles not yet shown
_OVER = 3

_ALL = 0xFFFFFFF  # the 28 tiles as bits, canonical order

# {name: (default, kind, arg)}, kinds as in firmware.rules.take_options.
OPTIONS = {
    "target": (50, "int", (1, 100000)),
    "lock": ("immediate", "choice", ("immediate", "play_out")),
    "lock_award": ("opponent", "choice", ("opponent", "both")),
    "no_double": ("heaviest", "choice", ("heaviest", "redeal")),
    "later_lead": ("highest_double", "choice", ("highest_double", "winner")),
    "mode": ("dealt", "choice", ("dealt", "observed")),
}
_OPTION_KEYS = ("target", "lock", "lock_award", "no_double", "later_lead", "mode")

# Tile tables, built on first use. Tile i is canonical index 0..27.
_A = None      # low end of tile i
_B = None      # high end of tile i
_NAME = None   # "a-b"
_LNAME = None  # "La-b"
_RNAME = None  # "Ra-b"
_INDEX = None  # "a-b" -> i
_VM = None     # value v -> bit mask of the 7 tiles showing v
_PIPS = None   # pip value of tile i
_DOUBLE = None  # value v -> index of v-v
_DOUBLES = 0    # bit mask of the seven doubles
_BITS7 = None   # number of bits set in 0..127
_TILE_OF = None  # bit 1 << i -> i (the fast playout walks set bits only)


def _tables():
    global _A, _B, _NAME, _LNAME, _RNAME, _INDEX, _VM, _PIPS, _DOUBLE, _DOUBLES, _BITS7, _TILE_OF
    _TILE_OF = {}
    for i in range(28):
        _TILE_OF[1 << i] = i
    _BITS7 = bytearray(128)
    for i in range(1, 128):
        _BITS7[i] = _BITS7[i >> 1] + (i & 1)
    a_of = bytearray(28)
    b_of = bytearray(28)
    names = []
    vm = [0] * 7
    dbl = bytearray(7)
    for a in range(7):
        for b in range(a, 7):
            i = len(names)
            a_of[i] = a
            b_of[i] = b
            names.append("%d-%d" % (a, b))
            vm[a] |= 1 << i
            vm[b] |= 1 << i
            if a == b:
                dbl[a] = i
                _DOUBLES |= 1 << i
    _INDEX = {}
    for i in range(28):
        _INDEX[names[i]] = i
    _LNAME = ["L" + n for n in names]
    _RNAME = ["R" + n for n in names]
    _PIPS = bytearray(a_of[i] + b_of[i] for i in range(28))
    _A, _B, _NAME, _VM, _DOUBLE = a_of, b_of, names, vm, dbl


def _need_tables():
    if _A is None:
        _tables()


def _count(mask):
    """Number of tiles in a bit mask (28 bits: four 7-bit table look-ups)."""
    c = _BITS7
    return c[mask & 127] + c[mask >> 7 & 127] + c[mask >> 14 & 127] + c[mask >> 21]


def _mask_pips(mask):
    """Pip total of the tiles in a bit mask."""
    total = 0
    i = 0
    while mask:
        if mask & 1:
            total += _PIPS[i]
        mask >>= 1
        i += 1
    return total


def _names(mask):
    """The tiles of a bit mask in canonical order, as a list of "a-b"."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(_NAME[i])
        mask >>= 1
        i += 1
    return out


def pips(name):
    """Pip value of a tile written "a-b" (either order); ValueError if not a tile."""
    a, b = _parse_oriented(name)
    return a + b


def _parse_oriented(word):
    # "a-b" with 0 <= a, b <= 6 in either order, as found in a line.
    if not isinstance(word, str) or len(word) != 3 or word[1] != "-" or word[0] not in "0123456" or word[2] not in "0123456":
        raise ValueError("'%s' is not a tile (tiles are written like 3-5)" % word[:12])
    return int(word[0]), int(word[2])


def line_is_dead(line):
    """True when the line (text, tiles left to right) can never be played on
    again: both ends show v and all seven tiles showing v are in it (§4.4)."""
    _need_tables()
    lm, le, re = _parse_line(line.split())
    return _dead(lm, le, re)


def _dead(lm, le, re):
    return le == re and le >= 0 and not (_VM[le] & ~lm)


def _parse_line(words):
    """Bit mask and end values of a line written as oriented tiles."""
    lm = 0
    le = re = -1
    for w in words:
        a, b = _parse_oriented(w)
        i = _INDEX["%d-%d" % (min(a, b), max(a, b))]
        if lm >> i & 1:
            raise ValueError("%s is twice in the line" % _NAME[i])
        if re >= 0 and a != re:
            raise ValueError("%s does not match the %d before it in the line" % (w, re))
        if le < 0:
            le = a
        re = b
        lm |= 1 << i
    return lm, le, re


# --- state -----------------------------------------------------------------

class _State:
    """One position. Treated as immutable: play builds a new one (_copy) and
    replaces, never mutates, the lists and tuples it shares with the old one."""

    def __init__(self, opts):
        if opts is None:
            return  # filled in by _copy
        self.o = opts          # option dict (shared)
        self.obs = opts["mode"] == "observed"
        self.rng = 0           # PRNG state after the current deal (dealt mode)
        self.hand = 1
        self.score = (0, 0)
        self.phase = _LEAD
        self.move = None       # seat to move
        self.last = None       # seat that placed the last tile (the blocker)
        self.line = []         # oriented tiles, left to right, each a * 8 + b
        self.lm = 0            # tiles in the line
        self.le = -1           # left end value (-1: empty line)
        self.re = -1
        self.h = (0, 0)        # hands: tile masks (dealt) or tile counts (observed)
        self.bone = ()         # boneyard in draw order (dealt); bone[top] is drawn next
        self.top = 0
        self.nb = 14           # boneyard count (observed)
        self.passes = 0        # consecutive passes
        self.hist = ()         # finished hands: (winner, points, reason, pips0, pips1)
        self.miss = (0, 0)     # observed: values a seat showed it lacks (bit v), by passing
        self.rev = (0, 0)      # observed: tiles revealed after the hand


def _copy(s):
    n = _State(None)
    n.o = s.o
    n.obs = s.obs
    n.rng = s.rng
    n.hand = s.hand
    n.score = s.score
    n.phase = s.phase
    n.move = s.move
    n.last = s.last
    n.line = s.line
    n.lm = s.lm
    n.le = s.le
    n.re = s.re
    n.h = s.h
    n.bone = s.bone
    n.top = s.top
    n.nb = s.nb
    n.passes = s.passes
    n.hist = s.hist
    n.miss = s.miss
    n.rev = s.rev
    return n


def _pair(t, seat, value):
    return (value, t[1]) if seat == 0 else (t[0], value)


def _observed():
    from firmware.rules import mano_observed
    return mano_observed


# --- deal and lead ---------------------------------------------------------

def _leader(h):
    """(seat, tile) of the compulsory lead for hands h: highest double, else
    the heaviest tile (pip sum, then high end: that names a single tile)."""
    for v in range(6, -1, -1):
        t = _DOUBLE[v]
        if h[0] >> t & 1:
            return 0, t
        if h[1] >> t & 1:
            return 1, t
    best = -1
    for i in range(28):
        if (h[0] | h[1]) >> i & 1:
            if best < 0 or _PIPS[i] > _PIPS[best] or (_PIPS[i] == _PIPS[best] and _B[i] > _B[best]):
                best = i
    return (0 if h[0] >> best & 1 else 1), best


def _winner_leads(s):
    return s.o["later_lead"] == "winner" and s.hand > 1


def _start_hand(n):
    """Set n up for the lead of hand n.hand (line, hands, boneyard, mover)."""
    n.phase = _LEAD
    n.line = []
    n.lm = 0
    n.le = n.re = -1
    n.last = None
    n.passes = 0
    if n.obs:
        n.h = (7, 7)
        n.nb = 14
        n.miss = (0, 0)
        n.rev = (0, 0)
        n.move = n.hist[-1][0] if _winner_leads(n) else None
        return
    rng = Rng(n.rng)
    while True:
        tiles = list(range(28))
        rng.shuffle(tiles)
        h0 = h1 = 0
        for k in range(7):
            h0 |= 1 << tiles[k]
            h1 |= 1 << tiles[7 + k]
        if _winner_leads(n) or n.o["no_double"] == "heaviest":
            break
        if (h0 | h1) & _DOUBLES:
            break
    n.rng = rng.state
    n.h = (h0, h1)
    n.bone = tiles[14:]
    n.top = 0
    n.move = n.hist[-1][0] if _winner_leads(n) else _leader(n.h)[0]


def _lead_tiles(s):
    """Bit mask of the tiles the dealt-mode leader may lead."""
    if _winner_leads(s):
        return s.h[s.move]
    return 1 << _leader(s.h)[1]


# --- API -------------------------------------------------------------------

def new_game(options=None, seed=0):
    _need_tables()
    opts = take_options(options, OPTIONS)
    if not is_int(seed):
        raise ValueError("seed must be an int")
    s = _State(opts)
    s.rng = Rng(seed).state
    _start_hand(s)
    return s


def is_over(state):
    return state.phase == _OVER


def to_move(state):
    """Seat to move; None once the match is over (and, in observed mode, while
    either seat may lead: see mano_observed)."""
    return state.move


def result(state):
    sc = [state.score[0], state.score[1]]
    if state.phase != _OVER:
        return {"winner": None, "scores": sc, "reason": "in progress"}
    return {"winner": 0 if sc[0] > sc[1] else 1, "scores": sc, "reason": "target reached"}


def hand_history(state):
    """The finished hands, oldest first: dicts with hand (1-based), winner,
    points, reason ("domino" / "locked") and pips (both seats' hand totals)."""
    out = []
    for k in range(len(state.hist)):
        w, pts, reason, p0, p1 = state.hist[k]
        out.append({"hand": k + 1, "winner": w, "points": pts, "reason": reason, "pips": [p0, p1]})
    return out


def legal_moves(state):
    s = state
    if s.obs:
        return _observed().legal_moves(s)
    if s.phase == _PLAY:
        seat = s.move
        le = s.le
        re = s.re
        fit = s.h[seat] & (_VM[le] | _VM[re])
        if not fit:
            return ["draw"] if s.top < len(s.bone) else ["pass"]
        vl = _VM[le]
        vr = _VM[re]
        out = []
        i = 0
        while fit:
            if fit & 1:
                if vl >> i & 1:
                    out.append(_LNAME[i])
                if vr >> i & 1:
                    out.append(_RNAME[i])
            fit >>= 1
            i += 1
        return out
    if s.phase == _LEAD:
        return _names(_lead_tiles(s))
    return []


def play(state, move):
    s = state
    if not isinstance(move, str):
        raise IllegalMove("a move is text such as L3-5, R3-5, 6-6, draw or pass")
    if s.phase == _OVER:
        raise IllegalMove("the match is over")
    if s.obs:
        return _observed().play(s, move)
    seat = s.move
    if s.phase == _LEAD:
        t = _tile_word(move)
        if not (_lead_tiles(s) >> t & 1):
            if not (s.h[seat] >> t & 1):
                raise IllegalMove("seat %d does not hold %s" % (seat, move))
            raise IllegalMove("the lead must be %s" % " or ".join(_names(_lead_tiles(s))))
        return _place(s, seat, t, True)
    h = s.h[seat]
    c = move[:1]
    if c == "L" or c == "R":
        t = _tile_word(move[1:])
        if not (h >> t & 1):
            raise IllegalMove("seat %d does not hold %s" % (seat, move[1:]))
        _check_fits(s, t, c == "L")
        return _place(s, seat, t, c == "L")
    fits = h & (_VM[s.le] | _VM[s.re])
    if move == "draw":
        if fits:
            raise IllegalMove("you cannot draw: %s fits" % _names(fits)[0])
        if s.top >= len(s.bone):
            raise IllegalMove("the boneyard is empty: pass")
        n = _copy(s)
        n.h = _pair(s.h, seat, h | 1 << s.bone[s.top])
        n.top = s.top + 1
        return n
    if move == "pass":
        if fits:
            raise IllegalMove("you cannot pass: %s fits" % _names(fits)[0])
        if s.top < len(s.bone):
            raise IllegalMove("you cannot pass: draw from the boneyard")
        return _pass(s)
    raise _not_a_move(move)


def _not_a_move(move):
    return IllegalMove("'%s' is not a move (moves look like L3-5, R3-5, draw, pass)" % move[:20])


def _tile_word(word):
    """Canonical index of a tile written in a move; IllegalMove if malformed."""
    t = _INDEX.get(word)
    if t is None:
        if len(word) == 3 and word[1] == "-" and word[0] in "0123456" and word[2] in "0123456":
            raise IllegalMove("write the low end first: %s-%s" % (word[2], word[0]))
        raise IllegalMove("'%s' is not a tile (tiles are written like 3-5)" % word[:20])
    return t


def _check_fits(s, t, left):
    end = s.le if left else s.re
    if not (_VM[end] >> t & 1):
        raise IllegalMove("%s does not fit the %s end (%d)" % (_NAME[t], "left" if left else "right", end))


def _place(s, seat, t, left):
    """New state: tile t placed by seat (already checked), then the §4.4 checks."""
    n = _copy(s)
    a = _A[t]
    b = _B[t]
    if s.le < 0:
        n.line = [a * 8 + b]
        n.le = a
        n.re = b
    elif left:
        x = b if a == s.le else a
        n.line = [x * 8 + s.le] + s.line
        n.le = x
    else:
        x = b if a == s.re else a
        n.line = s.line + [s.re * 8 + x]
        n.re = x
    n.lm = s.lm | 1 << t
    n.last = seat
    n.passes = 0
    n.phase = _PLAY
    if s.obs:
        n.h = _pair(s.h, seat, s.h[seat] - 1)
    else:
        n.h = _pair(s.h, seat, s.h[seat] & ~(1 << t))
    if n.h[seat] == 0 or (n.o["lock"] == "immediate" and _dead(n.lm, n.le, n.re)):
        return _hand_over(n)
    n.move = 1 - seat
    return n


def _pass(s):
    n = _copy(s)
    n.passes = s.passes + 1
    if n.passes >= 2:
        return _hand_over(n)
    n.move = 1 - s.move
    return n


def _hand_over(n):
    if n.obs:
        return _observed().hand_over(n)
    return _score_hand(n, _mask_pips(n.h[0]), _mask_pips(n.h[1]))


def _ended(s):
    """True when the position (line down) is the end of a hand (§4.4)."""
    return (s.h[s.last] == 0 or s.passes >= 2
            or (s.o["lock"] == "immediate" and _dead(s.lm, s.le, s.re)))


def _outcome(s, p0, p1):
    """(winner, points, reason) of the ended hand of s, given both pip totals."""
    b = s.last
    if s.h[b] == 0:
        return b, (p1 if b == 0 else p0), "domino"
    if p0 != p1:
        w = 0 if p0 < p1 else 1
    else:
        w = 1 - b  # equal totals: the blocker loses (DM-10)
    return w, (p0 + p1 if s.o["lock_award"] == "both" else (p1 if w == 0 else p0)), "locked"


def _score_hand(n, p0, p1):
    """Record the ended hand of n, then end the match or deal the next hand."""
    w, pts, reason = _outcome(n, p0, p1)
    n.hist = n.hist + ((w, pts, reason, p0, p1),)
    n.score = _pair(n.score, w, n.score[w] + pts)
    if n.score[w] >= n.o["target"]:
        n.phase = _OVER
        n.move = None
        return n
    n.hand += 1
    _start_hand(n)
    return n


# --- text ------------------------------------------------------------------

def _seat_text(seat):
    return "-" if seat is None else str(seat)


def _list_text(words):
    return " ".join(words) if words else "-"


def line_text(state):
    """The line, oriented tiles left to right ("-" when empty)."""
    return _list_text(["%d-%d" % (c >> 3, c & 7) for c in state.line])


def _text(s, show):
    """Position text; show = (hand 0 tiles, hand 1 tiles, boneyard tiles and rng)."""
    out = ["hand=%d" % s.hand, "score=%d,%d" % s.score, "move=" + _seat_text(s.move),
           "last=" + _seat_text(s.last), "line=" + line_text(s)]
    if s.obs:
        out.append("h0=%d h1=%d bone=%d" % (s.h[0], s.h[1], s.nb))
    else:
        for seat in (0, 1):
            out.append("h%d=" % seat + (_list_text(_names(s.h[seat])) if show[seat]
                                        else str(_count(s.h[seat]))))
        left = len(s.bone) - s.top
        out.append("bone=" + (_list_text([_NAME[t] for t in s.bone[s.top:]]) if show[2] else str(left)))
    for key in _OPTION_KEYS:
        out.append("%s=%s" % (key, s.o[key]))
    out.append("passes=%d" % s.passes)
    if s.obs:
        out.append(_observed().extra_text(s))
    elif show[2]:
        out.append("rng=%d" % s.rng)
    out.append("hist=" + _list_text(["%d:%d:%s:%d:%d" % e for e in s.hist]))
    return " ".join(out)


def to_text(state):
    return _text(state, (True, True, True))


def public_view(state, seat):
    """What ``seat`` (0, 1, or None for an onlooker) may see: the position text
    with the other hand and the boneyard as counts and without the PRNG state."""
    if seat is not None and seat not in (0, 1):
        raise ValueError("seat must be 0, 1 or None")
    return _text(state, (seat == 0, seat == 1, False))


def _fields(text):
    """Split position text into {key: [words]}; '-' stands for an empty list."""
    if not isinstance(text, str):
        raise ValueError("position text must be a string")
    fields = {}
    key = None
    for w in text.split():
        k = w.find("=")
        if k > 0:
            key = w[:k]
            if key in fields:
                raise ValueError("field %s appears twice" % key)
            fields[key] = [w[k + 1:]] if k + 1 < len(w) else []
        elif key is None:
            raise ValueError("position text must start with hand=")
        else:
            fields[key].append(w)
    for key in fields:
        if fields[key] == ["-"]:
            fields[key] = []
    return fields


def _one(fields, key):
    v = fields[key]
    if len(v) != 1:
        raise ValueError("field %s needs exactly one value" % key)
    return v[0]


def _int(word, what, low=0, high=0xFFFFFFFF):
    if not word.isdigit():
        raise ValueError("%s must be a number, not '%s'" % (what, word[:12]))
    v = int(word)
    if not low <= v <= high:
        raise ValueError("%s is out of range: %d" % (what, v))
    return v


def _seat_field(fields, key):
    v = fields[key]
    if not v:
        return None
    return _int(_one(fields, key), key, 0, 1)


def _tile_list(words, what, taken=0):
    """Canonical indices of tiles written low end first; ValueError if a word
    is not such a tile or names a tile in ``taken`` or twice."""
    out = []
    for w in words:
        i = _INDEX.get(w)
        if i is None:
            _parse_oriented(w)
            raise ValueError("write %s low end first in %s" % (w, what))
        if taken >> i & 1:
            raise ValueError("%s appears twice" % w)
        taken |= 1 << i
        out.append(i)
    return out


def _mask(tiles):
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def from_text(text):
    _need_tables()
    fields = _fields(text)
    mode = _one(fields, "mode") if "mode" in fields else "dealt"
    want = ["hand", "score", "move", "last", "line", "h0", "h1", "bone", "passes", "hist"]
    want += list(_OPTION_KEYS)
    want += ["miss0", "miss1", "rev0", "rev1"] if mode == "observed" else ["rng"]
    for key in want:
        if key not in fields:
            raise ValueError("field %s is missing" % key)
    for key in fields:
        if key not in want:
            raise ValueError("unknown field %s" % key)
    raw = {}
    for key in _OPTION_KEYS:
        raw[key] = _one(fields, key)
    raw["target"] = _int(raw["target"], "target", 1)
    s = _State(take_options(raw, OPTIONS))
    s.hand = _int(_one(fields, "hand"), "hand", 1, 100000)
    sc = _one(fields, "score").split(",")
    if len(sc) != 2:
        raise ValueError("score is written s0,s1")
    s.score = (_int(sc[0], "score"), _int(sc[1], "score"))
    s.move = _seat_field(fields, "move")
    s.last = _seat_field(fields, "last")
    s.passes = _int(_one(fields, "passes"), "passes", 0, 2)
    s.lm, s.le, s.re = _parse_line(fields["line"])
    s.line = []
    for w in fields["line"]:
        a, b = _parse_oriented(w)
        s.line.append(a * 8 + b)
    _read_hist(s, fields["hist"])
    if s.obs:
        _observed().read_fields(s, fields)
    else:
        h0 = _mask(_tile_list(fields["h0"], "h0", s.lm))
        h1 = _mask(_tile_list(fields["h1"], "h1", s.lm | h0))
        s.bone = _tile_list(fields["bone"], "bone", s.lm | h0 | h1)
        taken = s.lm | h0 | h1 | _mask(s.bone)
        if taken != _ALL:
            raise ValueError("tiles missing: %s" % " ".join(_names(_ALL & ~taken)))
        s.h = (h0, h1)
        s.rng = _int(_one(fields, "rng"), "rng", 1)
    _set_phase(s)
    return s


def _read_hist(s, words):
    sums = [0, 0]
    hist = []
    for word in words:
        p = word.split(":")
        if len(p) != 5 or p[2] not in ("domino", "locked"):
            raise ValueError("hand result '%s' is not winner:points:reason:pips0:pips1" % word[:30])
        w = _int(p[0], "hand winner", 0, 1)
        pts = _int(p[1], "hand points", 0, 336)
        pp = (_int(p[3], "hand pips", 0, 168), _int(p[4], "hand pips", 0, 168))
        if p[2] == "domino":
            ok = pp[w] == 0 and pts == pp[1 - w]
        else:
            ok = pp[w] <= pp[1 - w] and pts == (pp[0] + pp[1] if s.o["lock_award"] == "both" else pp[1 - w])
        if not ok:
            raise ValueError("hand result '%s' breaks the scoring rules" % word[:30])
        if max(sums) >= s.o["target"]:
            raise ValueError("the match ended before hand %d" % (len(hist) + 1))
        sums[w] += pts
        hist.append((w, pts, p[2], pp[0], pp[1]))
    if (sums[0], sums[1]) != s.score:
        raise ValueError("score does not add up from the hand results")
    s.hist = tuple(hist)


def _set_phase(s):
    """Work out the phase from the position and check it hangs together."""
    over = max(s.score) >= s.o["target"]
    if len(s.hist) != s.hand - (0 if over else 1):
        raise ValueError("hist must list every finished hand")
    if not s.line:
        if over:
            raise ValueError("a finished match shows the last hand's line")
        if s.last is not None or s.passes:
            raise ValueError("no tile is down yet: last must be - and passes 0")
        if s.obs:
            _observed().check_lead(s)
        else:
            if _count(s.h[0]) != 7 or _count(s.h[1]) != 7:
                raise ValueError("a new hand has 7 tiles in each hand")
            lead = s.hist[-1][0] if _winner_leads(s) else _leader(s.h)[0]
            if s.move != lead:
                raise ValueError("seat %d leads this hand" % lead)
        s.phase = _LEAD
        return
    if s.last is None:
        raise ValueError("last must name the seat that placed the last tile")
    if s.passes and (s.nb if s.obs else len(s.bone) - s.top):
        raise ValueError("a pass needs an empty boneyard")
    if not _ended(s):
        if s.h[0] == 0 or s.h[1] == 0:
            raise ValueError("a hand is empty, so the hand is over")
        if (s.last == s.move) != (s.passes == 1):
            # Only a pass hands the turn back to the seat that placed last.
            raise ValueError("move, last and passes do not fit together")
    if s.obs:
        _observed().check_position(s, over)
        return
    if over:
        if not _ended(s):
            raise ValueError("the match is over but the last hand is not")
        if s.move is not None:
            raise ValueError("nobody moves once the match is over")
        p0 = _mask_pips(s.h[0])
        p1 = _mask_pips(s.h[1])
        if _outcome(s, p0, p1) + (p0, p1) != s.hist[-1]:
            raise ValueError("the last hand result does not match the position")
        s.phase = _OVER
        return
    if _ended(s):
        raise ValueError("this hand is over: the position should show the next deal")
    if s.move is None:
        raise ValueError("move must name the seat to move")
    s.phase = _PLAY


# --- fast random playout (for the opponents' search) --------------------------

def playout_hand(state, rng, log=None):
    """Play the current hand of a dealt-mode state with random moves to its end
    and return its ``hand_history`` entry as a tuple (winner, points, reason,
    pips0, pips1); ``state`` is untouched and the next hand is not dealt.

    The moves are exactly those of the API playing ``legal_moves(s)[
    rng.below(len(legal_moves(s)))]`` (a lone ``draw`` or ``pass`` draws
    ``rng.below(1)`` too), on tile masks in local variables instead of new
    states. ``log``, a list, receives each move played."""
    s = state
    if s.obs or s.phase != _LEAD and s.phase != _PLAY:
        raise ValueError("playout_hand needs a dealt hand in progress")
    below = rng.below
    vm = _VM
    tile_of = _TILE_OF
    c7 = _BITS7   # _count inlined: the moves that fit, left and right
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
    if s.phase == _LEAD:
        tiles = _lead_tiles(s)
        k = below(_count(tiles))
        t = 0
        while True:
            if tiles >> t & 1:
                if not k:
                    break
                k -= 1
            t += 1
        if log is not None:
            log.append(_NAME[t])
        le = _A[t]
        re = _B[t]
        lm = 1 << t
        h[seat] &= ~lm
        last = seat
        seat = 1 - seat
    while True:
        vl = vm[le]
        vr = vm[re]
        fit = h[seat] & (vl | vr)
        if fit:
            fl = fit & vl
            fr = fit & vr
            k = below(c7[fl & 127] + c7[fl >> 7 & 127] + c7[fl >> 14 & 127] + c7[fl >> 21]
                      + c7[fr & 127] + c7[fr >> 7 & 127] + c7[fr >> 14 & 127] + c7[fr >> 21])
            # The k-th move in canonical order (tile by tile, left before right),
            # walking the set bits of ``fit`` only, lowest first.
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
                log.append(_LNAME[t] if left else _RNAME[t])
            a = _A[t]
            if left:
                le = _B[t] if a == le else a
            else:
                re = _B[t] if a == re else a
            lm |= 1 << t
            h[seat] &= ~(1 << t)
            last = seat
            passes = 0
            if not h[seat] or (immediate and le == re and not (vm[le] & ~lm)):
                break
            seat = 1 - seat
        elif top < nbone:
            below(1)
            if log is not None:
                log.append("draw")
            h[seat] |= 1 << bone[top]
            top += 1
        else:
            below(1)
            if log is not None:
                log.append("pass")
            passes += 1
            if passes >= 2:
                break
            seat = 1 - seat
    end = _copy(s)
    end.h = (h[0], h[1])
    end.last = last
    p0 = _mask_pips(h[0])
    p1 = _mask_pips(h[1])
    return _outcome(end, p0, p1) + (p0, p1)


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
    rest = _ALL & ~(s.h[seat] | s.lm)
    i = 0
    while rest:
        if rest & 1:
            unseen.append(i)
        rest >>= 1
        i += 1
    rng.shuffle(unseen)
    k = _count(other)
    n = _copy(s)
    n.h = _pair(s.h, 1 - seat, _mask(unseen[:k]))
    n.bone = unseen[k:]
    n.top = 0
    n.rng = rng.next32() | 1
    return n
