"""The tile board's resistor ladder (host_tools/ladder.py): the committed table and the
firmware's windows are what it computes, no two codes can be confused with every tolerance
at its worst, and each code decodes through the reader at its nominal and worst readings."""
import itertools
import os
import random

from firmware.hal import tiles
from host_tools import ladder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_hardware_tiles_md_is_up_to_date():
    with open(os.path.join(ROOT, "hardware", "tiles.md")) as f:
        assert f.read() == ladder.markdown(), \
            "hardware/tiles.md is stale: python -m host_tools.ladder > hardware/tiles.md"


def test_the_firmware_windows_are_the_ladders():
    with open(os.path.join(ROOT, "firmware", "hal", "tiles.py")) as f:
        assert ladder.python_block() in f.read(), \
            "firmware/hal/tiles.py's LADDER is stale: paste python -m host_tools.ladder --python"
    _, rref, values = ladder.best_ladder()
    assert list(tiles.LADDER) == ladder.windows(rref, values)


def test_no_two_worst_case_ranges_overlap_and_each_lies_inside_its_window():
    margin, rref, values = ladder.best_ladder()
    rows = ladder.rows(rref, values)
    wins = ladder.windows(rref, values)
    assert margin > 1000
    assert values == sorted(set(values)) and len(values) == 8
    for k in range(len(rows)):
        name, r, nominal, lo, hi = rows[k]
        assert lo <= nominal <= hi, name
        assert wins[k][0] <= lo and hi <= wins[k][1], name
        if k:
            assert rows[k - 1][4] + margin <= lo, (rows[k - 1][0], name)
            # Between two windows lies a stretch that decodes as nothing.
            assert wins[k - 1][1] + margin // 4 < wins[k][0], name
    assert wins[0][0] == 0 and wins[-1][1] == 65535


def _divider(r, rref, contact, leak, adc):
    """A reading worked out directly: the divider, the leakage through the node's source
    resistance, the ADC's error, clipped to the converter's range."""
    if r is None:
        v = 1.0
        source = rref
    else:
        r = r + contact
        v = r / (rref + r)
        source = rref * r / (rref + r)
    v += leak * source / ladder.VREF
    return min(65535, max(0, v * 65535 + adc))


def test_every_corner_and_random_part_falls_inside_the_worst_case_range():
    _, rref, values = ladder.best_ladder()
    t = ladder.TOL
    err = 65535 * ladder.ADC_GAIN + ladder.ADC_OFFSET
    rng = random.Random(14)
    for name, r, nominal, lo, hi in ladder.rows(rref, values):
        r = None if name == "no tile" else r
        corners = itertools.product((1 - t, 1 + t), (1 - t, 1 + t), (0, ladder.CONTACT),
                                    (-ladder.LEAK, ladder.LEAK), (-err, err))
        samples = [(rf, ff, c, lk, a) for rf, ff, c, lk, a in corners]
        samples += [(rng.uniform(1 - t, 1 + t), rng.uniform(1 - t, 1 + t),
                     rng.uniform(0, ladder.CONTACT), rng.uniform(-ladder.LEAK, ladder.LEAK),
                     rng.uniform(-err, err)) for _ in range(300)]
        for rf, ff, c, lk, a in samples:
            got = _divider(None if r is None else r * ff, rref * rf, c, lk, a)
            assert lo - 1 <= got <= hi + 1, (name, rf, ff, c, lk, a, got)


def test_each_code_decodes_at_its_nominal_and_worst_readings():
    _, rref, values = ladder.best_ladder()

    class Mux:
        level = 0

        def read(self, n):
            return self.level

    mux = Mux()
    reader = tiles.TileReader(mux, [(0, 1)])
    codes = [tiles.SHORT] + list(range(8)) + [tiles.NONE]
    for code, (name, r, nominal, lo, hi) in zip(codes, ladder.rows(rref, values)):
        for v in (nominal, lo, hi):
            mux.level = v
            out = bytearray(2)
            reader.read(out)
            assert list(out) == [code, code], (name, v)


def test_no_neighbouring_e24_swap_widens_the_margin():
    margin, rref, values = ladder.best_ladder()
    series = ladder.e24(10, 10000000)

    def smallest_gap(vals):
        rows = ladder.rows(rref, vals)
        return min(rows[k][3] - rows[k - 1][4] for k in range(1, len(rows)))

    assert smallest_gap(values) == margin
    for k in range(len(values)):
        i = series.index(values[k])
        for j in (i - 1, i + 1):
            vals = values[:k] + [series[j]] + values[k + 1:]
            if vals == sorted(set(vals)):
                assert smallest_gap(vals) <= margin, vals
