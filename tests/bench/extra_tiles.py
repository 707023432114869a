"""Tile board figures for the benchmark runner (tests/bench/run.py).

Timings (both interpreters): one scan of 48 reader positions (96 contacts: Masbrur's 8 rows
x 4 positions, a 12-position pad and 4 wall slots) through six CD74HC4067 on six ADC inputs
of fake pins, decoded by the ladder's windows, plus the stable-frame filter; and the decode
alone per contact. The real board adds the mux settling (settle_us x 96) and 96 ADC
conversions of ~2 us; the fake pins here cost Python calls instead.

The tile board itself (both interpreters): one scan of its 64 positions (128 contacts
through eight CD74HC4067 and a second-level mux into one ADC, the profile of
hardware/tile-pico.json) with the board's own drivers over simulated wiring (wires.py)
and the filter; and one Mano a Mano play taken from a stable frame (engine, save, LEDs).
Heap (CPython side, as extra_app.py measures it): the MicroPython heap in use with a
Mano a Mano hand running on the tile board's app."""
import sys

from clock import elapsed_us, now_us

POSITIONS = 48


class _Pin:
    v = 0

    def value(self, v):
        self.v = v


class _Adc:
    def __init__(self, select, level, mux):
        self.select = select
        self.level = level
        self.mux = mux

    def read_u16(self):
        s = self.select
        return self.level[self.mux * 16 + s[0].v + 2 * s[1].v + 4 * s[2].v + 8 * s[3].v]


def _best_us(fn, runs=5, reps=10):
    best = None
    for _ in range(runs):
        t0 = now_us()
        for _ in range(reps):
            fn()
        us = elapsed_us(t0) / reps
        best = us if best is None or us < best else best
    return best


def figures():
    from firmware.hal.hall import MuxAdc
    from firmware.hal.sensors import SensorGrid
    from firmware.hal.tiles import LADDER, TileReader
    select = [_Pin() for _ in range(4)]
    # Every code present, spread over the contacts at mid-window.
    level = [(LADDER[c % len(LADDER)][0] + LADDER[c % len(LADDER)][1]) // 2 for c in range(96)]
    mux = MuxAdc(select, [_Adc(select, level, m) for m in range(6)], sleep_us=lambda us: None)
    reader = TileReader(mux, [(2 * p, 2 * p + 1) for p in range(POSITIONS)])
    grid = SensorGrid(reader, reader.cells)
    clock = [0]

    def scan():
        clock[0] += grid.scan_ms
        grid.scan(clock[0])

    out = bytearray(reader.cells)

    def mux_only():
        for c in range(96):
            mux.read(c)

    full = _best_us(scan)
    reads = _best_us(mux_only)
    figs = _board_figures()
    if sys.implementation.name != "micropython":
        from extra_app import upy_heap
        figs.update(upy_heap(_HEAP_STEPS))
    else:
        for label, _code in _HEAP_STEPS:
            figs[label] = None
    figs.update({"scan of 48 positions (96 contacts) + filter, fake pins (us)": full,
            "of which the mux reads alone (us)": reads,
            "decode per contact (us)": (_best_us(lambda: reader.read(out)) - reads) / 96})
    return figs


def profile():
    """hardware/tile-pico.json's wiring (built here: the heap run mounts no hardware/)."""
    return {"name": "tile-bench", "kind": "tile", "mcu": "rp2040",
            "leds": {"pin": 22, "count": 64, "order": "GRB", "driver": "neopixel",
                     "map": list(range(64))},
            "sensors": {"select": [2, 3, 4, 5], "bank": [6, 7, 8, 9], "adc": [26], "muxes": 8,
                        "settle_us": 10, "scan_ms": 20, "settle_ms": 300,
                        "map": [[2 * p, 2 * p + 1] for p in range(64)]},
            "keys": {"scan_ms": 5, "settle_us": 0, "debounce": 3, "long_ms": 800},
            "buttons": {"menu": 10, "ok": 11, "pass": 12, "draw": 13, "left": 14, "right": 16,
                        "attack": 17},
            "buzzer": {"pin": 15}, "safe_mode": ["menu", "ok"]}


def _track(tiles):
    """A frame of the track: {cell: "a-b"}, every other contact reading no tile."""
    out = bytearray(b"\x08" * 128)
    for c in tiles:
        out[2 * c] = int(tiles[c][0])
        out[2 * c + 1] = int(tiles[c][2])
    return bytes(out)


def mano_game(root):
    """The tile board's app with a hand under way: B led 6-6, then four plays."""
    from firmware.app.core.runtime import make_app
    from firmware.hal.storage import Storage
    app = make_app(profile(), Storage(root), 0)
    app.step(800, [])
    app.step(820, [("down", app.keys["ok"])])          # start
    app.step(840, [("down", app.keys["right"])])       # B leads
    tiles = {}
    t = 900
    for cell, tile in ((0, "6-6"), (14, "4-6"), (1, "1-6"), (15, "4-4"), (2, "1-3")):
        tiles[cell] = tile
        t += 500
        app.step(t, [("frame", _track(tiles))])
    return app


def _folder():
    import os
    if sys.implementation.name == "micropython":
        try:
            os.mkdir("/bench-tile")
        except OSError:
            pass
        return "/bench-tile"
    import tempfile
    return tempfile.mkdtemp(prefix="arbiter-bench-tile-")


def _board_figures():
    from firmware.hal import profile as hal_profile
    from firmware.hal.wires import Wires
    prof = profile()
    w = Wires(prof)
    d = hal_profile.build_micropython(prof, w.machine, w.neopixel, sleep_us=lambda us: None)
    for c in range(0, 27, 2):
        w.put_tile(c, c % 7, 6)
    grid = d.sensors
    clock = [0]

    def scan():
        clock[0] += grid.scan_ms
        grid.scan(clock[0])
    root = _folder()
    app = mano_game(root)
    frame = _track({0: "6-6", 14: "4-6", 1: "1-6", 15: "4-4", 2: "1-3", 16: "3-4"})
    ses = app.play.session
    play_us = 0
    t = 5000
    for k in range(10):           # taken back and played again: the clock ticks in ms here
        if k:
            ses.undo(t)
        t += 500
        t0 = now_us()
        app.step(t, [("frame", frame)])
        play_us += elapsed_us(t0)
        assert ses.rec["moves"][-1] == "R3-4"
    play_us /= 10
    if sys.implementation.name != "micropython":
        import shutil
        shutil.rmtree(root, True)
    return {"tile board: scan of 64 positions (128 contacts) + filter, simulated pins (us)":
            _best_us(scan),
            "tile board: a Mano a Mano play from a stable frame: play, save, draw (us)": play_us}


# Only ``app`` stays in the globals (extra_app.py says why).
_HEAP_STEPS = (
    ("upy heap KB: Mano a Mano hand running on the tile board",
     ("import sys\nsys.path.insert(0, '/bench')\nimport extra_tiles\n"
      "app = extra_tiles.mano_game('/heap')\n"
      "del sys.modules['extra_tiles'], sys.modules['clock'], extra_tiles")),
)
