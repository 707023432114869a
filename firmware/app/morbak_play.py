"""Morbak on the light board: the game controller (screens "game" and "resume") and
its pause screen ("pause").

Playing: a press on a square means the one action RULES.md §3.9 gives it
(morbak.press_action). With the confirm step (setting morbak.confirm, on by default)
the first press selects: the square blinks between its look now and its look after
the move; a second press on it, or OK, plays it; MENU cancels. Where a square has two
meanings (switch_limit "per_player": switch or neutralize) a second press shows the
other one and OK plays the one shown, whatever the confirm setting.

What the squares show (render.py): empty = off; lit = the owner's colour (A orange,
B blue); switched = the owner's colour at half level; blocked = the owner's colour
washed with white; neutral = faint white.
Whose turn: a heartbeat - every 3 s the empty squares glow in the mover's colour
while the mover's own squares wink off, for 150 ms; it beats at once when the turn
changes, every 1 s inside a warning time and every 0.5 s in the last 5 s of a limit
(with a tick each second), so the clock is read without hiding the grid.
Accepted move: the square flashes white, high beep. Rejected press: the square
flashes red three times, low buzz, nothing changes, the reason goes to /events.log.
Forced pass: played at once, the passer's squares blink for 1.5 s, falling tone.
Game over: the four squares of a winning line blink white; on a flag the winner's
squares blink; on a draw every lit square blinks. OK or MENU then returns to the menu.

Status view, while MENU (or OK with nothing selected) is held - clocks keep running:
  rank 7  B's game time left (bar)        rank 3  A's neutralization left
  rank 6  B's switches/blocks left        rank 2  A's switches/blocks left
  rank 5  B's neutralization left         rank 1  A's game time left (bar)
  rank 4  the move countdown in the mover's colour (a dim full row when it is off)
A long press on MENU pauses (clocks stopped): b4 continue (green), d4 undo the last
move (yellow, when there is one; a forced pass goes back with the move before it),
f4 end the game (red); press a choice, then OK or the same square again to do it;
MENU = continue.

Resume offer (screen "resume", after a power cut): the saved position blinks slowly;
OK resumes it (clocks as after the last move), MENU ends it and opens the menu."""
from firmware.app import clock as clk
from firmware.app import records, render
from firmware.rules import IllegalMove
from firmware.rules import morbak as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_MENU = const(49)
_OK = const(50)
_FLASH_MS = const(150)
_REJECT_MS = const(600)
_PASS_MS = const(1500)
_BEAT_MS = const(150)
# Engine defaults of the limits, for a record whose options leave them out.
_DEFAULT_GAME_S = const(900)
_DEFAULT_MOVE_S = const(120)
_CONTINUE = const(22)  # the pause screen's squares: b4, d4, f4
_UNDO = const(24)
_END = const(26)


def _ms(seconds):
    return None if seconds is None else seconds * 1000


def _replay(rec):
    """The position after the moves of ``rec`` (ValueError when the engine refuses)."""
    state = engine.new_game(rec["options"], rec["seed"])
    for m in rec["moves"]:
        state = engine.play(state, m)
    return state


def _owner(code):
    """Seat owning a square code (render.CODES), -1 for empty and neutral."""
    return (code - 1) & 1 if 1 <= code <= 6 else -1


