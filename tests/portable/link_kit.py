"""A board of any kind run by its device runner (firmware/app/core/device.py) with its USB
serial a wires.Serial the test speaks through as the computer does in a remote game
(firmware/app/core/link.py), its inputs given as the events its drivers would give (no
tests here; used by test_app_link.py). Runs on CPython and MicroPython; each board gets
its own folder, which a second board (a power cut) can boot over."""
import json

from stone_kit import PROFILE5 as STONE
from test_app_kit import fresh_dir
from test_trace_light import PROFILE as LIGHT
from test_trace_marble import PROFILE as MARBLE
from tile_kit import PROFILE as TILE

from firmware import catalogue
from firmware.app import explain
from firmware.app.core import crash, device, settings
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage
from firmware.hal.wires import Serial, Wires

PROFILES = {"light": LIGHT, "marble": MARBLE, "stone": STONE, "tile": TILE}
TICK_MS = 10


class Events:
    """An input source handing the events a test queued (presses, sensor frames)."""

    def __init__(self):
        self.queue = []

    def scan(self, now):
        pass

    def pending(self):
        return len(self.queue) > 0

    def take_events(self):
        out, self.queue = self.queue, []
        return out


class Linked:
    def __init__(self, kind, tag=None, cfg=None, root=None):
        """A board of ``kind`` powered up (over ``root``'s files when given: the same
        board again), after its boot sweep; ``cfg``: settings written first."""
        self.kind = kind
        self.profile = PROFILES[kind]
        self.root = root if root is not None else fresh_dir(tag)
        self.storage = Storage(self.root)
        if cfg:
            values = settings.load(self.storage, catalogue.games_on(kind))
            values.update(cfg)
            settings.save(self.storage, values)
        wires = Wires(self.profile)
        drivers = hal_profile.build_micropython(self.profile, wires.machine, wires.neopixel,
                                                sleep_us=self._no_sleep)
        self.events = Events()
        drivers.sources = (self.events,)
        self.runner = device.Runner(make_app, self.profile, self.storage, drivers, crash)
        self.port = self.runner.port = Serial()
        self.t = 0
        self.runner.start(0)
        self.run(800)

    @staticmethod
    def _no_sleep(us):
        pass

    @property
    def app(self):
        return self.runner.app

    def run(self, ms):
        end = self.t + ms
        while self.t < end:
            self.t += TICK_MS
            self.runner.tick(self.t)
            assert self.runner.crashed_at is None, repr(self.runner.error)

    # ---------------------------------------------------------------- the computer

    def send(self, line, ms=TICK_MS):
        """The computer sends one line (without "@A "), then the board runs ``ms``."""
        self.port.inbox.extend(("@A " + line + "\n").encode())
        self.run(ms)

    def heard(self):
        """The lines the board sent since last asked, without "@A "."""
        lines = [line[3:] for line in self.port.take().split("\n") if line.startswith("@A ")]
        return lines

    def answer(self, word):
        """The payload of the last line the board sent starting with ``word``."""
        found = [line for line in self.heard() if line.split(" ", 1)[0] == word]
        assert found, "the board sent no %s" % word
        return found[-1][len(word) + 1:]

    def start(self, code, game, options, far, moves=(), seed=0, move_ms=None, clock_ms=None):
        moves = list(moves)
        self.send("start " + json.dumps({
            "code": code, "game": game, "options": options, "seed": seed, "far": far,
            "moves": moves, "move_ms": move_ms or [0] * len(moves),
            "clock_ms": clock_ms or [None] * len(moves)}), 100)

    # ---------------------------------------------------------------- the person

    def key(self, name):
        return self.app.keys[name] if isinstance(name, str) else name

    def press(self, name, ms=100):
        k = self.key(name)
        self.events.queue += [("down", k)]
        self.run(TICK_MS)
        self.events.queue += [("up", k)]
        self.run(ms)

    def hold(self, name):
        k = self.key(name)
        self.events.queue += [("down", k)]
        self.run(900)
        self.events.queue += [("long", k)]
        self.run(TICK_MS)
        self.events.queue += [("up", k)]
        self.run(100)

    def frame(self, frame, ms=100):
        self.events.queue += [("frame", bytes(frame))]
        self.run(ms)

    def status(self):
        return explain.status(self.app)

    def session(self):
        return self.app.play.session
