"""The marble board's sensor path: the 74HC165 chain driver (bit-banged and over SPI)
and the stable-frame filter, over simulated wiring (firmware/hal/wires.py); the scan
allocates nothing (heap locked on MicroPython)."""
from check import eq
from test_trace_marble import PROFILE

from firmware.hal import profile as hal_profile
from firmware.hal.shiftin import ShiftChain
from firmware.hal.wires import Wires


def _grid(bus):
    prof = dict(PROFILE)
    prof["sensors"] = dict(PROFILE["sensors"])
    prof["sensors"]["bus"] = bus
    prof["sensors"]["spi"] = 0
    prof["sensors"]["clock"] = 18
    prof["sensors"]["data"] = 16
    w = Wires(prof)
    d = hal_profile.build_micropython(prof, w.machine, w.neopixel, sleep_us=lambda us: None)
    return w, d.sensors


def test_the_chain_reads_each_space_through_its_input_on_either_bus():
    for bus in ("bitbang", "spi"):
        w, grid = _grid(bus)
        for c in (0, 7, 33, 59):
            w.present[c] = 1
        grid.scan(0)
        eq([c for c in range(60) if grid.reading[c]], [0, 7, 33, 59], bus)
        # Unused inputs idle high (pulled up), the used ones low where a marble is.
        chain = grid.reader._chain
        eq(chain.bits[0], 1, "input 0 is not wired")
        eq(chain.bits[2], 0, "input 2 (space 0) reads its marble, active low")


def test_a_frame_is_handed_on_only_after_the_settle_time_and_once():
    w, grid = _grid("bitbang")
    t = 0
    for _ in range(40):                           # empty board: one frame after 300 ms
        grid.scan(t)
        t += 10
    evs = grid.take_events()
    eq(len(evs), 1, "the first stable frame")
    eq(evs[0][1], bytes(60), "empty")
    w.present[5] = 1                              # a bounce: 30 ms
    for _ in range(3):
        grid.scan(t)
        t += 10
    w.present[5] = 0
    for _ in range(40):
        grid.scan(t)
        t += 10
    eq(grid.pending(), False, "a bounce back to the same frame is nothing")
    w.present[9] = 1
    for k in range(29):
        grid.scan(t)
        t += 10
    eq(grid.pending(), False, "not yet: 290 ms")
    for k in range(3):
        grid.scan(t)
        t += 10
    eq(grid.pending(), True, "after 300 ms")
    eq(grid.take_events()[0][1][9], 1, "the marble on space 9")


def test_a_scan_allocates_nothing():
    w, grid = _grid("spi")
    grid.scan(0)
    try:
        import micropython
        micropython.heap_lock
    except (ImportError, AttributeError):
        micropython = None
    t = 10
    if micropython:
        micropython.heap_lock()
    try:
        for k in range(50):
            w.present[k] = 1
            grid.scan(t)
            t += 10
    finally:
        if micropython:
            micropython.heap_unlock()
    eq(sum(grid.reading), 50, "read while locked")


def test_shift_chain_with_fake_pins():
    class Pin:
        def __init__(self, v=0):
            self.v = v
            self.log = []

        def value(self, v=None):
            if v is None:
                return self.v
            self.log.append(v)

    load, clock, data = Pin(), Pin(), Pin(1)
    chain = ShiftChain(load, clock, data, 16)
    chain.read()
    eq(load.log[-2:], [0, 1], "a load pulse")
    eq(clock.log.count(1), 16, "one rising edge per input")
    eq(list(chain.bits), [1] * 16, "data read high")
