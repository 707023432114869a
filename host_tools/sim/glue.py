"""The simulated board, run by the simulator page's MicroPython (WebAssembly).

The firmware runs as on the board: the device runner (firmware.app.core.device.Runner) ticks
every scan period, stepping the app; the LED, key, sensor and buzzer drivers are the
board's own, built by firmware.hal.profile.build_micropython over simulated wiring
(firmware.hal.wires). So the page sees what the pins see - the LED wire buffer
(brightness and gamma applied by the driver), the buzzer's PWM frequency and duty - and
it works the board as a person would: closing key contacts (debounced by the key
driver) and putting marbles on sensors (filtered by the sensor grid).

The page calls ``boot(live)`` at each power-up, then ``run(until_ms, changes, serial)``
from its timer: ``changes`` is a list [[t_ms, "k" | "s", index, on], ...] (a key contact
or a space's sensor, t ascending; ``on`` is 0/1, or a sensor's reading: 0-3 on the stone
board, see firmware.hal.wires); ``serial`` what came on the board's USB serial (the
page's online seat, online_seat.py, speaks to it there as a computer does: firmware/app/
core/link.py); the reply is JSON text (see ``run``). Each call is short
and separate: the WebAssembly build frees memory only between calls. The board's files
live in the current folder (the flash root); the page saves them after a call that
reports ``dirty``.

The app's live clock (``app.clock``, for the board's thinking) is the page's board time:
the tick's instant plus the real time the tick has taken so far. So the board thinks a
slice per tick, as on the board; a tick that took longer than a scan period delays the
next one by as much (the board's scans come late the same way). A call returns once it
has taken _CALL_MS, short of ``until`` if need be (the page calls again): the page is
never held much longer than that and a slice, a level-5 move or not."""
import gc
import json

from binascii import hexlify
from time import ticks_diff, ticks_ms
from firmware.app import explain
from firmware.app.core import crash, device, eventlog
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage
from firmware.hal.wires import Serial, Wires

_CALL_MS = 50          # a call into the interpreter ends after this much real time


class Logged:
    """An input source, noting the events it hands the app (for the page's log)."""

    def __init__(self, source, wires, log):
        self.source = source
        self.wires = wires
        self.log = log

    def scan(self, now_ms):
        self.source.scan(now_ms)

    def pending(self):
        return self.source.pending()

    def take_events(self):
        evs = self.source.take_events()
        for ev in evs:
            self.log.append([self.wires.now, ev[0], ev[1] if ev[0] != "frame"
                             else hexlify(ev[1]).decode()])
        return evs


class BoardStorage(Storage):
    """The firmware's storage, noting that something was written (the page then saves
    the board's files)."""
    dirty = False

    def makedirs(self, name):
        if not self.exists(name):
            self.dirty = True
        Storage.makedirs(self, name)

    def remove(self, name):
        self.dirty = True
        Storage.remove(self, name)

    def _write(self, path, text):
        self.dirty = True
        Storage._write(self, path, text)

    def _append(self, path, text):
        self.dirty = True
        Storage._append(self, path, text)


