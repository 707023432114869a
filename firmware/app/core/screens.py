"""The screens a game opens over its board: the resume offer, the pause, the end of a
game by the players, and the score between the games of a match.

Resume (screen "resume", after a power cut): the saved position blinks slowly; OK
resumes it (clocks as after the last move), MENU ends it and opens the menu.

Pause (screen "pause", a long press on MENU; the clocks stop): three choices on the
board kind's PAUSE cells - continue (green), undo the last move (yellow, when there is
one; forced passes go back with the move before them), end the game (red). On a board
with a key at every cell a press selects a choice (it blinks); elsewhere PASS moves
the selection. OK, or pressing the selected choice again, does it; MENU continues.

End (screen "end", from the pause's end): on the same cells, the first player resigns
(the first player's colour: the other wins), a draw agreed (white), the second player
resigns (the second player's colour); chosen as in the pause, MENU goes back to it.
The record keeps the result ("resignation" or "agreement"). A game without a move is
simply dropped. Against a player elsewhere only the seat at the board may resign (their
side resigns there; no draw is agreed here): only its cell is lit.

Score (screen "match", after a game of a match, match.py, and at power-up when the
power went between two games of a match): A's wins as squares in A's
colour from the left of the bottom row of cells, B's from the left of the top row,
draws in white on the middle row; the last cell of the row of the player who starts
the next game blinks in their colour. OK
starts it; MENU leaves the match. When the match is over the winner's row blinks and
OK or MENU opens the menu."""
from firmware.app.core import records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_CONTINUE = const(0)
_UNDO = const(1)
_END = const(2)
_PAUSE_COLOURS = (render.GREEN, render.YELLOW, render.RED)


class Resume:
    def __init__(self, app, play):
        self.app = app
        self.play = play
        self.name = "resume"

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        if kind != "down":
            return
        app, play = self.app, self.play
        if key == app.keys["ok"]:
            ses = play.session
            ses.restart(now)
            app.show(play)
            app.log(now, "resume game %d after %d moves" % (ses.rec["id"], len(ses.rec["moves"])))
            app.beep(render.ACCEPT)
            app.say("resumed; %s to move" % ses.who(ses.turn))
        elif key == app.keys["menu"]:
            app.end_game(play.session, now)

    def draw(self, f, now):
        if render.blink(now, 1200, 800):
            self.play.draw(f, now, True)
        else:
            render.clear(f)


class _Choice:
    """Three choices on the board kind's PAUSE cells: select, then do (see the module
    doc). A subclass gives name, colour(k), allowed(k), do(k, now) and back(now)."""

    def __init__(self, app, play):
        self.app = app
        self.play = play
        board = app.board
        self.cells = board.PAUSE
        self.direct = board.DIRECT
        self.sel = -1 if self.direct else 0   # without keys, PASS moves from the first
        while self.sel >= 0 and not self.allowed(self.sel):
            self.sel += 1

    def tick(self, now):
        pass

    def allowed(self, k):
        return True

    def colour(self, k):
        raise NotImplementedError   # each subclass gives these three

    def do(self, k, now):
        raise NotImplementedError

    def back(self, now):
        raise NotImplementedError

    def event(self, kind, key, now):
        if kind != "down":
            return
        app = self.app
        keys = app.keys
        if key == keys["menu"]:
            self.back(now)
        elif key == keys["ok"]:
            if self.sel >= 0:
                self.do(self.sel, now)
            else:
                self.back(now)
        elif key == keys.get("pass"):
            self.sel = (self.sel + 1) % 3
            while not self.allowed(self.sel):
                self.sel = (self.sel + 1) % 3
            app.beep(render.SELECT)
        elif self.direct and key in self.cells:
            choice = self.cells.index(key)
            if choice == self.sel:
                self.do(choice, now)
            elif self.allowed(choice):
                self.sel = choice
                app.beep(render.SELECT)

    def draw(self, f, now):
        render.clear(f)
        for k in range(3):
            if self.allowed(k):
                render.put(f, self.cells[k], self.colour(k))
        if self.sel >= 0 and render.blink(now, 300, 150):
            render.put(f, self.cells[self.sel], render.OFF)


