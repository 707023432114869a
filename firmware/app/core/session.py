"""One game in progress, whatever the game and the board: the engine state and its
record, play-and-save, undo, the end, the clocks the game's options ask for, the event
log. A board's controller (core/controller.py) turns what the players do into moves
and draws the board; it is the session's ``view``, told by ``moved(now)`` after every
change of position.

Saving (records.py): after every move the record of the game in progress is written,
so a power cut loses at most the move being made. A move and the forced passes that
follow it are saved together (a resumed game never waits on a forced pass). When the
game ends, its record is written to /games and the game in progress is dropped.

Seats (seats.py): each seat is a person at this board, the board itself (the setting
``<game>.opponent`` names its seat, ``<game>.level`` 1-5) or a player elsewhere. When the
mover is not at the board (``away()``), ``ask()`` gets its move: a slice of the board's
thinking at a time, so the runner keeps polling the keys and sensors (a pause stops it,
the clocks and the LEDs go on), or an outside move once it has come; the controller
plays it (light board) or shows it for a person to carry out (sensor boards); until then
it shows a slow pulse (``breath``). Every seat is told every move played. An undo
against a seat not at the board takes back its move with the player's, so the player is
to move again (a seat that allows no undo - someone far away - refuses it).

Clocks (clock.py): a record whose options have ``game_time_s`` or ``move_time_s``
(Morbak) has the limits of docs/rules/morbak.md#the-end; the session counts the mover's time and
plays
``flag`` / ``timeout`` at the instant a limit expires. Every game records the time
each move took (``move_ms``) and the clocks after it (``clock_ms``, null when off)."""
from firmware.app.core import records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_PASS_MS = const(1500)
_BREATH_MS = const(2000)   # one slow breath of the thinking pulse


def only_pass(engine, s):
    """Is a pass the only legal move? An engine with long move lists (Masbrur's equipment
    phase lists thousands) answers it without building the list."""
    only = getattr(engine, "only_pass", None)
    return only(s) if only is not None else engine.legal_moves(s) == ["pass"]


def _no():
    return False


def _once(name):
    """A part of the session used once in a while (a game's end, an undo): loaded for the
    call, forgotten after it (unload.py), so a game does not hold its code."""
    from firmware.app.core import unload
    return unload.once("firmware.app.core." + name)


def _ms(seconds):
    return None if seconds is None else seconds * 1000


class _Untimed:
    """The clock of a game without time limits: it only counts the time of the move
    (clock.py's Clock, which such a game does not load, for everything else)."""
    left = None
    move_left = None

    def __init__(self):
        self.used = 0

    def new_turn(self):
        self.used = 0



