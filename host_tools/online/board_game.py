"""A remote game as a board plays it (the computer's side of a board: bridge.py): the
board's record - its moves in the notation its engine takes, with their times and clocks
- kept beside the record both sides agreed on (mirror.py), and what passes between them.

In an open game (Morbak, Mabula, Fursaz) the two are one list of moves, ply for ply, and
either may be ahead of the other. The board's extra moves are its player's, not yet
published (``board_moved`` gives them to publish), or a forced pass of the far seat the
board played itself (the far side publishes it too). The agreed record's extra moves are
the far player's, sent to the board one at a time when it is their turn there (``due``),
or moves of the board's own player that the board lost (a power cut before its save):
then the board's record cannot go on, ``Conflict`` is raised, and the board is started
again from the agreed record (``from_agreed``).

Runs on CPython and MicroPython (the simulator page's side of a board is this code too)."""
from host_tools.online.mirror import RESIGN, engine_of

# Options a board's shape decides: the game is played only where they are the same.
BOARD_BOUND = {"fursaz": ("size",)}


def protocol_options(game, board_options):
    """A board's options for ``game`` as the game's description holds them: without what
    only the board's reading needs (Mano a Mano's observed mode: the dealer deals)."""
    out = dict(board_options)
    if game == "mano":
        out.pop("mode", None)
    return out


class Conflict(Exception):
    """The board's record cannot go on as the agreed one: start it again from that."""


# What a board plays of Masbrur remotely: the tile board's standard field, and a wall
# chosen anew each turn (board_masbrur.py gives the far wall a stand-in until combat shows
# it; a fixed wall would tie every later push to the stand-in).
ON_BOARD = {"masbrur": (("setup", "standard"), ("wall_mode", "reselect"))}


def not_on_board(game, options):
    """One sentence saying why a board does not play ``game`` with ``options`` remotely,
    or None."""
    for key, value in ON_BOARD.get(game, ()):
        if options.get(key, value) not in (value, "default"):
            return ("a board plays %s remotely with %s %s only, not %s: play it in the "
                    "terminal (`arbiter online` without --port)"
                    % (game, key, value, options[key]))
    return None


def unplayable(game, options, board_options):
    """Why a board whose own options for ``game`` are ``board_options`` cannot play a
    game with ``options``, or None."""
    for key in BOARD_BOUND.get(game, ()):
        if key in board_options and options.get(key, board_options[key]) != board_options[key]:
            return "the board plays %s with %s %s, the game has %s %s" % (
                game, key, board_options[key], key, options.get(key))
    return None


