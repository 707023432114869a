"""HAL figures for the benchmark runner (portable: CPython and MicroPython).

The cost of one key scan (7x7 matrix + 2 keys on fake pins written in Python, so an upper
bound: machine.Pin is C; the settle delay, a fixed rows x settle_us wait, is added
separately) and of one LED render (49 LEDs into the recording strip: brightness, gamma,
wiring order; the wire time is added separately),
then the key -> LED latency budget from the light board's profile: one scan period (a
press counts at the first scan that reads it) + one scan + one render + the WS2812 wire
time. Target <= 20 ms (docs/architecture.md#memory-and-speed). The app's own step time is in
extra_app's figures."""
import json

from clock import elapsed_us, now_us

from firmware.hal.keys import KeyMatrix
from firmware.hal.leds import Leds, RecordingStrip

PROFILE = "hardware/light-pico.json"
WS2812_BIT_US = 1.25
WS2812_LATCH_US = 280          # WS2812B-V5 reset time; older parts need 50


class _Pin:
    def __init__(self):
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


# The light-pico figures that matter here, for MicroPython, which cannot see hardware/
# under the runner (tests/test_hal_profile_build.py checks they match the profile).
FALLBACK = {"leds": {"pin": 22, "count": 49, "width": 7, "height": 7, "serpentine": True,
                     "order": "GRB", "first": "bottom-left", "driver": "neopixel"},
            "keys": {"scan_ms": 5, "settle_us": 20, "debounce": 3}}


def _profile():
    try:
        with open(__file__.rsplit("/", 3)[0] + "/" + PROFILE) as f:
            return json.load(f)
    except OSError:
        return FALLBACK


def _best_us(fn, batches=5, rounds=100):
    """Mean time of one call in the fastest of ``batches`` batches (a loaded machine only
    ever makes a batch slower)."""
    best = None
    for b in range(batches):
        t0 = now_us()
        for i in range(rounds):
            fn(i)
        us = elapsed_us(t0) / rounds
        best = us if best is None or us < best else best
    return best


def figures():
    prof = _profile()
    k = prof["keys"]
    keys = KeyMatrix([_Pin() for _ in range(7)], [_Pin() for _ in range(7)], [_Pin(), _Pin()],
                     settle_us=0, debounce=k["debounce"], sleep_us=lambda us: None)
    scan_us = _best_us(lambda i: keys.scan(5 * i))
    n = prof["leds"]["count"]
    leds = Leds(prof["leds"], RecordingStrip(n))
    frame = bytearray(3 * n)
    for i in range(len(frame)):
        frame[i] = (i * 53) % 256
    render_us = _best_us(lambda i: leds.show(frame, 64))
    settle_us = 7 * k["settle_us"]
    wire_ms = (n * 24 * WS2812_BIT_US + WS2812_LATCH_US) / 1000
    return {
        "hal: one key scan, pins only (us)": scan_us,
        "hal: settle waits per scan (us)": settle_us,
        "hal: one LED render, 49 LEDs (us)": render_us,
        "hal: WS2812 wire time, 49 LEDs (ms)": wire_ms,
        "hal: scan period: a press waits at most this for its scan (ms)": k["scan_ms"],
        "hal: key->LED budget without app.step (ms, target <= 20)":
            k["scan_ms"] + (scan_us + settle_us + render_us) / 1000 + wire_ms,
    }


if __name__ == "__main__":
    f = figures()
    for key in sorted(f):
        print("%-58s %10.3f" % (key, f[key]))
