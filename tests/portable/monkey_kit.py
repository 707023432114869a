"""Random sequences of what people do to a board - buttons pressed and held, cells
pressed, sensor frames both random and plausible (a legal move made, a stone put down
and turned, a tile put on a slot or the pad), time passing, the power going - for any
board kind (no tests here; used by test_app_monkey and tests/test_app_monkey_props.py),
checking after each that the board explains what it shows (legend_kit).

``pick(n)`` chooses a number below n: the seeded generator on both interpreters, or
hypothesis on CPython (which then shrinks a failing sequence). Every action returns
what it did, so a failure can name the sequence that led to it."""
import sys

from board_kit import AnyBoard
from legend_kit import check

from firmware.app.core import settings
from firmware.app.core.runtime import make_app

_CELLS = {"marble": 60, "stone": 61, "tile": 64}
_WAITS = (20, 100, 700, 2500, 7000)


class Monkey(AnyBoard):
    def __init__(self, kind, tag, cfg=None):
        AnyBoard.__init__(self, kind, tag, cfg)
        self.buttons = sorted(self.app.keys)
        self.cells = _CELLS.get(kind, 0)
        self.reading = bytearray(self._empty())
        self.playing = False

    def _empty(self):
        if self.kind == "tile":
            return [8] * (2 * self.cells)
        return [0] * self.cells

    # ------------------------------------------------------------------ actions

    def act(self, pick):
        """One thing a person does; returns it as text. A player (``self.playing``)
        mostly makes moves; anyone else does anything."""
        if self.playing and self.app.play is not None and self.app.screen is self.app.play \
                and pick(5):
            return self.move(pick)
        what = pick(20)
        if what < 3 and self.app.screen.name == "menu" and not self.app.board.DIRECT:
            return self.choose(pick)
        if what < 6:
            name = self.buttons[pick(len(self.buttons))]
            self.press(name)
            return "press " + name
        if what < 8:
            name = "menu" if pick(2) else self.buttons[pick(len(self.buttons))]
            self.long(name)
            return "long " + name
        if what < 10:
            ms = _WAITS[pick(len(_WAITS))]
            self.wait(ms)
            return "wait %d" % ms
        if what == 10:
            self.power_cut()
            return "power cut"
        if what == 11:                       # keys down and up in one step, in any order
            events = []
            for _ in range(2 + pick(3)):
                name = self.buttons[pick(len(self.buttons))]
                events.append((("down", "up", "long")[pick(3)], self.key(name)))
            self.step(events)
            return "keys " + " ".join(["%s %d" % e for e in events])
        if self.kind == "light":
            cell = pick(49)
            self.press(cell)
            return "press cell %d" % cell
        before = bytes(self.reading)
        if what < 14:
            self.random_frame(pick)
        else:
            self.plausible_frame(pick)
        self.step([("frame", bytes(self.reading))])
        return "frame" + _changes(before, self.reading)

    def choose(self, pick):
        """An entry of a menu without keys under its cells chosen as a person does: PASS
        until it blinks, then OK."""
        menu = self.app.screen
        entry = pick(menu.entries)
        while self.app.screen is menu and menu.sel != entry:
            self.press("pass")
        self.press("ok")
        return "choose entry %d" % entry

    def move(self, pick):
        """A legal move made as a person makes it (or the board's own, carried out)."""
        ses = self.app.play.session
        engine = ses.engine
        moves = [] if ses.over else engine.legal_moves(ses.state)
        if not moves or moves == ["<free>"] or pick(6) == 0:
            name = self.buttons[pick(len(self.buttons))]
            if name != "menu":
                self.press(name)
            return "press " + name
        m = moves[pick(len(moves))]
        if ses.away() and pick(4):    # the board's move, carried out
            play = self.app.play
            m = play.shown or m
            bot = getattr(play, "bot", None)
            if bot is not None and bot.move:
                m = bot.move
        if m in ("pass", "swap", "draw", "timeout", "flag"):
            if m in self.app.keys:
                self.press(m)
            return "press " + m
        if self.kind == "light":
            cell = (ord(m[-1]) - 49) * 7 + ord(m[-2]) - 97
            self.press(cell)
            self.press(cell)
            return "move " + m
        before = bytes(self.reading)
        if self.kind == "tile" and len(self.app.play.expect) == 27:
            self._mano(m, pick)
        elif self.kind == "tile":
            self.plausible_frame(pick)
        else:
            getattr(self, "_" + self.kind)(self.app.play, pick, m)
        self.step([("frame", bytes(self.reading))])
        self.wait(400)
        return "move %s: frame%s" % (m, _changes(before, self.reading))

    def _mano(self, m, pick):
        play = self.app.play
        r = self.reading
        tile = m.split(" ")[-1].split(":")[-1][-3:]
        if m.startswith("reveal"):
            cell = 27
        elif m[0] == "L":
            cell = play.next_l if play.next_l >= 0 else 27
        elif m[0] == "R":
            cell = play.next_r if play.next_r >= 0 else 27
        else:                               # the lead, its seat named
            cell = 0
            self.press("left" if m.startswith("0:") else "right")
        lo, hi = int(tile[0]), int(tile[2])
        r[2 * cell], r[2 * cell + 1] = (lo, hi) if pick(2) else (hi, lo)
        if cell == 27 and m[0] in "LR":
            self.step([("frame", bytes(r))])
            self.press("left" if m[0] == "L" else "right")

    def power_cut(self):
        """The power goes and comes back: a new app over the same files."""
        self.t = 0
        self.app = make_app(self.app.profile, self.storage, 0)
        self.wait(800)
        if self.kind != "light":
            self.step([("frame", bytes(self.reading))])

    def check(self):
        """What the tools ask of a board (the simulator's side panel) works too, and its
        legend explains every lit cell and names every button (legend_kit)."""
        check(self.app)
        assert self.storage.read_text("crash.log") is None

    # ------------------------------------------------------------------ frames

    def random_frame(self, pick):
        """Some readings changed to anything a sensor may read (out of range too)."""
        top = {"marble": 2, "stone": 4, "tile": 10}[self.kind]
        n = len(self.reading)
        for _ in range(1 + pick(4)):
            self.reading[pick(n)] = pick(top)
        if pick(8) == 0:
            for i in range(n):
                self.reading[i] = pick(top)

    def plausible_frame(self, pick):
        """What the board expects, often with one move made as a person makes it."""
        play = self.app.play
        if play is None:
            if pick(2):
                self.reading = bytearray(self._empty())
            return
        getattr(self, "_" + self.kind)(play, pick)

    def _marble(self, play, pick, move=None):
        from firmware.rules import mabula
        s = play.session.state
        moves = mabula.legal_moves(s)
        if move is None and moves and pick(3):
            move = moves[pick(len(moves))]
        if move is not None and move != "pass":
            s = mabula.play(s, move)
        occ = mabula.occupancy(s) if not play.setup or pick(2) else play.expect
        for i in range(60):
            self.reading[i] = 1 if occ[i] else 0

    def _stone(self, play, pick, move=None):
        from firmware.rules import fursaz
        s = play.session.state
        want = play.expect
        moves = [m for m in fursaz.legal_moves(s) if m not in ("pass", "swap")]
        if move is None and moves and pick(3):
            move = moves[pick(len(moves))]
        if move is not None:
            m = move
            after = fursaz.board(fursaz.play(s, m))
            if pick(2):    # put down only: the flips still to make
                want = bytearray(play.expect)
                want[play.index[m]] = play.mover
            else:          # and turned
                want = bytearray([".BW".find(after.get(p, ".")) for p in play.points])
        elif pick(2):
            want = play.target
        for i in range(len(want)):
            self.reading[i] = want[i]

    def _tile(self, play, pick):
        r = self.reading
        expect = play.expect
        mano = len(expect) == 27                    # Mano a Mano's track, or Masbrur's field
        first = 0 if mano else 28
        for i in range(len(expect)):
            k = expect[i]
            a, b = (8, 8) if k == 255 else (k >> 3, k & 7)
            r[2 * (first + i)] = a
            r[2 * (first + i) + 1] = b
        if pick(3):                                 # a tile put where play goes on
            if mano:
                cells = (0, play.next_l, play.next_r, 27, 28 + pick(32))
            else:
                row = 28 + 4 * pick(8)
                cells = (row, row + 3, 27, 60 + pick(4), row + 1 + pick(2))
            cell = cells[pick(len(cells))]
            if cell >= 0:
                top = 7 if mano else 8
                r[2 * cell] = pick(top)
                r[2 * cell + 1] = pick(top)
        if pick(3) == 0:                            # the pad cleared
            r[54] = r[55] = 8


