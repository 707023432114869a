"""Calibrating the stone board's Hall sensors (screen "calibrate", from the stone board's
menu: START's neighbour, see boards/stone.py).

Every sensor reads a little off its nominal zero, and which way a black face moves the
reading depends on how the magnets went into the stones. So, once per board:
  1. the board empty, OK: each point's reading now is its empty level (baseline); a
     sensor reading out of range is named and the calibration stops;
  2. a black stone on any point, OK: the point that moved furthest says which way black
     goes (its colour lit);
  3. a white stone on any point, OK: it must move the other way.
The result is saved in /config.json as "stone.calibration" ({"black": "high" | "low",
"baseline": [one reading per point]}), shown by `arbiter config get`, and loaded into the
sensor driver at every boot (``apply``). MENU leaves without saving.

The screen talks to the driver itself (App.sensors: the runner's sensor grid; its reader
is hall.Stones, with ``raw`` and ``baseline``)."""
from firmware.app.core import render

KEY = "stone.calibration"
_STEPS = ("empty the board, then OK", "put a black stone on any point, then OK",
          "put a white stone on any point, then OK")


def apply(app):
    """Load the saved calibration into the sensor driver (if both exist and agree)."""
    cal = app.storage.read_json("config.json", None)
    stones = app.sensors.reader if app.sensors is not None else None
    if not isinstance(cal, dict) or stones is None or not hasattr(stones, "baseline"):
        return
    cal = cal.get(KEY)
    if not (
        isinstance(cal, dict)
        and cal.get("black") in ("high", "low")
        and isinstance(cal.get("baseline"), list)
        and len(cal["baseline"]) == len(stones.baseline)
    ):
        return
    for i in range(len(stones.baseline)):
        v = cal["baseline"][i]
        if isinstance(v, int) and 0 <= v <= 65535:
            stones.baseline[i] = v
    stones.black(cal["black"])


class Calibrate:
    def __init__(self, app):
        self.app = app
        self.name = "calibrate"
        self.step = 0
        self.stones = app.sensors.reader
        self.saved = list(self.stones.baseline)
        self.black = None
        self.mark = -1
        app.say("calibrate: " + _STEPS[0])

    def tick(self, now):
        pass

    def _furthest(self):
        """(point, signed distance from its baseline) of the reading that moved most."""
        s = self.stones
        best, dist = -1, 0
        for i in range(len(s.raw)):
            d = s.raw[i] - s.baseline[i]
            if abs(d) > abs(dist):
                best, dist = i, d
        return best, dist

    def event(self, kind, key, now):
        if kind != "down":
            return
        app, s = self.app, self.stones
        if key == app.keys["menu"]:
            for i in range(len(self.saved)):
                s.baseline[i] = self.saved[i]
            app.say("calibration cancelled")
            app.to_menu()
            return
        if key != app.keys["ok"]:
            return
        if self.step == 0:
            bad = [i for i in range(len(s.raw)) if not s.low <= s.raw[i] <= s.high]
            if bad:
                app.beep(render.REJECT)
                app.say(
                    "sensor out of range at point %s: check its wiring"
                    % ", ".join(str(i) for i in bad[:5])
                )
                return
            for i in range(len(s.raw)):
                s.baseline[i] = s.raw[i]
        else:
            point, dist = self._furthest()
            if abs(dist) < s.threshold:
                app.beep(render.REJECT)
                app.say("no stone seen: " + _STEPS[self.step])
                return
            high = dist > 0
            if self.step == 1:
                self.black = "high" if high else "low"
            elif (self.black == "high") == high:
                app.beep(render.REJECT)
                app.say("that stone reads like the black one: turn it over")
                return
            self.mark = point
        self.step += 1
        app.beep(render.SELECT)
        if self.step < len(_STEPS):
            app.say("calibrate: " + _STEPS[self.step])
            return
        s.black(self.black)
        data = app.storage.read_json("config.json", None)
        if not isinstance(data, dict):
            data = {}
        data[KEY] = {"black": self.black, "baseline": list(s.baseline)}
        app.storage.write_json("config.json", data)
        app.log(now, "calibrated: black reads %s" % self.black)
        app.beep(render.SAVED)
        app.say("calibrated")
        app.to_menu()

    def draw(self, f, now):
        render.clear(f)
        if self.step == 0:
            for i in range(len(f) // 3):
                render.put_scaled(f, i, render.WHITE, 24)
        elif self.mark >= 0:
            render.put(f, self.mark, render.GREEN)
