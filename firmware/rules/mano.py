"""Dominó Mano a Mano (docs/rules/mano.md): two-player draw dominoes, double-six set,
hands played one after another until a player reaches the target.

The game is the whole match. A hand ends by domino or lock; the move that ends
it is followed at once, inside the same ``play`` call, by the deal of the next
hand (from the match's one PRNG stream), so the next state is already that
hand's lead. The move log therefore has no hand-end marker: the hand boundary
is the move after which ``hand=`` in the text grows by one, and
``hand_history(state)`` gains an entry (winner, points, reason, both pip
totals). When a hand brings a player to the target the match is over and the
state keeps that hand's final position.

Moves (docs/rules/mano.md#notation): the lead ``6-6``; ``L3-5`` / ``R3-5`` (place on the left /
right end); ``draw``; ``pass``. Tiles are written low end first. ``legal_moves``:
plays in canonical tile order, ``L`` before ``R``; or ``["draw"]``; or
``["pass"]``. With ``later_lead="winner"`` the lead of a later hand is any
tile of the previous hand's winner.

Options (docs/rules/mano.md#options): ``target`` (50; any positive int up to 100000), ``lock``
(``"immediate"`` | ``"play_out"``), ``lock_award`` (``"opponent"`` |
``"both"``, used for every locked hand, ties included), ``no_double``
(``"heaviest"`` | ``"redeal"``; only the first hand needs it under
``later_lead="winner"``), ``later_lead`` (``"highest_double"`` |
``"winner"``), ``mode`` (``"dealt"`` | ``"observed"``, see
firmware/rules/mano_observed.py: the tile board that cannot see the hands).

Position text: the fields of docs/rules/mano.md#notation, then extra fields so that the text is a
whole state:

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

Modules: this one is the API and what both modes share; the dealt mode's deal,
moves and fast playout are firmware/rules/mano_dealt.py, the observed mode's
firmware/rules/mano_observed.py, position text (written and read)
firmware/rules/mano_text.py, each imported when first needed (a tile board, which
replays its record with new_game and play, holds neither the dealt mode nor the text).

Reasons: ``result`` gives ``"target reached"`` when the match is over and
``"in progress"`` before (winner None, the scores so far); a hand in
``hand_history`` ends by ``"domino"`` or ``"locked"``.
"""
import sys

from firmware.rules import IllegalMove, Rng, is_int, take_options

# Phases of the hand (stored on the state, rebuilt by from_text). Plain
# globals, not const(): the mode and text modules read them.
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

# Tile tables, built on first use. Tile i is canonical index 0..27.
_A = None      # low end of tile i
_B = None      # high end of tile i
_AT = None     # a * 8 + b -> i, either way round (255: no such tile)
_VM = None     # value v -> bit mask of the 7 tiles showing v
_PIPS = None   # pip value of tile i
_DOUBLE = None  # value v -> index of v-v
_DOUBLES = 0    # bit mask of the seven doubles
_BITS7 = None   # number of bits set in 0..127


def _tables():
    global _A, _B, _AT, _VM, _PIPS, _DOUBLE, _DOUBLES, _BITS7
    _BITS7 = bytearray(128)
    for i in range(1, 128):
        _BITS7[i] = _BITS7[i >> 1] + (i & 1)
    a_of = bytearray(28)
    b_of = bytearray(28)
    at = bytearray(b"\xff" * 64)
    vm = [0] * 7
    dbl = bytearray(7)
    i = 0
    for a in range(7):
        for b in range(a, 7):
            a_of[i] = a
            b_of[i] = b
            at[a * 8 + b] = at[b * 8 + a] = i
            vm[a] |= 1 << i
            vm[b] |= 1 << i
            if a == b:
                dbl[a] = i
                _DOUBLES |= 1 << i
            i += 1
    _PIPS = bytearray(a_of[i] + b_of[i] for i in range(28))
    _A, _B, _AT, _VM, _DOUBLE = a_of, b_of, at, vm, dbl


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


def _name(i):
    """Tile i as "a-b" (made when asked: a board holds no table of names)."""
    return "%d-%d" % (_A[i], _B[i])


