"""Whole games on a sensor board's app, on the board's own file system, with a mark at each
input that writes (sent as code to the emulated Pico by tests/test_pico_powercut.py, after
tests/pico_board_moves.py or tests/pico_masbrur_moves.py; prefixed with PROFILE, SEED,
GAMES, SETTING and MARK_PIN).

The app runs as on the board, over the flash at / (what the board resumes from after a
power cut), fed the stable frames its sensors would give and its buttons: from the menu, a
setting changed (``SETTING``: the menu entry whose OK saves the settings), then ``GAMES``
games started from the menu, each played to its end (its record written) or for the number
of moves given. Just before each input that writes to the flash (the OK that saves the
setting, the OK that starts a game, each move) the script raises MARK_PIN: the emulator
notes the instant in its flash journal. Prints one JSON line: for each mark, what was done
and what the flash must hold once it is done (``["setting", KEY, VALUE]``,
``["start", ID]``, ``["move", ID, MOVES, OVER]``), and each game's moves."""
import json

from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import Rng

try:
    import machine
except ImportError:       # CPython, for a dry run on the host: no marks
    machine = None


class Driver:
    def __init__(self, profile, pin):
        self.pin = machine.Pin(pin, machine.Pin.OUT, value=0) if machine else None
        self.app = make_app(profile, Storage(), 0)
        self.t = 0
        self.marks = []
        self.step(None, 800)

    def step(self, ev, ms=500):
        self.t += ms
        self.app.step(self.t, [ev] if ev else [])

    def mark(self, what):
        if self.pin is not None:
            self.pin.on()
            self.pin.off()
        self.marks.append(what)

    def press(self, name):
        self.step(("down", self.app.keys[name]), 100)

    def choose(self, entry):
        """Move the menu's selection to ``entry`` (picks, start, items: menu.py)."""
        menu = self.app.screen
        for _ in range((entry - menu.sel) % menu.entries):
            self.press("pass")

    def change_setting(self, name):
        """Through the menu: pick the game or variant that changes ``name``, or switch the
        item ``name``."""
        picks = self.app.screen.picks             # (cell, colour, ((key, value), ...))
        cfg = self.app.cfg
        other = [(k, v) for k in range(len(picks)) for key, v in picks[k][2]
                 if key == name and v != cfg[name]]
        if other:                                 # the pick not chosen yet
            self.choose(other[0][0])
            value = other[0][1]
        else:
            items = [i[0] for i in self.app.board.ITEMS]
            self.choose(len(picks) + 1 + items.index(name))
            self.press("ok")
            self.press("pass")
            value = self.app.screen.value
        self.mark(["setting", name, value])
        self.press("ok")
        assert cfg[name] == value

    def start(self):
        self.choose(len(self.app.screen.picks))
        self.mark(["start", None])
        self.press("ok")
        ses = self.app.play.session
        self.marks[-1][1] = ses.rec["id"]
        return ses

    def play(self, ses, rng, cap):
        """Moves until the game ends or ``cap`` moves (the moves of a pass the board plays
        itself come with the move before); then back to the menu."""
        engine = ses.engine
        s = ses.state
        for ev in first_events(engine, s):  # noqa: F821 (the moves script sent before)
            self.step(ev)
        moves = ses.rec["moves"]
        played = 0
        while not engine.is_over(s) and played < cap:
            m = pick(engine, rng, s)  # noqa: F821
            self.mark(["move", ses.rec["id"], 0, False])
            n = len(moves)
            for ev in move_events(self.app, engine, s, m):  # noqa: F821
                self.step(ev)
            assert moves[n:n + 1] == [m], (m, moves[-3:])
            s = ses.state                         # with the passes the board played itself
            played += 1
            self.marks[-1][2:] = [len(moves), engine.is_over(s)]
        if engine.is_over(s):
            self.step(None, 3000)
            self.press("ok")                      # the end screen: back to the menu
        return list(moves)


def main(profile, seed, games, setting, pin):
    d = Driver(profile, pin)
    d.change_setting(setting)
    rng = Rng(seed)
    played = []
    for cap in games:
        ses = d.start()
        played.append(d.play(ses, rng, cap))
        ses = None
    return {"marks": d.marks, "games": played}


print(json.dumps(main(PROFILE, SEED, GAMES, SETTING, MARK_PIN)))  # noqa: F821 (the sender's)
