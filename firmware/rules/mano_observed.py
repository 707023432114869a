"""Observed mode of Dominó Mano a Mano (docs/rules/mano.md#real-tiles): the engine behind a
tile board that senses the tiles put on the line but cannot see the hands or
the boneyard. Chosen with ``mode="observed"``; same API as the dealt mode,
reached through firmware/rules/mano.py (this module is imported only then).

What the engine knows is what the board senses: hands are counts (7 each at
the start of a hand), the boneyard is a count (14), ``draw`` is an event whose
tile stays unknown, and every placed tile is checked against the open ends and
against every tile already seen.

* Lead: whatever tile is sensed first is the lead; the engine cannot check it
  is the highest double. The board must say who led, so the lead is written
  ``<seat>:<tile>`` (``1:6-6``) and ``to_move`` is None (either seat may
  lead). Where the rules name the leader (``later_lead="winner"``, hands after
  the first) the lead is the bare tile (``6-6``) and ``to_move`` is that seat.
* ``legal_moves`` in play: every unseen tile that fits an end, as ``L``/``R``
  plays in canonical order, then ``draw`` while the boneyard count is above 0,
  else ``pass``. Several kinds of move are legal at once, because the engine
  cannot know whether the player could play: forced play and forced drawing
  are the players' business here.
* What is deduced: passing (boneyard empty) shows the seat holds no tile
  showing either end value, and it can never draw again in that hand. Later
  plays and reveals must agree with that, and the tiles not yet seen must
  still be shareable between the hands (``seat 1 cannot pass: it must hold a
  tile that fits``). legal_moves lists only moves that keep this true, so it
  never runs dry.
* The hand ends as in the dealt mode: domino (the placing seat's count reaches
  0) or lock (dead line; two passes under ``lock="play_out"``). Then the
  tiles left in hand are revealed: ``reveal <seat> <tile> [<tile> ...]``
  (``reveal 0 1-6 5-6``), one or more tiles at a time, every seat still holding
  tiles (after a domino only the loser; after a lock both), in any order.
  ``legal_moves`` lists one-tile reveals (``reveal 0 1-6``), seat 0 first;
  ``to_move`` is the lowest seat still owing tiles. A reveal is rejected if a
  tile is already in the line, was already revealed, is named twice, is more
  than the seat holds, or contradicts a pass. After the last tile the hand is
  scored from the revealed pips exactly as in dealt mode; then the next hand
  starts (counts 7/7/14) or the match is over.

Position text: ``h0``, ``h1`` and ``bone`` are counts; there is no ``rng``;
extra fields ``miss0``/``miss1`` (the values each seat showed it lacks, as
digits, e.g. ``35``) and ``rev0``/``rev1`` (tiles revealed so far).
``no_double`` has no effect in this mode (nobody is dealt by the engine).
"""
from firmware.rules import IllegalMove
from firmware.rules import mano as m


def _bar(s, seat):
    """Tiles seat cannot hold: those showing a value it passed on."""
    return _bar_of(s.miss[seat])


def _bar_of(vals):
    if not vals:
        return 0
    out = 0
    for v in range(7):
        if vals >> v & 1:
            out |= m._VM[v]
    return out


def _unseen(s):
    return m._ALL & ~(s.lm | s.rev[0] | s.rev[1])


def owed(s, seat):
    """The tiles ``seat`` holds and has not shown yet."""
    return s.h[seat] - m._count(s.rev[seat])


def _shareable(unseen, owe0, owe1, bar0, bar1):
    """Can the unseen tiles be shared out: owe0 tiles to seat 0 outside bar0,
    owe1 to seat 1 outside bar1, the rest to the boneyard (Hall's condition;
    the boneyard takes anything, so these three checks are enough). Without
    a pass the counts alone settle it, and they always add up."""
    if not (bar0 | bar1):
        return True
    c0 = unseen & ~bar0
    c1 = unseen & ~bar1
    return (m._count(c0) >= owe0 and m._count(c1) >= owe1
            and m._count(c0 | c1) >= owe0 + owe1)


def _after_play(s, seat, t):
    # Still shareable once seat has put tile t down?
    owe = [s.h[0], s.h[1]]
    owe[seat] -= 1
    return _shareable(_unseen(s) & ~(1 << t), owe[0], owe[1], _bar(s, 0), _bar(s, 1))


def _pass_miss(s):
    return m._pair(s.miss, s.move, s.miss[s.move] | 1 << s.le | 1 << s.re)


def _can_pass(s):
    miss = _pass_miss(s)
    return _shareable(_unseen(s), s.h[0], s.h[1], _bar_of(miss[0]), _bar_of(miss[1]))


def _after_reveal(s, seat, tiles):
    owe = [owed(s, 0), owed(s, 1)]
    owe[seat] -= m._count(tiles)
    return _shareable(_unseen(s) & ~tiles, owe[0], owe[1], _bar(s, 0), _bar(s, 1))


def _first_owing(s):
    return 0 if owed(s, 0) > 0 else 1


