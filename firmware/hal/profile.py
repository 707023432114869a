"""Board profiles: read /profile.json, check it, and build the drivers from it.

This module and the board kinds' profile modules (profile_<kind>.py) are the only ones
that name pins (docs/architecture.md#boards). ``load()`` reads and checks a profile: ProfileError
says what is wrong in one sentence naming the field, on the board at boot and in `arbiter`.
``build(profile)`` makes the drivers for the interpreter it runs on (machine / neopixel
on MicroPython, digitalio / pwmio / neopixel on CircuitPython) and returns a ``Drivers``.
Hardware modules are imported only inside the build functions, so CPython tests pass
fakes (``build_micropython(profile, machine, neopixel)``).

Every kind's profile has (hardware/README.md has the wiring):
    name, kind (a board kind: kinds()), mcu (a key of the pin table below)
    leds:    pin, count, order ("GRB", any order of R G B), driver ("neopixel"),
             gamma (optional, 1-3, default 2.2), and where each cell's LED sits on the
             chain: either "map" (chain position per cell, in the kind's cell order) or
             a full grid (width, height, serpentine, first corner, runs "rows"/"columns")
    keys:    scan_ms, debounce (scans a release must hold), long_ms, settle_us (timing of every key
    input;
             the light board adds its matrix: rows, cols)
    buttons: a pin per button name of the kind (active low, pulled up)
    buzzer:  pin, duty_u16 (optional loudness, default 32768 = half)
    safe_mode: two key names held at power-up to skip the app
and what its kind adds (profile_<kind>.py). The check refuses a profile that cannot
work: a pin used twice, a pin the controller does not have, an analogue input on a
pin without an ADC, an LED count that does not match the map."""
import json
import sys

from firmware.values import is_bool, is_int

PATH = "/profile.json"
_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
_CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")
# (field, lo, hi): the timing fields of "keys"
_KEY_TIMING = (
    ("scan_ms", 1, 50),
    ("settle_us", 0, 1000),
    ("debounce", 1, 20),
    ("long_ms", 100, 10000),
)


class ProfileError(ValueError):
    pass


def _mcu_pins(mcu):
    """(GPIO numbers the controller has, those with an ADC input), or None."""
    if mcu == "rp2040" or mcu == "rp2350":   # Pico, Pico 2 (RP2350A): GP0-GP29
        return range(30), range(26, 30)
    if mcu == "esp32s3":                       # GPIO22-25 do not exist; ADC1/ADC2 on 1-20
        return [p for p in range(49) if not 22 <= p <= 25], range(1, 21)
    return None


def kind_module(kind):
    """The profile module of a board kind (profile_<kind>.py)."""
    return __import__("firmware.hal.profile_" + kind, None, None, ("check",))


def kinds():
    """The board kinds this firmware drives: one profile_<kind> module each."""
    import os
    here = __file__.rpartition("/")[0]
    out = []
    for name in os.listdir(here):
        if name.startswith("profile_") and (name.endswith(".py") or name.endswith(".mpy")):
            out.append(name[8:name.rindex(".")])
    out.sort()
    return out


def load(path=PATH):
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        raise ProfileError(
            "%s not found: `arbiter deploy` copies a hardware/<name>.json there" % path
        )
    except UnicodeError:
        raise ProfileError("%s is not text" % path)
    try:
        profile = json.loads(text)
    except ValueError:
        raise ProfileError("%s is not valid JSON" % path)
    check(profile)
    return profile


def fail(field, want):
    raise ProfileError("profile %s: %s expected" % (field, want))


def number(obj, field, lo, hi, where):
    v = obj.get(field)
    if not (is_int(v) and lo <= v <= hi):
        fail(where + field, "a whole number from %d to %d" % (lo, hi))
    return v


def section(profile, name):
    sec = profile.get(name)
    if not isinstance(sec, dict):
        fail(name, "an object")
    return sec


def check_map(sec, cells, count, where, what):
    """``sec["map"]``: one position (0 to count - 1) per cell, none given twice."""
    m = sec.get("map")
    if not isinstance(m, list) or len(m) != cells:
        fail(where + "map", "a list of %d %s positions, one per cell" % (cells, what))
    seen = bytearray(count)
    for i in range(cells):
        p = m[i]
        if not (is_int(p) and 0 <= p < count):
            raise ProfileError("profile %smap[%d]: %r is not a %s position from 0 to %d"
                               % (where, i, p, what, count - 1))
        if seen[p]:
            raise ProfileError("profile %smap: %s %d is given to two cells" % (where, what, p))
        seen[p] = 1


