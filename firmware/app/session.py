"""One game in progress, whatever the game and the board: the engine state and its
record, play-and-save, undo, the end, the clocks the game's options ask for, the event
log and ``status()``. A board's controller (play_<game>.py) turns what the players do
into moves and draws the board; it is the session's ``view``, told by ``moved(now)``
after every change of position.

Saving (records.py): after every move the record of the game in progress is written,
so a power cut loses at most the move being made. A move and the forced passes that
follow it are saved together (a resumed game never waits on a forced pass). When the
game ends, its record is written to /games and the game in progress is dropped.

Against the board: the setting ``<game>.opponent`` names the seat the board plays
(``<game>.level`` 1-5); ``think()`` asks firmware.ai for its move, and the controller
plays it (light board) or shows it for a person to carry out (sensor boards).

Clocks (clock.py): a record whose options have ``game_time_s`` or ``move_time_s``
(Morbak) has the limits of RULES.md §3.5; the session counts the mover's time and plays
``flag`` / ``timeout`` at the instant a limit expires. Every game records the time
each move took (``move_ms``) and the clocks after it (``clock_ms``, null when off)."""
from firmware.app import clock as clk
from firmware.app import records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_PASS_MS = const(1500)


def _ms(seconds):
    return None if seconds is None else seconds * 1000


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
        timed = "game_time_s" in opts or "move_time_s" in opts
        self.clock = clk.Clock(_ms(opts.get("game_time_s")), _ms(opts.get("move_time_s")),
                               _ms(cfg.get(game + ".warn_game_s")) if timed else None,
                               _ms(cfg.get(game + ".warn_move_s")) if timed else None,
                               rec["clock_ms"][-1] if moves and timed else None)
        # The seat the board plays (setting <game>.opponent, a seat's letter), or -1.
        self.opponent = seats.find(cfg.get(game + ".opponent") or "-")
        self.level = cfg.get(game + ".level") or 3
        self.pass_seat = 0
        self.pass_until = now
        self.last = self.turn_at = now
        self.state = self.replay()
        self._refresh()

    def replay(self):
        """The position after the moves of the record (ValueError if the engine refuses);
        ``before`` is the one before the last move (None at the start)."""
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
        turn = engine.to_move(s)   # None: nobody yet (Mano a Mano's observed lead: either seat)
        self.turn = -1 if self.over or turn is None else turn
        self.result = engine.result(s) if self.over else None

    def _moved(self, now):
        if self.view is not None:
            self.view.moved(now)

    def who(self, seat):
        return self.seats[seat] if seat >= 0 else "either seat"

    # ------------------------------------------------------------ moves

    def play(self, move, now):
        """Play ``move`` for the mover (IllegalMove if the engine refuses it: nothing
        changes), record it, save the game (or its record when it ends); then play the
        forced passes that follow (saved once, with it)."""
        app, rec, c = self.app, self.rec, self.clock
        who = self.who(self.turn)
        before = self.state
        self.state = self.engine.play(before, move)
        self.before = before
        rec["moves"].append(move)
        rec["move_ms"].append(c.used)
        # A tuple takes half the RAM of a list, and JSON writes it as a list all the same.
        rec["clock_ms"].append(None if c.left is None else (c.left[0], c.left[1]))
        c.new_turn()
        self.turn_at = now
        self._refresh()
        app.note("move", len(rec["moves"]), move)
        if self.over:
            self.record_end(now, "move %s %s" % (who, move))
            self._moved(now)
            return
        forced = self.engine.legal_moves(self.state) == ["pass"]
        if not forced:
            records.save_current(app.storage, rec)
        app.log(now, "move %s %s" % (who, move))
        if forced:
            self.pass_seat = self.turn
            self.pass_until = now + _PASS_MS
            app.beep(render.PASS)
            self.play("pass", now)
            if not self.over:
                app.say("%s had to pass; %s to move" % (self.seats[self.pass_seat], self.seats[self.turn]))
        else:
            app.say("%s to move" % self.who(self.turn))
            self._moved(now)

    def record_end(self, now, what):
        """The game is over: write its record (and drop the saved game in progress)."""
        res = self.engine.result(self.state)
        reason = res["reason"]
        ended = "flag" if reason == "flag" else ("win" if res["winner"] is not None else "draw")
        records.finish(self.app.storage, self.rec, res, ended)
        self.app.log(now, "%s; game %d over: %s" % (what, self.rec["id"], self.outcome()))
        self.app.beep(render.DRAW if ended == "draw" else (render.FLAG if ended == "flag" else render.WIN))
        self.app.say(self.outcome())

    def outcome(self):
        res = self.result if self.result is not None else self.engine.result(self.state)
        w = res["winner"]
        if w is None:
            return "draw (%s)" % res["reason"]
        if res["reason"] == "flag":
            return "%s wins: %s's game time ran out" % (self.seats[w], self.seats[1 - w])
        return "%s wins (%s)" % (self.seats[w], res["reason"])

    def machine_to_move(self):
        return self.turn >= 0 and self.turn == self.opponent

    def think(self):
        """The board's move for the seat it plays (firmware.ai: only what that seat may
        know; the same move for the same game)."""
        from firmware import ai
        rec = self.rec
        return ai.choose(rec["game"], self.state, self.level, rec["seed"] + len(rec["moves"]))

    def can_undo(self):
        return not self.over and len(self.rec["moves"]) > 0

    def undo(self, now):
        """Take back the last move (and the forced passes that followed it); clocks as
        they were before it. Returns the move taken back, or None."""
        rec = self.rec
        moves = rec["moves"]
        n = len(moves)
        while n and moves[n - 1] == "pass":
            n -= 1
        if n == 0:
            return None
        undone = moves[n - 1]
        for key in ("moves", "move_ms", "clock_ms"):
            del rec[key][n - 1:]
        self.state = self.replay()
        c = self.clock
        if c.left is not None:
            prev = rec["clock_ms"][-1] if moves else None
            c.left = [c.game_ms, c.game_ms] if prev is None else [prev[0], prev[1]]
        c.new_turn()
        self.turn_at = self.last = now
        self._refresh()
        records.save_current(self.app.storage, rec)
        self.app.log(now, "undo %s" % undone)
        self.app.beep(render.UNDO)
        self.app.say("undone: %s; %s to move" % (undone, self.who(self.turn)))
        self._moved(now)
        return undone

    # ------------------------------------------------------------ time

    def restart(self, now):
        """The clocks run again from ``now`` (after a pause or the resume offer)."""
        self.last = self.turn_at = now

    def tick(self, now):
        """Count the time since the last tick against the mover; play ``flag`` or
        ``timeout`` at the instant a limit expires."""
        dt = now - self.last
        self.last = now
        if self.over or dt < 0:
            return
        c = self.clock
        while not self.over:
            p = self.turn
            due = c.due_ms(p)
            if due < 0 or due > dt:
                self._alert(c.spend(p, dt))
                return
            self._alert(c.spend(p, due))
            dt -= due
            # The limit expired at now - dt: that is when the engine hears of it.
            flag = c.due_is_flag(p)
            self.app.beep(render.FLAG if flag else render.TIMEOUT)
            self.play("flag" if flag else "timeout", now - dt)
            if not flag and not self.over:
                self.app.say("%s ran out of move time; %s to move" % (self.seats[p], self.seats[self.turn]))

    def _alert(self, alert):
        if alert == clk.WARN_GAME:
            self.app.beep(render.WARN_GAME)
        elif alert == clk.WARN_MOVE:
            self.app.beep(render.WARN_MOVE)
        elif alert == clk.TICK:
            self.app.beep(render.TICK)

    # ------------------------------------------------------------ for tools

    def status(self):
        engine, s, c, rec = self.engine, self.state, self.clock, self.rec
        return {"game": rec["game"], "moves": list(rec["moves"]),
                "legal": engine.legal_moves(s), "position": engine.to_text(s),
                "clocks_ms": None if c.left is None else [c.left[0], c.left[1]],
                "move_ms_left": c.move_left if self.turn >= 0 else None,
                "result": self.result, "to_move": None if self.turn < 0 else self.turn,
                "options": rec["options"], "id": rec["id"], "seats": self.seats}
