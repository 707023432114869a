"""Key matrix driver (firmware/hal/keys.py) on fake pins, on CPython and MicroPython."""
from check import eq

from firmware.hal.keys import KeyMatrix


class Board:
    """Fake diode matrix: rows driven, columns read with pull-ups. A column read sees the
    rows as they were ``lag_us`` ago (line capacitance); every pin operation takes 1 us and
    sleep_us moves the clock. Allocation-free, so scans can run under heap_lock."""

    def __init__(self, lag_us=0, nrows=7, ncols=7):
        self.t = 0
        self.lag = lag_us
        self.ncols = ncols
        self.level = bytearray(b"\x01" * nrows)
        self.prev = bytearray(b"\x01" * nrows)
        self.changed = [0] * nrows
        self.down = bytearray(nrows * ncols)        # 1 = key held (index = row * ncols + col)
        self.rows = [_Row(self, r) for r in range(nrows)]
        self.cols = [_Col(self, c) for c in range(ncols)]

    def sleep_us(self, us):
        self.t += us

    def drive(self, r, v):
        self.t += 1
        if v != self.level[r]:
            self.prev[r] = self.level[r]
            self.level[r] = v
            self.changed[r] = self.t

    def read(self, c):
        self.t += 1
        seen = self.t - self.lag
        for r in range(len(self.level)):
            lvl = self.level[r] if seen >= self.changed[r] else self.prev[r]
            if lvl == 0 and self.down[r * self.ncols + c]:
                return 0
        return 1


class _Row:
    def __init__(self, board, r):
        self.board = board
        self.r = r

    def value(self, v):
        self.board.drive(self.r, 1 if v else 0)


class _Col:
    def __init__(self, board, c):
        self.board = board
        self.c = c

    def value(self):
        return self.board.read(self.c)


class Button:
    """A key on its own pin, active low."""

    def __init__(self):
        self.held = False

    def value(self):
        return 0 if self.held else 1


def make(lag_us=0, settle_us=20, debounce=3, long_ms=800, queue=32):
    board = Board(lag_us)
    menu, ok = Button(), Button()
    keys = KeyMatrix(board.rows, board.cols, (menu, ok), settle_us=settle_us, debounce=debounce,
                     long_ms=long_ms, sleep_us=board.sleep_us, queue=queue)
    return board, keys, menu, ok


def run(keys, t0, n, period=5):
    """n scans, ``period`` ms apart from t0; returns (events, next time)."""
    events = []
    for i in range(n):
        keys.scan(t0 + i * period)
        events += keys.take_events()
    return events, t0 + n * period


def test_a_press_at_its_first_scan_a_release_after_debounce():
    board, keys, _, _ = make()
    board.down[1 * 7 + 2] = 1                      # c2
    ev, t = run(keys, 0, 1)
    eq(ev, [("down", 9)], "the first scan that reads it")
    assert keys.is_down(9)
    board.down[9] = 0
    ev, t = run(keys, t, 2)
    eq(ev, [], "two scans up are not a release")
    ev, t = run(keys, t, 1)
    eq(ev, [("up", 9)], "the third is")
    assert not keys.is_down(9)


def test_bounce_never_reaches_the_app():
    board, keys, _, _ = make()
    events = []
    for i in range(20):                            # contact chatter: every other scan
        board.down[24] = i % 2
        keys.scan(5 * i)
        events += keys.take_events()
    eq(events, [("down", 24)], "chatter is one press, at its first contact")
    board.down[24] = 1                             # then it settles
    ev, t = run(keys, 100, 3)
    eq(ev, [], "still the same press")
    board.down[24] = 0
    for i in range(20):                            # chatter on the way up
        board.down[24] = i % 2
        keys.scan(t + 5 * i)
        events += keys.take_events()
    eq(events, [("down", 24)], "no release, no second press")
    board.down[24] = 0
    ev, _ = run(keys, t + 100, 3)
    eq(ev, [("up", 24)], "released once it stays up")


def test_long_press_is_reported_once():
    board, keys, _, _ = make(long_ms=800)
    board.down[48] = 1
    ev, t = run(keys, 0, 1)                        # down at t = 0
    eq(ev, [("down", 48)], "down")
    ev, t = run(keys, t, 158)                      # up to t = 790 ms held
    eq(ev, [], "not yet long")
    ev, t = run(keys, t, 1)                        # t = 795
    eq(ev, [], "still not long")
    ev, t = run(keys, t, 1)                        # t = 800: 800 ms held
    eq(ev, [("long", 48)], "long")
    ev, t = run(keys, t, 100)
    eq(ev, [], "long comes once")
    board.down[48] = 0
    ev, t = run(keys, t, 3)
    eq(ev, [("up", 48)], "up after long")


def test_menu_and_ok_have_their_own_pins():
    _, keys, menu, ok = make()
    menu.held = True
    ev, t = run(keys, 0, 3)
    eq(ev, [("down", 49)], "menu")
    ok.held = True
    menu.held = False
    ev, t = run(keys, t, 3)
    eq(sorted(ev), [("down", 50), ("up", 49)], "ok, menu released")


def test_several_keys_no_phantom():
    board, keys, _, _ = make()
    for k in (0, 2, 14):                           # a1, c1, a3: a phantom would be c3 (16)
        board.down[k] = 1
    ev, _ = run(keys, 0, 3)
    eq(sorted(ev), [("down", 0), ("down", 2), ("down", 14)], "three keys")


def test_settle_time_prevents_ghost_keys():
    # The model is sharp: without the settle delay the first columns of each row still
    # see the previous row, so b2 is missed and reported as b3.
    board, keys, _, _ = make(lag_us=5, settle_us=0)
    board.down[8] = 1                              # b2
    ev, _ = run(keys, 0, 3)
    eq(ev, [("down", 15)], "ghost b3 without settle")
    board, keys, _, _ = make(lag_us=5, settle_us=20)
    board.down[8] = 1
    ev, _ = run(keys, 0, 3)
    eq(ev, [("down", 8)], "b2 with settle")


def test_full_queue_drops_newest_and_counts():
    board, keys, _, _ = make(queue=4)
    for k in range(6):
        board.down[k] = 1
    for i in range(3):
        keys.scan(5 * i)
    eq(keys.pending(), 4, "queue")
    eq(keys.dropped, 2, "dropped")
    eq(keys.take_events(), [("down", k) for k in range(4)], "oldest kept")
    eq(keys.pending(), 0, "drained")


def test_scan_allocates_nothing():
    board, keys, menu, _ = make()
    keys.scan(0)
    board.down[30] = 1
    menu.held = True

    def scans():
        for i in range(1, 200):                    # down, long and events pushed
            keys.scan(5 * i)

    try:
        import micropython
    except ImportError:
        scans()                                    # CPython: behaviour only
    else:
        micropython.heap_lock()
        try:
            scans()
        finally:
            micropython.heap_unlock()
    eq(keys.take_events(), [("down", 30), ("down", 49), ("long", 30), ("long", 49)], "events")
