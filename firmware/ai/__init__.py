"""Opponents: ``choose(game, state, level, seed=0)`` (docs/contracts.md).

One move from ``legal_moves(state)`` for the side to move, the same for the
same arguments, chosen only from what that side may know. ``game`` is the
engine's module name; ``level`` 1..5: 1 plays legal moves with a little sense
(a win in one, a heavy tile), each level above thinks harder; the work each
level does is counted in samples (playouts, positions), never in time, so the
choice does not depend on the machine. Each game's opponent is its own module
here (``firmware/ai/<game>.py``, which says how it plays; its ``think(state,
level, rng)`` is the search as a generator, most with ``firmware/ai/search.py``);
only the chosen game's modules are imported.
Deterministic: the only randomness is ``firmware.rules.Rng(seed)``.

On a board the same search runs a slice at a time (``start`` gives a
``Thought``), between polls of the keys and sensors, and a time limit can cut
it short: then it plays the best move found so far."""
from firmware.rules import Rng, is_int


def choose(game, state, level, seed=0):
    return start(game, state, level, seed).finish()


def start(game, state, level, seed=0):
    """The search for ``choose``'s move with these arguments, not yet begun."""
    if not is_int(level) or not 1 <= level <= 5:
        raise ValueError("level must be 1 to 5, not %r" % (level,))
    if not is_int(seed):
        raise ValueError("seed must be an integer, not %r" % (seed,))
    return Thought(_opponent(game).think(state, level, Rng(seed)))


def _opponent(game):
    """The opponent's module for ``game``, from the catalogue; on a board, a catalogue
    loaded for this only is forgotten again (a board at play does not hold it:
    runtime.py). CPython keeps it (its RAM is no board's)."""
    import sys
    had = "firmware.catalogue" in sys.modules or sys.implementation.name != "micropython"
    from firmware import catalogue
    try:
        if game not in catalogue.names():
            raise ValueError("unknown game %r (games: %s)"
                             % (game, ", ".join(catalogue.names())))
        return catalogue.opponent(game)
    finally:
        if not had and not catalogue.ADDED:   # (its added rows would not come back)
            del sys.modules["firmware.catalogue"]
            import firmware
            if getattr(firmware, "catalogue", None) is catalogue:
                del firmware.catalogue


class Thought:
    """One move being chosen, a slice at a time. The search is a generator
    (firmware/ai/search.py): it yields after each piece of work (a playout, a
    position) and returns the move; sent True, it ends with the best so far.
    ``move`` is the move once chosen, else None; ``cut`` is True when the time
    limit ended the search before it was done."""

    def __init__(self, search):
        self.search = search
        self.longest = 0
        self.move = None
        self.begun = False
        self.cut = False

    def _go(self, hurry):
        """One piece of work (hurry: end now); True once the move is chosen."""
        try:
            if self.begun:
                self.search.send(hurry)
            else:
                self.begun = True
                next(self.search)   # a generator takes nothing before its first yield
            return False
        except StopIteration as e:
            self.move = e.value
            self.search = None
            return True

    def work(self, clock, until, now=None):
        """Search until ``clock()`` (milliseconds) reaches ``until`` or the move is
        chosen; the move, or None when there is more to do. ``now``: the clock's reading
        just taken, if the caller has one. ``longest``: the longest piece of work so far
        (ms), what a piece begun now may still take."""
        t = clock() if now is None else now
        while self.move is None:
            done = self._go(False)
            now = clock()
            if now - t > self.longest:
                self.longest = now - t
            if done or now >= until:
                break
            t = now
        return self.move

    def hurry(self):
        """The time is up: the best move found so far."""
        self.cut = self.cut or self.move is None
        while self.move is None and not self._go(True):
            pass
        return self.move

    def finish(self):
        """The search to its end, without a time limit: the move."""
        while self.move is None and not self._go(False):
            pass
        return self.move
