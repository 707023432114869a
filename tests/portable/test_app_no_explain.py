"""A board never loads the words meant for people (explain.py and explain_<game>.py: their
strings would stay in its RAM): menus, editors and a game of each kind run without them.
Only tools - the simulator's page, the tests - ask for them."""
import sys

from stone_kit import PROFILE5
from test_app_kit import PROFILE as LIGHT
from test_app_kit import fresh_dir
from test_trace_marble import PROFILE as MARBLE
from tile_kit import PROFILE as TILE

from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage


def _words_loaded():
    return sorted([m for m in sys.modules if m.startswith("firmware.app.explain")])


def test_no_board_loads_the_words():
    for module in _words_loaded():
        del sys.modules[module]
    for profile in (LIGHT, MARBLE, PROFILE5, TILE):
        app = make_app(profile, Storage(fresh_dir("no-words")), 0)
        t = [800]

        def press(key):
            t[0] += 100
            app.step(t[0], [("down", key), ("up", key)])
        app.step(t[0], [])
        keys = app.keys
        if "pass" in keys:                     # an editor opened, changed, saved; back to start
            for name in ("pass", "ok", "pass", "ok"):
                press(keys[name])
            while app.screen.sel != len(app.screen.picks):
                press(keys["pass"])
        else:
            for cell in (6, 9):                # the light board's level: 3 squares
                press(cell)
            press(keys["ok"])
        press(keys["ok"])                      # start
        t[0] += 2000
        app.step(t[0], [])
        assert app.play is not None, profile["kind"]
        assert _words_loaded() == [], (profile["kind"], _words_loaded())
