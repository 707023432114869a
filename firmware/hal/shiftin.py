"""A chain of 74HC165 parallel-in shift registers (8 inputs each), read into ``bits``.

``read()`` pulses SH/LD low to latch every input, then shifts the chain out of QH of
the chip nearest the controller: input k of the chain is the k-th bit out (k = 0 is
that chip's input H, then G … A, then the next chip's H …). Bit-banged (CLK toggled,
QH read) or, with ``spi`` (anything with ``readinto``: machine.SPI, mode 0), read in
bytes, most significant bit first. ``bits[k]`` is 0 or 1 as the input's level;
nothing is allocated per read.

``Presence(chain, cell_map, active_low)`` reads it as one presence sensor per cell
(``cell_map[c]``: the chain input of cell c), for sensors.SensorGrid."""


class ShiftChain:
    def __init__(self, load, clock, data, inputs, spi=None):
        self._load = load
        self._clock = clock
        self._data = data
        self._spi = spi
        self.bits = bytearray(inputs)
        self._bytes = bytearray(inputs // 8)
        load.value(1)
        if clock is not None:
            clock.value(0)

    def read(self):
        load = self._load
        load.value(0)      # latch the inputs (SH/LD low for more than 20 ns)
        load.value(1)
        bits = self.bits
        if self._spi is not None:
            raw = self._bytes
            self._spi.readinto(raw)
            for k in range(len(bits)):
                bits[k] = (raw[k >> 3] >> (7 - (k & 7))) & 1
            return
        clock, data = self._clock, self._data
        for k in range(len(bits)):
            bits[k] = 1 if data.value() else 0
            clock.value(1)  # the chain shifts on the rising edge
            clock.value(0)


class Presence:
    def __init__(self, chain, cell_map, active_low=True):
        self._chain = chain
        self._map = bytearray(cell_map)
        self._invert = 1 if active_low else 0

    def read(self, out):
        """Fill ``out`` with 1 where a cell's sensor sees something; True if it changed."""
        self._chain.read()
        bits = self._chain.bits
        cmap = self._map
        inv = self._invert
        changed = False
        for c in range(len(cmap)):
            v = bits[cmap[c]] ^ inv
            if v != out[c]:
                out[c] = v
                changed = True
        return changed
