"""Board profiles: read /profile.json, check it, and build the drivers from it.

This is the only module that names pins (DESIGN.md §1). ``load()`` reads and checks a
profile (ProfileError says what is wrong, in one sentence naming the field);
``build(profile)`` makes the machine.Pin / PWM / neopixel objects (or CircuitPython's
digitalio / pwmio / neopixel ones) and returns ``(leds, keys, buzzer)``. Hardware modules
are imported only inside the build functions, so CPython tests pass fakes.

The light board's profile (hardware/light-pico.json, wiring in hardware/README.md):
    leds:   pin, count, width, height, serpentine, order ("GRB", any order of R G B),
            first (corner where the chain starts), runs ("rows" | "columns"), driver
            ("neopixel"), gamma (optional, default 2.2)
    keys:   rows (one pin per rank, rank 1 first), cols (one pin per file, a first),
            menu, ok (pins of their own), scan_ms, settle_us, debounce (scans), long_ms
    buzzer: pin, duty_u16 (optional loudness, default 32768 = half)
    safe_mode: two square names held at power-up to skip the app"""
import json
import sys

from firmware.rules import is_bool, is_int

PATH = "/profile.json"
KINDS = ("light",)
MENU_KEY_NAMES = ("menu", "ok")
_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
_CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")
# (field, lo, hi): the timing fields of "keys"
_KEY_TIMING = (("scan_ms", 1, 50), ("settle_us", 0, 1000), ("debounce", 1, 20), ("long_ms", 100, 10000))


class ProfileError(ValueError):
    pass


def load(path=PATH):
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        raise ProfileError("%s not found: `arbiter deploy` copies a hardware/<name>.json there" % path)
    try:
        profile = json.loads(text)
    except ValueError:
        raise ProfileError("%s is not valid JSON" % path)
    check(profile)
    return profile


def _fail(field, want):
    raise ProfileError("profile %s: %s expected" % (field, want))


def _int(obj, field, lo, hi, where):
    v = obj.get(field)
    if not (is_int(v) and lo <= v <= hi):
        _fail(where + field, "a whole number from %d to %d" % (lo, hi))
    return v


def _pin(obj, field, where):
    return _int(obj, field, 0, 99, where)


def _section(profile, name):
    sec = profile.get(name)
    if not isinstance(sec, dict):
        _fail(name, "an object")
    return sec


def _pins(sec, field, n, what, where):
    v = sec.get(field)
    if not isinstance(v, list) or len(v) != n or not all(is_int(p) and 0 <= p <= 99 for p in v):
        _fail(where + field, "a list of %d pin numbers (%s)" % (n, what))
    return v


def square_index(name, width, height):
    """'a1' -> 0, 'b1' -> 1, ... (index = (rank - 1) * width + file), or None if off the board."""
    if not isinstance(name, str) or len(name) < 2 or not name[1:].isdigit():
        return None
    x = ord(name[0]) - ord("a")
    y = int(name[1:]) - 1
    if 0 <= x < width and 0 <= y < height:
        return y * width + x
    return None


def check(profile):
    """Raise ProfileError (naming the field) unless ``profile`` is a usable board profile."""
    if not isinstance(profile, dict):
        _fail("", "a JSON object")
    if not isinstance(profile.get("name"), str):
        _fail("name", "a string")
    if profile.get("kind") not in KINDS:
        raise ProfileError("profile kind: %r is not a board kind this firmware drives (%s)"
                           % (profile.get("kind"), ", ".join(KINDS)))
    if not isinstance(profile.get("mcu"), str):
        _fail("mcu", "a string (e.g. rp2040)")
    leds = _section(profile, "leds")
    used = [_pin(leds, "pin", "leds.")]
    w = _int(leds, "width", 1, 64, "leds.")
    h = _int(leds, "height", 1, 64, "leds.")
    if leds.get("count") != w * h:
        _fail("leds.count", "width x height = %d" % (w * h))
    if not is_bool(leds.get("serpentine")):
        _fail("leds.serpentine", "true or false")
    if leds.get("order") not in _ORDERS:
        _fail("leds.order", "one of " + ", ".join(_ORDERS))
    if leds.get("first") not in _CORNERS:
        _fail("leds.first", "one of " + ", ".join(_CORNERS))
    if leds.get("runs", "rows") not in ("rows", "columns"):
        _fail("leds.runs", "rows or columns")
    if leds.get("driver") != "neopixel":
        _fail("leds.driver", "neopixel")
    g = leds.get("gamma")
    if "gamma" in leds and not ((is_int(g) or isinstance(g, float)) and 1 <= g <= 3):
        _fail("leds.gamma", "a number from 1 to 3")
    keys = _section(profile, "keys")
    used += _pins(keys, "rows", h, "one per rank, rank 1 first", "keys.")
    used += _pins(keys, "cols", w, "one per file, file a first", "keys.")
    for name in MENU_KEY_NAMES:
        used.append(_pin(keys, name, "keys."))
    for field, lo, hi in _KEY_TIMING:
        _int(keys, field, lo, hi, "keys.")
    buzzer = _section(profile, "buzzer")
    used.append(_pin(buzzer, "pin", "buzzer."))
    if "duty_u16" in buzzer:
        _int(buzzer, "duty_u16", 0, 65535, "buzzer.")
    for i in range(len(used)):
        if used[i] in used[i + 1:]:
            raise ProfileError("profile: pin %d is used twice" % used[i])
    safe = profile.get("safe_mode")
    if (not isinstance(safe, list) or len(safe) != 2 or safe[0] == safe[1]
            or None in [square_index(s, w, h) for s in safe]):
        _fail("safe_mode", "two different square names, e.g. [\"a1\", \"g1\"]")


