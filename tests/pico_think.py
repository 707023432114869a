"""The board thinking about its move, on the board itself (sent as code to the emulated
Pico by tests/bench/extra_think.py; prefixed with GAME, OPTIONS, LEVELS and PLIES).

A seeded random game of GAME is walked; at each ply in PLIES the board's seat thinks at
every level in LEVELS through the session's own ``think()`` on the live clock
(time.ticks_ms, emulated time on the emulated Pico), one call per step as the
controllers make it. Prints one JSON line: per level, the mean and worst ms from the
first slice to the move, the longest slice (the longest the keys and sensors wait for a
poll), how many searches the time limit cut short, and the mean pieces of work a search did
before its move (each a playout or a position searched: a Masbrur search's samples)."""
import json
import time

from firmware.app.core.seat_machine import Machine
from firmware.app.core.session import Session
from firmware import ai
from firmware.rules import Rng

_go = ai.Thought._go


def _counted(thought, hurry):
    """Thought._go, counting the pieces of work (the last one returns the move)."""
    thought.steps = getattr(thought, "steps", 0) + 1
    return _go(thought, hurry)


ai.Thought._go = _counted


class _App:
    """What the session asks of the app to think (nothing is played or saved)."""

    def __init__(self, game):
        self.cfg = {game + ".opponent": "A"}
        self.outside = None
        self.clock = time.ticks_ms   # emulated ms: no wrap within a bench


def think(ses, state, level):
    ses.state = state
    seat = ses.players[0] = Machine(level)
    start = time.ticks_ms()
    longest = 0
    while True:
        t0 = time.ticks_ms()
        move = seat.ask(ses, 0)
        longest = max(longest, time.ticks_diff(time.ticks_ms(), t0))
        if move is not None:
            break
    return (time.ticks_diff(time.ticks_ms(), start), longest, seat.thought.cut,
            getattr(seat.thought, "steps", 1) - 1)


def run(game, options, levels, plies):
    engine = __import__("firmware.rules." + game, None, None, ["new_game"])
    rec = {"game": game, "options": options or {}, "seed": 1, "moves": [], "move_ms": [],
           "clock_ms": [], "id": 1}
    ses = Session(_App(game), engine, rec, 0, "AB")
    rng = Rng(1)
    state = ses.state
    out = {}
    for level in levels:
        out[level] = [[], 0, 0, 0]
    ply = 0
    while not engine.is_over(state) and ply <= plies[-1]:
        if ply in plies:
            for level in levels:
                took, longest, cut, steps = think(ses, state, level)
                got = out[level]
                got[0].append(took)
                got[1] = max(got[1], longest)
                got[2] += 1 if cut else 0
                got[3] += steps
        moves = engine.legal_moves(state)
        state = engine.play(state, moves[rng.below(len(moves))])
        rec["moves"].append("-")   # the seed of each thought moves on as in a game
        ply += 1
    res = {}
    for level in levels:
        times, longest, cut, steps = out[level]
        res[level] = {"mean_ms": sum(times) / max(1, len(times)), "worst_ms": max(times or [0]),
                      "longest_slice_ms": longest, "cut": cut, "positions": len(times),
                      "steps": steps / max(1, len(times))}
    return res


print(json.dumps(run(GAME, OPTIONS, LEVELS, PLIES)))  # noqa: F821 (given by the sender)
