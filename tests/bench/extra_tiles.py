"""Tile board figures for the benchmark runner (tests/bench/run.py).

Timings (both interpreters): one scan of 48 reader positions (96 contacts: Masbrur's 8 rows
x 4 positions, a 12-position pad and 4 wall slots) through six CD74HC4067 on six ADC inputs
of fake pins, decoded by the ladder's windows, plus the stable-frame filter; and the decode
alone per contact. The real board adds the mux settling (settle_us x 96) and 96 ADC
conversions of ~2 us; the fake pins here cost Python calls instead."""
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
    return {"scan of 48 positions (96 contacts) + filter, fake pins (us)": full,
            "of which the mux reads alone (us)": reads,
            "decode per contact (us)": (_best_us(lambda: reader.read(out)) - reads) / 96}
