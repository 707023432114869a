"""Board profile loader (firmware/hal/profile.py) and the drivers it builds, on fake
machine / neopixel / CircuitPython modules that record what they were told."""
import copy
import json
import os
import sys
import types

import pytest

from firmware.hal import profile as prof

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIGHT_PICO = os.path.join(ROOT, "hardware", "light-pico.json")


def light():
    with open(LIGHT_PICO) as f:
        return json.load(f)


class FakeMachine:
    """machine as far as the profile loader uses it. Keys are held as (row gpio, col gpio)
    pairs or single gpios; a column reads low while a held key's row is driven low."""

    def __init__(self):
        self.pins = {}
        self.held = set()
        self.pwms = []
        machine = self

        class Pin:
            OUT, IN, PULL_UP = "out", "in", "pull_up"

            def __init__(self, gpio, mode=None, pull=None, value=None):
                self.gpio, self.mode, self.pull, self.level = gpio, mode, pull, value
                machine.pins[gpio] = self

            def value(self, v=None):
                if v is not None:
                    self.level = v
                    return None
                if self.gpio in machine.held:
                    return 0
                for row, col in [h for h in machine.held if isinstance(h, tuple)]:
                    if col == self.gpio and machine.pins[row].level == 0:
                        return 0
                return 1

        class PWM:
            def __init__(self, pin):
                self.pin, self.hz, self.duty = pin, None, None
                machine.pwms.append(self)

            def freq(self, hz):
                self.hz = hz

            def duty_u16(self, d):
                self.duty = d

        self.Pin, self.PWM = Pin, PWM


class FakeNeoPixel:
    made = []

    def __init__(self, pin, n):
        self.pin, self.n, self.buf, self.writes = pin, n, bytearray(3 * n), 0
        FakeNeoPixel.made.append(self)

    def write(self):
        self.writes += 1


def build_fake(profile=None):
    machine = FakeMachine()
    neopixel = types.SimpleNamespace(NeoPixel=FakeNeoPixel)
    drivers = prof.build_micropython(profile or light(), machine, neopixel,
                                     sleep_us=lambda us: None)
    return machine, drivers


def test_the_shipped_light_profile_loads():
    p = prof.load(LIGHT_PICO)
    assert p["kind"] == "light" and p["leds"]["count"] == 49
    assert prof.safe_mode_keys(p) == [0, 6]                # a1, g1
    assert prof.latency_budget_ms(p) <= 20


