"""Calibrating the stone board's sensors from its menu
(firmware/app/boards/stone_calibrate.py), on the
board's own drivers over simulated wiring: sensors with zero errors and magnets the other
way round read wrong before, right after, and the calibration survives a power cut."""
import json

from check import eq
from stone_kit import PROFILE5
from test_app_kit import fresh_dir

from firmware.app.core import crash, device
from firmware.app.boards.stone import ITEMS
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal.storage import Storage
from firmware.hal.wires import Wires


class Rig:
    def __init__(self, root, prof, offsets):
        self.w = w = Wires(prof)
        for c in range(len(offsets)):
            w.offset[c] = offsets[c]
        d = hal_profile.build_micropython(prof, w.machine, w.neopixel, sleep_us=lambda us: None)
        self.runner = device.Runner(make_app, prof, Storage(root), d, crash)
        self.t = 0
        self.runner.start(0)
        self.run(800)

    def run(self, ms):
        end = self.t + ms
        while self.t < end:
            self.t += 5
            self.w.now = self.t
            self.runner.tick(self.t)

    def press(self, name):
        k = self.runner.app.keys[name]
        self.w.closed[k] = 1
        self.run(40)
        self.w.closed[k] = 0
        self.run(40)

    def status(self):
        return self.runner.app.status()


def test_calibration_from_the_menu():
    prof = json.loads(json.dumps(PROFILE5))
    prof["sensors"]["black"] = "low"            # wrong way round: the magnets say high
    offsets = [((c * 37) % 11 - 5) * 900 for c in range(61)]   # zero errors up to 4,500
    root = fresh_dir("calibrate")
    rig = Rig(root, prof, offsets)
    rig.w.black_reads = 1
    rig.w.present[30] = 1                         # a black stone on e5 reads white now
    rig.run(400)
    eq(rig.runner.sensors.stable[30], 2, "before: black taken for white")
    rig.w.present[30] = 0
    for _ in range(len(ITEMS) + 1):               # PASS past start and the settings: calibrate
        rig.press("pass")
    rig.press("ok")
    eq(rig.status()["screen"], "calibrate", "opened")
    rig.press("ok")                               # 1. the board empty
    rig.w.present[12] = 1                         # 2. a black stone
    rig.run(100)
    rig.press("ok")
    rig.w.present[12] = 0
    rig.w.present[40] = 2                         # 3. a white one
    rig.run(100)
    rig.press("ok")
    rig.w.present[40] = 0
    eq(rig.status()["screen"], "menu", "done")
    saved = Storage(root).read_json("config.json")["stone.calibration"]
    eq(saved["black"], "high", "black reads high")
    eq(len(saved["baseline"]), 61, "a baseline per point")
    rig.w.present[30] = 1
    rig.run(400)
    eq(rig.runner.sensors.stable[30], 1, "after: black")
    again = Rig(root, prof, offsets)              # power cut: the calibration is loaded
    again.w.black_reads = 1
    again.w.present[30] = 2
    again.run(400)
    eq(again.runner.sensors.stable[30], 2, "white after a power cut")
    eq(sum(1 for c in range(61) if c != 30 and again.runner.sensors.stable[c]), 0, "nothing else")


def test_calibration_refuses_a_stone_that_is_not_there_and_menu_cancels():
    root = fresh_dir("calibrate-no")
    rig = Rig(root, PROFILE5, [0] * 61)
    for _ in range(len(ITEMS) + 1):
        rig.press("pass")
    rig.press("ok")
    rig.press("ok")                               # empty
    rig.press("ok")                               # no black stone put down
    assert "no stone seen" in rig.status()["message"], rig.status()["message"]
    rig.press("menu")
    eq(rig.status()["screen"], "menu", "cancelled")
    assert "stone.calibration" not in (Storage(root).read_json("config.json", None) or {})
