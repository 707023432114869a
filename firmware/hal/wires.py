"""A board's wiring held in memory: the inputs as a person would set them (keys closed,
marbles present), seen by the board's own drivers through a simulated ``machine`` and
``neopixel``. The browser simulator, trace replay (firmware/app/core/trace.py) and tests
build the real drivers over it with ``profile.build_micropython(profile, w.machine,
w.neopixel, sleep_us=...)``, so what they exercise is what the pins would see.

    closed[key]     a key's contact (key numbers as the key driver gives them): matrix
                    keys conduct only while their row is driven low (a diode per key, so
                    no ghost keys); buttons read low while closed
    present[cell]   what lies on the cell's sensor. Marble board: 1 a marble, shifted out
                    of a simulated 74HC165 chain (SH/LD low latches, each rising CLK
                    shifts, QH or SPI reads). Stone board: 1 a black stone, 2 a white
                    one, 3 a broken sensor, read by the ADC through simulated CD74HC4067
                    muxes as a Hall sensor's voltage (``offset[cell]`` added: a sensor's
                    own zero error; ``black_reads`` +1 or -1: which way a black face moves
                    it, as the profile says unless a test turns the magnets round).
                    Tile board: one entry per domino half (position p's halves at 2p
                    and 2p + 1), the code its resistor gives (tiles.py: pips 0-7, NONE
                    no tile, SHORT, BAD a resistor outside every window), read as the
                    ladder's nominal reading plus ``offset[half]`` (a resistor off its
                    value, a dirty contact); ``put_tile(cell, a, b)`` sets both halves
    tones           [t, freq, duty] each time the buzzer's duty is set (t = ``now``)
    strip           the NeoPixel (its ``buf`` is the LED wire buffer)

``Serial`` is the board's USB serial held the same way (device.Runner.port): what the
computer sent, what the board wrote."""


class Serial:
    """What the computer sent and the board has not read (``inbox``), and what the board
    wrote (``out``, a list of texts) - for a remote game's link (core/link.py)."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = []

    def ready(self):
        return len(self.inbox) > 0

    def read(self, buf):
        buf.extend(self.inbox)
        self.inbox = bytearray()

    def write(self, text):
        self.out.append(text)

    def take(self):
        """What the board wrote since the last call, as one text."""
        out = "".join(self.out)
        self.out = []
        return out


class Wires:
    def __init__(self, profile):
        from firmware.hal import profile as hal_profile
        mod = hal_profile.kind_module(profile["kind"])
        rows, cols = mod.matrix_pins(profile)
        self.width = len(cols)
        self.pins = {}            # pin number -> (kind, index)
        for r in range(len(rows)):
            self.pins[rows[r]] = ("row", r)
        for c in range(len(cols)):
            self.pins[cols[c]] = ("col", c)
        grid = len(rows) * len(cols)
        for i in range(len(mod.BUTTONS)):
            self.pins[profile["buttons"][mod.BUTTONS[i]]] = ("key", grid + i)
        self.closed = bytearray(grid + len(mod.BUTTONS))
        self.low_rows = []
        sen = profile.get("sensors")
        self.present = bytearray(mod.cell_count(profile) if sen else 0)
        self.tiles = profile["kind"] == "tile"
        if self.tiles:
            self._tile_wiring(sen)
        elif sen and "select" in sen:
            self._stone_wiring(sen)
        elif sen:
            self.pins[sen["load"]] = ("load", 0)
            self.pins[sen["clock"]] = ("clock", 0)
            self.pins[sen["data"]] = ("data", 0)
            self._chain = bytearray(sen["inputs"])
            self._map = sen["map"]
            self._idle = 1 if sen["active_low"] else 0   # an input with nothing on it
        self._pos = 0
        self._clock_level = 0
        self.now = 0
        self.tones = []
        self.freq = 0
        self.strip = None
        self.machine = _machine(self)
        self.neopixel = _neopixel(self)

    def _stone_wiring(self, sen, inputs=0):
        if inputs:
            self.present = bytearray(inputs)
        for b in range(4):
            self.pins[sen["select"][b]] = ("sel", b)
            if "bank" in sen:
                self.pins[sen["bank"][b]] = ("bank", b)
        for m in range(len(sen["adc"])):
            self.pins[sen["adc"][m]] = ("adc", m)
        self.offset = [0] * len(self.present)
        self.cell_of = {}          # mux input -> cell
        for c in range(len(self.present)):
            self.cell_of[sen["map"][c]] = c
        self.black_reads = 1 if sen["black"] == "high" else -1   # the magnets: up or down
        self._banked = "bank" in sen
        self.sel = bytearray(2)    # the select lines' value: first level, bank

    def _tile_wiring(self, sen):
        wiring = {"select": sen["select"], "adc": sen["adc"], "black": "high",
                  "map": [p for pair in sen["map"] for p in pair]}
        if "bank" in sen:
            wiring["bank"] = sen["bank"]
        self._stone_wiring(wiring, 2 * len(sen["map"]))
        from firmware.hal.tiles import LADDER, NONE
        # A code's reading: its window's middle; BAD: the middle of the gap above code 3.
        self._level = [0] * 11
        for lo, hi, code in LADDER:
            self._level[code] = (lo + hi) // 2
        self._level[10] = (LADDER[4][1] + LADDER[5][0]) // 2
        for c in range(len(self.present)):
            self.present[c] = NONE

    def put_tile(self, cell, a, b):
        """Position ``cell`` reads a tile with halves ``a`` and ``b`` (codes of tiles.py)."""
        self.present[2 * cell] = a
        self.present[2 * cell + 1] = b

    def hall(self, adc_index):
        """What the ADC reads: the selected sensor's voltage as a 16-bit value."""
        mux = self.sel[1] if self._banked else adc_index
        c = self.cell_of.get(mux * 16 + self.sel[0])
        if self.tiles:
            v = 65535 if c is None else self._level[self.present[c]] + self.offset[c]
            return 0 if v < 0 else (65535 if v > 65535 else v)
        if c is None:
            return 32768
        v = self.present[c]
        if v == 3:
            return 0
        return (
            32768
            + self.offset[c]
            + (0 if not v else (12000 if v == 1 else -12000) * self.black_reads)
        )

    def latch(self):
        chain, idle = self._chain, self._idle
        for k in range(len(chain)):
            chain[k] = idle
        for c in range(len(self.present)):
            chain[self._map[c]] = idle ^ (1 if self.present[c] else 0)
        self._pos = 0

    def shifted(self):
        """The bit QH shows now."""
        return self._chain[self._pos] if self._pos < len(self._chain) else 0

    def clock(self, level):
        if level and not self._clock_level:
            self._pos += 1
        self._clock_level = level


