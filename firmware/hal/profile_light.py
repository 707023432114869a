"""The light board's profile (hardware/light-pico.json): a key matrix under a grid of
LEDs, one key and one LED per square (cell = square = y * width + x, a1 = 0).
    leds: a full grid (width, height, serpentine, first, runs)
    keys: rows (one pin per rank, rank 1 first), cols (one pin per file, a first)
    buttons: menu, ok"""
# The checks' helpers are imported by the checks: the app reads BUTTONS and the cell
# count without loading firmware/hal/profile.py (its names would stay in RAM).

BUTTONS = ("menu", "ok")
SAFE_MODE_EXAMPLE = ["a1", "g1"]


def _size(profile):
    leds = profile["leds"]
    return leds["width"], leds["height"]


def cell_count(profile):
    w, h = _size(profile)
    return w * h


def grid_names(profile):
    """The squares as key names, in key-number order (a1, b1, … rank by rank)."""
    w, h = _size(profile)
    out = []
    for y in range(h):
        for x in range(w):
            out.append("%s%d" % (chr(97 + x), y + 1))
    return tuple(out)


def matrix_pins(profile):
    return profile["keys"]["rows"], profile["keys"]["cols"]


def check(profile, pins):
    from firmware.hal.profile import number, section
    leds = section(profile, "leds")
    w = number(leds, "width", 1, 16, "leds.")
    h = number(leds, "height", 1, 16, "leds.")
    keys = profile["keys"]
    pins.take_list(keys, "rows", h, "one per rank, rank 1 first", "keys.")
    pins.take_list(keys, "cols", w, "one per file, file a first", "keys.")


def sensors(profile, io):
    return None
