"""Sent ahead of every script host_tools.pico.run_script runs on a board: what the
scripts share to watch the heap."""
import gc


def largest_block():
    """The largest bytearray the heap can give now, to 16 bytes (one block). Its probes
    are collected before it returns: left as garbage, they would make the next call
    measured run a collection of its own."""
    lo, hi = 0, gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            del b
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo
