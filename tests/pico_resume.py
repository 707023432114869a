"""What a board does when the power comes back over the files it has: the app made over
them, its boot sweep run, and what it then shows. Imported on the host by tests/pico_cuts.py
(the app on CPython over a copy of a cut's files); sent as code to the emulated Pico by
tests/test_pico_powercut.py (prefixed with PROFILE), where it prints the same as one JSON
line, for the port's own file system."""
import json

from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage


def power_up(profile, storage):
    """{"screen", "game" (the id of the game offered for resuming, or None), "moves" (its
    moves), "position" (the engine's text once OK resumed it), "settings" (as loaded),
    "config_problem"}."""
    app = make_app(profile, storage, 0)
    out = {"settings": dict(app.cfg), "config_problem": app.config_problem}
    t = 0
    while app.status()["screen"] == "boot":
        t += 100
        app.step(t, [])
    st = app.status()
    out.update(screen=st["screen"], game=st.get("id"), moves=st["moves"], position=None)
    if st["screen"] == "resume":
        app.step(t + 100, [("down", app.keys["ok"])])
        out["position"] = app.status()["position"]
    return out


if "PROFILE" in globals():  # sent to the board
    print(json.dumps(power_up(PROFILE, Storage())))  # noqa: F821 (given by the sender)
