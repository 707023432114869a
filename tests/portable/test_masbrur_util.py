"""Helpers for the Masbrur tests (no tests here): build a position of any phase from its parts."""
from firmware.rules import masbrur as m

STANDARD = "001 112 223 334 445 556 667 770"


def sort_tiles(text):
    # Two-digit names sort as strings exactly as tiles sort.
    if text == "-":
        return text
    names = text.split()
    names.sort()
    return " ".join(names)


# Every field of a position text, each with its default: a table more than a signature.
def position(phase, ars0, ars1, walls=("-", "-"), field=STANDARD, offerer=0,  # noqa: PLR0913, PLR0917
             die=1, plies=0, passes=0, options=None, sel=("-", "-"), blockers="- -", steals=0):
    """A position through from_text; option defaults except first_offerer=0."""
    opts = {"first_offerer": offerer}
    if options:
        opts.update(options)
    head = m.to_text(m.new_game(opts)).split("\n")[1]
    return m.from_text("\n".join([
        "masbrur", head, "phase " + phase,
        "round 1 offerer %d die %d plies %d passes %d steals %d"
                                  % (offerer, die, plies, passes, steals),
        "score 0 0", "field " + field, "seed -", "group1 -",
        "arsenal0 " + sort_tiles(ars0), "arsenal1 " + sort_tiles(ars1),
        "wall0 " + sort_tiles(walls[0]), "wall1 " + sort_tiles(walls[1]),
        "select0 " + sel[0], "select1 " + sel[1], "blockers " + blockers, "last -"]))


def rejects(state, move, words=""):
    """play(state, move) raises IllegalMove whose message contains ``words``,
    and leaves the state as it was. Returns the message."""
    from check import raises
    from firmware.rules import IllegalMove
    before = m.to_text(state)
    e = raises(IllegalMove, m.play, state, move)
    msg = str(e)
    assert words in msg, "%r: %r lacks %r" % (move, msg, words)
    assert m.to_text(state) == before, "state changed by rejected %r" % move
    assert not m.is_legal(state, move)
    return msg