class Sim:
    def __init__(self, live):
        prof = hal_profile.load("profile.json")
        self.wires = w = Wires(prof)
        self.scan_ms = prof["keys"]["scan_ms"]
        self.kind = prof["kind"]
        self.storage = BoardStorage()
        drivers = hal_profile.build_micropython(prof, w.machine, w.neopixel,
                                                sleep_us=lambda us: None)
        # Tick every scan while an input may still be settling.
        self.busy_ms = (prof["keys"]["debounce"] * self.scan_ms + 50
                        + (drivers.sensors.settle_ms if drivers.sensors else 0))
        self.leds = drivers.leds = Shown(drivers.leds)
        self.events = []
        drivers.sources = tuple([Logged(src, w, self.events) for src in drivers.sources])
        self.runner = device.Runner(make_app, prof, self.storage, drivers, crash)
        self.shown = bytearray(3 * self.leds.count)
        self.wire = None       # the wire buffer last reported
        self.colours = None    # and the logical frame and brightness it was shown with
        self.level = None
        self.changed_at = -100000   # when an input last changed
        self.next_tick = 0     # the next scan instant
        self.last_tick = 0
        self.last_status = None
        self.later = []        # input changes of a call that ended early, not yet due
        self.tick_at = 0       # the instant of the tick under way, board ms
        self.tick_real = ticks_ms()   # and when it began, real ms
        self.runner.clock = self.now
        self.serial = self.runner.port = Serial()
        self.live = live       # the page's clock is real time (not ?clock=manual)
        self.runner.start(0)

    def now(self):
        """Board time, live (the app's clock)."""
        return self.tick_at + ticks_diff(ticks_ms(), self.tick_real)

    def _apply(self, change):
        w = self.wires
        if change[1] == "k":
            w.closed[change[2]] = 1 if change[3] else 0
        else:
            w.present[change[2]] = change[3]

    def run(self, until, changes, serial=""):
        """Tick the runner up to ``until`` (board ms since power-up), changing inputs at
        their times. Ticks come every scan period, as on the board, while an input
        changed recently or a key is closed or a tone plays; otherwise every
        device.FRAME_MS (the scans in between would find nothing). Returns JSON: t, leds
        (hex RGB per LED as displayed, when it changed, with colours, the logical frame it
        was shown from, and level, its brightness), tones, events (from the input
        drivers), dirty (files were written), heap (bytes in use), serial (what the board
        wrote to its USB serial), status (when it changed); t is less than ``until`` when
        the call ended early (_CALL_MS)."""
        w, scan, runner = self.wires, self.scan_ms, self.runner
        if serial:
            self.serial.inbox.extend(serial.encode())
        started = ticks_ms()
        if self.later:
            changes = self.later + changes
            self.later = []
        i = 0
        reached = until
        while self.next_tick <= until:
            t = self.next_tick
            self.next_tick = t + scan
            while i < len(changes) and changes[i][0] <= t:
                self._apply(changes[i])
                i += 1
                self.changed_at = t
            if (t - self.changed_at > self.busy_ms and not max(w.closed)
                and not runner.buzzer.busy()
                    and t - self.last_tick < device.FRAME_MS):
                continue
            w.now = self.tick_at = t
            self.tick_real = ticks_ms()
            runner.tick(t)
            self.last_tick = t
            took = ticks_diff(ticks_ms(), self.tick_real)
            if took > scan and self.live:   # a manual clock's board time is the page's alone
                self.next_tick = t + took
            if self.next_tick <= until and ticks_diff(ticks_ms(), started) >= _CALL_MS:
                reached = self.next_tick - 1
                self.later = changes[i:]
                break
        else:
            while i < len(changes):   # after the last tick: the next one sees them
                self._apply(changes[i])
                i += 1
                self.changed_at = until
        out = {"t": reached, "tones": w.tones, "events": list(self.events),
               "dirty": self.storage.dirty, "heap": gc.mem_alloc(),
               "serial": self.serial.take()}
        wire, leds = w.strip.buf, self.leds
        if wire != self.wire or leds.frame != self.colours or leds.level != self.level:
            self.wire = bytes(wire)
            self.colours = bytes(leds.frame)
            self.level = leds.level
            out["leds"] = hexlify(leds.displayed(self.shown)).decode()
            out["colours"] = hexlify(leds.frame).decode()
            out["level"] = leds.level
        w.tones = []
        del self.events[:]
        self.storage.dirty = False
        text = json.dumps(out)
        status = self.status()
        if status == self.last_status:
            return text
        self.last_status = status
        return text[:-1] + ', "status": ' + status + "}"

    def status(self):
        r = self.runner
        if r.app is None:
            return json.dumps({"screen": "error", "game": None, "moves": [], "legal": [],
                               "message": "crashed: see /crash.log"
                               + (", restarting" if r.restart else "")})
        return json.dumps(explain.status(r.app))


class Shown:
    """The board's LED driver, keeping the logical frame and the brightness it last showed:
    the page draws each LED's colour from them (leds.js), the wire keeps its values."""

    def __init__(self, leds):
        self.leds = leds
        self.count = leds.count
        self.frame = bytearray(3 * leds.count)
        self.level = 0

    def show(self, frame, brightness):
        n = min(len(frame), len(self.frame))
        self.frame[:n] = frame[:n]
        self.level = brightness
        self.leds.show(frame, brightness)

    def off(self):
        self.level = 0
        self.leds.off()

    def displayed(self, out=None):
        return self.leds.displayed(out)


SIM = None


def boot(live=True):
    """Power-up: a fresh board over the files already on the flash; ``live``: the page's
    clock is real time (with ?clock=manual, a slow tick does not push the next one later,
    so board time is the page's alone)."""
    global SIM
    SIM = None
    gc.collect()
    SIM = Sim(live)
    return SIM.run(0, [])


def run(until, changes, serial=""):
    return SIM.run(until, changes, serial)


def events():
    """The event log as the page shows it (JSON text): what the people at the table may
    read, without Masbrur's secret walls (explain.public_text); the file keeps them."""
    try:
        with open(eventlog.PATH) as f:
            text = f.read()
    except OSError:
        text = ""
    return json.dumps(explain.public_text(SIM.kind, text))
