"""The wiring diagrams in hardware/ are the ones the profiles give (host_tools/diagram.py):
a profile changed without its diagram fails here."""
import json
import os

import pytest

from host_tools import diagram, profiles


@pytest.mark.parametrize("name", profiles.names())
def test_each_profile_has_its_diagram_up_to_date(name):
    with open(profiles.path(name)) as f:
        profile = json.load(f)
    path = profiles.path(name)[:-5] + ".svg"
    assert os.path.exists(path), "run: python -m host_tools.diagram hardware/%s.json > hardware/%s.svg" % (name, name)
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
