"""A plain hand of Domino Mano a Mano with random legal moves, written for clarity from
docs/rules/mano.md alone: the reference the fast playouts are timed against (issue 16
measured one like it). Tiles are (low, high) pairs; a deal is one shuffle of the set;
the highest double (else the heaviest tile) leads; then each turn plays a random
fitting tile, else draws, else passes, until a domino or a locked line.
Portable: CPython and MicroPython. Not the engine: nothing here is shared with it."""
SET = [(a, b) for a in range(7) for b in range(a, 7)]


def pips(hand):
    return sum(a + b for a, b in hand)


def leader(hands):
    """(seat, tile) that leads: the highest double, else the heaviest tile."""
    best = None
    for seat in (0, 1):
        for a, b in hands[seat]:
            key = (a == b, a + b, b)
            if best is None or key > best[0]:
                best = (key, seat, (a, b))
    return best[1], best[2]


def fits(tile, left, right):
    """The ends ("L"/"R") ``tile`` may be laid on."""
    return [side for side, end in (("L", left), ("R", right)) if end in tile]


def locked(line_count, left, right):
    return left == right and line_count[left] == 7


def random_hand(rng, pick=None):
    """One hand from a new deal: (winning seat, points). ``pick(seat, options)``, if
    given, chooses an option's index instead (the tests)."""
    tiles = SET[:]
    rng.shuffle(tiles)
    hands = [tiles[:7], tiles[7:14]]
    bone = tiles[14:]
    seat, lead = leader(hands)
    hands[seat].remove(lead)
    left, right = lead
    count = [0] * 7           # how many laid tiles hold each number
    for n in set(lead):
        count[n] += 1
    seat = 1 - seat
    passes = 0
    while True:
        hand = hands[seat]
        options = [(t, side) for t in hand for side in fits(t, left, right)]
        if not options:
            if bone:
                hand.append(bone.pop(0))
                continue
            passes += 1
            if passes == 2:          # cannot happen unlocked; ends a hand that would hang
                break
            seat = 1 - seat
            continue
        passes = 0
        k = rng.below(len(options)) if pick is None else pick(seat, options)
        tile, side = options[k]
        hand.remove(tile)
        for n in set(tile):
            count[n] += 1
        end = left if side == "L" else right
        other_half = tile[1] if tile[0] == end else tile[0]
        if side == "L":
            left = other_half
        else:
            right = other_half
        if not hand:
            return seat, pips(hands[1 - seat])
        if locked(count, left, right):
            break
        seat = 1 - seat
    blocker = seat
    mine, theirs = pips(hands[blocker]), pips(hands[1 - blocker])
    if mine < theirs:
        return blocker, theirs
    return 1 - blocker, mine
