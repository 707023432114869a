"""Morbak's two time limits (docs/rules/morbak.md#the-end), in ms, for the player to move.

``left`` holds both players' game time (chess-clock style: only the mover's runs);
``move_left`` is the countdown of the current turn. A limit that is off is None.
The clock never reads time: the controller spends the ms that passed and plays
``flag`` / ``timeout`` when ``due_ms`` reaches 0 (flag first when both expire
together, since it decides the game). ``run`` does it for a session (session.tick):
a game without limits does not load this module."""
from firmware.app.core import render

NONE = 0
WARN_MOVE = 1   # the move countdown just crossed its warning threshold
WARN_GAME = 2   # the game clock just crossed its warning threshold
TICK = 3        # 4, 3, 2 or 1 s left before a limit
FINAL_MS = 5000  # the last seconds: the heartbeat speeds up, the ticks come


class Clock:
    def __init__(self, game_ms, move_ms, warn_game_ms, warn_move_ms, left=None):
        self.game_ms = game_ms
        self.move_ms = move_ms
        self.warn_game_ms = warn_game_ms
        self.warn_move_ms = warn_move_ms
        if game_ms is None:
            self.left = None
        else:
            self.left = [game_ms, game_ms] if left is None else [left[0], left[1]]
        self.new_turn()

    def new_turn(self):
        self.move_left = self.move_ms
        self.used = 0  # ms spent on this turn (recorded as the move's time)

    def due_ms(self, p):
        """ms until the first limit of player p expires, or -1 when both are off."""
        due = -1 if self.left is None else self.left[p]
        if self.move_left is not None and (due < 0 or self.move_left < due):
            due = self.move_left
        return due

    def due_is_flag(self, p):
        return self.left is not None and (self.move_left is None or self.left[p] <= self.move_left)

    def warning(self, p):
        """True while a limit of p is inside its warning time."""
        return ((self.left is not None and self.warn_game_ms is not None
                 and self.left[p] <= self.warn_game_ms)
                or (self.move_left is not None and self.warn_move_ms is not None
                    and self.move_left <= self.warn_move_ms))

    def spend(self, p, ms):
        """Count ``ms`` (never past the next expiry) against player p; return the
        alert that became due (WARN_GAME, WARN_MOVE, TICK or NONE)."""
        before = self.due_ms(p)
        alert = NONE
        self.used += ms
        if self.move_left is not None:
            m = self.move_left
            self.move_left = m - ms
            if self.warn_move_ms is not None and m > self.warn_move_ms >= self.move_left:
                alert = WARN_MOVE
        if self.left is not None:
            g = self.left[p]
            self.left[p] = g - ms
            if self.warn_game_ms is not None and g > self.warn_game_ms >= self.left[p]:
                alert = WARN_GAME
        after = self.due_ms(p)
        if (
            alert == NONE
            and 0 < after < FINAL_MS - 999
            and (before - 1) // 1000 != (after - 1) // 1000
        ):
            alert = TICK
        return alert

    def spent(self, ses, ms):
        """``ms`` the mover spent where it plays (a far seat's time, told with its
        move), with their alerts; its limits are that side's to keep."""
        _alert(ses.app, self.spend(ses.turn, ms))

    def run(self, ses, dt, now):
        """Count the ``dt`` ms up to ``now`` against the mover of ``ses``; play ``flag`` or
        ``timeout`` at the instant a limit expires, and sound the alerts."""
        app = ses.app
        while not ses.over:
            p = ses.turn
            due = self.due_ms(p)
            if due < 0 or due > dt:
                _alert(app, self.spend(p, dt))
                return
            _alert(app, self.spend(p, due))
            dt -= due
            # The limit expired at now - dt: that is when the engine hears of it.
            flag = self.due_is_flag(p)
            app.beep(render.FLAG if flag else render.TIMEOUT)
            ses.play("flag" if flag else "timeout", now - dt)
            if not flag and not ses.over:
                app.say("%s ran out of move time; %s to move" % (ses.name(p),
                                                                 ses.name(ses.turn)))


def _alert(app, alert):
    if alert == WARN_GAME:
        app.beep(render.WARN_GAME)
    elif alert == WARN_MOVE:
        app.beep(render.WARN_MOVE)
    elif alert == TICK:
        app.beep(render.TICK)
