"""A grid of presence sensors as an input source that yields stable frames.

``SensorGrid(chain, cell_map, active_low, settle_ms)``: ``chain`` is read every
``scan_ms`` (anything with ``read()`` filling ``bits``: ShiftChain, or a fake);
``cell_map[c]`` is the chain input of cell c. A marble rolling past, a bounce or a hand
passing over a space changes the reading for a moment; so a frame (one byte per cell,
1 = occupied) is handed on only once the same reading has lasted ``settle_ms``, and only
when it differs from the last frame handed on. The runner polls it like the key
driver: ``scan(now_ms)``, ``pending()``, ``take_events()`` -> (("frame", bytes),).
A scan allocates nothing; a stable frame allocates its bytes once."""


class SensorGrid:
    def __init__(self, chain, cell_map, active_low=True, settle_ms=300, scan_ms=10):
        self._chain = chain
        self._map = bytearray(cell_map)
        self._invert = 1 if active_low else 0
        self.settle_ms = settle_ms
        self.scan_ms = scan_ms
        n = len(cell_map)
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
        self._chain.read()
        bits, cmap, inv, reading = self._chain.bits, self._map, self._invert, self.reading
        changed = False
        for c in range(len(cmap)):
            v = bits[cmap[c]] ^ inv
            if v != reading[c]:
                reading[c] = v
                changed = True
        if changed:
            self._since = now_ms
            return
        if now_ms - self._since < self.settle_ms:
            return
        stable = self.stable
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

    def pending(self):
        return self._pending

    def take_events(self):
        if not self._pending:
            return ()
        self._pending = False
        return (("frame", bytes(self.stable)),)
