"""The device runner (firmware/app/core/device.py) with the real app, fake pins and the
recording LED strip: the same code path as on a board, on CPython and MicroPython."""
import os
import sys
import time

from check import eq
from test_hal_buzzer import Pwm
from test_hal_keys import Board, Button

from firmware.app.core import crash, device, records
from firmware.app.core.runtime import make_app
from firmware.hal.buzzer import Buzzer
from firmware.hal.keys import KeyMatrix
from firmware.hal.leds import Leds, RecordingStrip
from firmware.hal.profile import Drivers
from firmware.hal.storage import Storage

PROFILE = {"name": "test", "kind": "light", "mcu": "rp2040",
           "leds": {"pin": 22, "count": 49, "width": 7, "height": 7, "serpentine": True,
                    "order": "GRB", "first": "bottom-left", "driver": "neopixel"},
           "keys": {"scan_ms": 5}}
_made = [0]


def fresh_storage():
    """A Storage on a new empty folder."""
    if sys.implementation.name == "micropython":
        base = "/haltest"
    else:
        import tempfile
        base = tempfile.gettempdir() + "/arbiter-haltest-%d" % os.getpid()
    try:
        os.mkdir(base)
    except OSError:
        pass
    while True:
        _made[0] += 1
        path = "%s/%d" % (base, _made[0])
        try:
            os.mkdir(path)
            return Storage(path)
        except OSError:
            pass


class Rig:
    def __init__(self, factory):
        self.board = Board()
        keys = KeyMatrix(self.board.rows, self.board.cols, (Button(), Button()),
                         settle_us=20, debounce=3, long_ms=800, sleep_us=self.board.sleep_us)
        self.strip = RecordingStrip(49)
        self.storage = fresh_storage()
        self.runner = device.Runner(factory, PROFILE, self.storage,
                                    Drivers(Leds(PROFILE["leds"], self.strip), Buzzer(Pwm()),
                                            keys), crash)

    def run(self, t0, t1):
        for t in range(t0, t1, 5):
            self.runner.tick(t)

    def new_game(self, until):
        """Power up, wait for the menu, OK: a new game; ticks until ``until``."""
        self.runner.start(0)
        self.run(0, 1000)
        ok = self.runner.keys._extra[1]
        ok.held = True                             # OK on the menu: a new game
        self.run(1000, 1100)
        ok.held = False
        self.run(1100, until)


def test_the_real_app_boots_and_takes_presses():
    rig = Rig(make_app)
    rig.runner.start(0)
    rig.run(0, 1000)
    app = rig.runner.app
    eq(app.status()["screen"], "menu", "after the boot sweep")
    ref = Leds(PROFILE["leds"], RecordingStrip(49))
    ref.show(app.frame, app.brightness)
    eq(bytes(rig.runner.leds.displayed()), bytes(ref.displayed()), "LEDs show the app's frame")
    before = bytes(app.frame)
    rig.board.down[43] = 1                         # b7: Morbak Lite
    rig.run(1000, 1100)
    rig.board.down[43] = 0
    rig.run(1100, 1200)
    assert bytes(app.frame) != before, "the press changed what the app shows"
    eq(rig.runner.crashed_at, None, "no crash")


def _ticks_locked(runner, t0, t1):
    """Tick every scan period from t0 to t1, with the heap locked on MicroPython."""
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):
        lock = unlock = lambda: None
    lock()
    try:
        for t in range(t0, t1, 5):
            runner.tick(t)
    finally:
        unlock()


def test_ticks_between_presses_allocate_nothing():
    # Scan, step, draw, show, buzzer: the whole loop of a quiet board, in a game.
    rig = Rig(make_app)
    rig.new_game(1400)                             # the start tone has played
    app = rig.runner.app
    eq(app.status()["screen"], "game")
    before = app.status()["clocks_ms"][0]
    _ticks_locked(rig.runner, 1400, 4600)          # a heartbeat and then some
    eq(rig.runner.crashed_at, None, "no crash")
    eq(before - app.status()["clocks_ms"][0] >= 3000, True, "A's clock ran")


