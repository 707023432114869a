"""A microsecond clock that works on CPython and MicroPython."""
try:
    from time import ticks_diff, ticks_us

    def elapsed_us(t0):
        return ticks_diff(ticks_us(), t0)

    now_us = ticks_us
except ImportError:
    from time import perf_counter

    def now_us():
        return int(perf_counter() * 1000000)

    def elapsed_us(t0):
        return now_us() - t0