class MorbakPlay:
    def __init__(self, app, rec, now, offer=False):
        """Start ``rec`` (a new record, or a saved one: its moves are replayed through
        the engine). Raises ValueError when its options or moves are not valid."""
        self.app = app
        self.rec = rec
        self.offer = offer
        self.name = "resume" if offer else "game"
        opts = rec["options"]
        cfg = app.cfg
        moves = rec["moves"]
        last_clock = rec["clock_ms"][-1] if moves else None
        self.clock = clk.Clock(_ms(opts.get("game_time_s", _DEFAULT_GAME_S)),
                               _ms(opts.get("move_time_s", _DEFAULT_MOVE_S)),
                               _ms(cfg["morbak.warn_game_s"]), _ms(cfg["morbak.warn_move_s"]),
                               last_clock)
        self.cells = bytearray(49)   # render.CODES index per square, refreshed after moves
        self.counts = bytearray(4)   # budget A, B, neutralizations A, B
        self.line = None
        self.view = False            # status view held
        self.pend = -1               # square selected, waiting for the confirm
        self.choices = None
        self.choice = 0
        self.pend_code = 0
        self.flash_sq = self.reject_sq = self.pass_seat = 0
        self.flash_until = self.reject_until = self.pass_until = now
        self.last = self.turn_at = now
        self.state = _replay(rec)
        self._refresh()

    # ------------------------------------------------------------ engine

    def _refresh(self):
        s = self.state
        for i in range(49):
            self.cells[i] = render.CODES.find(engine.square_state(s, i))
        b = engine.budgets(s)
        self.counts[0], self.counts[1] = min(b["budget"][0], 99), min(b["budget"][1], 99)
        self.counts[2], self.counts[3] = min(b["neutral"][0], 99), min(b["neutral"][1], 99)
        self.over = engine.is_over(s)
        self.turn = -1 if self.over else engine.to_move(s)
        self.line = engine.winning_line(s)
        w = engine.result(s)["winner"] if self.over else None
        self.winner = -1 if w is None else w

    def _play(self, move, now):
        """Play ``move`` for the mover, record it, save the game (or its record when it
        ends); then play a forced pass for the next player (saved once, with it)."""
        app, rec, c = self.app, self.rec, self.clock
        who = "AB"[self.turn]
        self.state = engine.play(self.state, move)
        rec["moves"].append(move)
        rec["move_ms"].append(c.used)
        # A tuple takes half the RAM of a list, and JSON writes it as a list all the same.
        rec["clock_ms"].append(None if c.left is None else (c.left[0], c.left[1]))
        c.new_turn()
        self.pend = -1
        self.turn_at = now
        self._refresh()
        if self.over:
            self.record_end(now, "move %s %s" % (who, move))
            return
        forced = engine.legal_moves(self.state) == ["pass"]
        if not forced:  # else saved with the pass: a resumed game never waits on a forced pass
            records.save_current(app.storage, rec)
        app.log(now, "move %s %s" % (who, move))
        if forced:
            # Played at once (depth 1: after a pass the other player can act).
            self.pass_seat = self.turn
            self.pass_until = now + _PASS_MS
            app.beep(render.PASS)
            self._play("pass", now)
            if not self.over:
                app.say("%s had to pass; %s to move" % ("AB"[self.pass_seat], "AB"[self.turn]))
        else:
            app.say("%s to move" % "AB"[self.turn])

    def record_end(self, now, what):
        """The game is over: write its record (and drop the saved game in progress)."""
        res = engine.result(self.state)
        reason = res["reason"]
        ended = "flag" if reason == "flag" else ("win" if res["winner"] is not None else "draw")
        records.finish(self.app.storage, self.rec, res, ended)
        self.app.log(now, "%s; game %d over: %s" % (what, self.rec["id"], self._outcome(res)))
        self.app.beep(render.DRAW if ended == "draw" else (render.FLAG if ended == "flag" else render.WIN))
        self.app.say(self._outcome(res))

    def _outcome(self, res):
        if res["winner"] is None:
            return "draw (%s)" % res["reason"]
        return "%s wins (%s)" % ("AB"[res["winner"]], res["reason"])

    def _why(self, i):
        """Why a press on square i does nothing, in the engine's words where it has any."""
        ch = engine.square_state(self.state, i)
        name = engine.SQUARES[i]
        if ch == "#":
            return "%s is neutralized" % name
        own = _owner(render.CODES.find(ch))
        code = "L" if own < 0 else ("K" if own == self.turn else ("S" if ch in "AB" else "N"))
        try:
            engine.play(self.state, code + " " + name)
        except IllegalMove as e:
            return str(e)
        return "no action on %s" % name

    def can_undo(self):
        return not self.over and len(self.rec["moves"]) > 0

    def undo(self, now):
        """Take back the last move (and a forced pass that followed it); clocks as they
        were before it."""
        rec = self.rec
        moves = rec["moves"]
        n = len(moves)
        while n and moves[n - 1] == "pass":
            n -= 1
        if n == 0:
            return
        undone = moves[n - 1]
        for key in ("moves", "move_ms", "clock_ms"):
            del rec[key][n - 1:]
        self.state = _replay(rec)
        c = self.clock
        if c.left is not None:
            prev = rec["clock_ms"][-1] if moves else None
            c.left = [c.game_ms, c.game_ms] if prev is None else [prev[0], prev[1]]
        c.new_turn()
        self.pend = -1
        self.turn_at = self.last = now
        self._refresh()
        records.save_current(self.app.storage, rec)
        self.app.log(now, "undo %s" % undone)
        self.app.beep(render.UNDO)
        self.app.say("undone: %s; %s to move" % (undone, "AB"[self.turn]))

    # ------------------------------------------------------------ time

    def tick(self, now):
        dt = now - self.last
        self.last = now
        if self.offer or self.over or dt < 0:
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
            self._play("flag" if flag else "timeout", now - dt)

    def _alert(self, alert):
        if alert == clk.WARN_GAME:
            self.app.beep(render.WARN_GAME)
        elif alert == clk.WARN_MOVE:
            self.app.beep(render.WARN_MOVE)
        elif alert == clk.TICK:
            self.app.beep(render.TICK)

    # ------------------------------------------------------------ keys

    def event(self, kind, key, now):
        app = self.app
        if self.offer:
            if kind == "down" and key == _OK:
                self.offer = False
                self.name = "game"
                self.last = self.turn_at = now
                app.log(now, "resume game %d after %d moves" % (self.rec["id"], len(self.rec["moves"])))
                app.beep(render.ACCEPT)
                app.say("resumed; %s to move" % "AB"[self.turn])
            elif kind == "down" and key == _MENU:
                app.end_game(self, now)
            return
        if kind == "up":
            if key == _MENU or key == _OK:
                self.view = False
            return
        if kind == "long":
            if key == _MENU and not self.over:
                self.view = False
                app.show(Pause(self))
            return
        if kind != "down":
            return
        if self.over:
            if key == _MENU or key == _OK:
                app.to_menu()
            else:
                self._reject(key, "the game is over", now)
        elif key == _MENU:
            if self.pend >= 0:
                self.pend = -1
                app.beep(render.CLICK)
            else:
                self.view = True
        elif key == _OK:
            if self.pend >= 0:
                self._commit(now)
            else:
                self.view = True
        elif 0 <= key < 49:
            self._press(key, now)

    def _press(self, i, now):
        if self.pend == i:
            if len(self.choices) > 1:
                self._select(i, self.choice + 1)
            else:
                self._commit(now)
            return
        move = engine.press_action(self.state, i)
        if move is not None:
            choices = [move]
        else:
            name = engine.SQUARES[i]
            choices = [m for m in engine.legal_moves(self.state) if m[2:] == name]
        if not choices:
            self._reject(i, self._why(i), now)
            return
        self.choices = choices
        if len(choices) == 1 and not self.app.cfg["morbak.confirm"]:
            self.pend = i
            self.choice = 0
            self._commit(now)
        else:
            self._select(i, 0)

    def _select(self, i, k):
        self.pend = i
        self.choice = k % len(self.choices)
        move = self.choices[self.choice]
        p = self.turn
        self.pend_code = 7 if move[0] == "N" else 1 + p + 2 * "LSK".find(move[0])
        self.app.beep(render.SELECT)
        self.app.say("%s: %s? (press again or OK)" % ("AB"[p], move))

    def _commit(self, now):
        i = self.pend
        self.app.beep(render.ACCEPT)
        self._play(self.choices[self.choice], now)
        self.flash_sq = i
        self.flash_until = now + _FLASH_MS

    def _reject(self, i, why, now):
        self.reject_sq = i
        self.reject_until = now + _REJECT_MS
        self.app.beep(render.REJECT)
        self.app.log(now, "reject %s: %s" % (engine.SQUARES[i], why))
        self.app.say("rejected %s: %s" % (engine.SQUARES[i], why))

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now):
        if self.view:
            self._draw_status(f)
            return
        if self.offer and not render.blink(now, 1200, 800):
            render.clear(f)
            return
        cells = self.cells
        p = self.turn
        beat = False
        if not self.offer and p >= 0:
            due = self.clock.due_ms(p)
            period = 500 if 0 <= due < clk.FINAL_MS else (1000 if self.clock.warning(p) else 3000)
            beat = render.blink(now - self.turn_at, period, _BEAT_MS)
        passing = render.blink(now, 250, 125) and now < self.pass_until
        ended = 0
        if self.over and render.blink(now, 500, 250):
            ended = 1 if self.line is not None else (2 if self.winner >= 0 else 3)
        # What each seat's squares show instead of their own look (None: their look).
        look0 = self._look(0, beat, passing, ended)
        look1 = self._look(1, beat, passing, ended)
        put = render.put
        square = render.SQUARE
        for i in range(49):
            code = cells[i]
            if code == 0:
                if beat:
                    render.put_scaled(f, i, render.PLAYER[p], 100)
                    continue
            elif code < 7:
                look = look0 if code & 1 else look1  # A's codes are odd, B's even
                if look is not None:
                    put(f, i, look)
                    continue
            put(f, i, square[code])
        if ended == 1:
            for i in self.line:
                render.put(f, i, render.WHITE)
        if self.pend >= 0 and render.blink(now, 300, 150):
            render.put(f, self.pend, render.SQUARE[self.pend_code])
        if now < self.flash_until:
            render.put(f, self.flash_sq, render.WHITE)
        if now < self.reject_until and render.blink(self.reject_until - now, 200, 100):
            render.put(f, self.reject_sq, render.RED)

    def _look(self, seat, beat, passing, ended):
        if (beat and seat == self.turn) or (passing and seat == self.pass_seat) or ended == 3:
            return render.OFF   # the heartbeat's wink, the passer's blink, a draw's blink
        if ended == 2 and seat == self.winner:
            return render.WHITE  # the winner on a flag
        return None

    def _draw_status(self, f):
        render.clear(f)
        c = self.clock
        n = self.counts
        for p in range(2):
            colour = render.PLAYER[p]
            base = 0 if p == 0 else 42   # clock row: rank 1 for A, rank 7 for B
            step = 7 if p == 0 else -7   # then budget, then neutralizations, towards the middle
            if c.left is not None:
                render.bar(f, base, 7, c.left[p], c.game_ms, colour)
            render.bar(f, base + step, 7, n[p], 7, colour)
            render.bar(f, base + 2 * step, 7, n[2 + p], 7, render.WHITE)
        p = self.turn
        if p >= 0:
            if c.move_left is not None:
                render.bar(f, 21, 7, c.move_left, c.move_ms, render.PLAYER[p])
            else:
                for i in range(21, 28):
                    render.put_scaled(f, i, render.PLAYER[p], 64)

    def status(self):
        s = self.state
        c = self.clock
        return {"game": "morbak", "moves": list(self.rec["moves"]),
                "legal": engine.legal_moves(s), "position": engine.to_text(s),
                "clocks_ms": None if c.left is None else [c.left[0], c.left[1]],
                "move_ms_left": c.move_left if self.turn >= 0 else None,
                "result": engine.result(s) if self.over else None,
                "to_move": None if self.turn < 0 else self.turn,
                "pending": self.choices[self.choice] if self.pend >= 0 else None,
                "options": self.rec["options"], "id": self.rec["id"]}


class Pause:
    """Clocks stopped; b4 continue, d4 undo, f4 end the game (see the module doc)."""

    def __init__(self, play):
        self.play = play
        self.name = "pause"
        self.sel = -1

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        if kind != "down":
            return
        play = self.play
        if key == _MENU:
            key = _CONTINUE
        elif key == _OK:
            key = self.sel if self.sel >= 0 else _CONTINUE
        elif key != self.sel:
            if key == _CONTINUE or key == _END or (key == _UNDO and play.can_undo()):
                self.sel = key
                play.app.beep(render.SELECT)
            return
        if key == _UNDO and play.can_undo():
            play.undo(now)
        elif key == _END:
            play.app.end_game(play, now)
            return
        play.last = play.turn_at = now
        play.app.show(play)

    def draw(self, f, now):
        render.clear(f)
        render.put(f, _CONTINUE, render.GREEN)
        if self.play.can_undo():
            render.put(f, _UNDO, render.YELLOW)
        render.put(f, _END, render.RED)
        if self.sel >= 0 and render.blink(now, 300, 150):
            render.put(f, self.sel, render.OFF)
