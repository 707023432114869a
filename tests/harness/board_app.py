"""A board with its app running as on a board, on the WebAssembly MicroPython under Node
(tests/harness/board_app.mjs): the device runner over simulated wiring, its USB serial a
socket (so `arbiter online --port socket://...` speaks to it as to a board on USB), and
the person at it played by a robot: on its player's turn it chooses a move (firmware.ai)
and makes it as a person would - a press on the light board, the sensor frames of a
marble pushed in or a stone put down and its flips turned (tests/pico_board_moves.py) -
and it carries out every move the board shows for the far seat. Inputs reach the app as
the events its drivers give (their own filtering is tested elsewhere).

Node calls ``boot(kind, level)`` at each power-up and ``tick(now_ms, received)`` every few
ms of real time: ``received`` is what the socket brought; the reply (JSON) holds what the
board wrote to its serial and whether it wrote a file."""
import json

from firmware import ai
from firmware.app import explain
from firmware.app.core import crash, device
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage
from firmware.hal.wires import Serial, Wires
from firmware.rules import Rng
from firmware.rules import mano_observed as observed
from firmware.rules import mano_seat
import pico_board_moves as moves
import pico_masbrur_moves as masbrur_moves
from pico_board_moves import FRAMES, stones

STEP_MS = 300    # between two things the robot does


class Events:
    """Events due at given times: [t, event]."""

    def __init__(self):
        self.queue = []
        self.now = 0

    def scan(self, now):
        self.now = now

    def pending(self):
        return bool(self.queue) and self.queue[0][0] <= self.now

    def take_events(self):
        out = []
        while self.queue and self.queue[0][0] <= self.now:
            out.append(self.queue.pop(0)[1])
        return out

    def add(self, t, events):
        for ev in events:
            self.queue.append([t, ev])
            t += STEP_MS
        return t


class Files(Storage):
    dirty = False

    def _write(self, path, text):
        self.dirty = True
        Storage._write(self, path, text)

    def remove(self, name):
        self.dirty = True
        Storage.remove(self, name)


