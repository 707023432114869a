"""The heap budget of the opponents (issue 16): a game with the opponent at
level 5 stays under 96 KB.

Two figures per game. On MicroPython: the heap in use after gc.collect(), at
the top of a fresh call (docs/architecture.md#test-layers), with a middle-game position held and
after ``firmware.ai.choose`` ran at level 5 (modules and tables it keeps).
The WebAssembly build frees nothing inside a call, so the peak while the
opponent thinks is taken on CPython instead (tracemalloc): CPython's objects
are larger than MicroPython's, so that peak over-estimates the board's. The
sum must stay under 96 KB. (Masbrur's opponent never lists the equipment
phase's moves: that list alone is about 100 KB.)"""
import os
import tracemalloc

import pytest

from firmware import ai
from firmware.rules import Rng
from host_tools.upy import MicroPython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = 96 * 1024

SETUP = """
from firmware import ai
import firmware.rules.%s as e
from firmware.rules import Rng
s = e.new_game(%r, 5)
rng = Rng(5)
for i in range(%d):
    moves = e.legal_moves(s)
    s = e.play(s, moves[rng.below(len(moves))])
moves = rng = None
"""
HEAP = "import gc\ngc.collect()\nprint(gc.mem_alloc())"

CASES = [("mabula", None, 0), ("morbak", None, 6), ("mano", None, 3),
         ("fursaz", {"size": 7}, 4), ("masbrur", None, 3)]


def _position(game, options, plies):
    e = __import__("firmware.rules." + game, None, None, [game])
    s = e.new_game(options, 5)
    rng = Rng(5)
    for _ in range(plies):
        moves = e.legal_moves(s)
        s = e.play(s, moves[rng.below(len(moves))])
    return s


def cpython_peak(game, options, plies):
    s = _position(game, options, plies)
    ai.choose(game, s, 5, 2)   # tables built, modules imported
    tracemalloc.start()
    try:
        ai.choose(game, s, 5, 1)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture(scope="module")
def mp():
    m = MicroPython(mounts=[[os.path.join(ROOT, "firmware"), "/firmware"]])
    yield m
    m.close()


@pytest.mark.parametrize("game,options,plies", CASES, ids=[c[0] for c in CASES])
def test_game_and_level_5_opponent_under_96_kb(mp, game, options, plies):
    mp.run(SETUP % (game, options, plies))
    held = int(mp.run(HEAP, fresh=False))
    move = mp.run("m = ai.choose(%r, s, 5, 1)\nprint(m in e.legal_moves(s))" % game, fresh=False)
    assert move.strip() == "True"
    after = int(mp.run(HEAP, fresh=False))
    peak = cpython_peak(game, options, plies)
    print("%s: MicroPython heap in use %d with the game, %d after the opponent; "
          "CPython peak while thinking %d; sum %d of %d"
          % (game, held, after, peak, after + peak, BUDGET))
    assert after + peak < BUDGET