class Pause(_Choice):
    def __init__(self, app, play):
        _Choice.__init__(self, app, play)
        self.name = "pause"

    def colour(self, k):
        return _PAUSE_COLOURS[k]

    def allowed(self, k):
        return k != _UNDO or self.play.session.can_undo()

    def back(self, now):
        self.do(_CONTINUE, now)

    def do(self, choice, now):
        app, ses = self.app, self.play.session
        if choice == _END:
            if ses.rec["moves"]:
                app.show(End(app, self.play))
                app.beep(render.SELECT)
            else:
                app.end_game(ses, now)
            return
        app.show(self.play)   # first: the undo's note is then the message
        if choice == _UNDO and ses.can_undo():
            ses.undo(now)
        ses.restart(now)


class End(_Choice):
    def __init__(self, app, play):
        _Choice.__init__(self, app, play)
        self.name = "end"

    def colour(self, k):
        return render.WHITE if k == 1 else render.PLAYER[k >> 1]

    def allowed(self, k):
        """A seat played elsewhere (seat_outside.py) resigns there, not here, and no draw
        is agreed with it here: only a seat at the board may resign."""
        players = self.play.session.players
        if k == 1:
            return not (hasattr(players[0], "feed") or hasattr(players[1], "feed"))
        return not hasattr(players[k >> 1], "feed")

    def back(self, now):
        self.app.show(Pause(self.app, self.play))
        self.app.beep(render.CLICK)

    def do(self, choice, now):
        # The first cell: the first seat resigns (the second wins); the middle: a draw.
        winner = None if choice == 1 else 1 - (choice >> 1)
        app, play = self.app, self.play
        ses = play.session
        scores = [0, 0]
        if winner is not None:
            scores[winner] = 1
        reason = "agreement" if winner is None else "resignation"
        res = {"winner": winner, "scores": scores, "reason": reason}
        records.finish(app.storage, ses.rec, res, reason)
        ses.over = True
        ses.turn = -1
        ses.result = res
        app.log(now, "game %d over: %s" % (ses.rec["id"], ses.outcome()))
        app.beep(render.DRAW if winner is None else render.WIN)
        if hasattr(play, "concluded"):   # the controller shows the end
            play.concluded(now)
            app.show(play)
        else:
            after_game(app, now)
        app.say(ses.outcome())


def after_game(app, now):
    """A game is over and the players go on: the match's score when the game belonged
    to one, else the menu."""
    ses = app.play.session
    if "match" in ses.rec and ses.result is not None:
        app.show(Score(app, ses.rec, ses.seats))
    else:
        app.to_menu()


class Score:
    def __init__(self, app, rec, seats):
        """``rec``: the last game's record (with its result), ``seats``: the players'
        names."""
        from firmware.app.core import match
        self.app = app
        self.name = "match"
        self.rec = rec
        self.score = match.score(rec)
        self.over = match.over(rec)
        self.leader = match.leader(rec) if self.over else None
        self.next = None if self.over else match.following(rec)
        self.seats = seats
        self.width = w = app.profile["leds"]["width"]
        self.cells = n = len(app.frame) // 3
        self.rows = (0, n - w)                 # A's wins, B's wins
        self.mid = n // w // 2 * w             # draws
        self.starter = -1 if self.next is None else self.next["first"]

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        if kind != "down":
            return
        app = self.app
        game = self.rec["game"]
        if key == app.keys["ok"] and not self.over:
            app.close_game(game)
            from firmware.app.core import launch
            if launch.new_game(app, game, now, match=self.next) is None:
                app.to_menu()
        elif key == app.keys["ok"] or key == app.keys["menu"]:
            app.beep(render.CLICK)
            app.close_game(game)   # its code too, when the score came at power-up
            app.to_menu()

    def draw(self, f, now):
        render.clear(f)
        w, s, rows = self.width, self.score, self.rows
        blink = render.blink(now, 600, 300)
        for p in range(2):
            if self.leader == p and blink:
                continue
            for k in range(min(s[p], w - 1)):
                render.put(f, rows[p] + k, render.PLAYER[p])
            if self.starter == p and blink:
                render.put(f, rows[p] + w - 1, render.PLAYER[p])   # who starts next
        for k in range(min(s[2], w)):
            render.put(f, self.mid + k, render.WHITE)
