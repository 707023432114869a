"""The tile board's profile (hardware/tile-pico.json, firmware/hal/profile_tile.py): the
shipped one loads and builds drivers that read tiles through the simulated contacts, and
each mistake is named in one sentence."""
import json
import os

import pytest

from firmware.hal import profile as prof
from firmware.hal import tiles
from firmware.hal.wires import Wires
from tests.test_hal_profile_build import _set

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILE_PICO = os.path.join(ROOT, "hardware", "tile-pico.json")


def tile():
    with open(TILE_PICO) as f:
        return json.load(f)


def test_the_shipped_tile_profile_loads_and_reads_tiles():
    p = prof.load(TILE_PICO)
    assert prof.key_names(p) == ("menu", "ok", "pass", "draw", "left", "right", "attack")
    assert prof.cell_count(p) == 64 and prof.safe_mode_keys(p) == [0, 1]
    w = Wires(p)
    d = prof.build_micropython(p, w.machine, w.neopixel, sleep_us=lambda us: None)
    assert d.sources == (d.keys, d.sensors) and d.sensors.settle_ms == 300
    w.put_tile(0, 6, 6)                  # S
    w.put_tile(27, 3, 5)                 # P
    w.put_tile(40, 0, 7)                 # a field position: Masbrur's double-seven
    w.present[2 * 14 + 1] = tiles.SHORT  # R1's half b bridged
    w.put_tile(15, 2, 4)
    w.offset[2 * 15] = 3800              # R2's 2-half off its value: between two windows
    for t in range(0, 400, 20):
        d.sensors.scan(t)
    frame = d.sensors.take_events()[0][1]
    assert (frame[0], frame[1], frame[54], frame[55], frame[80], frame[81]) == (6, 6, 3, 5, 0, 7)
    assert (frame[28], frame[29], frame[30], frame[31]) == (tiles.NONE, tiles.SHORT, tiles.BAD, 4)
    assert tiles.faults(frame) == [15]
    # nothing anywhere else
    assert sum(1 for c in range(128) if frame[c] == tiles.NONE) == 128 - 9


@pytest.mark.parametrize("path,value,message", [
    ("sensors.muxes", 7, "7 muxes read 112 inputs, the board has 128 contacts"),
    ("sensors.map", [[0, 1]] * 64, "mux input 0 is given to two contacts"),
    ("sensors.map", [[p] for p in range(64)], "sensors.map[0]: [half a, half b]"),
    ("sensors.map", [[0, 1]] * 63, "a list of 64"),
    ("sensors.adc", [27], "pin 27 is used twice"),
    ("sensors.adc", [5], "pin 5 has no ADC input"),
    ("sensors.scan_ms", 1, "sensors.scan_ms"),
    ("sensors.settle_ms", KeyError, None),
    ("leds.count", 65, "leds.count: 65 LEDs, but the map places 64"),
    ("buttons.draw", KeyError, "buttons.draw"),
    ("buttons.swap", 18, "no such button on a tile board"),
])
def test_each_tile_mistake_is_named(path, value, message):
    p = tile()
    if value == [27]:
        p["buttons"]["attack"] = 27
    _set(p, path, value)
    if message is None:
        prof.check(p)
        return
    with pytest.raises(prof.ProfileError) as e:
        prof.check(p)
    assert message in str(e.value) and "\n" not in str(e.value)
