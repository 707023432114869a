"""A board's cell sensors as an input source that yields stable frames.

``SensorGrid(reader, cells, settle_ms, scan_ms)``: every ``scan_ms`` the reader fills one
byte per cell (``reader.read(out)``: presence 0/1 on the marble board, a stone's colour on
the stone board). A marble rolling past, a stone being turned, a bounce or a hand passing
over changes the reading for a moment; so a frame is handed on only once the same
reading has lasted ``settle_ms``, and only when it differs from the last frame handed
on. The runner polls it like the key driver: ``scan(now_ms)``, ``pending()``,
``take_events()`` -> (("frame", bytes),); ``again()`` hands the last frame on once more
(to an app restarted after a crash). A scan allocates nothing; a stable frame allocates
its bytes once."""


class SensorGrid:
    def __init__(self, reader, cells, settle_ms=300, scan_ms=10):
        self.reader = reader
        self.settle_ms = settle_ms
        self.scan_ms = scan_ms
        n = cells
        self.reading = bytearray(n)    # the latest scan
        self._since = 0                # when the latest reading began
        self.stable = bytearray(n)     # the last frame handed on
        self._fresh = True             # nothing handed on yet
        self._pending = False
        self._last_scan = -scan_ms

    def scan(self, now_ms):
        if now_ms - self._last_scan < self.scan_ms:
            return
        self._last_scan = now_ms
        if self.reader.read(self.reading):
            self._since = now_ms
            return
        if now_ms - self._since < self.settle_ms:
            return
        stable = self.stable
        reading = self.reading
        if not self._fresh:
            same = True
            for c in range(len(reading)):
                if reading[c] != stable[c]:
                    same = False
                    break
            if same:
                return
        for c in range(len(reading)):
            stable[c] = reading[c]
        self._fresh = False
        self._pending = True

    def again(self):
        """Hand the last stable frame on again, to an app made anew (after a crash) that
        has not seen it; nothing before the first."""
        if not self._fresh:
            self._pending = True

    def pending(self):
        return self._pending

    def take_events(self):
        if not self._pending:
            return ()
        self._pending = False
        return (("frame", bytes(self.stable)),)