def test_missing_and_broken_files(tmp_path):
    with pytest.raises(prof.ProfileError, match="not found"):
        prof.load(str(tmp_path / "profile.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(prof.ProfileError, match="not valid JSON"):
        prof.load(str(bad))


def _set(p, path, value):
    obj = p
    keys = path.split(".")
    for k in keys[:-1]:
        obj = obj[k]
    if value is KeyError:
        del obj[keys[-1]]
    else:
        obj[keys[-1]] = value


@pytest.mark.parametrize("path,value,message", [
    ("kind", "teapot", "kind"),
    ("name", KeyError, "profile name"),
    ("mcu", 2040, "profile mcu"),
    ("leds", KeyError, "profile leds: an object"),
    ("leds.pin", "GP22", "leds.pin"),
    ("leds.count", 48, "leds.count: width x height = 49"),
    ("leds.width", 0, "leds.width"),
    ("leds.serpentine", 1, "leds.serpentine"),
    ("leds.order", "RGBW", "leds.order"),
    ("leds.first", "middle", "leds.first"),
    ("leds.runs", "diagonal", "leds.runs"),
    ("leds.driver", "apa102", "leds.driver"),
    ("leds.gamma", 5, "leds.gamma"),
    ("keys.rows", [2, 3, 4, 5, 6, 7], "keys.rows: a list of 7 pin numbers"),
    ("keys.cols", [9, 10, 11, 12, 13, 14, True], "keys.cols"),
    ("buttons.menu", KeyError, "buttons.menu"),
    ("buttons.start", 20, "buttons.start: no such button"),
    ("leds.pin", 30, "leds.pin: the rp2040 has no pin 30"),
    ("buzzer.pin", 2, "pin 2 is used twice"),
    ("leds.map", list(range(49)), None),
    ("keys.scan_ms", 0, "keys.scan_ms"),
    ("keys.debounce", 2.5, "keys.debounce"),
    ("keys.settle_us", -1, "keys.settle_us"),
    ("keys.long_ms", 50, "keys.long_ms"),
    ("buzzer.pin", None, "buzzer.pin"),
    ("buzzer.duty_u16", 70000, "buzzer.duty_u16"),
    ("safe_mode", ["a1"], "safe_mode"),
    ("safe_mode", ["a1", "a1"], "safe_mode"),
    ("safe_mode", ["a1", "h1"], "safe_mode"),
    ("buttons.ok", 22, "pin 22 is used twice"),
    ("mcu", "rp2350", None),
])
def test_each_mistake_is_named(path, value, message):
    p = light()
    _set(p, path, value)
    if message is None:      # not a mistake: an explicit map, another controller
        prof.check(p)
        return
    with pytest.raises(prof.ProfileError) as e:
        prof.check(p)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_build_configures_the_pins():
    FakeNeoPixel.made.clear()
    p = light()
    machine, d = build_fake(p)
    keys = d.keys
    k = p["keys"]
    for g in k["rows"]:
        assert (machine.pins[g].mode, machine.pins[g].level) == ("out", 1)
    for g in k["cols"] + [p["buttons"]["menu"], p["buttons"]["ok"]]:
        assert (machine.pins[g].mode, machine.pins[g].pull) == ("in", "pull_up")
    np = FakeNeoPixel.made[-1]
    assert (np.pin.gpio, np.pin.mode, np.n) == (22, "out", 49)
    assert machine.pwms[0].pin.gpio == 15 and machine.pwms[0].duty == 0
    assert (keys.settle_us, keys.debounce, keys.long_ms) == (20, 3, 800)


def test_built_drivers_work_end_to_end():
    FakeNeoPixel.made.clear()
    p = light()
    machine, d = build_fake(p)
    leds, keys, buzzer = d.leds, d.keys, d.buzzer
    assert d.sources == (keys,) and d.sensors is None
    rows, cols = p["keys"]["rows"], p["keys"]["cols"]
    machine.held = {(rows[3], cols[4]), p["buttons"]["ok"]}  # e4 and OK
    for t in range(0, 15, 5):
        keys.scan(t)
    assert sorted(keys.take_events()) == [("down", 3 * 7 + 4), ("down", 50)]
    frame = bytearray(147)
    frame[0] = 255                                          # a1 red
    leds.show(frame, 255)
    np = FakeNeoPixel.made[-1]
    assert (bytes(np.buf[:3]), np.writes) == (b"\x00\xff\x00", 1)
    buzzer.play([(440, 50)], 0)
    assert (machine.pwms[0].hz, machine.pwms[0].duty) == (440, 32768)


def test_build_for_circuitpython(monkeypatch):
    told = []

    class DigitalInOut:
        def __init__(self, pin):
            self.pin, self.value = pin, None

        def switch_to_input(self, pull):
            told.append(("in", self.pin, pull))
            self.value = True

        def switch_to_output(self, value):
            told.append(("out", self.pin, value))
            self.value = value

    class NeoPixel:
        def __init__(self, pin, n, brightness, auto_write, pixel_order):
            told.append(("neopixel", pin, n, brightness, auto_write, pixel_order))
            self.px = [None] * n

        def __setitem__(self, i, v):
            self.px[i] = v

        def show(self):
            told.append(("show", list(self.px[:2])))

    class PWMOut:
        def __init__(self, pin, frequency, duty_cycle, variable_frequency):
            told.append(("pwm", pin, variable_frequency))
            self.frequency, self.duty_cycle = frequency, duty_cycle

    pins = types.SimpleNamespace(**{"GPIO%d" % n: "GP%d" % n for n in range(30)})
    fakes = {"digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut,
                                                Pull=types.SimpleNamespace(UP="up")),
             "microcontroller": types.SimpleNamespace(pin=pins),
             "neopixel": types.SimpleNamespace(NeoPixel=NeoPixel),
             "pwmio": types.SimpleNamespace(PWMOut=PWMOut)}
    for name, mod in fakes.items():
        monkeypatch.setitem(sys.modules, name, mod)
    d = prof.build_circuitpython(light())
    leds, keys, buzzer = d.leds, d.keys, d.buzzer
    assert ("neopixel", "GP22", 49, 1.0, False, "RGB") in told
    assert ("out", "GP2", True) in told and ("in", "GP9", "up") in told
    assert ("pwm", "GP15", True) in told
    frame = bytearray(147)
    frame[0:3] = b"\xff\x80\x00"
    leds.show(frame, 255)
    # GRB chain, packed as 0xGGRRBB for CircuitPython's pass-through "RGB" order.
    assert told[-1] == ("show", [0x38FF00, 0])
    keys.scan(0)                                            # inputs read True = released
    assert keys.pending() == 0
    buzzer.play([(880, 10)], 0)
    assert (buzzer._pwm._out.frequency, buzzer._pwm._out.duty_cycle) == (880, 32768)


def test_check_does_not_modify_the_profile():
    p = light()
    before = copy.deepcopy(p)
    prof.check(p)
    assert p == before


def test_the_bench_figures_use_the_shipped_profile():
    sys.path.insert(0, os.path.join(ROOT, "tests", "bench"))
    try:
        import extra_hal
    finally:
        sys.path.pop(0)
    p = light()
    assert extra_hal._profile() == p
    for section, values in extra_hal.FALLBACK.items():
        assert {k: p[section][k] for k in values} == values


MARBLE_PICO = os.path.join(ROOT, "hardware", "marble-pico.json")


def marble():
    with open(MARBLE_PICO) as f:
        return json.load(f)


def test_the_shipped_marble_profile_loads_and_builds():
    p = prof.load(MARBLE_PICO)
    assert prof.key_names(p) == ("menu", "ok", "pass") and prof.cell_count(p) == 60
    assert prof.safe_mode_keys(p) == [0, 1]

    class Spi:
        def __init__(self, bus, baudrate, polarity, phase, sck, miso):
            self.args = (bus, sck.gpio, miso.gpio)

        def readinto(self, buf):
            for i in range(len(buf)):
                buf[i] = 0xFF                    # nothing on any sensor (active low)
    machine = FakeMachine()
    machine.SPI = Spi
    d = prof.build_micropython(p, machine, types.SimpleNamespace(NeoPixel=FakeNeoPixel),
                               sleep_us=lambda us: None)
    assert d.sources == (d.keys, d.sensors)
    assert d.sensors.reader._chain._spi.args == (0, 18, 16)
    assert d.sensors.settle_ms == 300
    d.sensors.scan(0)
    assert sum(d.sensors.reading) == 0


@pytest.mark.parametrize("path,value,message", [
    ("sensors.bus", "i2c", "sensors.bus"),
    ("sensors.clock", 19, "not an SCK pin of SPI0"),
    ("sensors.data", 17, "pin 17 is used twice"),
    ("sensors.inputs", 62, "multiple of 8"),
    ("sensors.map", [0] * 60, "input 0 is given to two cells"),
    ("sensors.map", list(range(59)), "a list of 60"),
    ("sensors.active_low", "yes", "sensors.active_low"),
    ("sensors.settle_ms", KeyError, None),
    ("leds.count", 64, "leds.count: 64 LEDs, but the map places 60"),
    ("leds.map", list(range(1, 61)), "leds.map[59]: 60 is not a LED position"),
    ("buttons.pass", KeyError, "buttons.pass"),
    ("safe_mode", ["a1", "g1"], "safe_mode"),
    ("kind", "light", "leds.width"),
])
def test_each_marble_mistake_is_named(path, value, message):
    p = marble()
    _set(p, path, value)
    if message is None:
        prof.check(p)
        return
    with pytest.raises(prof.ProfileError) as e:
        prof.check(p)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_an_analogue_input_needs_an_adc_pin():
    pins = prof.Pins("rp2040")
    assert pins.take({"p": 26}, "p", "x.", adc=True) == 26
    with pytest.raises(prof.ProfileError, match="pin 5 has no ADC input on the rp2040"):
        pins.take({"p": 5}, "p", "x.", adc=True)
