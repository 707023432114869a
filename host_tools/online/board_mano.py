"""Mano a Mano as a tile board plays it remotely (docs/contracts.md#a-board-over-usb): the
board reads real tiles, so its engine runs in the observed mode (hands are counts, a tile is
known once it is put on the line or shown), while the agreed record is the dealer's (the
dealt mode). The two records are the same moves, but for two things only the board's has:

* a lead the rules give to a seat is written ``SEAT:TILE`` there (the board cannot know who
  holds the highest double: the computer tells it, ``lead SEAT``);
* at the end of a hand the tiles left in hand are shown (``reveal SEAT TILES``): the board's
  person shows theirs on the pad, the far player's are sent as that seat's move. Which tiles
  they are the dealer tells both seats once the hand is over (``Session.shown``).

Nothing hidden reaches the board: its player's own tiles (``hand TILES``, from what the
dealer sends this seat alone, to take from the box), the far player's plays as they are
made, and both hands' last tiles once a hand is over, as the rules show them.
Runs on CPython and MicroPython (the simulator page's side of a board is this code too)."""
from host_tools.online.board_game import BoardGame, Conflict
from host_tools.online.hidden import _fields, _tiles
from host_tools.online.mirror import RESIGN


def _reveal(move):
    return move.startswith("reveal")


def _plain(move):
    """The dealt game's notation of a board move: ``1:6-6`` is ``6-6``."""
    return move[move.find(":") + 1:]


