"""A scripted light board for the app's scenarios (no tests here; used by test_app_*).

Key events with times go in (``Board.press``, ``wait``, ``hold``…); the LED frame,
the tones, the engine state (``status()``) and the board's files come out. Runs on
CPython and MicroPython; each board gets its own folder."""
import os
import sys

from firmware.app import settings
from firmware.app.runtime import make_app
from firmware.hal.storage import Storage

PROFILE = {"name": "test", "kind": "light",
           "leds": {"count": 49, "width": 7, "height": 7}}
MENU = 49
OK = 50
STEP_MS = 20
_made = [0]


def sq(name):
    return (ord(name[1]) - 49) * 7 + ord(name[0]) - 97


def fresh_dir(tag):
    """A new empty folder for one board's file system."""
    if sys.implementation.name == "micropython":
        base = "/apptest"
    else:
        import tempfile
        base = tempfile.gettempdir() + "/arbiter-apptest-%d" % os.getpid()
    try:
        os.mkdir(base)
    except OSError:
        pass
    while True:
        _made[0] += 1
        path = "%s/%s-%d" % (base, tag, _made[0])
        try:
            os.mkdir(path)
            return path
        except OSError:
            pass


class Board:
    def __init__(self, tag, cfg=None, root=None, storage=None, t=0, boot=True):
        """A board that powers up at time ``t``; ``cfg`` = settings written first."""
        self.root = root if root is not None else fresh_dir(tag)
        self.storage = storage if storage is not None else Storage(self.root)
        if cfg:
            values = settings.defaults()
            for key in cfg:
                values[key] = cfg[key]
            settings.save(self.storage, values)
        self.t = t
        self.sounds = []
        self.app = make_app(PROFILE, self.storage, t)
        self.sounds += self.app.take_sounds()
        if boot:
            self.wait(600)

    # ---------------------------------------------------------------- input

    def step(self, events=None, ms=STEP_MS):
        self.t += ms
        self.app.step(self.t, events or [])
        self.sounds += self.app.take_sounds()

    def wait(self, ms, chunk=100):
        while ms > 0:
            d = min(ms, chunk)
            self.step(None, d)
            ms -= d

    def press(self, key):
        if isinstance(key, str):
            key = sq(key)
        self.step([("down", key)])
        self.step([("up", key)])

    def hold(self, key):
        """Press and keep ``key`` down (the caller releases it with ``release``)."""
        self.step([("down", key)])

    def release(self, key):
        self.step([("up", key)])

    def long(self, key):
        self.step([("down", key)])
        self.wait(700)
        self.step([("long", key)])
        self.step([("up", key)])

    def move(self, name, confirm=True):
        """One move the way a player makes it: a press, and a second one to confirm."""
        self.press(name)
        if confirm:
            self.press(name)

    def start(self, lite=False):
        """From the menu: choose the variant and start."""
        self.press(sq("b7") if lite else sq("a7"))
        self.press(OK)

    # ---------------------------------------------------------------- output

    def pixel(self, key):
        if isinstance(key, str):
            key = sq(key)
        f = self.app.frame
        return (f[3 * key], f[3 * key + 1], f[3 * key + 2])

    def lit(self):
        """Indices of the LEDs that are not off."""
        f = self.app.frame
        return [i for i in range(len(f) // 3) if f[3 * i] or f[3 * i + 1] or f[3 * i + 2]]

    def status(self):
        return self.app.status()

    def tones(self):
        out = self.sounds
        self.sounds = []
        return out

    def events_log(self):
        return self.storage.read_text("events.log", "")

    def reboot(self, storage=None, boot=True):
        """Power comes back: a new app over the same files, time starting again at 0."""
        return Board(None, root=self.root, storage=storage or Storage(self.root), boot=boot)


def has(tones, wanted):
    """True when the tone sequence ``wanted`` occurs in ``tones``."""
    wanted = list(wanted)
    n = len(wanted)
    for i in range(len(tones) - n + 1):
        if list(tones[i:i + n]) == wanted:
            return True
    return False
