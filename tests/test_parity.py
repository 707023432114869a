"""Seeded random games give identical moves, positions and results on CPython and
on MicroPython (the checksum of tests/portable/playout.py)."""
import importlib

import pytest

import playout

# Games per engine: a size-7 Fursaz game costs ~1 s on the WebAssembly MicroPython.
GAMES = {"morbak": 12, "mabula": 12, "fursaz": 4, "mano": 6, "masbrur": 6}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_games_on_both_interpreters(upy, name):
    engine = importlib.import_module("firmware.rules." + name)
    games = GAMES[name]
    want = playout.trace(engine, 1, games)
    got = upy.run("import sys\nsys.path.insert(0, '/portable')\nimport playout\n"
                  "import firmware.rules.%s as e\nprint(playout.trace(e, 1, %d))"
                  % (name, games)).strip()
    assert got == want, "%s: MicroPython played %s, CPython %s" % (name, got, want)
