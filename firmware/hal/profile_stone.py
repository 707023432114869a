"""The stone board's profile (hardware/stone5-pico.json, stone7-pico.json): Fursaz's
hexagon of side ``size`` (5: 61 points, 7: 127), a bipolar linear Hall sensor and an LED
at each point (cell = the point's index in the engine's point order a1, a2, …, b1, …),
MENU, OK, PASS and SWAP buttons.
    size:    5 or 7
    leds:    map (chain position of each point's LED)
    sensors: select (the four select lines S0-S3 shared by every CD74HC4067), muxes
             (how many), adc (one ADC pin per mux; or one pin with bank: the select
             lines of a second-level mux that picks the mux), map (the mux input of each
             point: mux * 16 + channel), black ("high" or "low": which way a black face up
             moves the reading), threshold and hysteresis (how far from the empty level
             a stone counts, and how much nearer it may come before it no longer does),
             low and high (readings outside are a sensor fault), settle_us (mux and
             sensor settling per read), scan_ms, settle_ms (optional, default 300)"""
# The checks' helpers are imported by the checks: the app reads BUTTONS and the cell
# count without loading firmware/hal/profile.py (its names would stay in RAM).

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

BUTTONS = ("menu", "ok", "pass", "swap")
SAFE_MODE_EXAMPLE = ["menu", "ok"]
_SETTLE_MS = const(300)


def cell_count(profile):
    n = profile["size"]
    return 3 * n * (n - 1) + 1


def grid_names(profile):
    return ()


def matrix_pins(profile):
    return (), ()


def check(profile, pins):
    from firmware.hal.profile import check_map, check_muxes, fail, number, section
    if profile.get("size") not in (5, 7) or profile.get("size") is True:
        fail("size", "5 or 7")
    sen = section(profile, "sensors")
    cells = cell_count(profile)
    check_map(sen, cells, check_muxes(sen, pins, cells, "points"), "sensors.", "mux input")
    if sen.get("black") not in ("high", "low"):
        fail("sensors.black", "high or low")
    threshold = number(sen, "threshold", 100, 30000, "sensors.")
    number(sen, "hysteresis", 0, threshold - 1, "sensors.")
    low = number(sen, "low", 0, 30000, "sensors.")
    number(sen, "high", low + 1, 65535, "sensors.")


def sensors(profile, io):
    from firmware.hal.hall import MuxAdc, Stones
    from firmware.hal.sensors import SensorGrid
    sen = profile["sensors"]
    bank = [io.out(p) for p in sen["bank"]] if "bank" in sen else None
    mux = MuxAdc([io.out(p) for p in sen["select"]], [io.adc(p) for p in sen["adc"]], bank,
                 sen["settle_us"], io.sleep_us)
    stones = Stones(mux, sen["map"], sen["black"], sen["threshold"], sen["hysteresis"],
                    sen["low"], sen["high"])
    return SensorGrid(stones, cell_count(profile), sen.get("settle_ms", _SETTLE_MS),
                      sen["scan_ms"])