def _pin_value(w, kind, i):
    """The value() method of a pin of ``kind``: one short function each, since the
    key scan reads the columns many times per scan."""
    if kind == "row":
        low = w.low_rows

        def drive(v=None):
            if v is None:
                return 0 if i in low else 1
            if v:
                if i in low:
                    low.remove(i)
            elif i not in low:
                low.append(i)
        return drive
    if kind == "col":
        closed, low, width = w.closed, w.low_rows, w.width

        def column(v=None):
            for r in low:
                if closed[r * width + i]:
                    return 0
            return 1
        return column
    if kind == "key":
        closed = w.closed
        return lambda v=None: 0 if closed[i] else 1
    if kind == "load":
        def load(v=None):
            if v is not None and not v:
                w.latch()
        return load
    if kind == "clock":
        def clock(v=None):
            if v is not None:
                w.clock(v)
        return clock
    if kind == "data":
        return lambda v=None: w.shifted()
    if kind == "sel" or kind == "bank":
        level = 0 if kind == "sel" else 1

        def select(v=None):
            if v is not None:
                w.sel[level] = (w.sel[level] & ~(1 << i)) | ((1 if v else 0) << i)
        return select
    return lambda v=None: 0


def _machine(w):
    class Pin:
        IN = 0
        OUT = 1
        PULL_UP = 1

        def __init__(self, pin_id, mode=-1, pull=-1, value=None):
            kind, i = w.pins.get(pin_id, ("out", 0))
            self.adc = i if kind == "adc" else -1
            self.value = _pin_value(w, kind, i)
            if value is not None:
                self.value(value)

    class PWM:
        def __init__(self, pin):
            self.pin = pin

        def freq(self, hz):
            w.freq = hz

        def duty_u16(self, duty):
            w.tones.append([w.now, w.freq, duty])

    class SPI:
        def __init__(self, bus, baudrate=0, polarity=0, phase=0, sck=None, miso=None):
            pass

        def readinto(self, buf):
            for b in range(len(buf)):
                v = 0
                for k in range(8):
                    v = (v << 1) | w.shifted()
                    w.clock(1)
                    w.clock(0)
                buf[b] = v

    class ADC:
        def __init__(self, pin):
            self._i = pin.adc

        def read_u16(self):
            return w.hall(self._i)

    class Machine:
        pass

    Machine.Pin, Machine.PWM, Machine.SPI, Machine.ADC = Pin, PWM, SPI, ADC
    return Machine


def _neopixel(w):
    class NeoPixel:
        def __init__(self, pin, n):
            self.buf = bytearray(3 * n)
            w.strip = self

        def write(self):
            pass

    class Module:
        pass

    Module.NeoPixel = NeoPixel
    return Module
