"""firmware.ai.choose on both interpreters: a legal move at every level, in
every game and option set, the same for the same arguments."""
from firmware import ai
from firmware.rules import Rng

from check import eq, raises


def _walk(name, options, seed, every, levels, plies=400):
    engine = __import__("firmware.rules." + name, None, None, [name])
    s = engine.new_game(options, seed)
    rng = Rng(seed)
    ply = 0
    while not engine.is_over(s) and ply < plies:
        moves = engine.legal_moves(s)
        if ply % every == 0:
            for level in levels:
                m = ai.choose(name, s, level, ply)
                assert m in moves, (name, options, ply, level, m)
                eq(ai.choose(name, s, level, ply), m, "same arguments, same move")
        s = engine.play(s, moves[rng.below(len(moves))])
        ply += 1


def test_mabula_every_level_plays_legal_moves():
    for options in (None, {"scoring": "product", "first": "B"}, {"count_edge_marbles": True}):
        _walk("mabula", options, 3, 5, (1, 2, 3, 4, 5))


def test_morbak_every_level_plays_legal_moves():
    for options in (None, {"lite": True},
                    {"switch_limit": "per_player", "budget_scope": "separate"}):
        _walk("morbak", options, 4, 7, (1, 2, 3, 4, 5))


def test_mano_every_level_plays_legal_moves():
    for options in (None, {"lock": "play_out", "later_lead": "winner"}):
        _walk("mano", options, 6, 9, (1, 2, 3, 4, 5), 90)
    _walk("mano", {"mode": "observed"}, 6, 1, (1, 5), 12)


def test_fursaz_every_level_plays_legal_moves():
    _walk("fursaz", {"size": 5}, 0, 12, (1, 2, 3, 4, 5))
    _walk("fursaz", {"size": 7, "pie": False}, 0, 60, (1, 4))


def test_masbrur_plays_legal_moves():
    _walk("masbrur", None, 2, 3, (1, 2), 30)
    # The free setup: levels 2-5 play as level 1 until the field is built (no playout yet).
    _walk("masbrur", {"setup": "free"}, 2, 1, (2, 5), 20)


def test_a_win_in_one_is_taken_at_every_level():
    from firmware.rules import morbak
    s = morbak.from_text("......./......./......./......./......./BBB..../AAA.... A 7 7 1 1")
    for level in range(1, 6):
        eq(ai.choose("morbak", s, level, 1), "L d1", "level %d" % level)


def test_bad_arguments_are_refused():
    from firmware.rules import morbak
    s = morbak.new_game()
    raises(ValueError, ai.choose, "chess", s, 1)
    raises(ValueError, ai.choose, "morbak", s, 0)
    raises(ValueError, ai.choose, "morbak", s, 6)
    raises(ValueError, ai.choose, "morbak", s, True)
    raises(ValueError, ai.choose, "morbak", s, 3, "seed")


def test_morbak_can_win_now_sees_lights_and_switches():
    from firmware.rules import morbak
    from firmware.rules import morbak_playout
    s = morbak.from_text("......./......./......./......./......./BBB..../AAA.... A 7 7 1 1")
    assert morbak_playout.can_win_now(s, 0) and morbak_playout.can_win_now(s, 1)
    s = morbak.from_text("......./......./......./......./......./......./AAAB... B 7 7 1 1")
    assert morbak_playout.can_win_now(s, 0)          # A would switch d1 back
    assert not morbak_playout.can_win_now(s, 1)
    s = morbak.from_text("......./......./......./......./......./......./AAAB... B 0 7 1 1")
    assert not morbak_playout.can_win_now(s, 0)      # no switch left


def test_morbak_levels_above_one_block_a_line_in_one():
    from firmware.rules import morbak
    from firmware.rules import morbak_playout
    # B lit a2 b2 c2: A must take d2 or switch one of them, or lose next move.
    s = morbak.from_text("......./......./......./......./......./BBB..../A.A.A.. A 7 7 1 1")
    for level in range(2, 6):
        for seed in range(4):
            m = ai.choose("morbak", s, level, seed)
            assert m in ("L d2", "S a2", "S b2", "S c2"), (level, m)
            assert not morbak_playout.can_win_now(morbak.play(s, m), 1)