class Robot:
    """The person at the board (see the module's text)."""

    def __init__(self, board, level):
        self.board = board
        self.level = level
        self.done = None      # (what, ply) last acted on
        self.on = True

    def tick(self, now):
        b = self.board
        app = b.runner.app
        if not self.on or app is None or b.events.queue:
            return
        if app.screen.name == "resume":
            ok = app.keys["ok"]
            return self._act(now, ("resume", 0), [("down", ok), ("up", ok)])
        play = app.play
        if play is None or app.screen is not play:
            return
        ses = play.session
        if "online" not in ses.rec or ses.over:
            return
        game, state, ply = ses.rec["game"], ses.state, len(ses.rec["moves"])
        if game == "mano":
            return self.mano(now, app, play, ses)
        if (play.name == "setup" or getattr(play, "wrongs", 0)     # put the pieces as it says
                or (game == "masbrur" and not play.have_seen)):    # the field laid first
            return self._act(now, ("position", ply), self.position(app, game, state))
        far = ses.rec["online"][1]
        if ses.turn == 1 - far:
            move = self.choose(game, state, ply)
            return self._act(now, ("move", ply), self.events(app, game, state, move))
        if getattr(play, "shown", None) is not None and b.profile["kind"] != "light":
            return self._act(now, ("carry", ply), self.events(app, game, state, play.shown,
                                                               False))

    def choose(self, game, state, ply):
        """Its player's move: Masbrur's drawn without the equipment phase's long list."""
        if game == "masbrur":
            return masbrur_moves.choose(self.board.runner.app.play.session.engine,
                                        Rng(ply + 1), state)
        return ai.choose(game, state, self.level, ply + 1)

    def mano(self, now, app, play, ses):
        """Mano a Mano: its own tiles are what the computer said (link.hand); the far
        player's are taken from the box and put where the board shows."""
        state, ply, own = ses.state, len(ses.rec["moves"]), 1 - ses.rec["online"][1]
        engine = ses.engine
        if play.phase == "lead" and not play.cleared:   # the last hand's tiles taken off
            for c in range(54):
                moves._TILES[c] = 8
            moves._ENDS[0] = moves._ENDS[1] = 0
            return self._act(now, ("clear", ply), [("frame", bytes(moves._TILES))])
        if play.wrongs:       # the line put back as the board shows it (after a power cut)
            return self._act(now, ("track", ply), [("frame", self.mano_track(play))])
        if play.bot.move is not None:
            return self._act(now, ("carry", ply), FRAMES["mano"](app, engine, state,
                                                                  play.bot.move))
        hand = app.link.hand
        tiles = hand.split(" ") if hand else []
        if hand is None or len(tiles) != observed.owed(state, own):
            return      # the computer has not said this hand's tiles yet
        move = None
        if play.phase == "reveal" and ses.turn == own:
            move = "reveal %d %s" % (own, tiles[0])
        elif play.phase == "lead" and ses.turn < 0 and play.leader == own:
            move = "%d:%s" % (own, mano_seat.own_lead(tiles))
        elif play.phase != "reveal" and ses.turn == own:
            view = mano_seat.seat_view(state, own, tiles)
            move = ai.choose("mano", view, self.level, ply + 1)
        if move is not None:
            self._act(now, ("move", ply), FRAMES["mano"](app, engine, state, move))

    @staticmethod
    def mano_track(play):
        """The track's contacts with the line on it where the board expects it."""
        for c in range(27):
            k = play.expect[c]
            moves._TILES[2 * c] = 8 if k == 255 else k >> 3
            moves._TILES[2 * c + 1] = 8 if k == 255 else k & 7
        for side in (0, 1):
            moves._ENDS[side] = len([c for c in range(1 + 13 * side, 14 + 13 * side)
                                     if play.expect[c] != 255])
        return bytes(moves._TILES)

    def _act(self, now, what, events):
        if what != self.done:
            self.done = what
            self.board.events.add(now + STEP_MS, events)

    def events(self, app, game, state, move, wall=True):
        engine = self.board.runner.app.play.session.engine
        if game == "morbak":
            return self._press(app, engine, state, move)
        if game == "masbrur":    # a far player's push: their wall is not on this board
            return masbrur_moves.events(app, engine, state, move, wall)
        return FRAMES[game](app, engine, state, move)

    @staticmethod
    def _press(app, engine, state, move):
        """The square's press (twice with the confirm step: select, then play)."""
        times = 2 if app.cfg["morbak.confirm"] else 1
        for i in range(49):
            if engine.press_action(state, i) == move:
                return [("down", i), ("up", i)] * times
        for i in range(49):        # a move pressed another way: any move a press makes
            if engine.press_action(state, i) is not None:
                return [("down", i), ("up", i)] * times
        return []

    @staticmethod
    def position(app, game, state):
        engine = app.play.session.engine
        if game == "mabula":
            return [("frame", engine.occupancy(state))]
        if game == "fursaz":
            return [("frame", stones(app.play.points, engine.board(state)))]
        if game == "masbrur":
            return [masbrur_moves.field_frame(state)]
        return []


class Board:
    def __init__(self, level):
        self.profile = hal_profile.load("profile.json")
        wires = Wires(self.profile)
        drivers = hal_profile.build_micropython(self.profile, wires.machine, wires.neopixel,
                                                sleep_us=self._no_sleep)
        self.events = Events()
        drivers.sources = (self.events,)
        self.storage = Files()
        self.runner = device.Runner(make_app, self.profile, self.storage, drivers, crash)
        self.port = self.runner.port = Serial()
        self.robot = Robot(self, level)
        self.runner.start(0)

    @staticmethod
    def _no_sleep(us):
        pass

    def tick(self, now, received):
        if received:
            self.port.inbox.extend(received.encode())
        self.runner.tick(now)
        self.robot.tick(now)
        out = {"out": self.port.take(), "dirty": self.storage.dirty}
        self.storage.dirty = False
        return json.dumps(out)

    def status(self):
        r = self.runner
        if r.app is None:
            return json.dumps({"screen": "error", "error": repr(r.error)})
        out = explain.status(r.app)
        out.pop("legend", None)
        return json.dumps(out)


BOARD = None


def boot(level=1):
    global BOARD
    BOARD = None
    BOARD = Board(level)
    return BOARD.tick(0, "")


def tick(now, received):
    return BOARD.tick(now, received)


def status():
    return BOARD.status()


def robot(on):
    BOARD.robot.on = on
    return "{}"
