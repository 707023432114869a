"""LED wiring maps and rendering, as properties over every wiring a profile can describe."""
from hypothesis import given, settings, strategies as st

from firmware.hal.leds import CORNERS, Leds, RecordingStrip, chain_position

wirings = st.fixed_dictionaries({
    "width": st.integers(1, 9), "height": st.integers(1, 9), "first": st.sampled_from(CORNERS),
    "serpentine": st.booleans(), "runs": st.sampled_from(["rows", "columns"]),
    "order": st.sampled_from(["RGB", "RBG", "GRB", "GBR", "BRG", "BGR"])})


def positions(spec):
    return {(x, y): chain_position(x, y, spec) for y in range(spec["height"])
            for x in range(spec["width"])}


@settings(max_examples=60, deadline=None)
@given(wirings)
def test_every_led_has_its_own_place_on_the_chain(spec):
    pos = positions(spec)
    assert sorted(pos.values()) == list(range(spec["width"] * spec["height"]))
    corner = {"bottom-left": (0, 0), "bottom-right": (spec["width"] - 1, 0),
              "top-left": (0, spec["height"] - 1),
              "top-right": (spec["width"] - 1, spec["height"] - 1)}[spec["first"]]
    assert pos[corner] == 0


@settings(max_examples=60, deadline=None)
@given(wirings)
def test_a_serpentine_chain_only_joins_neighbours(spec):
    spec["serpentine"] = True
    at = {p: xy for xy, p in positions(spec).items()}
    for p in range(1, len(at)):
        (x0, y0), (x1, y1) = at[p - 1], at[p]
        assert abs(x0 - x1) + abs(y0 - y1) == 1


@settings(max_examples=40, deadline=None)
@given(wirings, st.binary(min_size=243, max_size=243), st.integers(0, 255))
def test_displayed_is_the_frame_through_brightness_and_gamma(spec, data, level):
    spec["count"] = spec["width"] * spec["height"]
    frame = bytearray(data[:3 * spec["count"]])
    strip = RecordingStrip(spec["count"])
    leds = Leds(spec, strip, gamma=1.0)
    leds.show(frame, level)
    want = bytes((v * level + 127) // 255 or (1 if v and level else 0) for v in frame)
    assert bytes(leds.displayed()) == want
    # The wire holds the same bytes, each channel where the colour order puts it.
    p = chain_position(0, 0, spec)
    for c in range(3):
        assert strip.buf[3 * p + spec["order"].index("RGB"[c])] == want[c]