def test_halving_keeps_to_its_budget_and_finds_the_best():
    from firmware.ai.search import halving
    for n in (2, 3, 7, 12, 30, 70, 150):
        for budget in (1, 10, 40, 100, 400):
            calls = [0]
            # Deterministic values: candidate 5 (or the last) is the best.
            best = 5 if n > 5 else n - 1

            def value(i):
                calls[0] += 1
                return 10 if i == best else i % 5
            got = halving(n, value, budget, Rng(n * 1000 + budget))
            kept = min(n, max(12, budget // 2))
            # One sample each per round: k + k/2 + ... (rounded up) at most.
            assert calls[0] <= max(budget, 2 * kept + 8), (n, budget, calls[0])
            if kept == n:
                eq(got, best, "best of %d with budget %d" % (n, budget))


class _Reads:
    """A clock that counts its reads: ``work(clock, k)`` does k pieces of work."""

    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return self.n


def test_a_search_cut_short_plays_a_legal_move_and_an_uncut_one_chooses():
    cases = (("morbak", None, 4), ("mabula", None, 3), ("mano", None, 6),
             ("fursaz", {"size": 5}, 0), ("masbrur", None, 2))
    for name, options, seed in cases:
        engine = __import__("firmware.rules." + name, None, None, [name])
        s = engine.new_game(options, seed)
        rng = Rng(seed)
        for ply in range(6):
            moves = engine.legal_moves(s)
            if ply % 4 == 1:
                for level in (2,) if name == "masbrur" else (2, 5):   # Masbrur's 5: slow here
                    for pieces in (0, 3, 30):
                        t = ai.start(name, s, level, ply)
                        got = t.work(_Reads(), pieces)
                        eq(got, t.move, "work() gives the move once chosen")
                        m = t.hurry()
                        assert m in moves, (name, ply, level, pieces, m)
                t = ai.start(name, s, 2, ply)
                eq(t.work(lambda: 0, 1), ai.choose(name, s, 2, ply),
                   "not cut: the move choose() gives")
            s = engine.play(s, moves[rng.below(len(moves))])


def test_masbrur_thinks_a_playout_at_a_time():
    from firmware.rules import masbrur
    s = masbrur.new_game(None, 3)
    rng = Rng(3)
    while s.phase != "equipment":                 # where its searches are longest
        moves = masbrur.legal_moves(s)
        s = masbrur.play(s, moves[rng.below(len(moves))])
    t = ai.start("masbrur", s, 2, 5)
    pieces = 1
    while t.work(_Reads(), 1) is None:
        pieces += 1
    assert pieces > 3, pieces                     # a piece a playout, not one for the lot
    eq(t.move, ai.choose("masbrur", s, 2, 5), "in slices: the move choose() gives")
    assert not t.cut


def test_halving_hurried_returns_the_best_mean_so_far():
    from firmware.ai.search import halving_steps
    values = [3, 9, 1, 7]
    g = halving_steps(4, lambda i: values[i], 8, Rng(1))   # one sample each a round
    next(g)
    for _ in range(3):
        g.send(None)                              # one sample each for 0..3
    try:
        g.send(True)
    except StopIteration as e:
        eq(e.value, 1, "the best mean of the candidates sampled")


def _fursaz_margin(fursaz, state, me):
    """docs/rules/fursaz.md's score margin for ``me`` (a finished game: +-10000 or 0)."""
    r = fursaz.result(state)
    if fursaz.is_over(state):
        return 0 if r["winner"] is None else 10000 if r["winner"] == me else -10000
    return r["scores"][me] - r["scores"][1 - me]


def test_fursaz_level_5_looks_at_the_replies_level_4_does_not():
    """Level 4 plays the best margin right after its move; level 5 the move whose best
    reply leaves it best off (a planted bug gave level 4 the look-ahead unnoticed)."""
    from firmware.rules import fursaz
    s = fursaz.from_text("5 B 0 0 play b5W3 d4B2 d7W1 g9B0")
    me = fursaz.to_move(s)
    places = [m for m in fursaz.legal_moves(s) if m != "pass"]

    def margin(m):
        return _fursaz_margin(fursaz, fursaz.play(s, m), me)

    def after_reply(m):
        after = fursaz.play(s, m)
        worst = margin(m)
        if not fursaz.is_over(after):
            for r in fursaz.legal_moves(after):
                worst = min(worst, _fursaz_margin(fursaz, fursaz.play(after, r), me))
        return worst

    four, five = ai.choose("fursaz", s, 4, 0), ai.choose("fursaz", s, 5, 0)
    eq(margin(four), max([margin(m) for m in places]), "level 4: the best margin at once")
    assert after_reply(five) > after_reply(four), (four, five)
