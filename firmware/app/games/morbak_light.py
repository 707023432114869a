"""Morbak on the light board: what a press means and what the squares show (the game
itself - record, saving, clocks, undo - is the session's: session.py).

Playing: a press on a square means the one action the rules give it (docs/boards/light.md#playing)
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
Accepted move: the square flashes white, high beep, then dims twice quickly (a pulse
over by 270 ms, so the board soon shows the plain position): the opponent sees where
the move was. The same pulse marks the last move after an undo or a resume.
Rejected press: the square flashes red (pink in the colour-blind palette) three times,
low buzz, nothing changes, the reason goes to /events.log.
Forced pass: played at once, the passer's squares blink for 1.5 s, falling tone.
Game over: the four squares of a winning line blink white; on a flag the winner's
squares blink (after a resignation too); on a draw every lit square blinks. OK or MENU
then opens the match's score (screens.Score) when the game is part of a match, else
the menu.

Status view (screen "status" for tools: explain/), from a press on MENU (or OK with
nothing selected) until the next press on MENU, OK or a square; the clocks run on:
  rank 7  B's game time left (bar)        rank 3  A's neutralization left
  rank 6  B's switches/blocks left        rank 2  A's switches/blocks left
  rank 5  B's neutralization left         rank 1  A's game time left (bar)
  rank 4  the move countdown in the mover's colour (a dim full row when it is off)
A long press on MENU pauses (screens.Pause: continue, undo, end: resign or draw).

A seat not at the board (the board's own play, settings morbak.opponent and
morbak.level, or a player elsewhere): its move is played as soon as it is known (the
board has a light under every square: nobody needs to carry it out); its square flashes
white. Until then the empty squares breathe slowly in its colour instead of the
heartbeat (the position stays as it is), and a press on a square is refused."""
from firmware import native
from firmware.app.core import clock as clk
from firmware.app.core import render
from firmware.app.core.controller import Play as Controller
from firmware.rules import IllegalMove
from firmware.rules import morbak as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_FLASH_MS = const(150)
_REJECT_MS = const(600)
_BEAT_MS = const(150)
_PULSE_MS = const(270)   # after the flash, the last move's square dims twice, until then
_PULSE_PERIOD_MS = const(80)
_CODE = bytearray(128)   # a square's position character -> its render.CODES index
for _k in range(len(render.CODES)):
    _CODE[ord(render.CODES[_k])] = _k


def options(cfg, settings, profile):
    """The engine options of a new game with the settings ``cfg``."""
    opts = settings.game_options(cfg, "morbak")
    # The limits always go into the record, so it says which clocks were used.
    opts["game_time_s"] = cfg["morbak.game_time_s"]
    opts["move_time_s"] = cfg["morbak.move_time_s"]
    if cfg["morbak.lite"]:  # Lite has neither blocks nor neutralizations
        opts.pop("budget_scope", None)
        opts.pop("neutralizations", None)
    return opts


def seed(cfg, now):
    return now % 1000000 if cfg["morbak.first"] == "random" else 0


def paint(frame, cells, code, buf, n):
    """The first ``n`` squares in their colours: square i takes the 3 bytes of ``buf`` at
    3 * code[cells[i]] (native twin: morbak_light_native.paint; 49 squares take ~3 ms
    as byte-code on a Pico, every frame)."""
    j = 0
    for i in range(n):
        k = 3 * code[cells[i]]
        frame[j] = buf[k]
        frame[j + 1] = buf[k + 1]
        frame[j + 2] = buf[k + 2]
        j += 3


# The twin in use: the portable one until a game starts, then the native one where the
# chip runs it (the menu imports this module for its options and does not load it).
_paint = paint


def load_twin():
    global _paint
    twin = native.load("firmware.app.games.morbak_light_native")
    if twin:
        _paint = twin.paint


def _owner(code):
    """Seat owning a square code (render.CODES), -1 for empty and neutral."""
    return (code - 1) & 1 if 1 <= code <= 6 else -1


