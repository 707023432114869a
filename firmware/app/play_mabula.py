"""Mabula on the marble board: what the presence sensors mean and what the LEDs show
(the game itself - record, saving, undo - is the session's: session.py).

The sensors say only where a marble is; the colours follow from the start position,
which the board sets (docs/boards/marble.md#setting-up). The app gets a frame (one byte per space,
1 = occupied) only once the sensors have read the same for the profile's settle time,
so a marble rolling past, a bounce or a hand passing over is never seen as a move.

Setup (screen "setup"): the 24 edge spaces show the colour of the seeded random setup,
blinking where a marble is still missing; a marble where none belongs lights red.
When exactly those 24 spaces are occupied and the field is empty, play starts.

Play (screen "game"): each frame is matched to the one legal push that leaves it
(mabula.move_from_occupancy): accepted at once (its destination flashes white, a
beep). A frame equal to the last accepted position changes nothing. Any other frame
turns on correction: the spaces that disagree blink - a missing marble in its colour,
an extra one in red - and nothing is accepted until the board matches the last
accepted position or a legal push from it. The mover's edge marbles that can move glow
in the mover's colour; a forced pass makes the passer's edge marbles blink. Undo
(pause) shows which marbles to put back the same way and accepts nothing until the
board matches the position before the move. After a power cut the saved game resumes
and the board is checked against it the same way.

Against the board (settings mabula.opponent, mabula.level): on its turn the board thinks
(firmware.ai) - its edge marbles that can move breathe slowly in its colour meanwhile -
then blinks the edge marble to push (its colour) and where it must stop (white); any
other push is put right through correction.

Game over: each player's groups light in their colour, those that score bright, the
winner's blinking; PASS shows the scores as bars (White from b1 on, Black from g8 back);
OK or MENU returns to the menu."""
from firmware.app import render
from firmware.app.session import Session
from firmware.rules import mabula as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_CELLS = const(60)
_FLASH_MS = const(300)
SEATS = "WB"
MARBLE = ((255, 190, 120), (60, 0, 255))    # how the LEDs show White's and Black's marbles


def options(cfg, settings, profile):
    return settings.game_options(cfg, "mabula")


def seed(cfg, now):
    """The random setup's seed: the instant the game starts."""
    return now % 1000000


