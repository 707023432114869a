"""Bipolar linear Hall sensors read through CD74HC4067 analogue multiplexers.

``MuxAdc(select, adcs, bank=None, settle_us, sleep_us)``: 16-channel muxes whose four
select lines (S0-S3, ``select``) are shared. Either each mux has its own ADC input
(``adcs``, one per mux) or, with ``bank`` (the select lines of a second-level mux that
picks which first-level mux reaches the one ADC), ``adcs`` holds that single ADC.
``read(input)`` (input = mux * 16 + channel) sets the select lines that differ, waits
``settle_us`` for the mux and the sensor's output to follow, and returns read_u16().

``Stones(mux, cell_map, black, threshold, hysteresis, low, high)`` reads one sensor per
point as a stone's colour, for sensors.SensorGrid: 0 empty, 1 black, 2 white, 3 a
reading outside ``low``-``high`` (a broken or unplugged sensor: reported, never taken
as a stone). A stone's magnet moves the reading away from the point's empty level
(``baseline``, 32768 until calibrated): ``black`` says which way a black face up moves it
("high" or "low"). A stone counts once the reading is ``threshold`` away; it stays until
the reading comes back within ``threshold - hysteresis``, so a stone rocking on its
point does not flicker."""
from array import array

EMPTY = 0
BLACK = 1
WHITE = 2
FAULT = 3


class MuxAdc:
    def __init__(self, select, adcs, bank=None, settle_us=10, sleep_us=None):
        if sleep_us is None:
            import time
            sleep_us = time.sleep_us
        self._select = tuple(select)
        self._bank = tuple(bank) if bank else ()
        self._adcs = tuple(adcs)
        self._sleep_us = sleep_us
        self.settle_us = settle_us
        self._sel = -1
        self._banksel = -1
        self.inputs = 16 * (16 if bank else len(adcs))

    def _set(self, pins, old, new):
        for b in range(len(pins)):
            bit = (new >> b) & 1
            if old < 0 or ((old >> b) & 1) != bit:
                pins[b].value(bit)

    def read(self, n):
        mux = n >> 4
        ch = n & 15
        if ch != self._sel:
            self._set(self._select, self._sel, ch)
            self._sel = ch
        if self._bank:
            if mux != self._banksel:
                self._set(self._bank, self._banksel, mux)
                self._banksel = mux
            adc = self._adcs[0]
        else:
            adc = self._adcs[mux]
        self._sleep_us(self.settle_us)
        return adc.read_u16()


class Stones:
    def __init__(self, mux, cell_map, black="high", threshold=6000, hysteresis=2000,
                 low=2000, high=63535):
        self._mux = mux
        self._map = array("H", cell_map)
        n = len(cell_map)
        self.baseline = array("H", [32768] * n)
        self.raw = array("H", [0] * n)        # the last reading of each point
        self.black(black)
        self.threshold = threshold
        self.hysteresis = hysteresis
        self.low = low
        self.high = high

    def black(self, direction):
        """Which way ("high" or "low") a black face up moves the reading."""
        self._sign = 1 if direction == "high" else -1

    def read(self, out):
        """Fill ``out`` with each point's stone (EMPTY, BLACK, WHITE, FAULT); True if any
        changed."""
        # (One name at a time: unpacking four values would build a tuple on MicroPython.)
        mux = self._mux
        cmap = self._map
        raw = self.raw
        base = self.baseline
        enter = self.threshold
        leave = enter - self.hysteresis
        sign = self._sign
        lo = self.low
        hi = self.high
        changed = False
        for c in range(len(cmap)):
            v = mux.read(cmap[c])
            raw[c] = v
            prev = out[c]
            if v < lo or v > hi:
                now = FAULT
            else:
                d = (v - base[c]) * sign      # > 0 towards black
                if d >= (leave if prev == BLACK else enter):
                    now = BLACK
                elif -d >= (leave if prev == WHITE else enter):
                    now = WHITE
                else:
                    now = EMPTY
            if now != prev:
                out[c] = now
                changed = True
        return changed
