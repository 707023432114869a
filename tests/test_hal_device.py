"""The device runner (firmware/app/core/device.py), stepped directly through tick(now_ms) with
fake pins, a recording LED strip and a fake PWM; crash handling with the app's real
crash module on a temporary folder; the watchdog task on CPython's asyncio."""
import asyncio
import json
import os
import subprocess
import sys
import types

import pytest
from test_hal_buzzer import Pwm
from test_hal_keys import Board, Button

from firmware.app.core import crash, device
from firmware.app.core.runtime import make_app
from firmware.hal.buzzer import Buzzer
from firmware.hal.keys import KeyMatrix
from firmware.hal.leds import Leds, RecordingStrip
from firmware.hal.profile import Drivers
from firmware.hal.storage import Storage
from firmware.hal.watchdog import Watchdog

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "hardware", "light-pico.json")) as f:
    PROFILE = json.load(f)


class FakeApp:
    """Records its steps; raises from step() at the times in ``fail_at``."""

    def __init__(self, fail_at=()):
        self.frame = bytearray(147)
        self.brightness = 255
        self.steps = []
        self.fail_at = fail_at
        self.sounds = []

    def step(self, now_ms, events):
        self.steps.append((now_ms, events))
        if now_ms in self.fail_at:
            raise RuntimeError("boom at %d" % now_ms)
        for kind, key in events:
            if kind == "down":
                self.frame[0] = 255                    # a1 red
                self.sounds.append((880, 20))

    def take_sounds(self):
        out, self.sounds = self.sounds, []
        return out


class Rig:
    def __init__(self, tmp_path, app_factory=None):
        self.board = Board()
        self.menu, self.ok = Button(), Button()
        keys = KeyMatrix(self.board.rows, self.board.cols, (self.menu, self.ok),
                         settle_us=20, debounce=3, long_ms=800, sleep_us=self.board.sleep_us)
        self.strip = RecordingStrip(49)
        self.pwm = Pwm()
        self.apps = []
        self.storage = Storage(str(tmp_path))

        def factory(profile, storage, now_ms):
            app = app_factory(profile, storage, now_ms) if app_factory else FakeApp()
            self.apps.append(app)
            return app

        self.runner = device.Runner(factory, PROFILE, self.storage,
                                    Drivers(Leds(PROFILE["leds"], self.strip), Buzzer(self.pwm),
                                            keys), crash)

    def run(self, t0, t1, step=5):
        for t in range(t0, t1, step):
            self.runner.tick(t)


def test_a_key_press_is_stepped_and_shown_in_the_same_tick(tmp_path):
    rig = Rig(tmp_path)
    rig.runner.start(0)
    rig.run(0, 100)
    app = rig.apps[0]
    assert [t for t, ev in app.steps] == [20, 40, 60, 80]         # FRAME_MS without events
    rig.board.down[24] = 1                                         # d4 pressed at t = 100
    writes = rig.strip.writes
    rig.runner.tick(100)
    assert app.steps[-1] == (100, [("down", 24)])                  # the first scan that reads it
    assert rig.strip.writes == writes + 1
    assert bytes(rig.strip.buf[:3]) == b"\x00\xff\x00"                # a1 red, GRB
    assert rig.pwm.sounding() == 880                               # its sound started too


def test_progress_counts_every_tick(tmp_path):
    rig = Rig(tmp_path)
    rig.runner.start(0)
    rig.run(0, 50)
    assert rig.runner.progress == 10


def test_a_crash_is_logged_shown_and_the_app_restarted(tmp_path):
    rig = Rig(tmp_path, lambda p, s, t: FakeApp(fail_at=(40,)))
    rig.runner.start(0)
    rig.run(0, 50)
    assert len(rig.apps) == 1 and rig.runner.crashed_at == 40
    log = rig.storage.read_text(crash.LOG)
    assert "boom at 40" in log and "RuntimeError" in log
    # The error pattern: the red X of crash.error_pattern, lit at the start of the blink.
    shown = rig.runner.leds.displayed()
    assert (shown[0], shown[1], shown[2]) == (255, 0, 0)          # a1 red
    assert (shown[3 * 24], shown[3 * 24 + 1]) == (255, 0)         # d4, the centre
    assert shown[3 * 1] == 0                                      # b1 dark
    rig.board.down[3] = 1                                         # presses are ignored now
    rig.run(50, 40 + device.CRASH_SHOW_MS)
    assert len(rig.apps) == 1
    rig.board.down[3] = 0
    rig.run(40 + device.CRASH_SHOW_MS, 40 + device.CRASH_SHOW_MS + 50)
    assert len(rig.apps) == 2                                     # made again: resumes
    assert rig.runner.crashed_at is None and rig.apps[1].steps
    # The press made during the error never reaches the new app (its release may).
    assert [e for t, ev in rig.apps[1].steps for e in ev if e[0] == "down"] == []


