"""A game as one side of a remote game sees it: the record of agreed plies and the position
after the last, every incoming move checked with the engine from firmware.rules before it
counts (docs/contracts.md#never-a-ghost-move).

``offer(msg, seat)`` sorts a move message that arrived from the user holding ``seat``:

* a ply already agreed, same move and digest: a duplicate (QoS 1 delivers at least once),
  ignored;
* a ply already agreed with anything else, a seat that is not the sender's, a move out of
  turn: refused (reported, the game goes on: it is not this game's move);
* a ply beyond the next: kept until the plies before it arrive;
* the next ply, from the seat to move, that the engine finds illegal or whose digest or
  clocks differ from this side's: the sides disagree, and the game stops here.

Only the last case changes what the game is; the record is never changed, only extended."""
from firmware.rules import IllegalMove

from host_tools.online import protocol
from host_tools.online.clocks import clocks_after, due

RESIGN = "resign"   # not an engine move: the seat that sends it on its turn loses


def engine_of(game):
    return __import__("firmware.rules." + game, None, None, ("new_game",))


class Disagreement(Exception):
    """The two sides no longer agree on the position: the game stops (text: why)."""


class Entry:
    """One agreed ply."""
    __slots__ = ("clocks", "digest", "move", "ply", "seat", "think_ms")

    def __init__(self, ply, seat, move, digest, clocks, think_ms):
        self.ply, self.seat, self.move, self.digest = ply, seat, move, digest
        self.clocks, self.think_ms = clocks, think_ms

    def same(self, msg):
        return (msg["move"], msg["digest"], msg["seat"]) == (self.move, self.digest, self.seat)

    def message(self, code):
        return protocol.move(code, self.ply, self.seat, self.move, self.digest, self.clocks,
                             self.think_ms)


class Mirror:
    """The position and record of an open game (every side sees the whole position)."""

    def __init__(self, game, options, seed, limits=(None, None)):
        self.game, self.options, self.seed = game, options, seed
        self.engine = engine_of(game)
        self.hidden = game in protocol.HIDDEN
        self.state = self.engine.new_game(options, seed)
        self.record = []
        self.pending = {}           # ply -> (message, sender's seat), waiting for earlier plies
        self.limits = limits        # (game ms, move ms) per player, None when off
        self.resigned = None        # the seat that resigned

    # what a side shows and sends

    def next_ply(self):
        return len(self.record) + 1

    def to_move(self):
        if self.resigned is not None:
            return None
        return self.engine.to_move(self.state)

    def is_over(self):
        return self.resigned is not None or self.engine.is_over(self.state)

    def result(self):
        if self.resigned is not None:
            return {"winner": 1 - self.resigned, "scores": None, "reason": "resignation"}
        return self.engine.result(self.state)

    def position_text(self):
        return self.engine.to_text(self.state)

    def clocks(self):
        if self.record:
            return self.record[-1].clocks
        game_ms = self.limits[0]
        return {"used_ms": [0, 0], "left_ms": None if game_ms is None else [game_ms, game_ms]}

    def make(self, seat, move, think_ms):
        """This side's own move: checked, played, and returned as the message to publish."""
        if self.is_over():
            raise IllegalMove("the game is over")
        if self.to_move() != seat:
            raise IllegalMove("it is not your turn")
        self._in_time(seat, move, think_ms)
        state = self._after(move)
        entry = Entry(self.next_ply(), seat, move, self._digest(state, move),
                      clocks_after(self.clocks(), seat, think_ms), think_ms)
        self._agree(entry, state)
        return entry

    # what arrives

    def offer(self, msg, seat):
        """Sort one incoming move (see the module's text). Returns the entries it made agreed
        (this one and any it released), [] when it was ignored or kept; raises
        protocol.Refused for a move that is not this game's, Disagreement to stop."""
        protocol.check_move(msg)
        if msg["seat"] != seat:
            raise protocol.Refused("a move for seat %d sent by the player of seat %d"
                                   % (msg["seat"], seat))
        ply = msg["ply"]
        if ply <= len(self.record):
            if self.record[ply - 1].same(msg):
                return []
            raise protocol.Refused("a move for ply %d, already played as %s (a replay?)"
                                   % (ply, self.record[ply - 1].move))
        if ply > self.next_ply():
            self.pending[ply] = (msg, seat)
            return []
        out = [self._take(msg)]
        while self.next_ply() in self.pending:
            msg, seat = self.pending.pop(self.next_ply())
            try:
                out.append(self._take(msg))
            except protocol.Refused:
                break
        return out

    def _take(self, msg):
        seat, ply = msg["seat"], msg["ply"]
        if self.is_over():
            raise protocol.Refused("a move for ply %d after the game ended" % ply)
        if self.to_move() != seat:
            raise protocol.Refused("a move for ply %d by seat %d, whose turn it is not"
                                   % (ply, seat))
        try:
            self._in_time(seat, msg["move"], msg["think_ms"])
        except IllegalMove as e:
            raise Disagreement("ply %d, %s: %s" % (ply, msg["move"], e))
        state = self._position_after(msg)
        if self._digest(state, msg["move"]) != msg["digest"]:
            raise Disagreement("after ply %d (%s) the other side's position differs from "
                               "this side's" % (ply, msg["move"]))
        expected = clocks_after(self.clocks(), seat, msg["think_ms"])
        if msg["clocks"] != expected:
            raise Disagreement("the clocks sent with ply %d differ from this side's" % ply)
        entry = Entry(ply, seat, msg["move"], msg["digest"], expected, msg["think_ms"])
        self._agree(entry, state)
        return entry

    def _in_time(self, seat, move, think_ms):
        """A move that took longer than its player's clock allows is the clock's event."""
        event = due(self.clocks(), self.limits, seat, think_ms)
        if event is not None and move != event and move != RESIGN:
            raise IllegalMove("the time ran out: the move is '%s'" % event)

    def _position_after(self, msg):
        try:
            return self._after(msg["move"])
        except IllegalMove as e:
            raise Disagreement("ply %d, %s, is not legal here: %s" % (msg["ply"], msg["move"], e))

    def _after(self, move):
        if move == RESIGN:
            return self.state
        if hasattr(self.engine, "FREE") and move == self.engine.FREE:
            raise IllegalMove("'%s' stands for a choice, it is not one" % move)
        return self.engine.play(self.state, move)

    def public_text(self, state=None):
        """The text the digest covers: the whole position, or what a spectator of a hidden
        game may see of it."""
        state = self.state if state is None else state
        if self.hidden:
            return self.engine.public_view(state, None)
        return self.engine.to_text(state)

    def _digest(self, state, move):
        text = self.public_text(state)
        return protocol.digest(text + (" resign" if move == RESIGN else ""))

    def truncate(self, plies):
        """Keep the first ``plies`` plies only (the other side stopped at its last agreed
        ply): the position is played again from the start."""
        keep = self.record[:plies]
        self.record, self.pending, self.resigned = [], {}, None
        self.state = self.engine.new_game(self.options, self.seed)
        for e in keep:
            self._agree(e, self._after(e.move))

    def _agree(self, entry, state):
        self.record.append(entry)
        self.state = state
        if entry.move == RESIGN:
            self.resigned = entry.seat


