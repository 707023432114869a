"""A microsecond clock that works on CPython and MicroPython; and cpu_now_us /
cpu_elapsed_us, this process's CPU time on CPython (a busy neighbour on a shared
machine does not slow what it times), the same clock as now_us on MicroPython."""
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


try:
    from time import process_time

    def cpu_now_us():
        return int(process_time() * 1000000)

    def cpu_elapsed_us(t0):
        return cpu_now_us() - t0
except ImportError:
    cpu_now_us = now_us
    cpu_elapsed_us = elapsed_us
