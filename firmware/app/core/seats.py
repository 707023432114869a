"""Who plays each seat of a game: a person at this board, the board itself, or a player
elsewhere whose moves arrive from outside (a file of moves, a link to another board).

One interface for all three. The session (session.py) asks the seat to move
(``ask(ses, now)``: the move, or None while there is none yet) and tells every seat what
was played (``played(ses, ply, move)``). A person at the board (``at_board``) moves
through the board's own keys and sensors, so asking one gives nothing; a move from a seat
that is not at the board is shown by the controller for a person to carry out (the
sensor boards) or played at once (the light board), and on that seat's turn nothing else
is accepted (core/controller.py).

Outside moves come from a feed: ``move(ply)`` the move of ply ``ply`` (1 the first) once
it is known, else None; ``tell(ply, move)`` a move made here; ``undo`` whether a move may
be taken back (a file may, someone far away is not asked). App.outside maps a seat to its
feed: set by the runner (``arbiter replay --seat B=FILE``, a link), or by tests."""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_SLICE_MS = const(40)   # thinking between two polls of the keys and sensors
# The longest the board thinks, by level (ms from its first slice, pauses aside): then
# it plays the best move found so far. Level 5 answers within 2 s on a Pico, a slice's
# overrun and the steps between slices included.
_THINK_LIMIT_MS = (0, 300, 600, 1000, 1400, 1800)


class Person:
    """A person at this board: their moves come from its keys and sensors."""
    at_board = True
    undo = True

    def ask(self, ses, now, view=None):
        return None

    def played(self, ses, ply, move):
        pass

    def restart(self):
        pass


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


class Outside(Person):
    """A player elsewhere: their moves come from ``feed`` (see the module's text)."""
    at_board = False

    def __init__(self, feed):
        self.feed = feed
        self.undo = getattr(feed, "undo", True)

    def ask(self, ses, now, view=None):
        return self.feed.move(len(ses.rec["moves"]) + 1)

    def played(self, ses, ply, move):
        tell = getattr(self.feed, "tell", None)
        if tell is not None:
            tell(ply, move)


class Moves:
    """A feed of moves known in advance, {ply: move} (a file of moves, a test)."""
    undo = True

    def __init__(self, moves):
        self.moves = moves

    def move(self, ply):
        return self.moves.get(ply)


def parse(text):
    """{ply: move} of a file of moves: a line "PLY MOVE", or "move PLY MOVE" as
    `arbiter replay` prints it; blank lines and lines starting with # are skipped.
    ValueError (one sentence) names the first bad line."""
    out = {}
    n = 0
    for line in text.split("\n"):
        n += 1
        words = line.strip().split(" ", 2 if line.strip().startswith("move ") else 1)
        if words[0] == "move":
            words = words[1:]
        if not words[0] or words[0].startswith("#"):
            continue
        if len(words) < 2 or not words[0].isdigit() or not words[1].strip():
            raise ValueError("line %d: a move is PLY MOVE (e.g. 12 e5)" % n)
        out[int(words[0])] = words[1].strip()
    return out


def make(app, game, letters):
    """The seats of a new session of ``game``: a feed the app was given (App.outside),
    else the board at the seat its setting ``<game>.opponent`` names (``<game>.level``),
    else a person. ``letters``: the seats' one-letter names, as the setting writes them."""
    cfg = app.cfg
    board = letters.find(cfg.get(game + ".opponent") or "-")
    outside = app.outside or {}
    out = []
    for seat in range(2):
        if seat in outside:
            out.append(Outside(outside[seat]))
        elif seat == board:
            out.append(Machine(cfg.get(game + ".level") or 3))
        else:
            out.append(Person())
    return out