class Play(Controller):
    """The controller: screen "game" (see the module doc)."""
    SEATS = "AB"
    SHOW_MS = 600   # a move not made at the board comes this long after the turn changed

    def __init__(self, app, rec, now):
        self.cells = None   # each square's position character (engine.square_states)
        self.counts = bytearray(4)   # budget A, B, neutralizations A, B
        self.line = None
        self.view = False            # the status view is shown
        self.last_sq = -1            # the square of the last move (-1: none, or a pass)
        self.pend = -1               # square selected, waiting for the confirm
        self.pend_at = now           # when: its blink starts lit, so the press shows at once
        self.choices = None
        self.choice = 0
        self.pend_code = 0
        self.flash_sq = self.reject_sq = 0
        self.flash_until = self.reject_until = now
        Controller.__init__(self, app, rec, now, engine)
        if _paint is paint:
            load_twin()
        self.moved(now)

    def moved(self, now):
        """The position changed: refresh what the squares show."""
        ses = self.session
        s = ses.state
        self.shown = None
        self.pend = -1
        self.cells = engine.square_states(s)
        b = engine.budgets(s)
        self.counts[0], self.counts[1] = min(b["budget"][0], 99), min(b["budget"][1], 99)
        self.counts[2], self.counts[3] = min(b["neutral"][0], 99), min(b["neutral"][1], 99)
        self.line = engine.winning_line(s)
        w = ses.result["winner"] if ses.over else None
        self.winner = -1 if w is None else w
        moves = ses.rec["moves"]
        last = moves[-1] if moves else ""
        # The square of the last move; none after a pass, a timeout or a flag.
        self.last_sq = engine.SQUARES.index(last[2:]) if last[1:2] == " " else -1

    concluded = moved   # the players ended the game: a resignation or a draw (screens.End)

    def _why(self, i):
        """Why a press on square i does nothing, in the engine's words where it has any."""
        state = self.session.state
        ch = engine.square_state(state, i)
        name = engine.SQUARES[i]
        if ch == "#":
            return "%s is neutralized" % name
        own = _owner(render.CODES.find(ch))
        code = (
            "L" if own < 0 else ("K" if own == self.session.turn else ("S" if ch in "AB" else "N"))
        )
        try:
            engine.play(state, code + " " + name)
        except IllegalMove as e:
            return str(e)
        return "no action on %s" % name

    # ------------------------------------------------------------ a seat not at the board

    def coming(self, move, now):
        self.app.beep(render.ACCEPT)
        self.session.play(move, now)
        if move[1:2] == " ":               # "L d4": its square flashes
            self.flash_sq = engine.SQUARES.index(move[2:])
            self.flash_until = now + 2 * _FLASH_MS

    # ------------------------------------------------------------ keys

    def pause(self):
        self.view = False
        self.app.pause(self)

    def ended(self, key, now):
        if key < 49:
            self._reject(key, "the game is over", now)
        else:
            Controller.ended(self, key, now)

    def press(self, key, now):
        app, keys = self.app, self.keys
        if self.view:
            self.view = False
            app.say(None)
            app.beep(render.CLICK)
        elif key == keys["menu"]:
            if self.pend >= 0:
                self.pend = -1
                app.beep(render.CLICK)
            else:
                self.view = True
                app.say(None)
        elif key == keys["ok"]:
            if self.pend >= 0:
                self._commit(now)
            else:
                self.view = True
                app.say(None)
        elif 0 <= key < 49:
            self._press(key, now)

    def _press(self, i, now):
        self.pend_at = now
        ses = self.session
        if ses.away():
            who = ses.player(ses.turn)
            self._reject(i, "the board is thinking" if who == "the board"
                         else "%s moves elsewhere" % who, now)
            return
        if self.pend == i:
            if len(self.choices) > 1:
                self._select(i, self.choice + 1)
            else:
                self._commit(now)
            return
        state = self.session.state
        move = engine.press_action(state, i)
        if move is not None:
            choices = [move]
        else:
            name = engine.SQUARES[i]
            choices = [m for m in engine.legal_moves(state) if m[2:] == name]
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
        p = self.session.turn
        self.pend_code = 7 if move[0] == "N" else 1 + p + 2 * "LSK".find(move[0])
        self.app.beep(render.SELECT)
        self.app.say(None)   # the message shows the selection (explain/morbak_light.py)

    def _commit(self, now):
        i = self.pend
        self.app.beep(render.ACCEPT)
        self.session.play(self.choices[self.choice], now)
        self.flash_sq = i
        self.flash_until = now + _FLASH_MS

    def _reject(self, i, why, now):
        self.reject_sq = i
        self.reject_until = now + _REJECT_MS
        self.app.beep(render.REJECT)
        self.app.log(now, "reject %s: %s" % (engine.SQUARES[i], why))
        self.app.say("rejected %s: %s" % (engine.SQUARES[i], why))

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now, still=False, buf=bytearray(24)):
        """Draw the board; ``still``: without the turn indicator (the resume offer)."""
        if self.view:
            self._draw_status(f)
            return
        ses = self.session
        cells = self.cells
        p = ses.turn
        beat = False
        breath = ses.breath(now, 96) if not still and ses.away() else 0
        if not still and p >= 0 and not breath:
            c = ses.clock
            due = c.due_ms(p)
            period = 500 if 0 <= due < clk.FINAL_MS else (1000 if c.warning(p) else 3000)
            beat = render.blink(now - ses.turn_at, period, _BEAT_MS)
        passing = render.blink(now, 250, 125) and now < ses.pass_until
        ended = 0
        if ses.over and render.blink(now, 500, 250):
            ended = 1 if self.line is not None else (2 if self.winner >= 0 else 3)
        # ``buf``: this frame's colour of each square code (render.CODES), 3 bytes a code.
        put = render.put
        square = render.SQUARE
        for code in range(8):
            put(buf, code, square[code])
        if beat or breath:   # the empty squares: the heartbeat, or the board thinking
            render.put_scaled(buf, 0, render.PLAYER[p], 100 if beat else breath)
        # What each seat's squares show instead of their own look (None: their look).
        look0 = self._look(0, beat, passing, ended)
        look1 = self._look(1, beat, passing, ended)
        for code in range(1, 7):
            look = look0 if code & 1 else look1   # A's codes are odd, B's even
            if look is not None:
                put(buf, code, look)
        _paint(f, cells, _CODE, buf, 49)
        if ended == 1:
            for i in self.line:
                render.put(f, i, render.FLASH)
        i = self.last_sq
        t = now - ses.turn_at   # the turn began with the last move (or an undo, a resume)
        if (i >= 0 and _FLASH_MS <= t < _PULSE_MS and i != self.pend
                and render.blink(t - _FLASH_MS, _PULSE_PERIOD_MS, _PULSE_PERIOD_MS // 2)):
            render.put_scaled(f, i, square[_CODE[cells[i]]], 48)   # the last move pulses
        if self.pend >= 0 and render.blink(now - self.pend_at, 300, 150):
            render.put(f, self.pend, render.SQUARE[self.pend_code])
        if now < self.flash_until:
            render.put(f, self.flash_sq, render.FLASH)
        if now < self.reject_until and render.blink(self.reject_until - now, 200, 100):
            render.put(f, self.reject_sq, render.REJECTED)

    def _look(self, seat, beat, passing, ended):
        ses = self.session
        if (beat and seat == ses.turn) or (passing and seat == ses.pass_seat) or ended == 3:
            return render.OFF   # the heartbeat's wink, the passer's blink, a draw's blink
        if ended == 2 and seat == self.winner:
            return render.FLASH  # the winner on a flag or a resignation
        return None

    def _draw_status(self, f):
        render.clear(f)
        c = self.session.clock
        n = self.counts
        for p in range(2):
            colour = render.PLAYER[p]
            base = 0 if p == 0 else 42   # clock row: rank 1 for A, rank 7 for B
            step = 7 if p == 0 else -7   # then budget, then neutralizations, towards the middle
            if c.left is not None:
                render.bar(f, base, 7, c.left[p], c.game_ms, colour)
            render.bar(f, base + step, 7, n[p], 7, colour)
            render.bar(f, base + 2 * step, 7, n[2 + p], 7, render.WHITE)
        p = self.session.turn
        if p >= 0:
            if c.move_left is not None:
                render.bar(f, 21, 7, c.move_left, c.move_ms, render.PLAYER[p])
            else:
                for i in range(21, 28):
                    render.put_scaled(f, i, render.PLAYER[p], 64)

    def status_view(self):
        return self.view

    def details(self, out):
        out["pending"] = self.choices[self.choice] if self.pend >= 0 else None
