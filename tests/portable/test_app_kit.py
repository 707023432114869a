"""A scripted light board for the app's scenarios (no tests here; used by test_app_*).

Key events with times go in (``Board.press``, ``wait``, ``hold``…); the LED frame,
the tones, the engine state (``status()``) and the board's files come out. Runs on
CPython and MicroPython; each board gets its own folder."""
import os
import sys

from check import eq

from firmware import catalogue
from firmware.app.core import settings
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage

PROFILE = {"name": "test", "kind": "light",
           "leds": {"count": 49, "width": 7, "height": 7}}
MENU = 49
OK = 50
STEP_MS = 20
_made = [0]
_base = [None]


def sq(name):
    return (ord(name[1]) - 49) * 7 + ord(name[0]) - 97


def fresh_dir(tag, base=None):
    """A new empty folder for one board's file system (on CPython under a temporary
    folder removed at exit; on MicroPython under /apptest)."""
    if base is None:
        base = _base[0]
    if base is None:
        if sys.implementation.name == "micropython":
            base = "/apptest"
            try:
                os.mkdir(base)
            except OSError:
                pass
        else:
            import atexit
            import shutil
            import tempfile
            base = tempfile.mkdtemp(prefix="arbiter-apptest-")
            atexit.register(shutil.rmtree, base, True)
        _base[0] = base
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
            values = settings.defaults(catalogue.games_on("light"))
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
        """The app's status with what the board explains (message, legend): the tools'
        words (firmware/app/explain/), which a board never holds."""
        from firmware.app import explain
        return explain.status(self.app)

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


# -------------------------------------------------------------------- power cuts

class PowerCut(Exception):
    """The power went off in the middle of a write."""


class CutStorage(Storage):
    """Storage whose ``cut_write``-th byte write (counting from 0) stops after
    ``cut_byte`` bytes, as a power cut would; -1 never cuts. Remembers the last
    complete save of the game in progress and whether a game record was written."""

    def __init__(self, root, cut_write=-1, cut_byte=0):
        Storage.__init__(self, root)
        self.cut_write = cut_write
        self.cut_byte = cut_byte
        self.sizes = []        # length of every write, in order
        self.saved = None      # the last complete /state/current.json, as written
        self.recorded = False
        self.cut_path = None   # the file cut, what it held before, what was being written
        self.cut_base = self.cut_text = ""

    def _write(self, path, text):
        self._cut(path, text, "")
        Storage._write(self, path, text)

    def _append(self, path, text):
        self._cut(path, text, self.read_text(path[len(self.root) + 1:], ""))
        Storage._append(self, path, text)

    def _cut(self, path, text, base):
        n = len(self.sizes)
        self.sizes.append(len(text))
        if n == self.cut_write:
            self.cut_path, self.cut_base, self.cut_text = path, base, text
            self.cut_to(self.cut_byte)
            raise PowerCut

    def cut_to(self, nbytes):
        """Leave the file that was cut as if the power went after ``nbytes`` bytes."""
        with open(self.cut_path, "w") as f:
            f.write(self.cut_base + self.cut_text[:nbytes])

    def write_text(self, name, text):
        Storage.write_text(self, name, text)
        if name == "state/current.json":
            self.saved = text
        elif name.startswith("games/"):
            self.recorded = True

    def remove(self, name):
        Storage.remove(self, name)
        if name == "state/current.json":
            self.saved = None


CUT_CFG = {"morbak.confirm": False, "morbak.move_time_s": 10, "morbak.game_time_s": 600}


def cut_game(root, storage):
    """A game with a timeout and an undo, to a win, on ``storage``:
    A a1, B g7, A b2, B g6, A times out, B g5, A c3, B f1 (undone), B e1, A d4 wins."""
    b = Board(None, root=root, storage=storage)
    b.start()
    for name in ("a1", "g7", "b2", "g6"):
        b.press(name)
    b.wait(10000, chunk=10000)
    for name in ("g5", "c3", "f1"):
        b.press(name)
    b.long(MENU)
    b.press("d4")
    b.press(OK)
    b.press("e1")
    b.press("d4")
    return b


def _cut_root(base):
    root = fresh_dir("cut", base)
    values = settings.defaults(catalogue.games_on("light"))
    for key in CUT_CFG:
        values[key] = CUT_CFG[key]
    settings.save(Storage(root), values)
    return root


def cut_plan(base=None):
    """The size of every write cut_game makes, from one run without a cut."""
    root = _cut_root(base)
    store = CutStorage(root)
    b = cut_game(root, store)
    eq(b.status()["result"]["winner"], 0, "the scripted game is won by A")
    return store.sizes


def cut_during(cut_write, base=None):
    """Run cut_game until the power goes at the start of write ``cut_write``;
    return the storage, which can then leave any prefix of that write (cut_to)."""
    root = _cut_root(base)
    store = CutStorage(root, cut_write, 0)
    try:
        cut_game(root, store)
        raise AssertionError("write %d was never made" % cut_write)
    except PowerCut:
        pass
    return store


def check_resume(store, nbytes):
    """Leave ``nbytes`` of the write that was cut, power up again and check that the
    board comes back with the last complete move (and the clocks saved with it).
    Resuming writes nothing but log lines, so it can be repeated on the same files."""
    import json
    store.cut_to(nbytes)
    b = Board(None, root=store.root)
    what = "cut at byte %d of %r" % (nbytes, store.cut_path)
    st = b.status()
    if store.recorded:
        assert st["screen"] == "menu" and not b.storage.exists("state/current.json"), what
        return
    if store.saved is None:
        assert st["screen"] == "menu", what
        assert not [n for n in b.storage.listdir("games") if n.endswith(".json")], what
        return
    saved = json.loads(store.saved)
    eq(st["screen"], "resume", what)
    eq(st["moves"], saved["moves"], what)
    b.press(OK)
    eq(b.status()["screen"], "game", what)
    want = saved["clock_ms"][-1] if saved["moves"] else [600000, 600000]
    # After OK the mover's clock ran for one step (the release of OK).
    mover = b.status()["to_move"]
    eq(b.status()["clocks_ms"], [want[0] - 20 * (mover == 0), want[1] - 20 * (mover == 1)], what)