class Failing:
    def __init__(self, profile, storage, now_ms):
        self.frame = bytearray(147)
        self.brightness = 255

    def step(self, now_ms, events):
        raise RuntimeError("step failed at %d" % now_ms)

    def take_sounds(self):
        return []


def test_a_crash_is_logged_and_the_app_made_again():
    made = []

    def factory(profile, storage, now_ms):
        made.append(now_ms)
        return Failing(profile, storage, now_ms)

    rig = Rig(factory)
    rig.runner.start(0)
    rig.run(0, 30)
    eq(rig.runner.crashed_at, 20, "first step crashes")
    log = rig.storage.read_text(crash.LOG)
    assert "RuntimeError: step failed at 20" in log, log
    rig.run(30, 20 + device.CRASH_SHOW_MS + 5)
    eq(made, [0, 20 + device.CRASH_SHOW_MS], "made again after the error pattern")


def test_clock_counts_from_start_up():
    if not hasattr(time, "ticks_ms"):              # CPython: tests/test_hal_device.py fakes it
        return
    clock = device.Clock(time)
    a = clock.now()
    time.sleep_ms(3)
    b = clock.now()
    assert 0 <= a and b - a >= 3, (a, b)


def test_the_board_thinks_between_polls_of_the_keys():
    from firmware.app.core import settings
    values = settings.defaults(("morbak",))
    values["morbak.opponent"] = "A"                # the board moves first
    values["morbak.level"] = 5
    rig = Rig(make_app)
    settings.save(rig.storage, values)
    reads = [0]

    def clock():                                   # 10 ms a read: a few positions a slice
        reads[0] += 1
        return 10 * reads[0]
    rig.runner.clock = clock
    rig.new_game(1150)
    app = rig.runner.app
    eq(app.clock, clock, "the app has the runner's clock")
    ses = app.play.session
    board = ses.players[ses.turn]
    assert board.thought is not None and board.thought.move is None, "thinking, a slice a step"
    rig.board.down[24] = 1                         # d4 pressed while the board thinks
    rig.run(1150, 1250)
    rig.board.down[24] = 0
    rig.run(1250, 1300)
    eq(app.said, "rejected d4: the board is thinking", "the press was read between two slices")
    assert ses.players[ses.turn].thought.move is None, "and the thinking goes on"
    rig.run(1300, 3300)
    eq(len(app.status()["moves"]), 1, "then the board plays")
    eq(rig.runner.crashed_at, None, "no crash")


class _Snoop(RecordingStrip):
    """A strip that notes, at each frame it sends, (moves the app has played, moves the
    saved game on the flash holds)."""

    def __init__(self, count, path, runner):
        RecordingStrip.__init__(self, count)
        self.path = path
        self.runner = runner
        self.seen = []

    def write(self):
        RecordingStrip.write(self)
        app = self.runner.app
        play = getattr(app, "play", None) if app else None
        played = len(play.session.rec["moves"]) if play else 0
        try:
            with open(self.path) as f:        # straight from the file, not through Storage
                saved = f.read().count('"L ')
        except OSError:
            saved = 0
        self.seen.append((played, saved))


def test_a_move_shows_on_the_leds_before_it_is_saved():
    # A flash erase takes ~45 ms a sector on a Pico: the frame that answers goes first.
    rig = Rig(make_app)
    snoop = _Snoop(49, rig.storage.path("state/current.json"), rig.runner)
    rig.runner.leds = Leds(PROFILE["leds"], snoop)
    rig.new_game(1400)
    for t in (1400, 1800):                         # d4 twice: select, then play "L d4"
        rig.board.down[24] = 1
        rig.run(t, t + 100)
        rig.board.down[24] = 0
        rig.run(t + 100, t + 400)
    eq(rig.runner.app.status()["moves"], ["L d4"], "the move was played")
    shown = [s for s in snoop.seen if s[0] == 1]
    eq(shown[0], (1, 0), "the first frame after the move, before the save")
    eq(shown[1], (1, 1), "the next frame, after it")
    eq(rig.runner.crashed_at, None, "no crash")