class Pins:
    """The pins a profile uses, checked as they are taken: each must exist on the
    controller, have an ADC when it is read as analogue, and serve one purpose."""

    def __init__(self, mcu):
        self.exist, self.adc = _mcu_pins(mcu)
        self.mcu = mcu
        self.used = {}

    def take(self, sec, field, where, adc=False):
        return self.one(sec.get(field), where + field, adc)

    def take_list(self, sec, field, n, what, where):
        v = sec.get(field)
        if not isinstance(v, list) or len(v) != n:
            fail(where + field, "a list of %d pin numbers (%s)" % (n, what))
        for i in range(n):
            self.one(v[i], "%s%s[%d]" % (where, field, i))
        return v

    def one(self, pin, field, adc=False):
        if not is_int(pin):
            fail(field, "a pin number")
        if pin not in self.exist:
            raise ProfileError("profile %s: the %s has no pin %d" % (field, self.mcu, pin))
        if adc and pin not in self.adc:
            raise ProfileError("profile %s: pin %d has no ADC input on the %s (ADC pins: %s)"
                               % (field, pin, self.mcu, ", ".join(str(p) for p in self.adc)))
        if pin in self.used:
            raise ProfileError(
                "profile: pin %d is used twice (%s and %s)" % (pin, self.used[pin], field)
            )
        self.used[pin] = field
        return pin


def check_muxes(sen, pins, inputs, what):
    """The ``sensors`` section of a board read through CD74HC4067 muxes into the ADC
    (the stone and tile boards): the select pins, one ADC pin per mux or one behind a
    second-level mux (``bank``), at least ``inputs`` mux inputs for the ``what`` read,
    the scan's timing. Returns the number of mux inputs."""
    pins.take_list(sen, "select", 4, "S0, S1, S2, S3", "sensors.")
    muxes = number(sen, "muxes", 1, 16, "sensors.")
    adc = sen.get("adc")
    if "bank" in sen:
        pins.take_list(sen, "bank", 4, "the second-level mux's S0-S3", "sensors.")
        if not isinstance(adc, list) or len(adc) != 1:
            fail("sensors.adc", "one ADC pin (the second-level mux's output)")
    elif not isinstance(adc, list) or len(adc) != muxes:
        fail("sensors.adc", "one ADC pin per mux (%d), or one with bank" % muxes)
    for i in range(len(adc)):
        pins.one(adc[i], "sensors.adc[%d]" % i, True)
    if muxes * 16 < inputs:
        raise ProfileError("profile sensors.muxes: %d muxes read %d inputs, the board has %d %s"
                           % (muxes, muxes * 16, inputs, what))
    number(sen, "settle_us", 0, 1000, "sensors.")
    number(sen, "scan_ms", 5, 500, "sensors.")
    if "settle_ms" in sen:
        number(sen, "settle_ms", 20, 5000, "sensors.")
    return muxes * 16


def key_names(profile):
    """Every key of the board, in key-number order: the kind's grid keys (if any), then
    its buttons in the kind's order."""
    mod = kind_module(profile["kind"])
    return mod.grid_names(profile) + mod.BUTTONS


def key_id(profile, name):
    """The key number the key driver gives key ``name`` (ValueError if none)."""
    return key_names(profile).index(name)


def cell_count(profile):
    return kind_module(profile["kind"]).cell_count(profile)


