"""The wiring diagrams in hardware/ are the ones the profiles give (tools/diagram.py):
a profile changed without its diagram fails here."""
import json
import math
import os

import pytest

from host_tools import profiles
from tools import diagram


@pytest.mark.parametrize("name", profiles.names())
def test_each_profile_has_its_diagram_up_to_date(name):
    with open(profiles.path(name)) as f:
        profile = json.load(f)
    path = profiles.path(name)[:-5] + ".svg"
    assert os.path.exists(path), \
        "run: python -m tools.diagram hardware/%s.json > hardware/%s.svg" % (name, name)
    with open(path) as f:
        assert f.read() == diagram.svg(profile), "hardware/%s.svg is stale: regenerate it" % name


def test_the_diagram_shows_what_the_drivers_use():
    with open(profiles.path("marble-pico")) as f:
        profile = json.load(f)
    text = diagram.svg(profile)
    # b1 is cell 0: its sensor input and LED as the profile maps them.
    assert ">b1<" in text and ">in %d<" % profile["sensors"]["map"][0] in text
    assert ">LED %d<" % profile["leds"]["map"][0] in text
    light = json.load(open(profiles.path("light-pico")))
    assert diagram.led_positions(light)[7] == 13     # serpentine: a2 is the 14th LED


def test_the_stone_diagram_draws_the_hexagon_with_each_points_mux_and_channel():
    with open(profiles.path("stone7-pico")) as f:
        profile = json.load(f)
    cells = diagram._layout(profile)
    assert len(cells) == 127 and cells[0][0] == "a1"
    at = {name: (x, y) for name, x, y in cells}
    # Row a at the bottom, the centre g7 in the middle, every point 1 from its neighbours.
    assert at["a1"][1] == 0 and at["g7"] == (6, at["g1"][1]) and at["g1"][0] == 0
    for a, b in (("g7", "g8"), ("g7", "h8"), ("g7", "f7"), ("a1", "b1")):
        assert abs(math.dist(at[a], at[b]) - 1) < 1e-9, (a, b)
    text = diagram.svg(profile)
    assert cells[-1][0] == "m13"
    k = profile["sensors"]["map"][-1]
    assert ">mux %d ch %d<" % (k // 16, k % 16) in text
    assert ">LED %d<" % profile["leds"]["map"][-1] in text and "GP26" in text


def test_the_tile_diagram_draws_the_track_the_pad_and_the_field_with_both_contacts():
    with open(profiles.path("tile-pico")) as f:
        profile = json.load(f)
    cells = diagram._layout(profile)
    at = {name: (x, y) for name, x, y in cells}
    assert len(cells) == 64 and cells[0][0] == "S"
    # The track in one line, L13 at the left end; the field's rows above in engine order.
    assert at["L13"] == (0, 0) and at["R13"] == (26, 0) and at["S"][0] == 13
    assert at["A0"][1] < at["A7"][1] and at["A0"][0] + 3 == at["D0"][0]
    text = diagram.svg(profile)
    a, b = profile["sensors"]["map"][14]          # R1's two contacts
    assert ">R1<" in text and ">%d.%d / %d.%d<" % (a // 16, a % 16, b // 16, b % 16) in text
