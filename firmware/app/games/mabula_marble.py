"""Mabula on the marble board: what the presence sensors mean and what the LEDs show
(the game itself - record, saving, undo, seats - is the session's, the rest of a
controller's shape core/controller.py's).

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

A seat not at the board (the board's own play, settings mabula.opponent and
mabula.level, or a player elsewhere): on its turn its edge marbles that can move breathe
slowly in its colour until its push is known, then the board blinks the edge marble to
push (its colour) and where it must stop (white); any other push is put right through
correction.

Game over: each player's groups light in their colour, those that score bright, the
winner's blinking; PASS shows the scores as bars (White from b1 on, Black from g8 back);
OK or MENU returns to the menu."""
from firmware import native
from firmware.app.core import render
from firmware.app.core.sensing import Sensing
from firmware.rules import mabula as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_CELLS = const(60)
_FLASH_MS = const(300)
MARBLE = ((255, 190, 120), (60, 0, 255))    # how the LEDs show White's and Black's marbles


_twin = native.load("firmware.app.games.mabula_marble_native")   # (loaded with the game)
_AFTER = bytearray(64)   # the grid a push leaves, for the native twin to compare


def move_from(s, occupied):
    """engine.move_from_occupancy (native twin: mabula_marble_native.move_in: ~4 ms as
    byte-code on a Pico, on every frame the board reads in play)."""
    if _twin is None or len(occupied) != _CELLS:
        return engine.move_from_occupancy(s, occupied)
    k = _twin.move_in(s.cells, occupied, s.turn + 1, engine._RING_G, engine._LINE,
                      engine._SPACE_OF, engine._GRID_OF, _AFTER)
    return None if k < 0 else engine.move_name(k // 6, k % 6 + 1)


def board_view(s, colours, movers, groups=None):
    """engine.board_view (native twin without groups: mabula_marble_native.view_in: ~3 ms
    as byte-code on a Pico, after every push)."""
    if _twin is None or groups is not None:
        return engine.board_view(s, colours, movers, groups)
    _twin.view_in(s.cells, colours, movers, s.turn + 1, engine._RING_G, engine._LINE,
                  engine._SPACE_OF, engine._GRID_OF)


def options(cfg, settings, profile):
    return settings.game_options(cfg, "mabula")


def seed(cfg, now):
    """The random setup's seed: the instant the game starts."""
    return now % 1000000


class Play(Sensing):
    SEATS = "WB"

    def __init__(self, app, rec, now):
        self.expect = bytearray(_CELLS)   # the last accepted position: 0 empty, 1 W, 2 B
        # wrong[]: 1 missing, 2 extra (correction), 0 agrees
        self.must_match = False  # after undo: nothing is accepted before the board matches
        self.hint = bytearray(_CELLS)     # the mover's edge marbles that can move
        self.groups = bytearray(_CELLS)   # at the end: 1 a scoring group, 2 another group
        self.flash = 0
        self.flash_until = now
        self.from_to = bytearray(2)       # the spaces of the push shown, for a person to carry out
        self.setup = not rec["moves"]
        Sensing.__init__(self, app, rec, now, engine, _CELLS)
        self.name = "setup" if self.setup else "game"
        self.moved(now)
        if self.setup:
            app.say("setup: put a marble on every lit edge space")

    # ------------------------------------------------------------ position

    def moved(self, now):
        """The position changed (a move, a forced pass, undo): what the board should
        show now, and whether it does."""
        ses = self.session
        s = ses.state
        # The hints: the mover's edge marbles that can move (none once it is over); those of
        # a seat not at the board too: they breathe until its push is known.
        later = self.app.later
        if ses.over and later is not None:   # the groups once the push's flash shows
            later.append((self._groups, s, None))
        board_view(s, self.expect, self.hint, self.groups if ses.over and later is None else None)
        self.shown = None
        if self.have_seen:
            self._compare(now)
            if self.wrongs:
                self.must_match = True

    def _groups(self, s, now):
        """A game's end: each player's groups, those that score marked 1 (the runner's
        work after the frame that answers the last push: flood fills take a Pico ~10 ms)."""
        engine.board_view(s, self.expect, self.hint, self.groups)

    def _compare(self, now):
        """Which spaces disagree with the last accepted position (setup: the start)."""
        expect, seen, wrong = self.expect, self.seen, self.wrong
        n = 0
        for i in range(_CELLS):   # (one loop: every step that reads a frame runs it)
            if expect[i]:
                w = 0 if seen[i] == 1 else 1
            else:
                w = 0 if seen[i] == 0 else 2
            wrong[i] = w
            if w:
                n += 1
        self.wrongs = n
        if not n:
            self.must_match = False
        if self.setup or self.session.over:
            return
        self.report(now, (n and " ".join([engine.SPACES[i] for i in range(_CELLS) if wrong[i]]))
                    or "")

    def reading(self, occ, now):
        """A stable frame from the sensors."""
        self.seen[:] = occ   # (a frame holds every space)
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
                self._say_turn()
            return
        if ses.over:
            return
        if not self.must_match:
            move = move_from(ses.state, occ)
            if move is not None and ses.away() and move != self.shown:
                move = None                   # not the push shown: put it right
            if move is not None:
                self.app.beep(render.ACCEPT)
                self.flash = engine.space_index(move.split("-")[1])
                self.flash_until = now + _FLASH_MS
                # The frame read is the position the push leaves: moved() has nothing to
                # compare (3 ms of a Pico's answer), the board agrees everywhere.
                self.have_seen = False
                try:
                    ses.play(move, now)
                finally:
                    self.have_seen = True
                if self.wrongs:
                    for i in range(_CELLS):
                        self.wrong[i] = 0
                    self.wrongs = 0
                if not ses.over:
                    self.report(now, "")
                return
        was = self.wrongs
        self._compare(now)
        if was and not self.wrongs:
            self._say_turn()

    def _say_turn(self):
        """Whose turn it is, or the board's push if it has chosen one already (it may
        think during the setup or a correction, whose end must not hide it)."""
        if self.shown is not None:
            self.app.say("%s plays %s: push it in" % (self.session.player(self.session.turn),
                                                     self.shown))
        else:
            self.app.say("%s to move" % self.session.who(self.session.turn))

    # ------------------------------------------------------------ a seat not at the board

    def can_show(self):
        return not self.setup   # once set up: its push is what it says next

    def coming(self, move, now):
        ends = move.split("-")
        self.from_to[0] = engine.space_index(ends[0])
        self.from_to[1] = engine.space_index(ends[1])
        self._say_turn()

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
        if self.shown is not None:
            if blink:
                render.put(f, self.from_to[0], MARBLE[p])
                render.put(f, self.from_to[1], render.WHITE)
            return
        passing = now < ses.pass_until and render.blink(now, 250, 125)
        level = ses.breath(now, 200) if ses.away() else 60   # its move not known yet
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
        if now < self.flash_until:   # the last push, as every push
            render.put(f, self.flash, render.WHITE)

    def seat_name(self, seat):
        """Players are named by colour (session.name)."""
        return "Black" if seat else "White"

    def details(self, out):
        out["expected"] = "".join([".WB"[e] for e in self.expect])
        out["wrong"] = [engine.SPACES[i] for i in range(_CELLS) if self.wrong[i]]