def test_a_crash_loop_stays_on_the_error_pattern(tmp_path):
    rig = Rig(tmp_path, lambda p, s, t: FakeApp(fail_at=range(0, 100000, 20)))
    rig.runner.start(0)
    rig.run(0, 4 * device.CRASH_SHOW_MS)
    assert len(rig.apps) == crash.LIMIT                           # no more restarts
    assert rig.runner.restart is False
    progress = rig.runner.progress
    rig.run(4 * device.CRASH_SHOW_MS, 4 * device.CRASH_SHOW_MS + 100)
    assert rig.runner.progress == progress + 20                    # still alive: watchdog fed
    assert rig.storage.read_text(crash.LOG).count("--- crash") == crash.LIMIT


def test_make_app_failing_is_a_crash_too(tmp_path):
    def broken(profile, storage, now_ms):
        raise ValueError("cannot start")
    rig = Rig(tmp_path, broken)
    rig.runner.start(0)
    rig.run(0, 30)
    assert rig.runner.crashed_at == 0
    assert "cannot start" in rig.storage.read_text(crash.LOG)


def test_the_real_app_through_the_runner(tmp_path):
    rig = Rig(tmp_path, make_app)
    rig.runner.start(0)
    rig.run(0, 3000)
    app = rig.apps[0]
    assert app.status()["screen"] == "menu"
    # What the LEDs show is the app's frame through the driver's brightness and gamma.
    leds = rig.runner.leds
    want = bytearray(147)
    ref = Leds(PROFILE["leds"], RecordingStrip(49))
    ref.show(app.frame, app.brightness)
    ref.displayed(want)
    assert leds.displayed() == want
    assert rig.runner.crashed_at is None


def test_safe_mode_needs_both_corners(tmp_path):
    rig = Rig(tmp_path)
    keys = rig.runner.keys
    rig.board.down[0] = 1                                         # a1 only
    assert not device.safe_mode_held(keys, [0, 6], 4, 5, lambda ms: None)
    rig.board.down[6] = 1                                         # a1 + g1
    assert device.safe_mode_held(keys, [0, 6], 4, 5, lambda ms: None)
    assert keys.pending() == 0                                    # nothing left for the app


def test_clock_never_wraps():
    class Time:
        t = (1 << 30) - 30                                        # MicroPython wraps at 2^30

        def ticks_ms(self):
            return self.t

        def ticks_diff(self, a, b):
            return ((a - b + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)

    tm = Time()
    clock = device.Clock(tm)
    seen = []
    for _ in range(5):
        tm.t = (tm.t + 20) & ((1 << 30) - 1)
        seen.append(clock.now())
    assert seen == [20, 40, 60, 80, 100]


class FakeWdtMachine:
    def __init__(self):
        self.mem32 = {}
        self.timers = []
        self.fed = 0
        self.timeout = None
        self.resets = 0
        outer = self

        class WDT:
            def __init__(self, timeout):
                outer.timeout = timeout

            def feed(self):
                outer.fed += 1

        class Timer:
            def __init__(self, tid, period, callback):
                self.period, self.callback = period, callback
                outer.timers.append(self)

        self.WDT, self.Timer = WDT, Timer

    def reset(self):
        self.resets += 1


def test_watchdog_is_switched_off_on_rp2040():
    m = FakeWdtMachine()
    wdt = Watchdog(m, "rp2040", 5000)
    wdt.feed()
    assert (m.timeout, m.fed) == (5000, 1)
    wdt.stop()
    assert m.mem32 == {0x40058000 + 0x3000: 1 << 30}             # CTRL.ENABLE, atomic clear
    assert m.timers == []


def test_watchdog_is_kept_fed_on_other_chips():
    m = FakeWdtMachine()
    wdt = Watchdog(m, "esp32s3", 5000)
    wdt.stop()
    assert m.mem32 == {} and m.timers[0].period == 1000
    m.timers[0].callback(m.timers[0])
    assert m.fed == 1


def test_watchdog_is_fed_only_while_the_loop_makes_progress(tmp_path, monkeypatch):
    monkeypatch.setattr(device, "BOOT_MS", 30)
    monkeypatch.setattr(device, "FEED_MS", 10)
    rig = Rig(tmp_path)
    machine = FakeWdtMachine()
    shim = types.SimpleNamespace(                                 # MicroPython's names
        sleep_ms=lambda ms: asyncio.sleep(ms / 1000), create_task=asyncio.create_task,
        get_event_loop=asyncio.get_event_loop)

    class Clock:
        ms = 0

        def now(self):
            self.ms += 5
            return self.ms

    async def scenario():
        task = asyncio.create_task(rig.runner.run(shim, Clock(), machine, "rp2040"))
        await asyncio.sleep(0.02)
        assert machine.timeout is None                            # not during boot
        await asyncio.sleep(0.15)
        assert machine.timeout == device.WATCHDOG_MS and machine.fed >= 5
        rig.runner.tick = lambda now_ms: None                     # the loop hangs: no progress
        await asyncio.sleep(0.03)
        fed = machine.fed
        await asyncio.sleep(0.1)
        assert machine.fed == fed
        task.cancel()

    asyncio.run(scenario())


def test_a_crash_outside_the_app_is_recorded_and_resets(tmp_path, monkeypatch):
    machine = FakeWdtMachine()
    monkeypatch.setitem(sys.modules, "machine", machine)
    rig = Rig(tmp_path)
    rig.runner.on_task_error(None, {"message": "", "exception": KeyError("scan")})
    assert machine.resets == 1
    assert "KeyError" in rig.storage.read_text(crash.LOG)


def _board_script(tmp_path, held):
    """A script that runs main() with fake machine/neopixel modules and the keys in
    ``held`` down, then says whether the app was imported."""
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps(PROFILE))
    return """
import sys, types
sys.path.insert(0, %r)
held = %r
rows, cols = %r, %r
levels = {}
class Pin:
    OUT, IN, PULL_UP = 1, 2, 3
    def __init__(self, gpio, mode=None, pull=None, value=None):
        self.gpio = gpio
        levels[gpio] = value
    def value(self, v=None):
        if v is not None:
            levels[self.gpio] = v
            return
        for sq in held:
            if cols[sq %% 7] == self.gpio and levels[rows[sq // 7]] == 0:
                return 0
        return 1
class PWM:
    def __init__(self, pin): pass
    def freq(self, f): pass
    def duty_u16(self, d): pass
class NeoPixel:
    def __init__(self, pin, n): self.buf = bytearray(3 * n)
    def write(self): print("leds", bytes(self.buf[:3]).hex(), bytes(self.buf[18:21]).hex())
sys.modules["machine"] = types.SimpleNamespace(Pin=Pin, PWM=PWM)
sys.modules["neopixel"] = types.SimpleNamespace(NeoPixel=NeoPixel)
import time
time.sleep_us = lambda us: None
time.sleep_ms = lambda ms: None
from firmware.app.core import device
device.main(%r)
print("app imported:", "firmware.app.core.runtime" in sys.modules)
""" % (ROOT, held, PROFILE["keys"]["rows"], PROFILE["keys"]["cols"], str(profile))


