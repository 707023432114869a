"""Masbrur as a tile board plays it remotely (docs/contracts.md#a-board-over-usb): the
agreed record is the dealer's public one, where a wall still face down is ``W??,??`` and
the offerer's sealed formations ``F sealed``; the board's engine needs whole moves. The
board's record is the same plies with, where the agreed one hides something, a whole move:

* the board's own player's walls and formations, as the board played them (its person
  laid them);
* the far player's wall and formations once the game has shown them (combat shows both
  walls, the accepter's choice shows the offerer's), taken from the public position after
  that ply;
* until then a stand-in that agrees with everything this seat may see: the first wall (in
  tile order) of the far player's public arsenal with which their published push is legal
  on the board, and no formation (``F -``).

So the board shows and refuses nothing that depends on a hidden tile: the far wall never
lies on the board (its slots stay empty) and nothing the board does reads it before
combat. When the game shows a far wall or choice that differs from the stand-in the
board played, ``agreed`` raises ``Shown``: the board is started again from the agreed
record (the field does not change); ``tells`` gives it the far wall's tiles to name.
Runs on CPython and MicroPython (the simulator page's side of a board is this code too)."""
from firmware.rules import IllegalMove
from host_tools.online.board_game import BoardGame, Conflict
from host_tools.online.mirror import RESIGN, Entry

_SHOWN_PHASES = ("combat_select", "combat_steal")   # both walls lie face up


class Shown(Conflict):
    """The game showed a far wall or choice the board played a stand-in for."""


def _name(t):
    return "%d%d" % (t >> 3, t & 7)


def _dash(t):
    return "%d-%d" % (t >> 3, t & 7)


def _walls(ars, n):
    """Every wall of ``n`` tiles (1 or 2) from ``ars``, in tile order."""
    if n == 1:
        return [[t] for t in ars]
    return [[ars[i], ars[j]] for i in range(len(ars)) for j in range(i + 1, len(ars))]


