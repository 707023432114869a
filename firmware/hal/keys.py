"""Key matrix driver: scan, debounce, and ("down" | "up" | "long", key) events.

Wiring (hardware/README.md): one diode per key, rows driven, columns read with pull-ups.
A scan drives one row low at a time (the others high), waits ``settle_us`` so the column
lines have followed (without it a read still shows the previous row: ghost keys), reads
every column (low = pressed), then releases the row. Key number = row * len(cols) + col;
the keys on their own pins (active low) come after the grid, in the order given
(the light board: rows = ranks 1-7, cols = files a-g, so a1 = 0 ... g7 = 48, MENU 49, OK 50).

A press counts at the first scan that reads the key down (the answer cannot wait for
more: docs/architecture.md#memory-and-speed); a release only after ``debounce``
consecutive scans read it up, so a contact's bounce never makes a second press.
"long" comes once per press, ``long_ms`` after its "down". Events wait in a preallocated
ring until ``take_events()``; a scan allocates nothing. Pins are passed in: any objects
with ``value()`` / ``value(v)`` (machine.Pin, or the fakes in the tests)."""

from firmware import native

KINDS = ("down", "up", "long")
_DOWN = 0
_UP = 1
_LONG = 2


class KeyMatrix:
    def __init__(self, rows, cols, extra=(), settle_us=20, debounce=3, long_ms=800,
                 sleep_us=None, queue=32):
        if sleep_us is None:
            import time
            sleep_us = time.sleep_us
        self._rows = tuple(rows)
        self._cols = tuple(cols)
        self._extra = tuple(extra)
        self._sleep_us = sleep_us
        self.settle_us = settle_us
        self.debounce = debounce
        self.long_ms = long_ms
        self.count = len(self._rows) * len(self._cols) + len(self._extra)
        n = self.count
        if n > 256:
            raise ValueError("at most 256 keys (event keys are bytes)")
        self._stable = bytearray(n)     # 1 = down, after debouncing
        self._differ = bytearray(n)      # consecutive scans that read the other state
        self._long_sent = bytearray(n)
        self._down_ms = [0] * n
        self._qkind = bytearray(queue)
        self._qkey = bytearray(queue)
        self._qhead = 0
        self._qlen = 0
        self.dropped = 0                # events lost to a full queue (never drained)
        for row in self._rows:
            row.value(1)

    def scan(self, now_ms):
        _scan(self, now_ms)

    def _sample(self, k, raw, now_ms):
        if raw != self._stable[k]:
            n = self._differ[k] + 1
            if n < self.debounce and not raw:
                self._differ[k] = n
                # A bounce so far: a held key is still held, and its long press is due on time.
                if (
                    self._stable[k]
                    and not self._long_sent[k]
                    and now_ms - self._down_ms[k] >= self.long_ms
                ):
                    self._long_sent[k] = 1
                    self._push(_LONG, k)
                return
            self._stable[k] = raw
            self._differ[k] = 0
            if raw:
                self._down_ms[k] = now_ms
                self._long_sent[k] = 0
                self._push(_DOWN, k)
            else:
                self._push(_UP, k)
            return
        self._differ[k] = 0
        if raw and not self._long_sent[k] and now_ms - self._down_ms[k] >= self.long_ms:
            self._long_sent[k] = 1
            self._push(_LONG, k)

    def _push(self, kind, key):
        size = len(self._qkind)
        if self._qlen == size:
            self.dropped += 1
            return
        i = (self._qhead + self._qlen) % size
        self._qkind[i] = kind
        self._qkey[i] = key
        self._qlen += 1

    def pending(self):
        return self._qlen

    def take_events(self):
        """The queued events, oldest first, as a new list of (kind, key) tuples; ()
        when none waits, so that the runner's steps between presses allocate nothing."""
        if not self._qlen:
            return ()
        out = []
        size = len(self._qkind)
        while self._qlen:
            i = self._qhead
            out.append((KINDS[self._qkind[i]], self._qkey[i]))
            self._qhead = (i + 1) % size
            self._qlen -= 1
        return out

    def is_down(self, key):
        return self._stable[key] == 1


def scan(km, now_ms):
    """One scan of ``km``'s keys (native twin: keys_native.scan). Most keys are up and
    agree with their last state: only the others cost a call."""
    stable, differ, long_sent = km._stable, km._differ, km._long_sent
    sleep_us, settle_us = km._sleep_us, km.settle_us
    k = 0
    for row in km._rows:
        row.value(0)
        sleep_us(settle_us)
        for col in km._cols:
            raw = 0 if col.value() else 1
            if raw != stable[k] or differ[k] or (raw and not long_sent[k]):
                km._sample(k, raw, now_ms)
            k += 1
        row.value(1)
    for pin in km._extra:
        raw = 0 if pin.value() else 1
        if raw != stable[k] or differ[k] or (raw and not long_sent[k]):
            km._sample(k, raw, now_ms)
        k += 1


_twin = native.load("firmware.hal.keys_native")
_scan = _twin.scan if _twin else scan
