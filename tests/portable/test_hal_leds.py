"""LED matrix driver (firmware/hal/leds.py) with the recording strip, on CPython and MicroPython."""
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
