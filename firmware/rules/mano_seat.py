"""Dominó Mano a Mano: what one seat knows of an observed game (firmware/rules/mano_observed.py)
when it can read its own tiles - a board playing that seat, its tiles face down on its
field. The opponents (firmware/ai/mano.py) search the dealt-mode state ``seat_view``
gives; imported only then, so a tile board without an opponent does not hold it."""
from firmware.rules import mano as m


def _hand(tiles):
    m._need_tables()
    out = 0
    for w in tiles:
        out |= 1 << m._tile_word(w)
    return out


def own_lead(tiles):
    """The tile the rules lead with from ``tiles`` (names), for a seat named to lead
    that can read its own tiles: the highest double, else the heaviest."""
    return m._name(m._dealt().leader((_hand(tiles), 0))[1])


def seat_view(s, seat, tiles):
    """What ``seat`` knows of ``s`` when it holds ``tiles`` (names; a board playing a
    seat reads its own tiles), as a dealt-mode state for the opponents
    (firmware/ai/mano.py). They deal what the seat cannot see afresh for every sample
    (``deal_unseen``), so the other hand and the boneyard here are only the right
    number of unseen tiles, in canonical order. For a play, or a lead the seat may
    choose (``later_lead="winner"``); ValueError when the tiles do not fit the
    position (one in the line, or not as many as the seat holds)."""
    hand = _hand(tiles)
    if s.move != seat or not (s.phase == m._PLAY or s.phase == m._LEAD):
        raise ValueError("seat %d has no move to choose now" % seat)
    if hand & s.lm or m._count(hand) != s.h[seat]:
        raise ValueError("seat %d holds %d tiles, none in the line" % (seat, s.h[seat]))
    rest = m._ALL & ~(hand | s.lm)
    k = s.h[1 - seat]
    other = 0
    bone = []
    i = 0
    while rest:
        if rest & 1:
            if k:
                other |= 1 << i
                k -= 1
            else:
                bone.append(i)
        rest >>= 1
        i += 1
    n = m._copy(s)
    n.obs = False
    n.h = (hand, other) if seat == 0 else (other, hand)
    n.bone = bone
    n.top = 0
    n.miss = n.rev = (0, 0)
    return n
