"""LED matrix driver: the app's logical RGB frame onto a WS2812 chain.

``Leds(spec, strip).show(frame, brightness)``: ``spec`` is the profile's "leds" object,
``frame`` the app's bytearray (3 bytes R, G, B per cell, in the board kind's cell order:
on a grid index = y * width + x, y = 0 the bottom row), ``brightness`` 0-255. Where each
cell's LED sits on the chain is ``spec["map"]`` (a list, one chain position per cell)
or, for a full grid, follows from its wiring (width, height, serpentine, first, runs). Brightness
scaling, gamma, the chain's wiring order (serpentine, start corner) and its colour order are all
done here, through tables built in the constructor, so a render is one table look-up per byte and
allocates nothing.

A strip (back end) is any object with ``buf`` (bytearray, 3 bytes per LED in wire order)
and ``write()``. MicroPython's ``neopixel.NeoPixel`` is one as it is; ``CircuitPythonStrip``
wraps adafruit-circuitpython-neopixel; ``RecordingStrip`` is the fake for tests and the
simulator."""
from array import array

from firmware import native

CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")
GAMMA = 2.2


def chain_position(x, y, spec):
    """Position on the chain of the LED at (x, y), as wired according to ``spec``."""
    w, h = spec["width"], spec["height"]
    first = spec.get("first", "bottom-left")
    if spec.get("runs", "rows") == "columns":
        x, y, w, h = y, x, h, w
        first = ("bottom-left", "top-left", "bottom-right", "top-right")[CORNERS.index(first)]
    line = y if first.startswith("bottom") else h - 1 - y
    along = x if first.endswith("left") else w - 1 - x
    if spec.get("serpentine", False) and line % 2 == 1:
        along = w - 1 - along
    return line * w + along


class Leds:
    def __init__(self, spec, strip, gamma=None):
        self.count = spec["count"]
        self._strip = strip
        self._wire = strip.buf
        if len(self._wire) != 3 * self.count:
            raise ValueError("LED strip buffer holds %d bytes, %d expected"
                             % (len(self._wire), 3 * self.count))
        order = spec.get("order", "GRB")
        # _dst[j]: where logical byte j of a frame goes in the wire buffer.
        self._dst = array("H", [0] * (3 * self.count))
        cell_map = spec.get("map")
        for i in range(self.count):
            p = (
                cell_map[i]
                if cell_map
                else chain_position(i % spec["width"], i // spec["width"], spec)
            )
            for c in range(3):
                self._dst[3 * i + c] = 3 * p + order.index("RGB"[c])
        g = spec.get("gamma", GAMMA) if gamma is None else gamma
        self._gamma = bytearray(256)
        for v in range(256):
            self._gamma[v] = int(255 * (v / 255) ** g + 0.5)
        self._lut = bytearray(256)   # input byte -> wire byte at the current brightness
        self._level = -1

    def _set_level(self, level):
        # Scale first, then gamma: brightness steps look even. A lit channel never
        # rounds down to dark, so dim renderings stay visible at low brightness.
        gamma, lut = self._gamma, self._lut
        for v in range(256):
            out = gamma[(v * level + 127) // 255]
            lut[v] = 1 if out == 0 and v and level else out
        self._level = level

    def show(self, frame, brightness):
        if brightness != self._level:
            self._set_level(brightness)
        _to_wire(frame, self._lut, self._dst, self._wire, len(self._dst))
        self._strip.write()

    def off(self):
        wire = self._wire
        for j in range(len(wire)):
            wire[j] = 0
        self._strip.write()

    def displayed(self, out=None):
        """What the LEDs show (wire values after brightness and gamma), in logical RGB order."""
        if out is None:
            out = bytearray(3 * self.count)
        dst, wire = self._dst, self._wire
        for j in range(len(dst)):
            out[j] = wire[dst[j]]
        return out


def to_wire(frame, lut, dst, wire, n):
    """wire[dst[j]] = lut[frame[j]] for the n bytes of a frame (native twin:
    leds_native.to_wire)."""
    for j in range(n):
        wire[dst[j]] = lut[frame[j]]


_twin = native.load("firmware.hal.leds_native")
_to_wire = _twin.to_wire if _twin else to_wire


class RecordingStrip:
    """Fake strip: keeps the wire buffer and counts writes (allocation-free)."""

    def __init__(self, count):
        self.buf = bytearray(3 * count)
        self.writes = 0

    def write(self):
        self.writes += 1


class CircuitPythonStrip:
    """adafruit-circuitpython-neopixel as a strip: made with pixel_order "RGB" and
    brightness 1.0 it passes each packed 24-bit value to the wire unchanged, so the
    colour order, brightness and gamma stay ours. Small ints: no allocation."""

    def __init__(self, pixels, count):
        self._pixels = pixels
        self.buf = bytearray(3 * count)

    def write(self):
        b, px = self.buf, self._pixels
        for i in range(len(b) // 3):
            j = 3 * i
            px[i] = (b[j] << 16) | (b[j + 1] << 8) | b[j + 2]
        px.show()