def test_safe_mode_at_power_up_skips_the_app(tmp_path):
    out = subprocess.run([sys.executable, "-c", _board_script(tmp_path, [0, 6])],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "safe mode (a1 + g1 held): app not started" in out.stdout
    assert "leds 00000c 00000c" in out.stdout                     # a1, g1 blue (64: dim)
    assert out.stdout.strip().endswith("app imported: False")


def test_a_missing_profile_leaves_the_repl_free(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace())
    device.main(str(tmp_path / "nothing.json"))
    assert "not found" in capsys.readouterr().out


def test_without_machine_main_returns_at_once(capsys):
    assert "machine" not in sys.modules
    device.main()
    assert "app not started" in capsys.readouterr().out


@pytest.mark.parametrize("script", ["boot.py", "main.py"])
def test_entry_points_run_on_the_virtual_board(upy, script):
    """On MicroPython without machine (the WebAssembly build) main.py returns at once."""
    with open(os.path.join(ROOT, script)) as f:
        out = upy.run(f.read())
    assert out == ("" if script == "boot.py" else
                   "Arbiter: no machine module (virtual board?): app not started, REPL free\n")


def test_boot_finishes_an_interrupted_firmware_swap(upy):
    """A deploy cut after its commit point: boot.py completes the swap (firmware/update.py)."""
    with open(os.path.join(ROOT, "boot.py")) as f:
        boot = f.read()
    setup = ("import os, json\n"
             "for d in ('/.new', '/.new/firmware'):\n"
             "    os.mkdir(d)\n"
             "open('/.new/firmware/added.py', 'w').write('X = 1\\n')\n"
             "open('/.update', 'w').write(json.dumps({'move': ['firmware/added.py'], 'delete': "
             "[]}))\n")
    check = "\nimport firmware.added\nprint(firmware.added.X, '.update' in os.listdir('/'))\n"
    assert upy.run(setup + boot + check).split() == ["1", "False"]


def test_safe_mode_shows_the_held_corners_or_every_led():
    leds = Leds({"count": 4, "order": "RGB", "map": [0, 1, 2, 3]}, RecordingStrip(4))
    corners = device._safe_mode_frame(leds, [0, 3])     # the light board: two cells held
    assert [corners[3 * i + 2] for i in range(4)] == [255, 0, 0, 255]
    buttons = device._safe_mode_frame(leds, ())         # a sensor board: MENU + OK held
    assert [buttons[3 * i + 2] for i in range(4)] == [40] * 4
