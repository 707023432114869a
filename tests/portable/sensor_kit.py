"""A scripted sensor board's app (no tests here; used by test_app_marble, test_app_stone,
test_app_opponent): button presses and stable sensor frames in, status and LEDs out.
Runs on CPython and MicroPython; each board gets its own folder."""
from test_app_kit import fresh_dir

from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage

STEP_MS = 20


class SensorBoard:
    def __init__(self, profile, tag, root=None, boot_ms=800, runner=False):
        """``runner``: step as the board's runner does (device.py), the work a step leaves
        for after its frame (app.later) done after it."""
        self.root = root or fresh_dir(tag)
        self.t = 0
        self.later = [] if runner else None
        self.app = make_app(profile, Storage(self.root), 0)
        self.wait(boot_ms)

    def step(self, events):
        self.t += STEP_MS
        app = self.app
        app.later = self.later
        app.step(self.t, events)
        app.later = None
        while self.later:
            work = self.later.pop(0)
            work[0](work[1], work[2])

    def wait(self, ms):
        for _ in range(ms // STEP_MS):
            self.step([])

    def press(self, key):
        self.step([("down", key)])
        self.step([("up", key)])

    def long(self, key):
        self.step([("down", key)])
        self.wait(800)
        self.step([("long", key)])
        self.step([("up", key)])

    def frame(self, cells):
        self.step([("frame", bytes(cells))])

    def status(self):
        return self.app.status()

    def state(self):
        return self.app.play.session.state