class BoardGame:
    """An open game: the board's record is the agreed one."""

    def __init__(self, code, desc, seat, mirror):
        self.code, self.seat, self.far = code, seat, 1 - seat
        self.game = desc["game"]
        self.mirror = mirror              # the session's agreed record (Mirror)
        self.engine = engine_of(self.game)
        self.options = self.board_options(desc["options"])
        self.seed = mirror.seed
        self._clear()

    def board_options(self, options):
        return dict(options)

    def _clear(self):
        self.moves, self.ms, self.clocks = [], [], []
        self.state = self.engine.new_game(self.options, self.seed)
        self.sent = 0          # the board ply of the far move last sent
        self.resigned = False  # a far resignation sent

    def record(self):
        """The board's record as "start" sends it."""
        return {"code": self.code, "game": self.game, "options": self.options,
                "seed": self.seed, "far": self.far, "moves": list(self.moves),
                "move_ms": list(self.ms), "clock_ms": list(self.clocks)}

    def _agreed(self):
        return self.mirror.record

    # ------------------------------------------------------------ the board's record

    def _take(self, move, ms, clocks):
        self.state = self.engine.play(self.state, move)
        self.moves.append(move)
        self.ms.append(ms)
        self.clocks.append(clocks)

    def from_agreed(self):
        """The board's record made the agreed one."""
        self._clear()
        for e in self._agreed():
            if e.move != RESIGN:
                self._take(e.move, e.think_ms, e.clocks["left_ms"])

    def adopt(self, moves, ms, clocks):
        """The board's own record of this game (after a power cut, or the computer's side
        started again): taken where it agrees with the agreed record; the moves it holds
        beyond it, to publish. Conflict where it differs."""
        self._clear()
        agreed = [e for e in self._agreed() if e.move != RESIGN]
        out = []
        for i in range(len(moves)):
            mover = self.engine.to_move(self.state)
            if i < len(agreed):
                if agreed[i].move != moves[i]:
                    raise Conflict("the board has %s at ply %d, the game %s"
                                   % (moves[i], i + 1, agreed[i].move))
            elif mover == self.seat:
                out.append((moves[i], ms[i]))
            self._take(moves[i], ms[i], clocks[i])
        if len(agreed) > len(moves) and [e for e in agreed[len(moves):] if e.seat == self.seat]:
            raise Conflict("the board lost its player's move of ply %d" % (len(moves) + 1))
        self.sent = len(moves)
        return out

    # ------------------------------------------------------------ as the game goes on

    def _known(self, ply, move):
        """Is the board's ply ``ply`` already in its record? Conflict when it is another
        move there, or when the board skipped a ply."""
        if ply <= len(self.moves):
            if self.moves[ply - 1] != move:
                raise Conflict("the board says ply %d was %s, it was %s"
                               % (ply, move, self.moves[ply - 1]))
            return True
        if ply != len(self.moves) + 1:
            raise Conflict("the board skipped to ply %d" % ply)
        return False

    def board_moved(self, ply, ms, move):
        """A move the board played at its ply ``ply``: the move to publish (its player's,
        not agreed yet), or None."""
        if self._known(ply, move):
            return None
        mover = self.engine.to_move(self.state)
        agreed = self._agreed()
        self._take(move, ms, None)
        if ply <= len(agreed):
            if agreed[ply - 1].move != move:
                raise Conflict("the board played %s at ply %d, the game has %s"
                               % (move, ply, agreed[ply - 1].move))
            return None
        return move if mover == self.seat else None

    def behind(self):
        """Has the board yet to play what ended the game (the far player's last move, or
        Mano a Mano's tiles shown at the end)?"""
        record = self.mirror.record
        if record and record[-1].move == RESIGN:
            return record[-1].seat == self.far and not self.resigned
        return not self.engine.is_over(self.state)

    def board_ply(self, plies):
        """The board's ply of the agreed ply ``plies`` (where a stopped game is cut)."""
        return plies

    def tells(self):
        """Lines the board needs beside the moves (Mano a Mano's: board_mano.py)."""
        return ()

    def agreed(self, entry):
        """A ply both sides agreed on (in order): Conflict when the board cannot have it."""
        if entry.move == RESIGN:
            return
        if entry.ply <= len(self.moves):
            if self.moves[entry.ply - 1] != entry.move:
                raise Conflict("ply %d is %s, the board played %s"
                               % (entry.ply, entry.move, self.moves[entry.ply - 1]))
        elif entry.seat == self.seat:
            raise Conflict("the board does not have its player's move of ply %d" % entry.ply)

    def due(self):
        """What to send the board now: ("move", ply, ms, move) for the far seat's next
        move once it is theirs to play there, ("resign", seat), or None."""
        agreed = self._agreed()
        n = len(self.moves)
        if n < len(agreed) and self.sent <= n:
            e = agreed[n]
            if e.seat == self.far and e.move != RESIGN:
                self.sent = n + 1
                return ("move", n + 1, e.think_ms, e.move)
        if (agreed and agreed[-1].move == RESIGN and agreed[-1].seat == self.far
                and not self.resigned):
            self.resigned = True
            return ("resign", self.far)
        return None


def board_game(session):
    """The game as the board plays it, for the session's game."""
    if session.desc["game"] == "mano":
        from host_tools.online.board_mano import ManoBoardGame
        return ManoBoardGame(session.code, session.desc, session.seat, session)
    if session.desc["game"] == "masbrur":
        from host_tools.online.board_masbrur import MasbrurBoardGame
        return MasbrurBoardGame(session.code, session.desc, session.seat, session)
    return BoardGame(session.code, session.desc, session.seat, session.mirror)
