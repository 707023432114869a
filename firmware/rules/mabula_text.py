"""Mabula's position text read back (``mabula.from_text``, the API's entry point): kept
out of the engine because a board never reads position text, so it does not hold it."""
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
