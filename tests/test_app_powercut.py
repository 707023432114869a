"""Fault injection (CPython): the power goes at every byte of every write of a game
with a timeout, an undo and a win; each time the board comes back with the last
complete move and its clocks (tests/portable/test_app_kit.py: cut_game, check_resume)."""
import os
import shutil
import tempfile

from test_app_kit import check_resume, cut_during, cut_plan


def test_power_cut_at_every_byte_of_every_write():
    # Thousands of boots: on a RAM file system when there is one (a rename costs ~2 ms on disk).
    ram = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    base = tempfile.mkdtemp(prefix="arbiter-cut-", dir=ram)
    try:
        sizes = cut_plan(base)
        checked = 0
        for w in range(len(sizes)):
            store = cut_during(w, base)
            for nbytes in range(sizes[w]):
                check_resume(store, nbytes)
                checked += 1
        assert checked == sum(sizes) > 3000
    finally:
        shutil.rmtree(base, True)