class MasbrurBoardGame(BoardGame):
    def __init__(self, code, desc, seat, session):
        self.session = session
        self.own = {}          # ply -> the board player's whole move of that ply
        self._form = None      # (key, the board's moves) for the agreed plies
        self.told = None       # the "wall" line last sent
        BoardGame.__init__(self, code, desc, seat, session.mirror)

    def board_options(self, options):
        out = dict(options)
        out["first_offerer"] = self.mirror.first.offerer   # the dealer's draw, made public
        return out

    # ------------------------------------------------------------ the board's form

    def _plies(self):
        """The agreed plies and the public position after each, a resignation left out."""
        m = self.mirror
        return [(e, st) for e, st in zip(m.record, m.states) if e.move != RESIGN]

    def form(self):
        """Each agreed ply (but a resignation) as the board plays it: whole, or a
        stand-in while what it hides is not shown."""
        s = self.session
        key = (len(self.mirror.record), s.private[0] if s.private else None, len(self.own))
        if self._form is not None and self._form[0] == key:
            return self._form[1]
        plies = self._plies()
        state = self.engine.new_game(self.options, self.seed)
        out = []
        for i in range(len(plies)):
            e = plies[i][0]
            move = e.move
            if "??" in move or move == "F sealed":
                move = self.own.get(e.ply) if e.seat == self.seat else None
                move = (move or self._shown(plies, i) or self._private(plies, i)
                        or self._stand_in(state, e))
            state = self.engine.play(state, move)
            out.append(move)
        self._form = (key, out)
        return out

    def _shown(self, plies, i):
        """The whole move of ply ``i`` once a later public position shows it, or None."""
        e = plies[i][0]
        wall = e.move.startswith("W")
        for j in range(i + 1, len(plies)):
            later, st = plies[j]
            if wall and later.seat == e.seat and later.move.startswith("W"):
                return None                 # another wall took its place before combat
            if wall and st.phase in _SHOWN_PHASES:
                return self._with_wall(e.move, st.wall[e.seat])
            if not wall and st.phase != "combat_select":
                return self._line(st, "select%d" % e.seat)
        return None

    def _private(self, plies, i):
        """The board player's own hidden move of ply ``i``, from what the dealer sends
        this seat, when no later move of theirs replaced it."""
        e = plies[i][0]
        s = self.session
        if e.seat != self.seat or s.private is None or s.private[0] != len(self.mirror.record):
            return None
        if [p for p, _ in plies[i + 1:] if p.seat == e.seat and p.move[:1] == e.move[:1]]:
            return None
        own = s.private[1]
        if e.move.startswith("W"):
            return self._with_wall(e.move, own.wall[e.seat])
        return self._line(own, "select%d" % e.seat)

    def _line(self, state, key):
        for line in self.engine.to_text(state).split("\n"):
            if line.startswith(key + " "):
                return line[len(key) + 1:]
        return None

    @staticmethod
    def _with_wall(move, wall):
        rest = move.partition(" ")[2]
        return ("W%s %s" % (",".join(_name(t) for t in wall), rest)).strip()

    def _stand_in(self, state, e):
        """A whole move agreeing with what this seat sees of ``e``."""
        if e.move == "F sealed":
            return "F -"
        for wall in _walls(state.ars[e.seat], e.move.count("??")):
            move = self._with_wall(e.move, wall)
            try:
                self.engine.play(state, move)
                return move
            except IllegalMove:
                pass
        raise Conflict("no wall of %s's arsenal makes %s legal" % ("AB"[e.seat], e.move))

    def _agreed(self):
        """The agreed plies with the board's moves in them (base class: BoardGame)."""
        form = self.form()
        return [Entry(e.ply, e.seat, form[i], e.digest, e.clocks, e.think_ms)
                for i, (e, _) in enumerate(self._plies())]

    # ------------------------------------------------------------ the board's record

    def adopt(self, moves, ms, clocks):
        plies = self._plies()
        for i in range(min(len(moves), len(plies))):
            if plies[i][0].seat == self.seat and self._fits(plies[i][0].move, moves[i]):
                self.own[plies[i][0].ply] = moves[i]
        return BoardGame.adopt(self, moves, ms, clocks)

    @staticmethod
    def _fits(public, move):
        if public == "F sealed":
            return move.startswith("F ")
        if "??" in public:
            return move.startswith("W") and move.partition(" ")[2] == public.partition(" ")[2]
        return public == move

    def board_moved(self, ply, ms, move):
        if self.engine.to_move(self.state) == self.seat and ply == len(self.moves) + 1:
            self.own[ply] = move
        return BoardGame.board_moved(self, ply, ms, move)

    def agreed(self, entry):
        """A ply both sides agreed on; ``Shown`` when it shows a far wall or choice the
        board played otherwise."""
        if entry.move == RESIGN:
            return
        if entry.ply <= len(self.moves):
            if not self._fits(entry.move, self.moves[entry.ply - 1]):
                raise Conflict("ply %d is %s, the board played %s"
                               % (entry.ply, entry.move, self.moves[entry.ply - 1]))
        elif entry.seat == self.seat:
            raise Conflict("the board does not have its player's move of ply %d" % entry.ply)
        form = self.form()
        for i in range(min(len(self.moves), len(form))):
            if form[i] != self.moves[i]:
                raise Shown("the game shows ply %d as %s" % (i + 1, form[i]))

    def again(self):
        """The board's record made the agreed one, its player's moves beyond it kept."""
        extra = [(self.moves[i], self.ms[i]) for i in range(len(self._plies()),
                                                            len(self.moves))]
        self.from_agreed()
        for move, ms in extra:
            try:
                self._take(move, ms, None)
            except IllegalMove:
                break

    # ------------------------------------------------------------ what the board is told

    def _clear(self):
        BoardGame._clear(self)
        self.told = None   # the board (started again) is told the far wall anew

    def tells(self):
        """The far wall once combat shows it (``wall B 0-5 1-4``; the board names it for the
        person to put on that player's wall slots), ``wall -`` after."""
        st, shown = self.state, self.mirror.state
        line = "wall -"
        if (not self.engine.is_over(st) and st.phase in _SHOWN_PHASES
                and shown.phase in _SHOWN_PHASES and shown.round == st.round):
            wall = st.wall[self.far]
            if wall and wall == shown.wall[self.far]:   # else a stand-in: started again first
                line = "wall %s %s" % ("AB"[self.far], " ".join(_dash(t) for t in wall))
        if line == self.told:
            return ()
        self.told = line
        return (line,)
