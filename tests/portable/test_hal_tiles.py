"""The tile board's reader: each domino half's resistor read through the muxes of
hall.MuxAdc (fake select pins and ADCs that answer for the channel selected) and decoded
by the ladder's windows; stable frames through sensors.SensorGrid; a read allocates
nothing (heap locked on MicroPython)."""
from check import eq, raises

from firmware.hal.hall import MuxAdc
from firmware.hal.sensors import SensorGrid
from firmware.hal.tiles import BAD, LADDER, NONE, SHORT, TileReader, faults


class Pin:
    def __init__(self):
        self.v = 0

    def value(self, v):
        self.v = v


class Adc:
    """One mux's ADC input: reads the level of the channel its select lines pick."""

    def __init__(self, board, mux):
        self.board = board
        self.mux = mux

    def read_u16(self):
        ch = 0
        for b in range(4):
            ch |= self.board.select[b].v << b
        return self.board.level[self.mux * 16 + ch]


class Board:
    """Two muxes (32 inputs), every input open (no tile) until set."""

    def __init__(self):
        self.select = [Pin() for _ in range(4)]
        self.level = [65535] * 32
        self.mux = MuxAdc(self.select, [Adc(self, 0), Adc(self, 1)], sleep_us=lambda us: None)


# Three positions; their halves on inputs spread over both muxes.
PAIRS = ((0, 1), (17, 5), (30, 31))


def _reader(windows=LADDER):
    board = Board()
    return board, TileReader(board.mux, PAIRS, windows)


def _decode(v):
    board, reader = _reader()
    board.level[17] = v
    out = bytearray(reader.cells)
    reader.read(out)
    return out[2]


def test_each_half_is_read_through_its_own_input():
    board, reader = _reader()
    eq(reader.cells, 6, "two halves per position")
    mids = [(lo + hi) // 2 for lo, hi, code in LADDER]
    codes = [code for lo, hi, code in LADDER]
    for k in range(len(mids)):             # every code at mid-window, at every half
        for c in range(6):
            board.level[PAIRS[c >> 1][c & 1]] = mids[(k + c) % len(mids)]
        out = bytearray(6)
        reader.read(out)
        eq(list(out), [codes[(k + c) % len(codes)] for c in range(6)], "rotation %d" % k)
        eq(reader.raw[3], mids[(k + 3) % len(mids)], "the raw reading is kept")


def test_every_window_edge_decodes_and_just_outside_does_not():
    for k in range(len(LADDER)):
        lo, hi, code = LADDER[k]
        eq(_decode(lo), code, "low edge of code %d" % code)
        eq(_decode(hi), code, "high edge of code %d" % code)
        if lo > 0:
            eq(_decode(lo - 1), BAD, "just below code %d" % code)
        if hi < 65535:
            eq(_decode(hi + 1), BAD, "just above code %d" % code)


def test_open_and_short_and_the_pips():
    eq(_decode(65535), NONE, "open: no tile")
    eq(_decode(0), SHORT, "0 ohm: a bridged contact")
    pips = [code for lo, hi, code in LADDER if code < 8]
    eq(pips, list(range(8)), "eight codes, ascending with the resistance")


def test_a_reading_between_windows_is_a_fault_at_that_position_only():
    board, reader = _reader()
    board.level[0] = LADDER[3][0] + 10          # position 0 holds a 2|5
    board.level[1] = LADDER[6][0] + 10
    gap = (LADDER[4][1] + LADDER[5][0]) // 2    # between pips 3 and 4: out of tolerance
    board.level[5] = gap                        # position 1's second half
    board.level[17] = LADDER[1][1]              # its first half reads 0
    out = bytearray(6)
    eq(reader.read(out), True, "changed")
    eq(list(out), [2, 5, 0, BAD, NONE, NONE], "only that half is BAD")
    eq(faults(out), [1], "the position named")
    eq(reader.raw[3], gap, "the reading that failed is kept for the message")
    eq(reader.read(out), False, "the same reading again is no change")


def test_bounce_when_a_tile_is_set_down_is_filtered_by_the_settle_time():
    board, reader = _reader()
    grid = SensorGrid(reader, reader.cells, settle_ms=300, scan_ms=10)
    t = 0
    for _ in range(35):
        grid.scan(t)
        t += 10
    eq(grid.take_events()[0][1], bytes([NONE] * 6), "empty reader")
    four = (LADDER[5][0] + LADDER[5][1]) // 2
    six = (LADDER[7][0] + LADDER[7][1]) // 2
    # The 4|6 lands on position 2: its contacts chatter between open, short-ish, out of
    # window and the right value for 100 ms, then rest.
    chatter = (65535, four, 0, 30000, four, 65535, LADDER[2][1] + 500, four, 65535, four)
    for k in range(len(chatter)):
        board.level[30] = chatter[k]
        board.level[31] = chatter[(k + 3) % len(chatter)]
        grid.scan(t)
        t += 10
    eq(grid.pending(), False, "nothing while it bounces")
    board.level[30] = four
    board.level[31] = six
    for _ in range(29):
        grid.scan(t)
        t += 10
    eq(grid.pending(), False, "not yet: under 300 ms at rest")
    for _ in range(3):
        grid.scan(t)
        t += 10
    evs = grid.take_events()
    eq(len(evs), 1, "one frame")
    eq(list(evs[0][1]), [NONE, NONE, NONE, NONE, 4, 6], "the tile, once")


def test_overlapping_or_impossible_windows_are_refused():
    raises(ValueError, TileReader, Board().mux, PAIRS, ((0, 100, SHORT), (100, 200, 0)))
    raises(ValueError, TileReader, Board().mux, PAIRS, ((0, 100, SHORT), (300, 200, 0)))
    raises(ValueError, TileReader, Board().mux, PAIRS, ((0, 100, BAD),))
    # A table given in any order is sorted once.
    reader = TileReader(Board().mux, PAIRS, ((60000, 65535, NONE), (0, 100, SHORT)))
    out = bytearray(6)
    reader.read(out)
    eq(list(out), [NONE] * 6, "open everywhere")


def test_a_read_allocates_nothing():
    board, reader = _reader()
    out = bytearray(reader.cells)
    reader.read(out)
    levels = [lo for lo, hi, code in LADDER]
    try:
        import micropython
        micropython.heap_lock
    except (ImportError, AttributeError):
        micropython = None
    if micropython:
        micropython.heap_lock()
    try:
        for k in range(len(levels)):
            board.level[PAIRS[k % 3][k & 1]] = levels[k]
            reader.read(out)
    finally:
        if micropython:
            micropython.heap_unlock()
    eq(list(out), [5, NONE, 3, 6, 7, 4], "the last code set at each half, read while locked")
