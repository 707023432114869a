"""Dominó Mano a Mano's position text, for firmware/rules/mano.py: written
(``to_text``, ``public_view``, ``line_text``) and read (``from_text``, every field
checked against the rules; ``line_is_dead``), both modes. Imported when first
asked: a board replays its record with new_game and play, so it does not hold this
code."""
from firmware.rules import mano as m
from firmware.rules import take_options

_OPTION_KEYS = (
    "target",
    "lock",
    "lock_award",
    "no_double",
    "later_lead",
    "mode",
)  # in the text's order

# --- writing

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
            out.append("h%d=" % seat + (_list_text(m._names(s.h[seat])) if show[seat]
                                        else str(m._count(s.h[seat]))))
        left = len(s.bone) - s.top
        out.append(
            "bone=" + (_list_text([m._name(t) for t in s.bone[s.top :]]) if show[2] else str(left))
        )
    for key in _OPTION_KEYS:
        out.append("%s=%s" % (key, s.o[key]))
    out.append("passes=%d" % s.passes)
    if s.obs:
        out.append(_observed_text(s))
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


def _observed_text(s):
    out = []
    for seat in (0, 1):
        digits = "".join([str(v) for v in range(7) if s.miss[seat] >> v & 1])
        out.append("miss%d=%s" % (seat, digits or "-"))
    for seat in (0, 1):
        out.append("rev%d=%s" % (seat, _list_text(m._names(s.rev[seat]))))
    return " ".join(out)


# --- reading

def line_is_dead(line):
    lm, le, re = _parse_line(line.split())
    return m._dead(lm, le, re)


def _parse_line(words):
    """Bit mask and end values of a line written as oriented tiles."""
    lm = 0
    le = re = -1
    for w in words:
        a, b = m._parse_oriented(w)
        i = m._AT[a * 8 + b]
        if lm >> i & 1:
            raise ValueError("%s is twice in the line" % m._name(i))
        if re >= 0 and a != re:
            raise ValueError("%s does not match the %d before it in the line" % (w, re))
        if le < 0:
            le = a
        re = b
        lm |= 1 << i
    return lm, le, re


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
        a, b = m._parse_oriented(w)
        if a > b:
            raise ValueError("write %s low end first in %s" % (w, what))
        i = m._AT[a * 8 + b]
        if taken >> i & 1:
            raise ValueError("%s appears twice" % w)
        taken |= 1 << i
        out.append(i)
    return out


def from_text(text):
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
    s = m._State(take_options(raw, m.OPTIONS))
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
        a, b = m._parse_oriented(w)
        s.line.append(a * 8 + b)
    _read_hist(s, fields["hist"])
    if s.obs:
        _read_observed(s, fields)
    else:
        h0 = m._mask(_tile_list(fields["h0"], "h0", s.lm))
        h1 = m._mask(_tile_list(fields["h1"], "h1", s.lm | h0))
        s.bone = _tile_list(fields["bone"], "bone", s.lm | h0 | h1)
        taken = s.lm | h0 | h1 | m._mask(s.bone)
        if taken != m._ALL:
            raise ValueError("tiles missing: %s" % " ".join(m._names(m._ALL & ~taken)))
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
            raise ValueError(
                "hand result '%s' is not winner:points:reason:pips0:pips1" % word[:30]
            )
        w = _int(p[0], "hand winner", 0, 1)
        pts = _int(p[1], "hand points", 0, 336)
        pp = (_int(p[3], "hand pips", 0, 168), _int(p[4], "hand pips", 0, 168))
        if p[2] == "domino":
            ok = pp[w] == 0 and pts == pp[1 - w]
        else:
            ok = pp[w] <= pp[1 - w] and pts == (
                pp[0] + pp[1] if s.o["lock_award"] == "both" else pp[1 - w]
            )
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
            _check_observed_lead(s)
        else:
            if m._count(s.h[0]) != 7 or m._count(s.h[1]) != 7:
                raise ValueError("a new hand has 7 tiles in each hand")
            lead = s.hist[-1][0] if m._winner_leads(s) else m._dealt().leader(s.h)[0]
            if s.move != lead:
                raise ValueError("seat %d leads this hand" % lead)
        s.phase = m._LEAD
        return
    if s.last is None:
        raise ValueError("last must name the seat that placed the last tile")
    if s.passes and (s.nb if s.obs else len(s.bone) - s.top):
        raise ValueError("a pass needs an empty boneyard")
    if not m._ended(s):
        if s.h[0] == 0 or s.h[1] == 0:
            raise ValueError("a hand is empty, so the hand is over")
        if (s.last == s.move) != (s.passes == 1):
            # Only a pass hands the turn back to the seat that placed last.
            raise ValueError("move, last and passes do not fit together")
    if s.obs:
        _check_observed(s, over)
        return
    if over:
        if not m._ended(s):
            raise ValueError("the match is over but the last hand is not")
        if s.move is not None:
            raise ValueError("nobody moves once the match is over")
        p0 = m._mask_pips(s.h[0])
        p1 = m._mask_pips(s.h[1])
        if m._outcome(s, p0, p1) + (p0, p1) != s.hist[-1]:
            raise ValueError("the last hand result does not match the position")
        s.phase = m._OVER
        return
    if m._ended(s):
        raise ValueError("this hand is over: the position should show the next deal")
    if s.move is None:
        raise ValueError("move must name the seat to move")
    s.phase = m._PLAY


