"""The Masbrur opponent on both interpreters: level 1's sense (it attacks when its hand
allows, takes the stronger pie group, walls what its selection leaves out), and every
level plays legal moves through whole games under several option sets, the same move
for the same arguments, without ever listing the equipment phase."""
from check import eq

from firmware import ai
from firmware.ai import masbrur as opponent
from firmware.rules import Rng
from firmware.rules import masbrur as m
from firmware.rules import masbrur_form as mf
from firmware.rules.masbrur_search import best_selection


def _accept(group1):
    s = m.new_game({"first_offerer": 0}, 1)
    return m.play(s, "O " + group1)


def test_level_1_takes_the_stronger_pie_group():
    # Group 1 holds every 0-x and 1-x tile left: long sequences; the rest is scattered.
    s = _accept("02 03 04 05 06 13 14 15 16 17")
    g1 = s.group1
    g2 = [t for t in m.pool(s) if t not in g1]
    want = "C1" if opponent._strength(g1) >= opponent._strength(g2) else "C2"
    eq(ai.choose("masbrur", s, 1, 0), want, "the group with the stronger selection")


def test_level_1_attacks_when_its_hand_allows():
    rng = Rng(4)
    for seed in range(40):
        s = m.new_game(None, seed)
        s = m.play(m.play(s, "<free>"), "C%d" % (1 + rng.below(2)))
        if mf.attack(m.hand(s, m.to_move(s))):
            eq(ai.choose("masbrur", s, 1, 0), "A", "seed %d" % seed)
            return
    raise AssertionError("no seed gave an attack at once")


def test_level_1_walls_the_tiles_its_selection_leaves_out():
    s = _accept("02 03 04 05 06 13 14 15 16 17")
    s = m.play(m.play(s, "C1"), "pass")
    s = m.play(s, "pass")                    # both passed: combat asks for the walls
    eq(s.phase, "combat_wall", "walls are missing")
    p = m.to_move(s)
    move = ai.choose("masbrur", s, 1, 0)
    assert move in m.legal_moves(s), move
    used = mf.forms_tiles(best_selection(s.ars[p], [], "formation", "pips")[1])
    wall = [mf.parse_tile(x) for x in move[1:].split(",")]
    spare = [t for t in s.ars[p] if t not in used]
    eq(len([t for t in wall if t not in used]), min(2, len(spare)), "unused tiles first")


def _game(options, seed, levels):
    """A whole game between two levels: every move legal, the same for the same
    arguments. The equipment phase's list is asked for only to check the moves."""
    s = m.new_game(options, seed)
    ply = 0
    while not m.is_over(s):
        level = levels[m.to_move(s)]
        move = ai.choose("masbrur", s, level, ply)
        if ply % 4 == 0:
            eq(ai.choose("masbrur", s, level, ply), move, "same arguments, same move")
        assert m.is_legal(s, move), (ply, move)
        s = m.play(s, move)
        ply += 1
    return s


def test_every_level_plays_whole_games():
    _game(None, 3, (1, 2))
    _game({"wall_mode": "fixed", "pie_split": "equal", "rounds": 4}, 5, (3, 1))
    _game({"steal_rule": "heights_frozen", "community_tiles": "hand"}, 7, (2, 3))


def _far_wall_set(seed):
    """A position of the equipment phase where the seat not to move has set its wall."""
    rng = Rng(seed)
    s = m.play(m.play(m.new_game(None, seed), "<free>"), "C1")
    while s.phase == "equipment":
        if s.wall[1 - m.to_move(s)]:
            return s
        got = opponent._active(s, rng)
        s = m.play(s, "pass" if got is None else got[0])
    return None


def test_the_far_wall_it_cannot_see_never_changes_its_move():
    # Two positions alike but for the wall the mover may not see: the same move, searched
    # on walls redrawn from the far arsenal (masbrur.with_wall copies, never changes, one).
    for seed in range(20):
        s = _far_wall_set(seed)
        if s is None:
            continue
        far = 1 - m.to_move(s)
        other = [t for t in s.ars[far] if t not in s.wall[far]][:2]
        t = m.with_wall(s, far, other)
        eq(t.wall[far], other, "the copy holds the wall given")
        assert s.wall[far] != other and m.to_text(m.with_wall(s, far, s.wall[far])) == m.to_text(s)
        eq(ai.choose("masbrur", t, 2, 5), ai.choose("masbrur", s, 2, 5), "seed %d" % seed)
        return
    raise AssertionError("no seed set a wall in the equipment phase")
