"""The Masbrur opponent's quick playout (firmware/ai/masbrur_playout.py) on both
interpreters: from random positions of random games under several option sets, every move
it plays is one the engine accepts there, and replayed through the engine its line ends
the round with the same scores, so the value it gives the search is the engine's."""
from check import eq

from firmware.ai import masbrur as opponent
from firmware.ai.masbrur_playout import WIN, Position
from firmware.rules import Rng
from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf

OPTIONS = (None, {"wall_mode": "fixed", "community_tiles": "hand", "community_measure": "count"},
           {"shared_medal": "full", "pie_split": "equal", "max_equipment_plies": 7},
           {"shared_medal": "none", "die_start": 3, "die_reset": False, "rounds": 4})


def _positions(options, seed):
    """Positions a search plays out from: each ply of a game between quick random turns
    that is in the equipment phase, or in combat before the selections."""
    rng = Rng(seed)
    s = m.new_game(options, seed)
    while not m.is_over(s):
        if s.phase in ("equipment", "combat_wall") or (
                s.phase == "combat_select" and s.sel == [None, None]):
            yield s
        if s.phase == "equipment":
            got = opponent._active(s, rng) if rng.below(3) else None
            move = got[0] if got else "A" if mf.attack(m.hand(s, m.to_move(s))) else "pass"
        else:
            moves = m.legal_moves(s)
            move = moves[rng.below(len(moves))]
        s = m.play(s, move)


def _value(s, me):
    """What the search scores a round's end for seat ``me``, from the engine's state."""
    r = m.result(s)
    if m.is_over(s):
        w = r["winner"]
        return 0 if w is None else WIN if w == me else -WIN
    return r["scores"][me] - r["scores"][1 - me]


def test_its_moves_are_legal_and_its_scores_the_engines():
    rng = Rng(11)
    lines = 0
    for k in range(len(OPTIONS)):
        for s in _positions(OPTIONS[k], 20 + k):
            me = rng.below(2)
            line = []
            pos = Position(s)
            got = pos.playout(rng, me, line)
            e = s
            for move in line:
                assert m.is_legal(e, move), (k, m.to_text(e), move)
                e = m.play(e, move)
            assert e.round == s.round + 1, (k, line)
            eq(got, _value(e, me), "option set %d, line %s" % (k, line))
            lines += 1
    assert lines > 40, lines
    print("lines", lines)


def test_a_copy_plays_the_same_line_and_leaves_its_source_as_it_was():
    s = next(_positions(None, 3))
    before = m.to_text(s)
    start = Position(s)
    lines = []
    for _ in range(2):
        pos = Position()
        pos.copy(start)
        line = []
        pos.playout(Rng(5), 0, line)
        lines.append(line)
    eq(lines[0], lines[1], "the same line from the same copy and seed")
    eq(m.to_text(s), before, "the engine's state untouched")