def _check_leds(leds, cells, pins):
    pins.take(leds, "pin", "leds.")
    count = number(leds, "count", 1, 1024, "leds.")
    if leds.get("order") not in _ORDERS:
        fail("leds.order", "one of " + ", ".join(_ORDERS))
    if leds.get("driver") != "neopixel":
        fail("leds.driver", "neopixel")
    g = leds.get("gamma")
    if "gamma" in leds and not ((is_int(g) or isinstance(g, float)) and 1 <= g <= 3):
        fail("leds.gamma", "a number from 1 to 3")
    if "map" in leds:
        check_map(leds, cells, count, "leds.", "LED")
        if count != cells:
            raise ProfileError(
                "profile leds.count: %d LEDs, but the map places %d" % (count, cells)
            )
        return
    w = number(leds, "width", 1, 64, "leds.")
    h = number(leds, "height", 1, 64, "leds.")
    if count != w * h or count != cells:
        fail("leds.count", "width x height = %d, one LED per cell (%d cells)" % (w * h, cells))
    if not is_bool(leds.get("serpentine")):
        fail("leds.serpentine", "true or false")
    if leds.get("first") not in _CORNERS:
        fail("leds.first", "one of " + ", ".join(_CORNERS))
    if leds.get("runs", "rows") not in ("rows", "columns"):
        fail("leds.runs", "rows or columns")


def check(profile):
    """Raise ProfileError (naming the field) unless ``profile`` is a usable board profile."""
    if not isinstance(profile, dict):
        fail("", "a JSON object")
    if not isinstance(profile.get("name"), str):
        fail("name", "a string")
    kind = profile.get("kind")
    try:
        mod = kind_module(kind) if isinstance(kind, str) and kind.isalpha() else None
    except ImportError:
        mod = None
    if mod is None:
        raise ProfileError("profile kind: %r is not a board kind this firmware drives (%s)"
                           % (kind, ", ".join(kinds())))
    if _mcu_pins(profile.get("mcu")) is None:
        fail("mcu", "rp2040, rp2350 or esp32s3")
    pins = Pins(profile["mcu"])
    keys = section(profile, "keys")
    for field, lo, hi in _KEY_TIMING:
        number(keys, field, lo, hi, "keys.")
    mod.check(profile, pins)      # the kind's own sections first: its cells size the LEDs
    _check_leds(section(profile, "leds"), mod.cell_count(profile), pins)
    buttons = section(profile, "buttons")
    for name in mod.BUTTONS:
        pins.take(buttons, name, "buttons.")
    for name in buttons:
        if name not in mod.BUTTONS:
            fail(
                "buttons." + str(name),
                "no such button on a %s board (%s)" % (kind, ", ".join(mod.BUTTONS)),
            )
    buzzer = section(profile, "buzzer")
    pins.take(buzzer, "pin", "buzzer.")
    if "duty_u16" in buzzer:
        number(buzzer, "duty_u16", 0, 65535, "buzzer.")
    safe = profile.get("safe_mode")
    names = key_names(profile)
    if (not isinstance(safe, list) or len(safe) != 2 or safe[0] == safe[1]
            or safe[0] not in names or safe[1] not in names):
        fail("safe_mode", "two different key names, e.g. %s" % json.dumps(mod.SAFE_MODE_EXAMPLE))


def safe_mode_keys(profile):
    return [key_id(profile, name) for name in profile["safe_mode"]]


def latency_budget_ms(profile):
    """Worst case from a key press to its event: one scan period (a press counts at the
    first scan that reads it; firmware/hal/keys.py)."""
    return profile["keys"]["scan_ms"]


class Drivers:
    """A board's drivers by name: ``leds``, ``buzzer``, ``keys`` (the key matrix and
    buttons: key events) and ``sensors`` (a stable-frame source, or None).
    ``sources`` is what the runner polls, in order."""

    def __init__(self, leds, buzzer, keys, sensors=None):
        self.leds = leds
        self.buzzer = buzzer
        self.keys = keys
        self.sensors = sensors
        self.sources = (keys,) if sensors is None else (keys, sensors)


def build(profile):
    """The Drivers for the interpreter this runs on."""
    if sys.implementation.name == "circuitpython":
        return build_circuitpython(profile)
    import machine
    import neopixel
    return build_micropython(profile, machine, neopixel)


def _drivers(profile, io):
    from firmware.hal.buzzer import Buzzer
    from firmware.hal.keys import KeyMatrix
    from firmware.hal.leds import Leds
    mod = kind_module(profile["kind"])
    k = profile["keys"]
    rows, cols = mod.matrix_pins(profile)
    buttons = profile["buttons"]
    keys = KeyMatrix([io.out(p) for p in rows], [io.inp(p) for p in cols],
                     [io.inp(buttons[name]) for name in mod.BUTTONS],
                     settle_us=k["settle_us"], debounce=k["debounce"], long_ms=k["long_ms"],
                     sleep_us=io.sleep_us)
    leds = Leds(profile["leds"], io.strip(profile["leds"]["pin"], profile["leds"]["count"]))
    buzzer = Buzzer(
        io.pwm(profile["buzzer"]["pin"]), duty_u16=profile["buzzer"].get("duty_u16", 32768)
    )
    return Drivers(leds, buzzer, keys, mod.sensors(profile, io))


