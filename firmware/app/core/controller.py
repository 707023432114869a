"""The one shape of a game's controller on a board (firmware/catalogue.py names one per
game and board kind): the screen "game" over a session (session.py), which keeps the
record, the saving, the clocks, undo and the seats.

What every controller does is here, once: a sensor frame goes to ``reading``; a long
MENU pauses; only key-downs count; once the game is over PASS shows the scores (where
the board has PASS) and OK or MENU go on (the match's score, or the menu). Each tick
counts the time, asks the seat to move when it is not at this board (the board's own
play, someone elsewhere: seats.py) and hands its move to ``coming``, and gives a frame
that came while another screen was shown. ``status()`` is the session's (status.py)
with ``details(out)`` added. A sensor board's controller is a Sensing (sensing.py).

A controller says only what is its board's and its game's:
    SEATS            the seats' one-letter names ("AB"; Mabula's "WB")
    options(cfg, settings, profile), seed(cfg, now)   (module functions) a new game's
    press(key, now)  a key while the game is on
    reading(frame, now)   a stable sensor frame (the sensor boards)
    coming(move, now)     the move of a seat not at the board: shown for a person to
                     carry out (the sensor boards), or played (the light board). On that
                     seat's turn nothing else may be taken.
    moved(now)       the position changed (the session's view)
    draw(f, now, still)   the board (no allocation); ``still``: no turn indicator
    details(out)     its part of status() (``legal()``: where the engine's list is too long)
    score(value)     (optional) a score as the players count it (Masbrur's halves)
and may set SHOW_MS: how long after the turn's start the move of a seat not at the
board is shown (a move at once would be missed)."""
from firmware.app.core import render
from firmware.app.core.session import Session


class Play:
    SHOW_MS = 0

    def __init__(self, app, rec, now, engine):
        """Raises ValueError when the record's options or moves are not valid."""
        self.app = app
        self.keys = app.keys
        self.name = "game"
        self.scores = False      # the end: the scores shown (PASS)
        self.shown = None        # the move of a seat not at the board, being carried out
        self.frame_ref = None    # the sensor frame (bytes) last taken
        # (getattr: every controller has SEATS; a default here would cost the board a name)
        self.session = Session(app, engine, rec, now, getattr(self, "SEATS"))
        self.session.view = self

    # ------------------------------------------------------------ input

    def event(self, kind, key, now):
        if kind == "frame":
            self.frame_ref = key
            self.reading(key, now)
            return
        keys, ses = self.keys, self.session
        if kind == "long":
            if key == keys["menu"] and not ses.over:
                self.pause()
            return
        if kind != "down":
            return
        if ses.over:
            self.ended(key, now)
        else:
            self.press(key, now)

    def ended(self, key, now):
        """A key once the game is over."""
        keys = self.keys
        if key == keys.get("pass"):
            self.scores = not self.scores
        elif key == keys["menu"] or key == keys["ok"]:
            from firmware.app.core import screens
            screens.after_game(self.app, now)

    def pause(self):
        self.app.pause(self)

    def press(self, key, now):
        pass

    def reading(self, frame, now):
        pass

    def can_show(self):
        """Can the move of a seat not at the board be taken now (the marble board: not
        while it is being set up)?"""
        return True

    def tick(self, now):
        ses = self.session
        ses.tick(now)
        if self.shown is None and ses.away() and self.can_show():
            move = ses.ask(now)
            if move is not None and now - ses.turn_at >= self.SHOW_MS:
                self.shown = move
                self.coming(move, now)
        last = self.app.last_frame
        if last is not None and last is not self.frame_ref:
            self.event("frame", last, now)   # a frame that came while another screen was shown

    def coming(self, move, now):
        """The move of a seat not at the board (see the module's text): played here."""
        self.app.beep(render.ACCEPT)
        self.session.play(move, now)

    def moved(self, now):
        self.shown = None

    def told(self, word):
        """The computer told a remote game's board something new (a link line: ``word``
        is its first word, e.g. "wall"), which the board may need to say again."""

    # ------------------------------------------------------------ for tools

    def status(self):
        from firmware.app.core.status import session_status
        out = session_status(self.session, self.legal())
        out["thinking"] = self.session.away() and self.shown is None
        self.details(out)
        return out

    def status_view(self):
        """Does a view of its own cover the board (the light board's budgets and clocks)?"""
        return False

    def legal(self):
        """(moves, count) for status() where the engine's list is too long to build, or
        None: the engine's."""
        return None

    def details(self, out):
        pass
