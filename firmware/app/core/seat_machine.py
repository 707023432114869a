"""The board itself playing a seat (seats.py): firmware.ai's move, a slice at a time."""
from firmware.app.core.seats import Person

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_SLICE_MS = const(40)   # thinking between two polls of the keys and sensors
# The longest the board thinks, by level (ms from its first slice, pauses aside): then
# it plays the best move found so far. Level 5 answers within 2 s on a Pico, a slice's
# overrun and the steps between slices included.
_THINK_LIMIT_MS = const((0, 300, 600, 1000, 1400, 1800))


class Machine(Person):
    """The board itself, at ``level`` 1-5 (firmware.ai: only what its seat may know)."""
    at_board = False

    def __init__(self, level):
        self.level = level
        self.thought = None     # the move being chosen (firmware.ai.Thought)
        self.since = None       # clock ms of its first slice

    def ask(self, ses, now, view=None):
        """Work on the move for one slice: the move once chosen, else None (ask again at
        the next tick). ``view``: makes the position to search where the engine's state
        does not hold what the seat knows (Mano a Mano's observed game and the board's own
        tiles), called once per move. With the runner's live clock (app.clock) a slice
        lasts _SLICE_MS and the level's time limit can cut the search short; without one
        (tests, traces) the whole search is done at once, the move firmware.ai.choose
        gives for this game."""
        t = self.thought
        if t is None:
            from firmware import ai
            rec = ses.rec
            t = self.thought = ai.start(rec["game"], ses.state if view is None else view(),
                                        self.level, rec["seed"] + len(rec["moves"]))
            self.since = None
        elif t.move is not None:
            return t.move
        clock = ses.app.clock
        if clock is None:
            return t.finish()
        now = clock()
        if self.since is None:
            self.since = now
        # No piece of work is begun that could end past the limit (by the longest so far:
        # one of Masbrur's playouts takes most of a second on a Pico).
        stop = self.since + _THINK_LIMIT_MS[self.level] - t.longest
        if now >= stop:
            return t.hurry()
        return t.work(clock, now + _SLICE_MS if now + _SLICE_MS < stop else stop, now)

    def thinking(self):
        return self.thought is not None and self.thought.move is None

    def played(self, ses, ply, move):
        self.thought = None

    def restart(self):
        """A move to choose afresh (an undo, a decision on what it no longer holds), or
        the same one with its time limit anew (after a pause)."""
        self.since = None

    def forget(self):
        self.thought = None
