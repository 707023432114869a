"""Mabula's words a board seldom needs, kept out of the engine so that it does not hold
them: the position text read back (``mabula.from_text``, the API's entry point) and why
a move is refused (``mabula.play``'s IllegalMove: a board only plays legal moves)."""
from firmware.rules import mabula as m


def _option_word(word, opts):
    """Read one ``key=value`` word of the text into the list ``opts``."""
    kv = word.split("=")
    if len(kv) != 2 or kv[0] not in m._SCORE_OPTIONS:
        raise ValueError("unknown word %r after the side to move (scoring=, tiebreak=, "
                         "count_edge_marbles= expected)" % word)
    i = m._SCORE_OPTIONS.index(kv[0])
    if kv[0] == "count_edge_marbles":
        allowed = {"true": True, "false": False}
    else:
        allowed = {}
        for v in m.OPTIONS[kv[0]][2]:
            allowed[v] = v
    if kv[1] not in allowed:
        raise ValueError("bad value %r for %s" % (kv[1], kv[0]))
    opts[i] = allowed[kv[1]]


def from_text(text):
    """Parse position text (mabula.py's docstring); ValueError says why. Fewer than 12
    marbles of a colour are accepted, for constructed positions."""
    if not isinstance(text, str):
        raise ValueError("position text must be a string")
    if m._NAME is None:
        m._tables()
    words = text.split(" ")
    if len(words) < 2:
        raise ValueError("position text is 8 ranks joined by '/', a space and W or B")
    ranks = words[0].split("/")
    if len(ranks) != 8:
        raise ValueError("position text needs 8 ranks separated by '/', found %d" % len(ranks))
    cells = m._new_cells()
    count = [0, 0, 0]
    for n in range(8):
        row = ranks[n]
        y = 7 - n
        if len(row) != 8:
            raise ValueError("rank %d must have 8 characters, not %d" % (y + 1, len(row)))
        for x in range(8):
            g = y * 8 + x
            ch = row[x]
            if m._SPACE_OF[g] == 255:
                if ch != "-":
                    raise ValueError("corner %s%d must be written '-'" % ("ah"[x // 7], y + 1))
                continue
            v = m._COLOUR_CHAR.find(ch)
            if v < 0:
                raise ValueError("%s holds %r: use W, B or ." % (m._NAME[g], ch))
            cells[g] = v
            count[v] += 1
    if count[1] > 12 or count[2] > 12:
        raise ValueError("a Mabula set has 12 marbles of each colour; the text has %d W and %d B"
                         % (count[1], count[2]))
    side = words[1]
    if side != "W" and side != "B":
        raise ValueError("the side to move must be W or B, not %r" % side)
    opts = [m.OPTIONS[k][0] for k in m._SCORE_OPTIONS]
    seen = []
    for word in words[2:]:
        key = word.split("=")[0]
        if key in seen:
            raise ValueError("%s is given twice" % key)
        seen.append(key)
        _option_word(word, opts)
    m._count_lines(cells)
    return m._State(cells, 0 if side == "W" else 1, tuple(opts))


def _who(seat):
    return "White" if seat == 0 else "Black"


def refusal(s, move):
    """The reason a move string is not legal in ``s``, in a player's words."""
    if m.is_over(s):
        return "the game is over"
    if not isinstance(move, str):
        return "a move is a string like 'd1-d5' or 'pass', not %r" % (move,)
    if move == "pass":
        return "%s can move, so passing is not allowed" % _who(s.turn)
    mid = m._move_id(move)
    if mid is None:
        parts = move.split("-")
        if len(parts) != 2 or parts[0] not in m.SPACES or parts[1] not in m.SPACES:
            return "'%s' is not a move: write edge-destination like 'd1-d5', or 'pass'" % move
        if parts[0] not in m.RING:
            return "%s is not an edge space: only edge marbles are moved" % parts[0]
        return "%s is not one of the 6 field cells in front of %s" % (parts[1], parts[0])
    r = mid // 6
    e = m._RING_G[r]
    c = s.cells[e]
    if c == 0:
        return "there is no marble on %s" % m.RING[r]
    if c != s.turn + 1:
        return "the marble on %s is %s's, and %s is to move" % (
            m.RING[r],
            _who(c - 1),
            _who(s.turn),
        )
    k = s.cells[m._LINE[r]]
    if k == 6:
        return "the line in front of %s is full" % m.RING[r]
    return ("a marble would be pushed out of the field: with %d marble%s in its line, %s can "
            "roll at most to %s" % (k, "" if k == 1 else "s", m.RING[r],
                                    m._NAME[e + (6 - k) * m._STEP[r]]))
