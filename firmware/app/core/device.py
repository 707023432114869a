"""The device runner: the board's keys and clock in, the app's frame and sounds out.

main.py calls ``main()``. On a board it loads /profile.json, builds the drivers
(firmware/hal/profile.py), checks the safe-mode keys *before* importing the app, then runs
two asyncio tasks (after Peter Hinch's micropython-async: tasks created in one place, a
global exception handler):

- the loop: every ``keys.scan_ms`` it calls ``Runner.tick(now_ms)``, which scans the
  input sources (the key matrix and buttons; a sensor grid), steps the app at once
  when an event is waiting (else every FRAME_MS, for blinks and clocks), shows its
  frame and feeds its sounds to the buzzer. What a step writes (a move's save, the
  event log) is held until its frame is on the LEDs: the answer first, the save after. The app gets
  the live clock (``app.clock``) for work longer than a step: the board thinking about its move
  does a slice of it per step, so the keys and sensors are polled and the LEDs drawn meanwhile. A
  crash inside the app is recorded (firmware.app.core.crash), the error pattern shown for
  CRASH_SHOW_MS, then the app is made again and resumes the saved game; when crash.record says no
  (a crash loop), the error pattern stays.
- the watchdog: started once the app has booted, fed only while the loop makes progress,
  so a hung loop resets the board; a crash outside the app (a runner or driver bug) is
  recorded and resets the board at once.

The USB serial is polled without waiting (``Usb``: select.poll on sys.stdin): the first
byte a computer sends loads a remote game's link (core/link.py), which reads its lines
at every tick and marks its state on the LEDs the app drew.

now_ms is a millisecond count from start-up that never wraps (built from ticks_ms).
Ctrl-C (mpremote) stops the runner, switches the watchdog off and leaves the REPL free.
Without ``machine`` (the WebAssembly virtual board) main() returns at once. Nothing of
the app is imported before the safe-mode check, so safe mode works even if the app
cannot be imported."""

FRAME_MS = 20           # the app steps at least this often
CRASH_SHOW_MS = 2000    # the error pattern stays this long before the app restarts
WATCHDOG_MS = 5000      # RP2040 allows up to 8388
FEED_MS = 1000
BOOT_MS = 1000          # the watchdog starts this long after the app


class Runner:
    """One app, its drivers and its crash handling, stepped by ``tick(now_ms)``."""

    def __init__(self, make_app, profile, storage, drivers, crash):
        from firmware.app.core import settings
        self.make_app = make_app
        self.profile = profile
        self.storage = storage
        self.leds = drivers.leds
        self.keys = drivers.keys
        self.buzzer = drivers.buzzer
        self.sources = drivers.sources
        self.sensors = drivers.sensors
        self.crash = crash
        self.app = None
        self.progress = 0           # ticks done: the watchdog task feeds only when it moves
        self.crashed_at = None      # now_ms of the crash on show, or None
        self.error = None           # the exception of the last crash
        self.restart = False
        self.width = profile["leds"].get(
            "width", 8
        )  # the error pattern's X (rows of 8 without a grid)
        self.brightness = settings.SCHEMA["leds.brightness"][0]
        self._error_frame = bytearray(3 * self.leds.count)
        self._last_step = 0
        self.watchdog = None
        self.clock = None           # ms now, live (Clock.now): given to the app
        self.outside = None         # {seat: feed} of seats played elsewhere: given to the app
        self.port = None            # the USB serial, where a computer may speak (Usb)
        self.link = None            # a remote game's link (core/link.py), at its first byte
        self._later = []            # (call, now, what): a step's work after its frame

    def start(self, now_ms):
        self._last_step = now_ms
        self.crashed_at = None
        try:
            self.app = self.make_app(self.profile, self.storage, now_ms)
            self.app.clock = self.clock
            self.app.outside = self.outside
            if self.sensors is not None:
                self.app.attach(self.sensors)
            self._show(now_ms)
        except Exception as exc:
            self._crashed(exc, now_ms)

    def tick(self, now_ms):
        if self.port is not None and (self.link is not None or self.port.ready()):
            self._listen(now_ms)
        waiting = False
        for src in self.sources:
            src.scan(now_ms)
            if src.pending():
                waiting = True
        if self.crashed_at is not None:
            self._on_error(now_ms)
        elif waiting or now_ms - self._last_step >= FRAME_MS:
            self._last_step = now_ms
            try:
                # The answer first: what the step writes goes to the flash once it shows.
                self.storage.hold()
                app = self.app
                app.later = self._later
                app.step(now_ms, self.take_events())
                app.later = None
                self._show(now_ms)
                if self._later:
                    self._after(now_ms)   # its writes held with the step's
                self.storage.flush()
                if self.storage.failed:   # a full flash: written again, the records' way
                    self.storage.failed = False
                    app.rewrite(now_ms)
            except Exception as exc:
                self._crashed(exc, now_ms)
        self.buzzer.tick(now_ms)
        self.progress = (self.progress + 1) & 0xFFFFFF    # stays a small int

    def _after(self, now_ms):
        """What the step left for after its frame (a game's record, the tile board's
        checks at a hand's end), and its sounds."""
        later = self._later
        while later:
            work = later.pop(0)
            work[0](work[1], work[2])
        self.buzzer.play(self.app.take_sounds(), now_ms)

    def take_events(self):
        """The events of every source, in source order; () when none waits (a quiet
        step allocates nothing)."""
        out = ()
        for src in self.sources:
            if src.pending():
                evs = src.take_events()
                out = evs if not out else list(out) + list(evs)
        return out

    def _listen(self, now_ms):
        """The computer spoke: a remote game's link (loaded only now) reads its lines."""
        if self.link is None:
            from firmware.app.core.link import Link
            self.link = Link(self)
        self.link.tick(now_ms)

    def _show(self, now_ms):
        app = self.app
        self.brightness = app.brightness
        if self.link is not None:
            self.link.overlay(app.frame, now_ms)
        self.leds.show(app.frame, app.brightness)
        self.buzzer.play(app.take_sounds(), now_ms)

    def _crashed(self, exc, now_ms):
        del self._later[:]
        try:
            self.storage.flush()   # what the step had saved before it crashed
        except Exception:
            pass
        self.error = exc
        self.restart = self.crash.record(self.storage, exc)
        self.crashed_at = now_ms
        self.app = None
        self.buzzer.stop()
        self._last_step = now_ms - FRAME_MS      # draw the error pattern at once

    def _on_error(self, now_ms):
        self.take_events()                       # input means nothing now
        if self.restart and now_ms - self.crashed_at >= CRASH_SHOW_MS:
            self.start(now_ms)
        elif now_ms - self._last_step >= FRAME_MS:
            self._last_step = now_ms
            self.crash.error_pattern(self._error_frame, self.width, now_ms - self.crashed_at)
            self.leds.show(self._error_frame, self.brightness)

    # ------------------------------------------------------------ on the board

    def on_task_error(self, loop, context):
        """asyncio's exception handler: a crash outside the app. Record it and reset."""
        self.crash.record(self.storage, context["exception"])
        import machine
        machine.reset()

    async def run(self, asyncio, clock, machine, mcu):
        from firmware.hal.watchdog import Watchdog
        asyncio.get_event_loop().set_exception_handler(self.on_task_error)
        self.clock = clock.now
        self.start(clock.now())
        asyncio.create_task(self._loop(clock, asyncio))
        await asyncio.sleep_ms(BOOT_MS)
        self.watchdog = Watchdog(machine, mcu, WATCHDOG_MS)
        seen = -1
        while True:
            if self.progress != seen:
                seen = self.progress
                self.watchdog.feed()
            await asyncio.sleep_ms(FEED_MS)

    async def _loop(self, clock, asyncio):
        period = self.profile["keys"]["scan_ms"]
        while True:
            t = clock.now()
            self.tick(t)
            # A scan every period, however long the tick took (a step, a save).
            rest = period - (clock.now() - t)
            await asyncio.sleep_ms(rest if rest > 0 else 0)