def _names(mask):
    """The tiles of a bit mask in canonical order, as a list of "a-b"."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(_name(i))
        mask >>= 1
        i += 1
    return out


def pips(name):
    """Pip value of a tile written "a-b" (either order); ValueError if not a tile."""
    a, b = _parse_oriented(name)
    return a + b


def _parse_oriented(word):
    # "a-b" with 0 <= a, b <= 6 in either order, as found in a line.
    if (
        not isinstance(word, str)
        or len(word) != 3
        or word[1] != "-"
        or word[0] not in "0123456"
        or word[2] not in "0123456"
    ):
        raise ValueError("'%s' is not a tile (tiles are written like 3-5)" % word[:12])
    return int(word[0]), int(word[2])


def line_is_dead(line):
    """True when the line (text, tiles left to right) can never be played on
    again: both ends show v and all seven tiles showing v are in it
    (docs/rules/mano.md#the-end-of-a-hand)."""
    _need_tables()
    return _text_module().line_is_dead(line)


def _dead(lm, le, re):
    return le == re and le >= 0 and not (_VM[le] & ~lm)


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


def _dealt():
    # Every hand and playout asks: a loaded module is found without the import
    # machinery, and none is held here (the app's unload may forget it).
    d = sys.modules.get("firmware.rules.mano_dealt")
    if d is None:
        from firmware.rules import mano_dealt as d
    return d


def _mode(s):
    return _observed() if s.obs else _dealt()


def _text_module():
    from firmware.rules import mano_text
    return mano_text


# --- hands -----------------------------------------------------------------

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
    if not n.obs:
        _dealt().deal(n)
        return
    n.h = (7, 7)
    n.nb = 14
    n.miss = (0, 0)
    n.rev = (0, 0)
    n.move = n.hist[-1][0] if _winner_leads(n) else None


# --- API -------------------------------------------------------------------

_DEFAULTS = None   # the options of new_game(None, ...), checked once: searches start many games


def new_game(options=None, seed=0):
    global _DEFAULTS
    _need_tables()
    if options is not None:
        opts = take_options(options, OPTIONS)
    else:
        if _DEFAULTS is None:
            _DEFAULTS = take_options(None, OPTIONS)
        opts = _DEFAULTS
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
    return _mode(state).legal_moves(state)


def only_pass(state):
    """legal_moves(state) == ["pass"], mostly without listing them: only the play of a
    hand with the boneyard empty can be a forced pass."""
    if state.phase != _PLAY or (state.nb if state.obs else state.top < len(state.bone)):
        return False
    return legal_moves(state) == ["pass"]


def play(state, move):
    if not isinstance(move, str):
        raise IllegalMove("a move is text such as L3-5, R3-5, 6-6, draw or pass")
    if state.phase == _OVER:
        raise IllegalMove("the match is over")
    return _mode(state).play(state, move)


def _not_a_move(move):
    return IllegalMove("'%s' is not a move (moves look like L3-5, R3-5, draw, pass)" % move[:20])


def _tile_word(word):
    """Canonical index of a tile written in a move; IllegalMove if malformed."""
    if len(word) != 3 or word[1] != "-" or word[0] not in "0123456" or word[2] not in "0123456":
        raise IllegalMove("'%s' is not a tile (tiles are written like 3-5)" % word[:20])
    if word[0] > word[2]:
        raise IllegalMove("write the low end first: %s-%s" % (word[2], word[0]))
    return _AT[int(word[0]) * 8 + int(word[2])]


def _check_fits(s, t, left):
    end = s.le if left else s.re
    if not (_VM[end] >> t & 1):
        raise IllegalMove(
            "%s does not fit the %s end (%d)" % (_name(t), "left" if left else "right", end)
        )


def _place(s, seat, t, left):
    """New state: tile t placed by seat (already checked), then the checks of
    docs/rules/mano.md#the-end-of-a-hand."""
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
    """True when the position (line down) is the end of a hand
    (docs/rules/mano.md#the-end-of-a-hand)."""
    return (s.h[s.last] == 0 or s.passes >= 2
            or (s.o["lock"] == "immediate" and _dead(s.lm, s.le, s.re)))


def _outcome(s, p0, p1):
    """(winner, points, reason) of the ended hand of s, given both pip totals."""
    return _hand_outcome(s.o, s.h, s.last, p0, p1)


def _hand_outcome(o, h, b, p0, p1):
    """_outcome of a hand ended with options o, hands h, b the last to place a tile."""
    if h[b] == 0:
        return b, (p1 if b == 0 else p0), "domino"
    if p0 != p1:
        w = 0 if p0 < p1 else 1
    else:
        w = 1 - b  # equal totals: the blocker loses (DM-10)
    return w, (p0 + p1 if o["lock_award"] == "both" else (p1 if w == 0 else p0)), "locked"


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


# --- text (firmware/rules/mano_text.py) ---------------------------------------

def line_text(state):
    """The line, oriented tiles left to right ("-" when empty)."""
    return _text_module().line_text(state)


def to_text(state):
    return _text_module().to_text(state)


def public_view(state, seat):
    """What ``seat`` (0, 1, or None for an onlooker) may see: the position text
    with the other hand and the boneyard as counts and without the PRNG state."""
    return _text_module().public_view(state, seat)


def _mask(tiles):
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def from_text(text):
    _need_tables()
    return _text_module().from_text(text)


# --- for the opponents' search (firmware/ai/mano.py): mano_dealt's ----------------

def playout_hand(state, rng, log=None):
    """Play the current hand of a dealt-mode state with random moves to its end
    and return its ``hand_history`` entry (see mano_dealt.playout_hand)."""
    return _dealt().playout_hand(state, rng, log)


def deal_unseen(state, seat, rng):
    """A dealt-mode state that agrees with everything ``seat`` can see, the
    tiles it cannot see dealt at random (see mano_dealt.deal_unseen)."""
    return _dealt().deal_unseen(state, seat, rng)