class Session:
    def __init__(self, app, engine, rec, now, seats):
        """Replay the moves of ``rec`` through ``engine`` (ValueError when the engine
        refuses its options or a move). ``seats``: the players' one-letter names."""
        self.app = app
        self.engine = engine
        self.rec = rec
        self.seats = seats
        self.view = None
        opts = rec["options"]
        game = rec["game"]
        cfg = app.cfg
        moves = rec["moves"]
        if "game_time_s" in opts or "move_time_s" in opts:
            from firmware.app.core import clock as clk
            self.clock = clk.Clock(_ms(opts.get("game_time_s")), _ms(opts.get("move_time_s")),
                                   _ms(cfg.get(game + ".warn_game_s")),
                                   _ms(cfg.get(game + ".warn_move_s")),
                                   rec["clock_ms"][-1] if moves else None)
        else:
            self.clock = _Untimed()
        from firmware.app.core import seats as seat_kinds
        self.players = seat_kinds.make(app, game, seats, rec)   # who plays each seat
        self.pass_seat = 0
        self.pass_until = now
        self.last = self.turn_at = now
        self.state = self.replay()
        self._refresh()

    def replay(self):
        """The position after the moves of the record (ValueError if the engine refuses);
        ``before`` is the one before the last move (None at the start, and after an undo
        that did not replay)."""
        rec, engine = self.rec, self.engine
        state = engine.new_game(rec["options"], rec["seed"])
        self.before = None
        for m in rec["moves"]:
            self.before = state
            state = engine.play(state, m)
        return state

    def _refresh(self):
        engine, s = self.engine, self.state
        self.over = engine.is_over(s)
        # None: nobody yet (Mano a Mano's observed lead: either seat); nobody once it is over
        turn = None if self.over else engine.to_move(s)
        self.turn = -1 if turn is None else turn
        self.result = engine.result(s) if self.over else None

    def _moved(self, now):
        if self.view is not None:
            self.view.moved(now)

    def name(self, seat):
        """A seat as the players read it: its colour where the game names players by
        colour (the controller's seat_name: Fursaz's Black and White, which the pie
        swaps; Mabula's White and Black), else its letter."""
        view = self.view
        if view is not None and hasattr(view, "seat_name"):
            return view.seat_name(seat)
        return self.seats[seat]

    def player(self, seat):
        """Who plays ``seat`` as a message says it: "the board" for its own play, else the
        seat's name."""
        return "the board" if hasattr(self.players[seat], "level") else self.name(seat)

    def who(self, seat):
        return self.name(seat) if seat >= 0 else "either seat"

    # ------------------------------------------------------------ moves

    def play(self, move, now, state=None):
        """Play ``move`` for the mover (IllegalMove if the engine refuses it: nothing
        changes), record it, save the game (or its record when it ends); then play the
        forced passes that follow (saved once, with it). ``state``: the position ``move``
        leaves, when the caller has played it on the engine already (to check it first)."""
        app, rec, c = self.app, self.rec, self.clock
        who = self.who(self.turn)
        before = self.state
        self.state = self.engine.play(before, move) if state is None else state
        self.before = before
        rec["moves"].append(move)
        rec["move_ms"].append(c.used)
        # A tuple takes half the RAM of a list, and JSON writes it as a list all the same.
        rec["clock_ms"].append(None if c.left is None else (c.left[0], c.left[1]))
        c.new_turn()
        self.turn_at = now
        self._refresh()
        ply = len(rec["moves"])
        for p in self.players:
            p.played(self, ply, move)
        app.note("move", ply, move)
        if self.over:
            # Its record (the end's code loaded, then forgotten: ~70 ms on a Pico) waits
            # until the LEDs show the move, when the runner says so (device.py).
            if app.later is not None:
                app.later.append((self.record_end, now, "move %s %s" % (who, move)))
            else:
                self.record_end(now, "move %s %s" % (who, move))
            self._moved(now)
            return
        forced = only_pass(self.engine, self.state)
        if not forced:
            app.saved(records.save_current(app.storage, rec), now)
        app.log(now, "move %s %s" % (who, move))
        if forced:
            self.pass_seat = self.turn
            self.pass_until = now + _PASS_MS
            app.beep(render.PASS)
            self.play("pass", now)
            if not self.over:
                app.say("%s had to pass; %s to move" % (self.name(self.pass_seat),
                                                         self.name(self.turn)))
        else:
            app.say("%s to move" % self.who(self.turn))
            self._moved(now)

    def record_end(self, now, what):
        """The game is over: write its record (and drop the saved game in progress)."""
        _once("session_end").record_end(self, now, what)

    def outcome(self):
        """The result as the players read it ("A wins 3-1")."""
        return _once("session_end").outcome(self)

    def away(self):
        """Is the seat to move not at this board (the board's own, or someone elsewhere)?"""
        return self.turn >= 0 and not self.players[self.turn].at_board

    def ask(self, now, view=None):
        """The move of the seat to move when it is not at the board, once it has one
        (seats.py), else None."""
        return self.players[self.turn].ask(self, now, view) if self.away() else None

    def thinking(self):
        """Is the board working on its move?"""
        return self.away() and getattr(self.players[self.turn], "thinking", _no)()

    def breath(self, now, level):
        """The thinking pulse's level at ``now`` (render.put_scaled): from a twelfth of
        ``level`` up to ``level`` and back every _BREATH_MS, from the turn's start.
        Small ints only, so drawing with it allocates nothing."""
        half = _BREATH_MS // 2
        low = level // 12
        t = (now - self.turn_at) % _BREATH_MS
        return low + (level - low) * (t if t < half else _BREATH_MS - t) // half

    def can_undo(self):
        """A move to take back, and no seat that refuses it (someone far away)."""
        if self.over or not self.rec["moves"]:
            return False
        for p in self.players:
            if not p.undo:
                return False
        return True

    def undo(self, now):
        """Take back the last move (session_undo.py); the moves taken back, or None."""
        return _once("session_undo").undo(self, now)

    # ------------------------------------------------------------ time

    def restart(self, now):
        """The clocks run again from ``now`` (after a pause or the resume offer); the
        board's thinking gets its time limit afresh."""
        self.last = self.turn_at = now
        for p in self.players:
            p.restart()

    def tick(self, now):
        """Count the time since the last tick against the mover; play ``flag`` or
        ``timeout`` at the instant a limit expires (clock.py)."""
        dt = now - self.last
        self.last = now
        if self.over or dt < 0 or self.app.held:
            return
        c = self.clock
        spent = self.players[self.turn].spent(self) if self.turn >= 0 else None
        if spent is not None:
            if spent > c.used:
                if c.left is None and c.move_left is None:
                    c.used = spent
                else:   # counted where it plays, told with its move: its alerts here
                    c.spent(self, spent - c.used)
            return
        if c.left is None and c.move_left is None:   # no limit: only the move's time counts
            c.used += dt
            return
        c.run(self, dt, now)