class ManoBoardGame(BoardGame):
    def __init__(self, code, desc, seat, session):
        self.session = session
        BoardGame.__init__(self, code, desc, seat, session.mirror)

    def board_options(self, options):
        out = dict(options)
        out["mode"] = "observed"     # real tiles: the board reads them
        return out

    def _clear(self):
        BoardGame._clear(self)
        self.plies = []    # each board ply's agreed ply, 0 for a reveal (not agreed)
        self.told = {}     # "hand" / "lead" -> what the board was last told

    def _agreed(self):
        return [e for e in self.mirror.record if e.move != RESIGN]

    def _covered(self):
        """How many agreed plies the board's record holds."""
        return len([p for p in self.plies if p])

    def _put(self, move, ms, clocks, ply):
        BoardGame._take(self, move, ms, clocks)
        self.plies.append(ply)

    # ------------------------------------------------------------ what the board shows

    def _revealing(self):
        legal = self.engine.legal_moves(self.state) if not self.engine.is_over(self.state) else []
        return bool(legal) and _reveal(legal[0])

    def _to_show(self, seat):
        """The tiles ``seat`` has still to show at the end of the board's hand (the dealer
        said which), or None while that is not known."""
        shown = self.session.shown
        k = len(self.engine.hand_history(self.state))
        if k >= len(shown):
            return None
        done = _tiles(dict(_fields(self.engine.to_text(self.state)))["rev%d" % seat])
        return [t for t in shown[k][seat] if t not in done]

    def _board_move(self, entry):
        move = entry.move
        if (move[:1] not in ("L", "R") and move not in ("draw", "pass")
                and self.engine.to_move(self.state) is None):
            return "%d:%s" % (entry.seat, move)       # a lead the rules gave to that seat
        return move

    def _reveals(self):
        """The tiles both seats show at the end of a hand, as one move each (a record
        rebuilt from the agreed one)."""
        while self._revealing():
            seat = self.engine.to_move(self.state)
            tiles = self._to_show(seat)
            if not tiles:
                return
            self._put("reveal %d %s" % (seat, " ".join(tiles)), 0, None, 0)

    # ------------------------------------------------------------ the board's record

    def from_agreed(self):
        self._clear()
        for e in self._agreed():
            self._put(self._board_move(e), e.think_ms, e.clocks["left_ms"], e.ply)
            self._reveals()

    def adopt(self, moves, ms, clocks):
        self._clear()
        out = []
        for i in range(len(moves)):
            mine = self.board_moved(i + 1, ms[i], moves[i], clocks[i])
            if mine is not None:
                out.append((mine, ms[i]))
        agreed = self._agreed()
        if [e for e in agreed[self._covered():] if e.seat == self.seat]:
            raise Conflict("the board lost its player's move of ply %d" % (self._covered() + 1))
        self.sent = len(moves)
        return out

    def board_moved(self, ply, ms, move, clocks=None):
        if self._known(ply, move):
            return None
        if _reveal(move):
            self._shown_here(move, ms, clocks)
            return None
        mover = int(move[0]) if ":" in move else self.engine.to_move(self.state)
        n = self._covered() + 1
        agreed = self._agreed()
        if n <= len(agreed):
            e = agreed[n - 1]
            if (e.move, e.seat) != (_plain(move), mover):
                raise Conflict("the board played %s at ply %d, the game has %s"
                               % (move, ply, self._board_move(e)))
            self._put(move, ms, clocks, n)
            return None
        if mover != self.seat and move != "pass":   # a pass the rules force, the board plays
            raise Conflict("the board played %s for the player elsewhere" % move)
        if mover != self.seat:
            self._put(move, ms, clocks, n)
            return None
        if self.mirror.to_move() != self.seat:
            raise Conflict("%s is to play, not this board's player"
                           % "AB"[self.mirror.to_move() or 0])
        self._put(move, ms, clocks, n)
        return _plain(move)

    def _shown_here(self, move, ms, clocks):
        """A reveal the board played: the tiles must be the ones the dealer says."""
        words = move.split(" ")
        left = self._to_show(int(words[1]))
        if left is not None and [t for t in words[2:] if t not in left]:
            raise Conflict("%s: the tiles left in that hand are %s"
                           % (move, " ".join(left) or "none"))
        self._put(move, ms, clocks, 0)

    def agreed(self, entry):
        if entry.move == RESIGN:
            return
        if entry.ply in self.plies:
            move = self.moves[self.plies.index(entry.ply)]
            if _plain(move) != entry.move:
                raise Conflict("ply %d is %s, the board played %s"
                               % (entry.ply, entry.move, move))
        elif entry.seat == self.seat:
            raise Conflict("the board does not have its player's move of ply %d" % entry.ply)

    def board_ply(self, plies):
        """The board's ply of the agreed ply ``plies`` (where a stopped game is cut)."""
        return self.plies.index(plies) + 1 if plies in self.plies else len(self.moves)

    # ------------------------------------------------------------ what to send

    def due(self):
        n = len(self.moves)
        if self.sent <= n and not self.engine.is_over(self.state):
            if self._revealing():
                seat = self.engine.to_move(self.state)
                tiles = self._to_show(seat)
                if seat == self.far and tiles:
                    self.sent = n + 1
                    return ("move", n + 1, 0, "reveal %d %s" % (seat, " ".join(tiles)))
            else:
                agreed = self._agreed()
                c = self._covered()
                if c < len(agreed) and agreed[c].seat == self.far:
                    self.sent = n + 1
                    return ("move", n + 1, agreed[c].think_ms, self._board_move(agreed[c]))
        last = self.mirror.record[-1] if self.mirror.record else None
        if last is not None and last.move == RESIGN and last.seat == self.far \
                and not self.resigned:
            self.resigned = True
            return ("resign", self.far)
        return None

    def tells(self):
        """Lines the board needs now and was not sent: its player's tiles (``hand``) and
        who leads (``lead``)."""
        out = []
        hand = self._hand()
        if hand is not None and hand != self.told.get("hand"):
            self.told["hand"] = hand
            out.append("hand " + (" ".join(hand) or "-"))
        lead = self._leader()
        if lead is not None and (self.state.hand, lead) != self.told.get("lead"):
            self.told["lead"] = (self.state.hand, lead)
            out.append("lead %d" % lead)
        return out

    def _hand(self):
        """The tiles the board's player holds in the board's hand, or None (not known)."""
        if self.engine.is_over(self.state):
            return None
        if self._revealing():
            return self._to_show(self.seat)
        s = self.session
        if s.private is None or s.private[0] != len(s.mirror.record):
            return None
        if self.state.hand != s.private[1].hand:
            return None      # the board is still in an earlier hand
        text = self.engine.to_text(s.private[1])
        return _tiles(dict(_fields(text))["h%d" % self.seat])

    def _leader(self):
        """Who leads the board's hand, once the board is at that lead."""
        if (self.engine.is_over(self.state) or self.state.line
                or self.engine.to_move(self.state) is not None):
            return None
        agreed, c = self._agreed(), self._covered()
        return agreed[c].seat if c < len(agreed) else self.mirror.to_move()
