"""The marble board's profile (hardware/marble-pico.json): 60 spaces (Mabula's 8x8
without its corners; cell = index in mabula.SPACES order, b1 = 0 … g8 = 59), each with
a presence sensor and an LED, plus MENU, OK and PASS buttons.
    leds:    map (chain position of each space's LED)
    sensors: bus ("bitbang" or "spi"; spi adds "spi", the bus number), load (the
             74HC165s' parallel-load pin, SH/LD), clock (CLK), data (QH of the last
             chip in the chain), inputs (chain length: 8 per chip), map (chain input
             of each space), active_low (a marble pulls the input low), scan_ms,
             settle_ms (optional, default 300: a frame counts once it has read the same
             for this long)"""
# The checks' helpers are imported by the checks: the app reads BUTTONS and the cell
# count without loading firmware/hal/profile.py (its names would stay in RAM).

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

BUTTONS = ("menu", "ok", "pass")
SAFE_MODE_EXAMPLE = ["menu", "ok"]
_CELLS = const(60)
_SETTLE_MS = const(300)
# RP2040/RP2350 SPI pins: bus -> (SCK pins, RX (MISO) pins)
_RP_SPI = const((((2, 6, 18, 22), (0, 4, 16, 20)), ((10, 14, 26), (8, 12, 24, 28))))


def cell_count(profile):
    return _CELLS


def grid_names(profile):
    return ()


def matrix_pins(profile):
    return (), ()


def check(profile, pins):
    from firmware.hal.profile import ProfileError, check_map, fail, number, section
    from firmware.values import is_bool
    sen = section(profile, "sensors")
    bus = sen.get("bus")
    if bus not in ("bitbang", "spi"):
        fail("sensors.bus", "bitbang or spi")
    pins.take(sen, "load", "sensors.")
    sck = pins.take(sen, "clock", "sensors.")
    miso = pins.take(sen, "data", "sensors.")
    if bus == "spi":
        n = number(sen, "spi", 0, 1, "sensors.")
        if profile["mcu"] in ("rp2040", "rp2350"):
            scks, misos = _RP_SPI[n]
            if sck not in scks:
                raise ProfileError(
                    "profile sensors.clock: pin %d is not an SCK pin of SPI%d" % (sck, n)
                )
            if miso not in misos:
                raise ProfileError(
                    "profile sensors.data: pin %d is not an RX pin of SPI%d" % (miso, n)
                )
    inputs = number(sen, "inputs", _CELLS, 256, "sensors.")
    if inputs % 8:
        fail("sensors.inputs", "a multiple of 8 (8 inputs per 74HC165)")
    check_map(sen, _CELLS, inputs, "sensors.", "chain input")
    if not is_bool(sen.get("active_low")):
        fail("sensors.active_low", "true or false")
    number(sen, "scan_ms", 2, 200, "sensors.")
    if "settle_ms" in sen:
        number(sen, "settle_ms", 20, 5000, "sensors.")


def sensors(profile, io):
    from firmware.hal.sensors import SensorGrid
    from firmware.hal.shiftin import Presence, ShiftChain
    sen = profile["sensors"]
    spi = io.spi(sen["spi"], 1000000, sen["clock"], sen["data"]) if sen["bus"] == "spi" else None
    chain = ShiftChain(io.out(sen["load"]), None if spi else io.out(sen["clock"]),
                       None if spi else io.inp(sen["data"]), sen["inputs"], spi=spi)
    return SensorGrid(Presence(chain, sen["map"], sen["active_low"]), _CELLS,
                      sen.get("settle_ms", _SETTLE_MS), sen["scan_ms"])
