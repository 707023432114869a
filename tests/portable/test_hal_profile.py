"""The board profile loader (firmware/hal/profile.py) on the board's own interpreter:
it reads and checks /profile.json at every boot."""
import json
import os
import sys

from check import eq, raises

from firmware.hal import profile as prof

LIGHT = {"name": "light-test", "kind": "light", "mcu": "rp2040",
         "leds": {"pin": 22, "count": 49, "width": 7, "height": 7, "serpentine": True,
                  "order": "GRB", "first": "bottom-left", "driver": "neopixel", "gamma": 2.2},
         "keys": {"rows": [2, 3, 4, 5, 6, 7, 8], "cols": [9, 10, 11, 12, 13, 14, 16],
                  "scan_ms": 5, "settle_us": 20, "debounce": 3,
                  "long_ms": 800},
         "buttons": {"menu": 17, "ok": 18}, "buzzer": {"pin": 15}, "safe_mode": ["a1", "g1"]}


def _path(name):
    if sys.implementation.name == "micropython":
        return "/" + name
    import tempfile
    return tempfile.gettempdir() + "/arbiter-%d-%s" % (os.getpid(), name)


def _write(name, text):
    path = _path(name)
    with open(path, "w") as f:
        f.write(text)
    return path


def test_load_reads_and_checks_the_profile():
    p = prof.load(_write("profile-ok.json", json.dumps(LIGHT)))
    eq(p["keys"]["rows"], LIGHT["keys"]["rows"], "rows")
    eq(prof.safe_mode_keys(p), [0, 6], "a1, g1")
    eq(prof.latency_budget_ms(p), 5, "one scan of 5 ms (a press counts at once)")


def test_mistakes_are_named():
    bad = json.loads(json.dumps(LIGHT))
    bad["keys"]["debounce"] = True                 # a bool is no number, on both interpreters
    e = raises(prof.ProfileError, prof.load, _write("profile-bad.json", json.dumps(bad)))
    assert "keys.debounce" in str(e), str(e)
    e = raises(prof.ProfileError, prof.load, _write("profile-broken.json", "{"))
    assert "not valid JSON" in str(e), str(e)
    e = raises(prof.ProfileError, prof.load, _path("profile-missing.json"))
    assert "not found" in str(e), str(e)


def test_key_numbers_come_from_the_profile():
    eq([prof.key_id(LIGHT, n) for n in ("a1", "b1", "g7", "menu", "ok")], [0, 1, 48, 49, 50],
       "ids")
    raises(ValueError, prof.key_id, LIGHT, "h1")