class _MicroPythonIo:
    """Pins, PWM, SPI and the LED strip through MicroPython's machine and neopixel."""

    def __init__(self, machine, neopixel, sleep_us):
        self.machine = machine
        self.neopixel = neopixel
        self.sleep_us = sleep_us

    def out(self, pin):
        Pin = self.machine.Pin
        return Pin(pin, Pin.OUT, value=1)

    def inp(self, pin):
        Pin = self.machine.Pin
        return Pin(pin, Pin.IN, Pin.PULL_UP)

    def pwm(self, pin):
        return self.machine.PWM(self.machine.Pin(pin))

    def strip(self, pin, count):
        # MicroPython's NeoPixel is a strip as it is: its buf is written in wire order.
        return self.neopixel.NeoPixel(self.machine.Pin(pin, self.machine.Pin.OUT), count)

    def spi(self, bus, baud, sck, miso):
        Pin = self.machine.Pin
        return self.machine.SPI(
            bus, baudrate=baud, polarity=0, phase=0, sck=Pin(sck), miso=Pin(miso)
        )

    def adc(self, pin):
        return self.machine.ADC(self.machine.Pin(pin))


def build_micropython(profile, machine, neopixel, sleep_us=None):
    if sleep_us is None:
        import time
        sleep_us = time.sleep_us
    return _drivers(profile, _MicroPythonIo(machine, neopixel, sleep_us))


class _CpIn:
    """A digitalio input with pull-up, looking like machine.Pin."""

    def __init__(self, digitalio, pin):
        self._io = digitalio.DigitalInOut(pin)
        self._io.switch_to_input(pull=digitalio.Pull.UP)

    def value(self):
        return self._io.value


class _CpOut:
    def __init__(self, digitalio, pin):
        self._io = digitalio.DigitalInOut(pin)
        self._io.switch_to_output(value=True)

    def value(self, v):
        self._io.value = bool(v)


class _CpPwm:
    """pwmio.PWMOut looking like machine.PWM."""

    def __init__(self, pwmio, pin):
        self._out = pwmio.PWMOut(pin, frequency=440, duty_cycle=0, variable_frequency=True)

    def freq(self, hz):
        self._out.frequency = hz

    def duty_u16(self, d):
        self._out.duty_cycle = d


class _CpAdc:
    """analogio.AnalogIn looking like machine.ADC (both read 0-65535)."""

    def __init__(self, ain):
        self._ain = ain

    def read_u16(self):
        return self._ain.value


class _CircuitPythonIo:
    def __init__(self):
        import digitalio
        import microcontroller
        import time
        self._dio = digitalio
        self._pins = microcontroller.pin
        self.sleep_us = lambda us: time.sleep(us / 1000000)

    def _gpio(self, n):
        return getattr(self._pins, "GPIO%d" % n)

    def out(self, pin):
        return _CpOut(self._dio, self._gpio(pin))

    def inp(self, pin):
        return _CpIn(self._dio, self._gpio(pin))

    def pwm(self, pin):
        import pwmio
        return _CpPwm(pwmio, self._gpio(pin))

    def strip(self, pin, count):
        import neopixel
        from firmware.hal.leds import CircuitPythonStrip
        pixels = neopixel.NeoPixel(self._gpio(pin), count, brightness=1.0, auto_write=False,
                                   pixel_order="RGB")
        return CircuitPythonStrip(pixels, count)

    def spi(self, bus, baud, sck, miso):
        raise ProfileError(
            "profile sensors.bus: spi is not supported on CircuitPython; use bitbang"
        )

    def adc(self, pin):
        import analogio
        return _CpAdc(analogio.AnalogIn(self._gpio(pin)))


def build_circuitpython(profile):
    return _drivers(profile, _CircuitPythonIo())