class _Screens(RecordingStrip):
    """A strip that notes, at each frame it sends, the app's screen and the colour of the
    light board's START square (d4) in the app's frame."""

    def __init__(self, count, runner):
        RecordingStrip.__init__(self, count)
        self.runner = runner
        self.seen = []

    def write(self):
        RecordingStrip.write(self)
        app = self.runner.app
        self.seen.append((app.screen.name, tuple(app.frame[72:75])))


def test_ok_on_the_menu_lights_start_at_once_and_the_game_follows():
    # Starting a game loads its code (~0.3 s on a Pico): the press is answered first.
    rig = Rig(make_app)
    snoop = _Screens(49, rig.runner)
    rig.runner.leds = Leds(PROFILE["leds"], snoop)
    rig.runner.start(0)
    rig.run(0, 1000)
    eq(snoop.seen[-1], ("menu", (0, 255, 0)), "before the press: START green")
    del snoop.seen[:]
    ok = rig.runner.keys._extra[1]
    ok.held = True
    rig.run(1000, 1100)
    ok.held = False
    rig.run(1100, 1200)
    eq(snoop.seen[0], ("menu", (255, 255, 255)), "the first frame after OK lights START white")
    eq(snoop.seen[1][0], "game", "the game's board follows in the next frame")
    eq(rig.runner.app.status()["moves"], [], "a new game")
    eq(rig.runner.crashed_at, None, "no crash")


def test_a_save_held_until_the_leds_that_finds_the_flash_full_makes_room_and_says_so():
    """The runner holds a step's writes until its frame is out; when they then find the
    flash full, the game is saved again the records' way (the oldest record goes) and the
    board says so: nothing crashes, nothing saved is lost but the oldest record."""
    from test_app_full_flash import SmallFlash, _old_records
    rig = Rig(make_app)
    root = rig.storage.root
    _old_records(root, 3)
    flash = SmallFlash(root, 0, False)        # a port that cannot tell what is free
    flash.capacity = flash.used() + 150       # less than a new game's save
    rig.storage = rig.runner.storage = flash
    rig.new_game(1400)
    eq(rig.runner.crashed_at, None, "no crash")
    app = rig.runner.app
    eq(app.status()["screen"], "game")
    said = app.status()["message"]
    assert said.startswith("flash full: oldest games removed to make room (1)"), said
    eq(flash.read_json("state/current.json")["id"], 4, "the new game is saved")
    eq(records.ids(flash), [2, 3], "the oldest record made room")
    assert not flash.exists(crash.LOG)


class _EndSnoop(RecordingStrip):
    """A strip that notes, at each frame it sends once the game is over, whether the
    game's record was made (its result written into it) and is on the flash."""

    def __init__(self, count, root, runner):
        RecordingStrip.__init__(self, count)
        self.root = root
        self.runner = runner
        self.seen = []

    def write(self):
        RecordingStrip.write(self)
        play = self.runner.app.play
        if play is not None and play.session.over:
            try:
                on_flash = len(os.listdir(self.root + "/games")) > 0
            except OSError:
                on_flash = False
            self.seen.append(("result" in play.session.rec, on_flash))


def test_the_winning_move_shows_on_the_leds_before_the_game_is_recorded():
    # The end's record loads its code (~70 ms on a Pico) and writes two files: the frame
    # of the winning press goes first.
    rig = Rig(make_app)
    snoop = _EndSnoop(49, rig.storage.root, rig.runner)
    rig.runner.leds = Leds(PROFILE["leds"], snoop)
    rig.new_game(1400)
    t = 1400
    for key in (0, 1, 7, 8, 14, 15, 21):          # A a1 a2 a3 a4 in a file, B b1 b2 b3
        for _ in range(2):                         # select, then play
            rig.board.down[key] = 1
            rig.run(t, t + 100)
            rig.board.down[key] = 0
            rig.run(t + 100, t + 400)
            t += 400
    eq(rig.runner.app.status()["moves"][-1], "L a4", "A played the winning move")
    eq(snoop.seen[:2], [(False, False), (True, True)],
       "the first frame of the end before its record, the next after it")
    eq(rig.runner.crashed_at, None, "no crash")
