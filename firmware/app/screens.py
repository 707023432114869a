"""The screens a game opens over its board: the resume offer and the pause.

Resume (screen "resume", after a power cut): the saved position blinks slowly; OK
resumes it (clocks as after the last move), MENU ends it and opens the menu.

Pause (screen "pause", a long press on MENU; the clocks stop): three choices on the
board kind's PAUSE cells - continue (green), undo the last move (yellow, when there is
one; forced passes go back with the move before them), end the game (red). On a board
with a key at every cell a press selects a choice; elsewhere PASS moves the selection.
OK, or pressing the selected choice again, does it; MENU continues."""
from firmware.app import render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_CONTINUE = const(0)
_UNDO = const(1)
_END = const(2)
_COLOURS = (render.GREEN, render.YELLOW, render.RED)


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


class Pause:
    def __init__(self, app, play):
        self.app = app
        self.play = play
        self.name = "pause"
        self.cells = app.board.PAUSE
        self.sel = -1

    def tick(self, now):
        pass

    def _allowed(self, choice):
        return choice != _UNDO or self.play.session.can_undo()

    def event(self, kind, key, now):
        if kind != "down":
            return
        app = self.app
        keys = app.keys
        if key == keys["menu"]:
            self._do(_CONTINUE, now)
        elif key == keys["ok"]:
            self._do(self.sel if self.sel >= 0 else _CONTINUE, now)
        elif key == keys.get("pass"):
            self.sel = (self.sel + 1) % 3
            if not self._allowed(self.sel):
                self.sel += 1
            app.beep(render.SELECT)
        elif app.board.DIRECT and key in self.cells:
            choice = self.cells.index(key)
            if choice == self.sel:
                self._do(choice, now)
            elif self._allowed(choice):
                self.sel = choice
                app.beep(render.SELECT)

    def _do(self, choice, now):
        app, ses = self.app, self.play.session
        if choice == _UNDO and ses.can_undo():
            ses.undo(now)
        elif choice == _END:
            app.end_game(ses, now)
            return
        ses.restart(now)
        app.show(self.play)

    def draw(self, f, now):
        render.clear(f)
        for k in range(3):
            if self._allowed(k):
                render.put(f, self.cells[k], _COLOURS[k])
        if self.sel >= 0 and render.blink(now, 300, 150):
            render.put(f, self.cells[self.sel], render.OFF)