def safe_mode_keys(profile):
    leds = profile["leds"]
    return [square_index(s, leds["width"], leds["height"]) for s in profile["safe_mode"]]


def latency_budget_ms(profile):
    """Worst case from a settled key press to its event: ``debounce`` scans, the first
    of them up to one scan period after the press."""
    keys = profile["keys"]
    return keys["scan_ms"] * keys["debounce"]


def build(profile):
    """(leds, keys, buzzer) for the interpreter this runs on."""
    if sys.implementation.name == "circuitpython":
        return build_circuitpython(profile)
    import machine
    import neopixel
    return build_micropython(profile, machine, neopixel)


def _drivers(profile, strip, row_pins, col_pins, extra_pins, pwm, sleep_us):
    from firmware.hal.buzzer import Buzzer
    from firmware.hal.keys import KeyMatrix
    from firmware.hal.leds import Leds
    k = profile["keys"]
    keys = KeyMatrix(row_pins, col_pins, extra_pins, settle_us=k["settle_us"],
                     debounce=k["debounce"], long_ms=k["long_ms"], sleep_us=sleep_us)
    buzzer = Buzzer(pwm, duty_u16=profile["buzzer"].get("duty_u16", 32768))
    return Leds(profile["leds"], strip), keys, buzzer


def build_micropython(profile, machine, neopixel, sleep_us=None):
    Pin = machine.Pin
    leds, keys = profile["leds"], profile["keys"]
    # MicroPython's NeoPixel is a strip as it is: its buf is written in wire order.
    strip = neopixel.NeoPixel(Pin(leds["pin"], Pin.OUT), leds["count"])
    rows = [Pin(p, Pin.OUT, value=1) for p in keys["rows"]]
    cols = [Pin(p, Pin.IN, Pin.PULL_UP) for p in keys["cols"]]
    extra = [Pin(keys[name], Pin.IN, Pin.PULL_UP) for name in MENU_KEY_NAMES]
    pwm = machine.PWM(Pin(profile["buzzer"]["pin"]))
    return _drivers(profile, strip, rows, cols, extra, pwm, sleep_us)


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


def build_circuitpython(profile):
    import digitalio
    import microcontroller
    import neopixel
    import pwmio
    import time
    from firmware.hal.leds import CircuitPythonStrip

    def gpio(n):
        return getattr(microcontroller.pin, "GPIO%d" % n)

    def sleep_us(us):
        time.sleep(us / 1000000)

    leds, keys = profile["leds"], profile["keys"]
    pixels = neopixel.NeoPixel(gpio(leds["pin"]), leds["count"], brightness=1.0,
                               auto_write=False, pixel_order="RGB")
    strip = CircuitPythonStrip(pixels, leds["count"])
    rows = [_CpOut(digitalio, gpio(p)) for p in keys["rows"]]
    cols = [_CpIn(digitalio, gpio(p)) for p in keys["cols"]]
    extra = [_CpIn(digitalio, gpio(keys[name])) for name in MENU_KEY_NAMES]
    pwm = _CpPwm(pwmio, gpio(profile["buzzer"]["pin"]))
    return _drivers(profile, strip, rows, cols, extra, pwm, sleep_us)
