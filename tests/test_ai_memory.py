"""The heap budget of the opponents (issue 16): a game and the opponent at
level 5 run on MicroPython whose whole heap is 96 KB.

Each game gets a fresh interpreter with a 96 KB heap (the firmware imported
from source, so the compiler's garbage is in it too): a seeded game is played
into its middle game, then ``firmware.ai.choose`` runs at level 5 in a later
call. Finishing without MemoryError proves the peak fits (the heap collects
when full); the heap in use after gc.collect() at the top of the next call
(DESIGN.md §5) is the lasting cost, and is printed."""
import os

import pytest

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


@pytest.fixture(scope="module")
def small_upy():
    mp = MicroPython(mounts=[[os.path.join(ROOT, "firmware"), "/firmware"]], heapsize=BUDGET)
    yield mp
    mp.close()


@pytest.mark.parametrize("game,options,plies", CASES, ids=[c[0] for c in CASES])
def test_game_and_level_5_opponent_fit_in_96_kb(small_upy, game, options, plies):
    small_upy.run(SETUP % (game, options, plies))
    before = int(small_upy.run(HEAP, fresh=False))
    move = small_upy.run("m = ai.choose(%r, s, 5, 1)\nprint(m)\nprint(m in e.legal_moves(s))" % game,
                         fresh=False).split("\n")
    assert move[1].strip() == "True", move
    after = int(small_upy.run(HEAP, fresh=False))
    print("%s: heap in use %d bytes with the game, %d after the level-5 opponent ran (of %d)"
          % (game, before, after, BUDGET))
    assert after < BUDGET
