"""Property tests of the opponents (CPython; tests/portable/test_ai.py runs
the legality checks on MicroPython too): legal moves in every game and
option set, the same move for the same arguments, and hidden information
left unread: change what the side to move cannot see and the move is the
same for every seed, so the move distribution is the same."""
import os
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from firmware import ai
from firmware.rules import Rng
from firmware.rules import mano
from firmware.rules import masbrur

OPTIONS = {
    "morbak": [None, {"lite": True}, {"switch_limit": "per_player"}, {"budget_scope": "separate"},
               {"first": "random", "neutralizations": 3}],
    "mabula": [None, {"first": "random", "scoring": "product"}, {"tiebreak": "lex"},
               {"count_edge_marbles": True}],
    "mano": [None, {"lock": "play_out"}, {"later_lead": "winner", "lock_award": "both"},
             {"no_double": "redeal", "target": 100}, {"mode": "observed"}],
    "fursaz": [{"size": 5}, {"size": 5, "pie": False, "cycle_rule": "stop"},
               {"size": 7, "territory": "midpoint"}],
    "masbrur": [None, {"setup": "free", "wall_mode": "fixed"}, {"pie_split": "equal"}],
}


def _position(name, options, seed, plies):
    engine = __import__("firmware.rules." + name, None, None, [name])
    s = engine.new_game(options, seed)
    rng = Rng(seed)
    for _ in range(plies):
        if engine.is_over(s):
            break
        moves = engine.legal_moves(s)
        s = engine.play(s, moves[rng.below(len(moves))])
    return engine, s


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(OPTIONS)), st.integers(0, 10 ** 6), st.integers(0, 60),
       st.integers(1, 5), st.integers(0, 2 ** 31), st.data())
def test_a_legal_move_and_the_same_one_again(name, seed, plies, level, ai_seed, data):
    if name == "masbrur":
        level = min(level, 3)   # playouts through the slow API: keep the test short
    options = data.draw(st.sampled_from(OPTIONS[name]))
    engine, s = _position(name, options, seed, plies)
    if engine.is_over(s):
        return
    m = ai.choose(name, s, level, ai_seed)
    assert m in engine.legal_moves(s)
    assert ai.choose(name, s, level, ai_seed) == m


def _mano_rehide(s, seat, rng):
    """The same position for ``seat`` with the other hand, the boneyard and the
    later deals changed (and checked whole by from_text)."""
    t = mano.deal_unseen(s, seat, rng)
    t = mano.from_text(mano.to_text(t))
    assert mano.public_view(t, seat) == mano.public_view(s, seat)
    return t


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(1, 40), st.sampled_from(OPTIONS["mano"][:4]))
def test_mano_never_reads_the_other_hand_or_the_boneyard(seed, plies, options):
    _, s = _position("mano", options, seed, plies)
    if mano.is_over(s) or s.phase != mano._PLAY or len(mano.legal_moves(s)) < 2:
        return
    seat = mano.to_move(s)
    other = _mano_rehide(s, seat, Rng(seed + 1))
    if mano.to_text(other) == mano.to_text(s):
        return
    for level in range(1, 6):
        for ai_seed in range(4):
            assert ai.choose("mano", s, level, ai_seed) == ai.choose("mano", other, level, ai_seed)


def test_mano_rehide_does_change_the_hidden_part():
    changed = 0
    for seed in range(20):
        _, s = _position("mano", None, seed, 3)
        if s.phase == mano._PLAY:
            seat = mano.to_move(s)
            changed += mano.to_text(_mano_rehide(s, seat, Rng(seed))) != mano.to_text(s)
    assert changed >= 15


def _masbrur_other_wall(s, seat):
    """The same text with the other seat's wall changed to another pair of
    its arsenal, or None when that wall is not set."""
    lines = masbrur.to_text(s).split("\n")
    key = "wall%d " % (1 - seat)
    for k, line in enumerate(lines):
        if line.startswith(key) and line != key + "-":
            wall = line.split()[1:]
            arsenal = [l for l in lines if l.startswith("arsenal%d " % (1 - seat))][0].split()[1:]
            rest = [t for t in arsenal if t not in wall]
            if len(wall) != 2 or len(rest) < 2:
                return None
            lines[k] = key + " ".join(sorted(rest[:2]))
            return masbrur.from_text("\n".join(lines))
    return None


def test_masbrur_every_level_builds_a_free_field_and_plays_on():
    """The free setup (the players build the field) at every level, then the pie and the
    first equipment moves: always one of the listed moves (levels 2-5 raised, as a playout
    cannot start before the field is built)."""
    for level in range(1, 6):
        s = masbrur.new_game({"setup": "free"}, level)
        ply = 0
        while s.phase in ("free_setup", "pie_offer", "pie_accept") or ply < 30:
            move = ai.choose("masbrur", s, level, ply)
            assert move in masbrur.legal_moves(s), (level, s.phase, move)
            s = masbrur.play(s, move)
            ply += 1


def test_masbrur_never_reads_the_other_wall():
    checked = 0
    for seed in range(40):
        s = masbrur.new_game(None, seed)
        rng = Rng(seed)
        while not masbrur.is_over(s) and checked < 4:
            seat = masbrur.to_move(s)
            if s.phase in ("equipment", "combat_wall"):
                other = _masbrur_other_wall(s, seat)
                if other is not None and len(masbrur.legal_moves(s)) > 1:
                    assert masbrur.public_view(other, seat) == masbrur.public_view(s, seat)
                    for level in (1, 2, 3):
                        assert (ai.choose("masbrur", s, level, seed)
                                == ai.choose("masbrur", other, level, seed))
                    checked += 1
                    break
            moves = masbrur.legal_moves(s)
            s = masbrur.play(s, moves[rng.below(len(moves))])
        if checked >= 4:
            break
    assert checked >= 4


def test_only_the_chosen_game_is_imported():
    code = ("import sys\nfrom firmware import ai\nimport firmware.rules.mano as m\n"
            "ai.choose('mano', m.new_game(None, 1), 5)\n"
            "print(sorted(n for n in sys.modules if n.startswith('firmware')))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=root).stdout
    # (rng_jump: on CPython a dealt Mano a Mano reads the generator's steps from its tables)
    assert eval(out) == ["firmware", "firmware.ai", "firmware.ai.mano", "firmware.ai.search",
                         "firmware.catalogue",
                         "firmware.rules", "firmware.rules.mano", "firmware.rules.mano_dealt",
                         "firmware.rules.rng_jump"]
