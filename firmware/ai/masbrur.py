"""Masbrur opponent. It never reads the other seat's wall while the walls are
secret: a search redraws that wall from the other seat's arsenal (its
contents are public: docs/rules/masbrur.md#1-the-pie-offer) for every sample.

The equipment phase lists thousands of moves (about 100 KB of strings on a
board), so the opponent never asks for that list: it draws active turns
itself - a wall pair, a tile outside it, one of that tile's pushes - which are
legal by construction, with ``+A`` when the pushed hand attacks.

Level 1 plays with a little sense: it attacks as soon as its hand allows;
otherwise it tries a few active turns and keeps the one that leaves the
strongest hand (the reference selection's strengths), passing when none
beats the hand it has; it accepts the pie group with the stronger selection
and walls the tiles its best selection leaves out, highest first (they
block the most). Levels 2..5 search by sequential halving over candidates
(pass, the attack, the active turns drawn as above that leave the strongest
hands by the playout's cheap rule; in combat level 1's wall by that rule and
random others), each sample a quick playout
to the end of the round on a compact copy of the position, never through the
engine's API (firmware/ai/masbrur_playout.py: it attacks when it can, else
passes one turn in six or pushes at random; formations by a cheap rule)
scored by the points margin, or the result once the game ends. Where the
choice cannot be listed (``<free>``: pie split, formation selection, steal)
every level plays the engine's reference move. A playout starts at the
equipment phase, so while the players build the field (setup ``free``) every
level plays as level 1: a listed move at random."""
from firmware.ai.masbrur_playout import Position, Selection
from firmware.ai.search import halving_steps
from firmware.rules import masbrur_form as mf
from firmware.rules.masbrur_search import best_selection
import firmware.rules.masbrur as rules

_CANDIDATES = (0, 0, 6, 12, 16, 24)  # moves searched, by level
_SAMPLES = (0, 0, 18, 36, 48, 64)    # playouts per decision, by level
_TRIES = 6                           # active turns level 1 compares
_SECRET = ("free_setup", "pie_offer", "pie_accept", "equipment", "combat_wall")


def _turn(pos, p, rng, after):
    """A random active turn of seat ``p`` from ``pos`` (a playout's Position) as the
    engine writes it, played on ``after``; None when a few draws find no push."""
    got = pos.draw(p, rng)
    if got is None:
        return None
    move = pos.push_text(p, got[0], got[1], got[2], got[3])
    after.copy(pos)
    return move + "+A" if after.push(p, got[0], got[1], got[2], got[3]) else move


def _active(s, rng):
    """(move, hand after it) for a random active turn of the side to move, or
    None when a few draws find no tile that can be pushed."""
    p = rules.to_move(s)
    after = Position()
    move = _turn(Position(s), p, rng, after)
    return None if move is None else (move, list(after.hand(p)))


def _strength(tiles):
    """The strengths of the reference selection of ``tiles`` (no wall against
    it), strongest first, as one comparable int."""
    forms = best_selection(tiles, [], "formation", "pips")[1]
    eff = mf.effective([mf.shape(row, zh, [v for t, v in uses]) for row, zh, uses in forms],
                       mf.NO_BLOCKER)
    return (max(eff[0], 0) << 16) | (max(eff[1], 0) << 8) | max(eff[2], 0)


def _wall(ars, spare):
    """The wall of ``ars`` made of the tiles ``spare`` (those a selection leaves out)
    first, then the highest top (they block most), heaviest."""
    if len(ars) == 1:
        return "W" + mf.name(ars[0])
    order = sorted([(0 if t in spare else 1, -(t & 7), -(t >> 3), t) for t in ars])
    w = sorted([order[0][3], order[1][3]])
    return "W%s,%s" % (mf.name(w[0]), mf.name(w[1]))


def _sensible(s, rng):
    """Level 1's move."""
    ph = s.phase
    p = rules.to_move(s)
    if ph == "pie_accept":
        g1 = s.group1
        g2 = [t for t in rules.pool(s) if t not in g1]
        return "C1" if _strength(g1) >= _strength(g2) else "C2"
    if ph == "combat_wall":
        ars = s.ars[p]
        used = mf.forms_tiles(best_selection(ars, [], "formation", "pips")[1])
        return _wall(ars, [t for t in ars if t not in used])
    if ph == "equipment":
        if mf.attack(rules.hand(s, p)):
            return "A"
        best = None
        top = _strength(rules.hand(s, p))
        for _ in range(_TRIES):
            got = _active(s, rng)
            if got is None:
                break
            move, after = got
            if move.endswith("+A"):
                return move
            v = _strength(after)
            if v > top:
                best = move
                top = v
        return "pass" if best is None else best
    moves = rules.legal_moves(s)
    return moves[rng.below(len(moves))]


def _candidates(s, level, rng):
    """The moves a search compares: in the equipment phase pass, the attack when
    it is legal, and the active turns drawn at random that leave the strongest
    hands by the playout's cheap rule; in combat the wall that rule leaves out
    (as level 1 walls), then others; else the listed moves (a random few when
    there are more)."""
    want = _CANDIDATES[level]
    p = rules.to_move(s)
    if s.phase == "equipment":
        pos = Position(s)
        head = ["pass", "A"] if pos.attacks(p) else ["pass"]
        out = head[:]
        after = Position()
        turns = []
        for k in range(want + want // 2):
            move = _turn(pos, p, rng, after)
            if move is None:
                break
            if move not in out:
                out.append(move)
                key = 1 << 24 if move.endswith("+A") else \
                    Selection(after.hand(p), s.opt, ()).key()
                turns.append((-key, k, move))
        turns.sort()
        return head + [t[2] for t in turns[:want - len(head)]]
    moves = rules.legal_moves(s)
    if len(moves) <= want:
        return moves
    picks = list(range(len(moves)))
    rng.shuffle(picks)
    picks = picks[:want]
    picks.sort()
    if s.phase == "combat_wall":
        first = moves.index(_wall(s.ars[p], Selection(bytes(s.ars[p]), s.opt, ()).unused()))
        picks = [first] + [i for i in picks if i != first][:want - 1]
    return [moves[i] for i in picks]


def think(state, level, rng):
    """The search for the move (a generator: firmware/ai/search.py); it yields
    after every playout."""
    if state.phase in ("pie_offer", "combat_select", "combat_steal"):
        return rules.FREE
    if level == 1 or state.phase == "free_setup":
        return _sensible(state, rng)
    me = rules.to_move(state)
    moves = _candidates(state, level, rng)
    if len(moves) == 1:
        return moves[0]
    far = 1 - me
    secret = state.phase in _SECRET and state.wall[far]
    work = Position()
    after = Position()          # the position after the candidate sampled last
    last = [-1]                 # that candidate

    def value(k):   # (a round of the halving samples a candidate several times in a row)
        if last[0] != k:
            last[0] = k
            after.load(rules.play(state, moves[k]))
        work.copy(after)
        if secret:
            work.redraw_wall(far, rng)
        return work.playout(rng, me)
    i = yield from halving_steps(len(moves), value, _SAMPLES[level], rng)
    return moves[i]