class Usb:
    """The USB serial as the computer's lines come and go (core/link.py): whether a byte
    waits and the bytes that do, read without waiting (select.poll on sys.stdin); lines
    written to sys.stdout."""

    def __init__(self, sys, select):
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = getattr(sys.stdin, "buffer", sys.stdin)
        self._out = sys.stdout

    def ready(self):
        for _ in self._poll.ipoll(0):
            return True
        return False

    def read(self, buf):
        while self.ready():
            buf.extend(self._in.read(1))

    def write(self, text):
        self._out.write(text)


class Clock:
    """Milliseconds since start-up from time.ticks_ms, without its wrap-around."""

    def __init__(self, time):
        self._time = time
        self._last = time.ticks_ms()
        self.ms = 0

    def now(self):
        t = self._time.ticks_ms()
        self.ms += self._time.ticks_diff(t, self._last)
        self._last = t
        return self.ms


def safe_mode_held(keys, key_ids, scans, period_ms, sleep_ms):
    """True when every key in ``key_ids`` is down after ``scans`` scans; the events of
    these scans are dropped (a held key must not reach the app as a press)."""
    for i in range(scans):
        if i:
            sleep_ms(period_ms)
        keys.scan(i * period_ms)
    held = True
    for k in key_ids:
        held = held and keys.is_down(k)
    keys.take_events()
    return held


def _safe_mode_frame(leds, cells):
    """The held keys in blue where they are cells (``cells``: the light board's corners),
    else (buttons held: the sensor boards) every LED dim blue."""
    frame = bytearray(3 * leds.count)
    for k in cells:
        frame[3 * k + 2] = 255
    if not cells:
        for i in range(leds.count):
            frame[3 * i + 2] = 40
    return frame


def main(profile_path="/profile.json"):
    try:
        import machine
    except ImportError:
        print("Arbiter: no machine module (virtual board?): app not started, REPL free")
        return
    import time
    from firmware.hal import profile as hal_profile
    try:
        prof = hal_profile.load(profile_path)
    except hal_profile.ProfileError as e:
        print("Arbiter: %s: app not started" % e)
        return
    drivers = hal_profile.build(prof)
    corners = hal_profile.safe_mode_keys(prof)
    keys = drivers.keys
    if safe_mode_held(keys, corners, keys.debounce + 1, prof["keys"]["scan_ms"], time.sleep_ms):
        grid = hal_profile.kind_module(prof["kind"]).grid_names(prof)
        drivers.leds.show(_safe_mode_frame(drivers.leds, corners if grid else ()), 64)
        print(
            "Arbiter: safe mode (%s held): app not started, REPL free"
            % " + ".join(prof["safe_mode"])
        )
        return
    import asyncio
    from firmware.app.core import crash
    from firmware.app.core.runtime import make_app
    from firmware.hal.storage import Storage
    runner = Runner(make_app, prof, Storage(), drivers, crash)
    import select
    import sys
    runner.port = Usb(sys, select)
    try:
        asyncio.run(runner.run(asyncio, Clock(time), machine, prof["mcu"]))
    except KeyboardInterrupt:
        pass
    finally:
        # Ctrl-C from mpremote: leave the board quiet and the REPL usable.
        if runner.watchdog is not None:
            runner.watchdog.stop()
        drivers.buzzer.stop()
        drivers.leds.off()
        print("Arbiter: stopped, REPL free")