class PublicRecord(Mirror):
    """A hidden game as a player or spectator follows it: the dealer's public plies, each with
    the position a spectator may see (hidden.stand_in), checked for turn, digest and clocks.
    The moves themselves are checked by the dealer with the whole position, and by this side
    once the game is over and the deal is shown (``audit``)."""

    def __init__(self, game, options, first_state_text, limits=(None, None)):
        Mirror.__init__(self, game, options, 0, limits)
        self.first = self.engine.from_text(first_state_text)
        self.state = self.first
        self.states = []    # the public position after each ply (a tile board's Masbrur)

    def _in_time(self, seat, move, think_ms):
        """A move that took longer than its player's clock allows is the clock's event."""
        event = due(self.clocks(), self.limits, seat, think_ms)
        if event is not None and move != event and move != RESIGN:
            raise IllegalMove("the time ran out: the move is '%s'" % event)

    def _position_after(self, msg):
        text = msg.get("state")
        if not isinstance(text, str):
            raise protocol.Refused("a public move without the position after it")
        try:
            return self.engine.from_text(text)
        except ValueError as e:
            raise Disagreement("the position sent with ply %d cannot be read: %s"
                               % (msg["ply"], e))

    def truncate(self, plies):
        raise Disagreement("a hidden game is stopped by its dealer")

    def _agree(self, entry, state):
        Mirror._agree(self, entry, state)
        self.states.append(state)

    def audit(self, seed, full_moves):
        """The game played again from the dealer's seed with its whole moves: None when every
        ply gives the digest and the public move that were published, else what differs."""
        from host_tools.online.hidden import public_move
        if len(full_moves) != len(self.record):
            return "the dealer shows %d moves for a game of %d plies" % (
                len(full_moves), len(self.record))
        state = self.engine.new_game(self.options, seed)
        if self.public_text(state) != self.public_text(self.first):
            return "the dealer's seed does not give the deal it started with"
        for entry, move in zip(self.record, full_moves):
            try:
                state = self.engine.play(state, move)
            except IllegalMove as e:
                return "ply %d (%s) was not legal: %s" % (entry.ply, move, e)
            if (protocol.digest(self.public_text(state)) != entry.digest
                    or public_move(self.game, move, state) != entry.move):
                return "ply %d differs from what the dealer published" % entry.ply
        return None
