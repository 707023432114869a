"""Masbrur opponent, through the public API (the engine is being reworked
elsewhere; docs/contracts.md#the-rules-engines). It never reads the other seat's wall while
the walls are secret: every sample redraws that wall from the other seat's
arsenal (its contents are public, docs/rules/masbrur.md#1-the-pie-offer) before playing on. Where the choice
cannot be listed (``<free>``: pie split, formation selection once the walls
are shown, steal) it plays the engine's reference move. Level 1 plays a
random legal move; levels 2..5 use sequential halving over a random set of
candidate moves, each sample a random playout to the end of the round scored
by the points margin (by the result once the game ends)."""
from firmware.ai.search import halving
import firmware.rules.masbrur as rules

_CANDIDATES = (0, 0, 3, 6, 10, 16)   # moves searched, by level
_SAMPLES = (0, 0, 6, 12, 24, 40)     # playouts per decision, by level
_PLIES = 400                         # a playout's cap (equipment ends by 200 plies)
_WIN = 100000
_SECRET = ("free_setup", "pie_offer", "pie_accept", "equipment", "combat_wall")


def _lines(state):
    return rules.to_text(state).split("\n")


def _round(lines):
    return lines[3].split()[1]   # "round R offerer O ..."


def _redraw_wall(state, seat, rng):
    """A state that agrees with what ``seat`` sees, the other wall redrawn."""
    if state.phase not in _SECRET:
        return state
    lines = _lines(state)
    key = "wall%d " % (1 - seat)
    arsenal = "arsenal%d " % (1 - seat)
    for k in range(len(lines)):
        if lines[k].startswith(key) and lines[k] != key + "-":
            size = len(lines[k].split()) - 1
            for line in lines:
                if line.startswith(arsenal):
                    tiles = line.split()[1:]
            rng.shuffle(tiles)
            pick = tiles[:size]
            pick.sort()   # tiles are two digits, low first: text order is tile order
            lines[k] = key + " ".join(pick)
            return rules.from_text("\n".join(lines))
    return state


def _value(state, me):
    r = rules.result(state)
    if rules.is_over(state):
        w = r["winner"]
        return 0 if w is None else _WIN if w == me else -_WIN
    return r["scores"][me] - r["scores"][1 - me]


def _playout(state, rng):
    """Random moves until the round is scored or the game ends."""
    start = _round(_lines(state))
    plies = _PLIES
    while plies and not rules.is_over(state) and _round(_lines(state)) == start:
        moves = rules.legal_moves(state)
        state = rules.play(state, moves[rng.below(len(moves))])
        plies -= 1
    return state


def choose(state, level, rng):
    moves = rules.legal_moves(state)
    if len(moves) == 1 or level == 1:
        return moves[rng.below(len(moves))]
    me = rules.to_move(state)
    picks = list(range(len(moves)))
    if len(picks) > _CANDIDATES[level]:
        rng.shuffle(picks)
        picks = picks[:_CANDIDATES[level]]
        picks.sort()
    # Keep only the candidates: an equipment phase lists thousands of moves.
    moves = [moves[i] for i in picks]
    picks = None

    def value(k):
        world = _redraw_wall(state, me, rng)
        return _value(_playout(rules.play(world, moves[k]), rng), me)
    return moves[halving(len(moves), value, _SAMPLES[level], rng)]
