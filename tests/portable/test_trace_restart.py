"""A sensor board that (re)starts reads its sensors before it judges anything (issue 21,
item 7): the board's own drivers over simulated wires, a runner, leftovers from the last
game still on the board. A new game started after a crash restart (the app made anew
over the same drivers) or a watchdog reset (everything made anew) flags the leftovers
exactly as it does without a restart; a game resumed after a crash is checked against
the board too."""
from check import eq
from stone_kit import PROFILE5 as STONE
from test_app_kit import fresh_dir
from tile_kit import PROFILE as TILE
import test_trace_marble

from firmware.app.core import crash, device
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage
from firmware.hal.wires import Wires
from firmware.rules import mabula

MARBLE = test_trace_marble.PROFILE


class Board:
    """A board's runner and drivers over ``wires`` (what lies on the board), ticked
    every scan period."""

    def __init__(self, profile, storage, wires):
        self.profile = profile
        self.wires = wires
        drivers = hal_profile.build_micropython(profile, wires.machine, wires.neopixel,
                                                sleep_us=lambda us: None)
        self.names = hal_profile.key_names(profile)
        self.runner = device.Runner(make_app, profile, storage, drivers, crash)
        self.t = 0
        self.runner.start(0)
        self.run(1500)                 # the boot sweep, the sensors settled: the menu

    def run(self, ms):
        scan = self.profile["keys"]["scan_ms"]
        for _ in range(ms // scan):
            self.t += scan
            self.wires.now = self.t
            self.runner.tick(self.t)

    def press(self, name):
        key = self.names.index(name)
        self.wires.closed[key] = 1
        self.run(100)
        self.wires.closed[key] = 0
        self.run(100)

    def crash(self):
        """The app crashes at its next step (as a setting out of range once made it);
        the runner shows the error pattern, then makes the app again."""
        def boom(now_ms, events):
            raise RuntimeError("planted crash")
        self.runner.app.step = boom
        self.run(device.CRASH_SHOW_MS + 1500)
        eq(self.runner.app is not None, True, "the app made again")

    def status(self):
        return self.runner.app.status()


def _new_game_after(profile, leftovers, restart):
    """What the board flags (status "wrong") in a new game started from the menu with
    ``leftovers(wires)`` on the board, after ``restart``: None, "crash" or "watchdog"."""
    storage = Storage(fresh_dir("restart"))
    wires = Wires(profile)
    leftovers(wires)
    b = Board(profile, storage, wires)
    if restart == "crash":
        b.crash()
    elif restart == "watchdog":
        b = Board(profile, storage, wires)
    eq(b.status()["screen"], "menu", "%s: the menu" % restart)
    b.press("ok")                      # start
    b.run(500)
    st = b.status()
    assert st["game"] is not None, st
    return st["wrong"]


def _marble_leftovers(wires):
    """The last game's 24 marbles, some of them pushed into the field."""
    s = mabula.new_game({}, 11)
    for _ in range(3):
        s = mabula.play(s, mabula.legal_moves(s)[0])
    occ = mabula.occupancy(s)
    for c in range(60):
        wires.present[c] = 1 if occ[c] else 0


def _stone_leftovers(wires):
    for c in (0, 7, 30, 44):
        wires.present[c] = 1 + c % 2


def _tile_leftovers(wires):
    """The last hand's line: S 6-6, L1 1-6, R1 6-0."""
    wires.put_tile(0, 6, 6)
    wires.put_tile(1, 1, 6)
    wires.put_tile(14, 0, 6)


def _flagged_alike(profile, leftovers, want_some):
    plain = _new_game_after(profile, leftovers, None)
    for name in want_some:
        assert name in plain, (name, plain)
    eq(_new_game_after(profile, leftovers, "crash"), plain, "after a crash restart")
    eq(_new_game_after(profile, leftovers, "watchdog"), plain, "after a watchdog reset")


def test_the_marble_board_flags_leftovers_after_a_restart():
    s = mabula.new_game({}, 11)
    for _ in range(3):
        s = mabula.play(s, mabula.legal_moves(s)[0])
    occ = mabula.occupancy(s)
    field = [mabula.SPACES[c] for c in range(60) if occ[c] and "a" < mabula.SPACES[c][0] < "h"
             and "1" < mabula.SPACES[c][1] < "8"]
    assert field, "marbles in the field"
    _flagged_alike(MARBLE, _marble_leftovers, field)


def test_the_stone_board_flags_leftovers_after_a_restart():
    _flagged_alike(STONE, _stone_leftovers, ["a1", "e5"])


def test_the_tile_board_flags_leftovers_after_a_restart():
    _flagged_alike(TILE, _tile_leftovers, ["S", "L1", "R1"])


def test_a_game_resumed_after_a_crash_is_checked_against_the_board():
    """A marble lifted while the error pattern showed is flagged once the game resumes."""
    b = Board(MARBLE, Storage(fresh_dir("restart-resume")), Wires(MARBLE))
    b.press("ok")
    s = mabula.new_game({}, b.runner.app.play.session.rec["seed"])
    push = mabula.legal_moves(s)[0]
    for state in (s, mabula.play(s, push)):       # set up, then one push
        occ = mabula.occupancy(state)
        for c in range(60):
            b.wires.present[c] = occ[c]
        b.run(600)
    eq((b.status()["screen"], b.status()["moves"], b.status()["wrong"]),
       ("game", [push], []), "set up, one push")
    lifted = [c for c in range(60) if occ[c]][0]
    b.wires.present[lifted] = 0
    b.crash()
    eq((b.status()["screen"], b.status()["moves"]), ("game", [push]), "resumed after the crash")
    eq(b.status()["wrong"], [mabula.SPACES[lifted]], "the lifted marble flagged")