def legal_moves(s):
    if s.phase == m._PLAY:
        seat = s.move
        vl = m._VM[s.le]
        vr = m._VM[s.re]
        fit = _unseen(s) & ~_bar(s, seat) & (vl | vr)
        passed = s.miss[0] | s.miss[1]  # else every fitting tile keeps the hands shareable
        out = []
        i = 0
        while fit:
            if fit & 1 and (not passed or _after_play(s, seat, i)):
                if vl >> i & 1:
                    out.append("L" + m._name(i))
                if vr >> i & 1:
                    out.append("R" + m._name(i))
            fit >>= 1
            i += 1
        if s.nb:
            out.append("draw")
        elif _can_pass(s):
            out.append("pass")
        return out
    if s.phase == m._LEAD:
        names = m._names(m._ALL)
        if s.move is not None:
            return names
        return ["%d:%s" % (seat, name) for seat in (0, 1) for name in names]
    if s.phase == m._REVEAL:
        out = []
        for seat in (0, 1):
            if owed(s, seat) > 0:
                cand = _unseen(s) & ~_bar(s, seat)
                for i in range(28):
                    if cand >> i & 1 and _after_reveal(s, seat, 1 << i):
                        out.append("reveal %d %s" % (seat, m._name(i)))
        return out
    return []


def _check_unseen(s, t):
    if s.lm >> t & 1:
        raise IllegalMove("%s is already in the line" % m._name(t))
    if (s.rev[0] | s.rev[1]) >> t & 1:
        raise IllegalMove("%s was already revealed" % m._name(t))


def _check_bar(s, seat, t):
    if _bar(s, seat) >> t & 1:
        lacks = [str(v) for v in range(7) if s.miss[seat] >> v & 1]
        raise IllegalMove("seat %d cannot hold %s: it passed when it had no %s"
                          % (seat, m._name(t), " or ".join(lacks)))


def play(s, move):
    if s.phase == m._LEAD:
        return _lead(s, move)
    if s.phase == m._REVEAL:
        if not move.startswith("reveal"):
            raise IllegalMove(
                "the hand is over: show the tiles left in hand (e.g. reveal 0 1-6 5-6)"
            )
        return _reveal(s, move)
    if move.startswith("reveal"):
        raise IllegalMove("nothing to reveal: the hand is not over")
    seat = s.move
    c = move[:1]
    if c == "L" or c == "R":
        t = m._tile_word(move[1:])
        _check_unseen(s, t)
        m._check_fits(s, t, c == "L")
        _check_bar(s, seat, t)
        if not _after_play(s, seat, t):
            raise IllegalMove(
                "seat %d cannot hold %s: the other hand needs it" % (seat, m._name(t))
            )
        return m._place(s, seat, t, c == "L")
    if move == "draw":
        if not s.nb:
            raise IllegalMove("the boneyard is empty: pass")
        n = m._copy(s)
        n.h = m._pair(s.h, seat, s.h[seat] + 1)
        n.nb = s.nb - 1
        return n
    if move == "pass":
        if s.nb:
            raise IllegalMove("you cannot pass: draw from the boneyard (%d left)" % s.nb)
        if not _can_pass(s):
            raise IllegalMove("seat %d cannot pass: it must hold a tile that fits %d|%d"
                              % (seat, s.le, s.re))
        n = m._copy(s)
        n.miss = _pass_miss(s)
        return m._pass(n)
    raise m._not_a_move(move)


def _lead(s, move):
    if s.move is not None:
        if ":" in move:
            raise IllegalMove("seat %d leads this hand: write just the tile" % s.move)
        return m._place(s, s.move, m._tile_word(move), True)
    k = move.find(":")
    if k < 0:
        raise IllegalMove("say which seat leads, e.g. 1:6-6")
    if move[:k] not in ("0", "1"):
        raise IllegalMove("the seat before ':' must be 0 or 1")
    return m._place(s, int(move[:k]), m._tile_word(move[k + 1:]), True)


def _reveal(s, move):
    words = move.split()
    if words[0] != "reveal" or len(words) < 3 or words[1] not in ("0", "1"):
        raise IllegalMove("write a reveal as: reveal <seat> <tiles>, e.g. reveal 0 1-6 5-6")
    seat = int(words[1])
    left = owed(s, seat)
    if left <= 0:
        raise IllegalMove("seat %d has no tiles left to show" % seat)
    tiles = 0
    for w in words[2:]:
        t = m._tile_word(w)
        if tiles >> t & 1:
            raise IllegalMove("%s is revealed twice" % w)
        _check_unseen(s, t)
        _check_bar(s, seat, t)
        tiles |= 1 << t
    if len(words) - 2 > left:
        raise IllegalMove(
            "seat %d has only %d tile%s left to show" % (seat, left, "" if left == 1 else "s")
        )
    if not _after_reveal(s, seat, tiles):
        raise IllegalMove("these tiles leave seat %d too few tiles it could hold" % (1 - seat))
    n = m._copy(s)
    n.rev = m._pair(s.rev, seat, s.rev[seat] | tiles)
    if owed(n, 0) == 0 and owed(n, 1) == 0:
        return m._score_hand(n, m._mask_pips(n.rev[0]), m._mask_pips(n.rev[1]))
    n.move = _first_owing(n)
    return n


def hand_over(n):
    """The hand ended (domino or lock): wait for the reveals."""
    n.phase = m._REVEAL
    n.move = _first_owing(n)
    return n

