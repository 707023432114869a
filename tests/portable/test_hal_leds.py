"""LED matrix driver (firmware/hal/leds.py) with the recording strip, on CPython and
MicroPython."""
from check import eq

from firmware.hal.leds import Leds, RecordingStrip

LIGHT = {"pin": 22, "count": 49, "width": 7, "height": 7, "serpentine": True,
         "order": "GRB", "first": "bottom-left", "driver": "neopixel"}


def make(**changes):
    spec = dict(LIGHT)
    spec.update(changes)
    strip = RecordingStrip(spec["count"])
    return Leds(spec, strip), strip


def lit(i, rgb, n=49):
    frame = bytearray(3 * n)
    frame[3 * i:3 * i + 3] = bytes(rgb)
    return frame


def nonzero(buf):
    return len([b for b in buf if b])


def test_colour_order_and_serpentine_on_the_wire():
    leds, strip = make(gamma=1.0)
    leds.show(lit(0, (255, 0, 0)), 255)            # a1 red: first LED, G R B on the wire
    eq(bytes(strip.buf[0:3]), b"\x00\xff\x00", "a1 red in GRB")
    leds.show(lit(7, (0, 0, 255)), 255)            # a2 is the end of the 2nd chain row
    eq(bytes(strip.buf[3 * 13:3 * 14]), b"\x00\x00\xff", "a2 at chain position 13")
    eq(nonzero(strip.buf), 1, "nothing else lit")
    eq(strip.writes, 2, "one write per show")


def test_every_colour_order_and_chain_start():
    # Written out by hand from the wiring, not from the driver's formula: with the chain
    # starting top-right and running in columns, serpentine, g7 is LED 0, g6 LED 1, …,
    # g1 LED 6, then f1 LED 7 (the second column runs back up).
    for order in ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR"):
        leds, strip = make(gamma=1.0, order=order, first="top-right", runs="columns")
        leds.show(lit(48, (10, 20, 30)), 255)          # g7
        want = bytes([{"R": 10, "G": 20, "B": 30}[c] for c in order])
        eq(bytes(strip.buf[0:3]), want, "g7 first, in " + order)
        leds.show(lit(5, (10, 20, 30)), 255)           # f1: the bottom of the 2nd column
        eq(bytes(strip.buf[3 * 7:3 * 8]), want, "f1 at 7 in " + order)


def test_an_explicit_map_places_each_cell():
    spec = {"pin": 22, "count": 4, "order": "RGB", "driver": "neopixel", "map": [2, 0, 3, 1]}
    strip = RecordingStrip(4)
    leds = Leds(spec, strip, gamma=1.0)
    leds.show(bytes([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]), 255)
    eq(bytes(strip.buf), bytes([2, 2, 2, 4, 4, 4, 1, 1, 1, 3, 3, 3]), "cell k at map[k]")


def test_brightness_and_gamma():
    leds, strip = make()                           # default gamma 2.2
    leds.show(lit(0, (255, 128, 0)), 255)
    eq(list(leds.displayed()[0:3]), [255, 56, 0], "full brightness, gamma 2.2")
    leds.show(lit(0, (255, 128, 0)), 128)
    eq(list(leds.displayed()[0:3]), [56, 12, 0], "half brightness: scaled, then gamma")
    leds.show(lit(0, (255, 10, 0)), 16)
    eq(list(leds.displayed()[0:3]), [1, 1, 0], "a lit channel never goes dark")
    leds.show(lit(0, (255, 255, 255)), 0)
    eq(nonzero(strip.buf), 0, "brightness 0: all dark")


def test_off():
    leds, strip = make()
    leds.show(bytearray(b"\xff" * 147), 255)
    leds.off()
    eq(nonzero(strip.buf), 0, "off")


def test_render_allocates_nothing():
    leds, strip = make()
    frame = bytearray(147)
    for i in range(147):
        frame[i] = (i * 37) % 256

    def renders():
        for level in (255, 64, 64, 200):           # brightness changes rebuild the table
            leds.show(frame, level)

    try:
        import micropython
    except ImportError:
        renders()
    else:
        micropython.heap_lock()
        try:
            renders()
        finally:
            micropython.heap_unlock()
    eq(strip.writes, 4, "writes")
    ref, _ = make()
    ref.show(frame, 200)
    eq(bytes(leds.displayed()), bytes(ref.displayed()), "same result as a fresh driver")
