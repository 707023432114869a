"""The tile board's profile (hardware/tile-pico.json): 64 reader positions, each two
contacts (one per domino half) and an LED, plus MENU, OK, PASS, DRAW, LEFT, RIGHT and
ATTACK buttons. What each position is (the Mano a Mano track, the pad, Masbrur's field
and walls) and its name are firmware/app/boards/tile.py's; here a position is its cell
number, 0-63, in that order.
    leds:    map (chain position of each position's LED)
    sensors: select (S0-S3 shared by every CD74HC4067), muxes (how many), adc (one ADC
             pin per mux; or one pin with bank: the select lines of a second-level mux
             that picks the mux), map (per position, the mux inputs of its two contacts,
             [half a, half b], each mux * 16 + channel), settle_us (mux and node
             settling per read), scan_ms, settle_ms (optional, default 300)
The resistor windows are firmware/hal/tiles.py's LADDER (hardware/tiles.md)."""
# The checks' helpers are imported by the checks: the app reads BUTTONS and the cell
# count without loading firmware/hal/profile.py (its names would stay in RAM).

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

BUTTONS = ("menu", "ok", "pass", "draw", "left", "right", "attack")
SAFE_MODE_EXAMPLE = ["menu", "ok"]
_CELLS = const(64)
_SETTLE_MS = const(300)


def cell_count(profile):
    return _CELLS


def grid_names(profile):
    return ()


def matrix_pins(profile):
    return (), ()


def check(profile, pins):
    from firmware.hal.profile import check_muxes, section
    sen = section(profile, "sensors")
    _check_pairs(sen, check_muxes(sen, pins, 2 * _CELLS, "contacts"))


def _check_pairs(sen, inputs):
    """``sen["map"]``: two mux inputs per position, no input given twice."""
    from firmware.hal.profile import ProfileError, fail
    from firmware.values import is_int
    m = sen.get("map")
    if not isinstance(m, list) or len(m) != _CELLS:
        fail("sensors.map",
             "a list of %d [half a, half b] mux input pairs, one per position" % _CELLS)
    seen = bytearray(inputs)
    for i in range(_CELLS):
        pair = m[i]
        if not isinstance(pair, list) or len(pair) != 2:
            fail("sensors.map[%d]" % i, "[half a, half b]: two mux inputs")
        for p in pair:
            if not (is_int(p) and 0 <= p < inputs):
                raise ProfileError("profile sensors.map[%d]: %r is not a mux input from 0 to %d"
                                   % (i, p, inputs - 1))
            if seen[p]:
                raise ProfileError(
                    "profile sensors.map: mux input %d is given to two contacts" % p
                )
            seen[p] = 1


def sensors(profile, io):
    from firmware.hal.hall import MuxAdc
    from firmware.hal.sensors import SensorGrid
    from firmware.hal.tiles import TileReader
    sen = profile["sensors"]
    bank = [io.out(p) for p in sen["bank"]] if "bank" in sen else None
    mux = MuxAdc([io.out(p) for p in sen["select"]], [io.adc(p) for p in sen["adc"]], bank,
                 sen["settle_us"], io.sleep_us)
    reader = TileReader(mux, sen["map"])
    return SensorGrid(reader, reader.cells, sen.get("settle_ms", _SETTLE_MS), sen["scan_ms"])
