"""Any board kind's app driven by its buttons by name, its cells and its sensor frames
(no tests here; used by test_app_ranges and test_app_monkey). Runs on CPython and
MicroPython; each board gets its own folder."""
from stone_kit import PROFILE5
from test_app_kit import PROFILE as LIGHT
from test_app_kit import fresh_dir
from test_trace_marble import PROFILE as MARBLE
from tile_kit import PROFILE as TILE

from firmware import catalogue
from firmware.app import explain
from firmware.app.core import settings
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage

PROFILES = {"light": LIGHT, "marble": MARBLE, "stone": PROFILE5, "tile": TILE}
KINDS = ("light", "marble", "stone", "tile")
STEP_MS = 20


class AnyBoard:
    def __init__(self, kind, tag, cfg=None):
        """A board of ``kind`` powered up, after its boot sweep; ``cfg``: settings
        written first."""
        self.kind = kind
        self.storage = Storage(fresh_dir(tag))
        if cfg:
            values = settings.defaults(catalogue.games_on(kind))
            values.update(cfg)
            settings.save(self.storage, values)
        self.t = 0
        self.app = make_app(PROFILES[kind], self.storage, 0)
        self.wait(800)

    def step(self, events=(), ms=STEP_MS):
        self.t += ms
        self.app.step(self.t, list(events))
        self.app.take_sounds()

    def wait(self, ms):
        while ms > 0:
            self.step((), min(ms, 100))
            ms -= 100

    def key(self, name):
        """A button's key number by its name, or a cell's number as it is."""
        return self.app.keys[name] if isinstance(name, str) else name

    def press(self, name):
        k = self.key(name)
        self.step([("down", k)])
        self.step([("up", k)])

    def long(self, name):
        k = self.key(name)
        self.step([("down", k)])
        self.wait(800)
        self.step([("long", k)])
        self.step([("up", k)])

    def status(self):
        return explain.status(self.app)

    def open_item(self, k):
        """From the main menu, the editor of the board's menu item ``k``."""
        board = self.app.board
        if board.DIRECT:
            self.press(board.ITEMS[k][1])
            return
        entry = len(self.app.screen.picks) + 1 + k   # the selection's order: picks, start, items
        while self.app.screen.sel != entry:
            self.press("pass")
        self.press("ok")