class Play:
    def __init__(self, app, rec, now):
        """Raises ValueError when the record's options or moves are not valid."""
        self.app = app
        self.menu = app.keys["menu"]
        self.ok = app.keys["ok"]
        self.pass_key = app.keys["pass"]
        self.expect = bytearray(_CELLS)   # the last accepted position: 0 empty, 1 W, 2 B
        self.seen = bytearray(_CELLS)     # the last stable frame
        self.have_seen = False
        self.frame_ref = None             # the frame (bytes) last taken
        self.wrong = bytearray(_CELLS)    # 1 missing, 2 extra (correction), 0 agrees
        self.wrongs = 0
        self.noted = ""                   # the spaces last reported as wrong
        self.must_match = False           # after undo: nothing is accepted before the board matches
        self.hint = bytearray(_CELLS)     # the mover's edge marbles that can move
        self.groups = bytearray(_CELLS)   # at the end: 1 a scoring group, 2 another group
        self.scores = False               # score view (game over)
        self.flash = 0
        self.flash_until = now
        self.ai_move = None               # the board's push, for a person to carry out
        self.ai_from = self.ai_to = 0
        self.setup = not rec["moves"]
        self.name = "setup" if self.setup else "game"
        self.session = Session(app, engine, rec, now, SEATS)
        self.session.view = self
        self.moved(now)
        if self.setup:
            app.say("setup: put a marble on every lit edge space")

    # ------------------------------------------------------------ position

    def moved(self, now):
        """The position changed (a move, a forced pass, undo): what the board should
        show now, and whether it does."""
        ses = self.session
        s = ses.state
        # The hints: the mover's edge marbles that can move (none once it is over); the
        # board's own too: they breathe while it thinks.
        engine.board_view(s, self.expect, self.hint)
        self.ai_move = None      # the board's push: chosen in tick(), a slice at a time
        if ses.over:
            self._groups(s)
        if self.have_seen:
            self._compare(now)
            if self.wrongs:
                self.must_match = True

    def _groups(self, s):
        """Mark each player's groups: 1 where a group scores (the largest ones; every
        group under product scoring), 2 for the others."""
        product = self.session.rec["options"].get("scoring") == "product"
        for i in range(_CELLS):
            self.groups[i] = 0
        for seat in range(2):
            gs = engine.groups(s, seat)
            best = len(gs[0]) if gs else 0
            for g in gs:
                for name in g:
                    self.groups[engine.space_index(name)] = 1 if product or len(g) == best else 2

    def _compare(self, now):
        """Which spaces disagree with the last accepted position (setup: the start)."""
        n = 0
        for i in range(_CELLS):
            want = 1 if self.expect[i] else 0
            got = self.seen[i]
            w = 0 if want == got else (1 if want else 2)
            self.wrong[i] = w
            if w:
                n += 1
        self.wrongs = n
        if not n:
            self.must_match = False
        if self.setup or self.session.over:
            return
        names = " ".join([engine.SPACES[i] for i in range(_CELLS) if self.wrong[i]])
        if names != self.noted:
            self.noted = names
            if names:
                self.app.note("correction", now, names)
                self.app.log(now, "correction: %s" % names)
                self.app.beep(render.REJECT)
                self.app.say("put the board right: %s" % names)

    def frame(self, occ, now):
        """A stable frame from the sensors."""
        self.frame_ref = occ
        seen = self.seen
        for i in range(_CELLS):
            seen[i] = occ[i]
        self.have_seen = True
        ses = self.session
        if self.setup:
            self._compare(now)
            if not self.wrongs:
                self.setup = False
                self.name = "game"
                self.app.note("setup-ok", now)
                self.app.log(now, "setup ok")
                self.app.beep(render.ACCEPT)
                self.app.say("%s to move" % ses.who(ses.turn))
            return
        if ses.over:
            return
        if not self.must_match:
            move = engine.move_from_occupancy(ses.state, occ)
            if move is not None and ses.machine_to_move() and move != self.ai_move:
                move = None                   # not the board's push: put it right
            if move is not None:
                self.app.beep(render.ACCEPT)
                self.flash = engine.space_index(move.split("-")[1])
                self.flash_until = now + _FLASH_MS
                ses.play(move, now)
                return
        was = self.wrongs
        self._compare(now)
        if was and not self.wrongs:
            self.app.say("%s to move" % ses.who(ses.turn))

    # ------------------------------------------------------------ input

    def tick(self, now):
        ses = self.session
        ses.tick(now)
        if ses.machine_to_move() and self.ai_move is None:
            move = ses.think()
            if move is not None:
                self.ai_move = move
                ends = move.split("-")
                self.ai_from = engine.space_index(ends[0])
                self.ai_to = engine.space_index(ends[1])
                self.app.say("the board plays %s: push it in" % move)
        last = self.app.last_frame
        if last is not None and last is not self.frame_ref:
            self.frame(last, now)   # a frame that came while another screen was shown

    def event(self, kind, key, now):
        if kind == "frame":
            self.frame(key, now)
            return
        app = self.app
        if kind == "long" and key == self.menu and not self.session.over:
            app.pause(self)
            return
        if kind != "down":
            return
        if self.session.over:
            if key == self.pass_key:
                self.scores = not self.scores
            elif key == self.menu or key == self.ok:
                app.to_menu()

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now, still=False):
        render.clear(f)
        ses = self.session
        blink = render.blink(now, 500, 300)
        if ses.over:
            self._draw_end(f, now)
            return
        if self.setup:
            for i in range(_CELLS):
                e = self.expect[i]
                if e and (not self.wrong[i] or blink):
                    render.put_scaled(f, i, MARBLE[e - 1], 256 if self.wrong[i] else 40)
                elif self.wrong[i] == 2 and blink:
                    render.put(f, i, render.RED)
            return
        if self.wrongs:
            for i in range(_CELLS):
                w = self.wrong[i]
                if w and blink:
                    render.put(f, i, MARBLE[self.expect[i] - 1] if w == 1 else render.RED)
            return
        p = ses.turn
        if self.ai_move is not None:
            if blink:
                render.put(f, self.ai_from, MARBLE[p])
                render.put(f, self.ai_to, render.WHITE)
            return
        passing = now < ses.pass_until and render.blink(now, 250, 125)
        level = ses.breath(now, 200) if ses.machine_to_move() else 60   # thinking
        for i in range(_CELLS):
            if self.hint[i] and not still:
                render.put_scaled(f, i, MARBLE[p], level)
            elif passing and self.expect[i] == ses.pass_seat + 1 and not self.hint[i]:
                render.put_scaled(f, i, MARBLE[ses.pass_seat], 160)
        if now < self.flash_until:
            render.put(f, self.flash, render.WHITE)

    def _draw_end(self, f, now):
        res = self.session.result
        if self.scores:
            sc = res["scores"]
            render.bar(f, 0, 30, min(sc[0], 30), 30, MARBLE[0])
            for k in range(min(sc[1], 30)):
                render.put(f, _CELLS - 1 - k, MARBLE[1])
            return
        win = res["winner"]
        blink = render.blink(now, 600, 400)
        for i in range(_CELLS):
            g, e = self.groups[i], self.expect[i]
            if g and e and not (e - 1 == win and g == 1 and not blink):
                render.put_scaled(f, i, MARBLE[e - 1], 256 if g == 1 else 48)

    def status(self):
        from firmware.app.explain import session_status   # tools only
        out = session_status(self.session)
        out["expected"] = "".join([".WB"[e] for e in self.expect])
        out["wrong"] = [engine.SPACES[i] for i in range(_CELLS) if self.wrong[i]]
        out["thinking"] = self.session.machine_to_move() and self.ai_move is None
        return out