def _changes(before, after):
    """The cells of a new frame that read differently, as ' cell=reading'."""
    return "".join([" %d=%d" % (i, after[i]) for i in range(len(after)) if after[i] != before[i]])


def settings_for(kind, pick):
    """Settings a board may have: the board playing a seat or not, at a quick level;
    the tile board's game."""
    games = {"light": ("morbak",), "marble": ("mabula",), "stone": ("fursaz",),
             "tile": ("mano", "masbrur")}[kind]
    cfg = {}
    if kind == "tile":
        cfg["game"] = games[pick(2)]
    for game in games:
        seats = ("off", "W", "B") if game == "mabula" else ("off", "A", "B")
        cfg[game + ".opponent"] = seats[pick(3)]
        cfg[game + ".level"] = 1
    if pick(3) == 0:                      # and one setting at an edge of its range
        from test_app_ranges import _extremes
        keys = sorted([k for k in settings.schema(games)
                       if not k.endswith((".level", ".opponent"))])
        key = keys[pick(len(keys))]
        values = _extremes(key)
        cfg[key] = values[pick(len(values))]
    return cfg


def run(kind, pick, actions, tag="monkey"):
    """A board of ``kind`` with random settings put through ``actions`` random actions;
    an exception names the sequence that led to it."""
    b = Monkey(kind, tag, settings_for(kind, pick))
    b.playing = pick(3) > 0
    done = []
    for _ in range(actions):
        try:
            done.append(b.act(pick))
            b.check()
        except Exception as e:
            if hasattr(sys, "print_exception"):   # MicroPython: where it happened
                sys.print_exception(e)
            raise AssertionError("%s board, after %s: %s: %s" % (
                kind, "; ".join(done[-12:]), type(e).__name__, e))
    return b

