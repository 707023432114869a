"""The simulated board, run by the simulator page's MicroPython (WebAssembly).

The firmware runs as on the board: the device runner (firmware.app.device.Runner) ticks
every scan period, stepping the app; the LED, key-matrix and buzzer drivers are the
board's own, built by firmware.hal.profile.build_micropython over the simulated
``machine`` and ``neopixel`` below. So the page sees what the pins see - the LED wire
buffer (brightness and gamma applied by the driver), the buzzer's PWM frequency and duty
- and it works the keys by closing contacts in the key matrix, debounced by the driver.

The page calls ``boot()`` at each power-up, then ``run(until_ms, changes)`` from its
timer: ``changes`` is a list [[t_ms, key, closed], ...] (contact changes, t ascending);
the reply is JSON text (see ``run``). Each call is short and separate: the WebAssembly build
frees memory only between calls. The board's files live in the current folder (the
flash root); the page saves them after a call that reports ``dirty``."""
import gc
import json

from binascii import hexlify
from firmware.app import crash, device
from firmware.app.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage


class Wires:
    """The pins' electrical state: which key-matrix rows are driven low, the key
    contacts (index = key number: grid row * width + column, then MENU, OK) and what
    the buzzer's PWM was told."""

    def __init__(self, prof):
        keys = prof["keys"]
        self.width = len(keys["cols"])
        self.pins = {}     # pin number -> (kind, index)
        for r in range(len(keys["rows"])):
            self.pins[keys["rows"][r]] = ("row", r)
        for c in range(self.width):
            self.pins[keys["cols"][c]] = ("col", c)
        grid = len(keys["rows"]) * self.width
        for i in range(len(hal_profile.MENU_KEY_NAMES)):
            self.pins[keys[hal_profile.MENU_KEY_NAMES[i]]] = ("key", grid + i)
        self.closed = bytearray(grid + len(hal_profile.MENU_KEY_NAMES))
        self.low_rows = []
        self.now = 0
        self.tones = []    # [t_ms, freq_hz, duty_u16] each time the PWM duty is set
        self.freq = 0
        self.strip = None  # the NeoPixel


WIRES = None   # set by Sim(); the simulated machine below reads and writes it


class Pin:
    """machine.Pin over WIRES. ``value`` is made per pin kind: the key scan reads the
    columns 49 times per scan, so each read is one short function."""
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        w = WIRES
        kind, i = w.pins.get(pin_id, ("out", 0))
        closed, low = w.closed, w.low_rows
        if kind == "row":
            def drive(v=None):
                if v is None:
                    return 0 if i in low else 1
                if v:
                    if i in low:
                        low.remove(i)
                elif i not in low:
                    low.append(i)
            self.value = drive
        elif kind == "col":
            # Pulled up; low when a closed contact joins it to a row driven low (the
            # diodes stop current flowing back through other keys: no ghost keys).
            width = w.width

            def column(v=None):
                for r in low:
                    if closed[r * width + i]:
                        return 0
                return 1
            self.value = column
        elif kind == "key":
            self.value = lambda v=None: 0 if closed[i] else 1
        else:
            self.value = lambda v=None: 0
        if value is not None:
            self.value(value)


class PWM:
    def __init__(self, pin):
        self.pin = pin

    def freq(self, hz):
        WIRES.freq = hz

    def duty_u16(self, duty):
        WIRES.tones.append([WIRES.now, WIRES.freq, duty])


class machine:  # noqa: N801 - stands in for the module of that name
    Pin = Pin
    PWM = PWM


class NeoPixel:
    def __init__(self, pin, n):
        self.buf = bytearray(3 * n)
        WIRES.strip = self

    def write(self):
        pass


class neopixel:  # noqa: N801
    NeoPixel = NeoPixel


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
    def __init__(self):
        global WIRES
        prof = hal_profile.load("profile.json")
        WIRES = Wires(prof)
        self.scan_ms = prof["keys"]["scan_ms"]
        self.storage = BoardStorage()
        self.leds, self.keys, buzzer = hal_profile.build_micropython(
            prof, machine, neopixel, sleep_us=lambda us: None)
        self.events = []
        take = self.keys.take_events

        def take_events():   # what the key driver hands the app, for the page's log
            evs = take()
            for ev in evs:
                self.events.append([WIRES.now, ev[0], ev[1]])
            return evs
        self.keys.take_events = take_events
        self.runner = device.Runner(make_app, prof, self.storage, self.leds, self.keys,
                                    buzzer, crash)
        self.shown = bytearray(3 * self.leds.count)
        self.wire = None   # the wire buffer last reported
        self.quiet = 0         # ticks since a contact was last closed
        self.next_tick = 0     # the next scan instant
        self.last_tick = 0
        self.last_status = None
        self.runner.start(0)

    def run(self, until, changes):
        """Tick the runner up to ``until`` (board ms since power-up), closing and opening
        contacts at their times. Ticks come every scan period, as on the board, while a
        contact changed or is closed or settling, or a tone plays; otherwise every
        device.FRAME_MS (the scans in between would find nothing). Returns JSON: t, leds
        (hex RGB per LED as displayed, when it changed), tones, events (from the key
        driver), dirty (files were written), heap (bytes in use), status (when it
        changed)."""
        w, scan, runner = WIRES, self.scan_ms, self.runner
        i = 0
        while self.next_tick <= until:
            t = self.next_tick
            self.next_tick = t + scan
            changed = False
            while i < len(changes) and changes[i][0] <= t:
                w.closed[changes[i][1]] = 1 if changes[i][2] else 0
                i += 1
                changed = True
            if (not changed and self.quiet > self.keys.debounce and not runner.buzzer.busy()
                    and t - self.last_tick < device.FRAME_MS):
                continue
            w.now = t
            runner.tick(t)
            self.last_tick = t
            self.quiet = 0 if max(w.closed) else self.quiet + 1
        while i < len(changes):   # after the last tick: the next one sees them
            w.closed[changes[i][1]] = 1 if changes[i][2] else 0
            i += 1
        out = {"t": until, "tones": w.tones, "events": self.events,
               "dirty": self.storage.dirty, "heap": gc.mem_alloc()}
        wire = w.strip.buf
        if wire != self.wire:
            self.wire = bytes(wire)
            out["leds"] = hexlify(self.leds.displayed(self.shown)).decode()
        w.tones = []
        self.events = []
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
                               "message": "crashed: see /crash.log" + (", restarting" if r.restart else "")})
        return json.dumps(r.app.status())


SIM = None


def boot():
    """Power-up: a fresh board over the files already on the flash."""
    global SIM
    SIM = None
    gc.collect()
    SIM = Sim()
    return SIM.run(0, [])


def run(until, changes):
    return SIM.run(until, changes)