# --- observed mode

def _read_observed(s, fields):
    """Observed mode's fields: counts, passes (miss), reveals."""
    o = m._observed()
    s.h = (_int(_one(fields, "h0"), "h0", 0, 28), _int(_one(fields, "h1"), "h1", 0, 28))
    s.nb = _int(_one(fields, "bone"), "bone", 0, 14)
    if s.h[0] + s.h[1] + s.nb != 28 - len(s.line):
        raise ValueError("h0 + h1 + bone must count the 28 tiles not in the line")
    miss = [0, 0]
    for seat in (0, 1):
        for d in fields["miss%d" % seat]:
            for ch in d:
                if ch not in "0123456" or miss[seat] >> int(ch) & 1:
                    raise ValueError("miss%d lists values 0-6, each once" % seat)
                miss[seat] |= 1 << int(ch)
    s.miss = (miss[0], miss[1])
    r0 = m._mask(_tile_list(fields["rev0"], "rev0", s.lm))
    r1 = m._mask(_tile_list(fields["rev1"], "rev1", s.lm | r0))
    s.rev = (r0, r1)
    for seat in (0, 1):
        if s.rev[seat] & o._bar(s, seat):
            raise ValueError("rev%d holds a tile seat %d passed on" % (seat, seat))
        if o.owed(s, seat) < 0:
            raise ValueError("rev%d shows more tiles than seat %d holds" % (seat, seat))


def _check_observed_lead(s):
    if s.h != (7, 7) or s.nb != 14 or s.miss != (0, 0) or s.rev != (0, 0):
        raise ValueError("a new hand has 7 tiles in each hand, 14 in the boneyard, nothing seen")
    want = s.hist[-1][0] if m._winner_leads(s) else None
    if s.move != want:
        raise ValueError("move must be %s at this lead" % _seat_text(want))


def _check_observed(s, over):
    """Phase and consistency of a position with tiles in the line."""
    o = m._observed()
    if (s.miss[0] | s.miss[1]) and s.nb:
        raise ValueError("a seat can only have passed once the boneyard is empty")
    if not o._shareable(o._unseen(s), o.owed(s, 0), o.owed(s, 1), o._bar(s, 0), o._bar(s, 1)):
        raise ValueError("the unseen tiles cannot be shared out as the counts and passes say")
    if not m._ended(s):
        if over or s.rev != (0, 0):
            raise ValueError("the hand is still being played")
        if s.move is None:
            raise ValueError("move must name the seat to move")
        s.phase = m._PLAY
        return
    if o.owed(s, 0) or o.owed(s, 1):
        if over:
            raise ValueError("the match is over but tiles are still to be revealed")
        if s.move != o._first_owing(s):
            raise ValueError("move must be %d, the first seat still to reveal" % o._first_owing(s))
        s.phase = m._REVEAL
        return
    if not over:
        raise ValueError("this hand is over: the position should show the next hand")
    if s.move is not None:
        raise ValueError("nobody moves once the match is over")
    p0 = m._mask_pips(s.rev[0])
    p1 = m._mask_pips(s.rev[1])
    if m._outcome(s, p0, p1) + (p0, p1) != s.hist[-1]:
        raise ValueError("the last hand result does not match the position")
    s.phase = m._OVER
