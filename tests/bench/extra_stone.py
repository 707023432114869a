"""Stone board figures for the benchmark runner (tests/bench/run.py).

Timings (both interpreters), the board's own drivers over simulated wiring with the
shipped size-7 profile (hardware/stone7-pico.json: 127 Hall sensors through 8 CD74HC4067
and a second-level mux into one ADC): one full scan of the 127 points and the filter
(the real board adds the mux settling, settle_us x 127 = 1.3 ms, and 127 ADC
conversions of ~2 us: the simulated pins here cost Python calls instead), and the worst
placement found in a few random size-7 games: resolution, play, save and the LED
guidance drawn."""
import json
import os
import sys

from clock import elapsed_us, now_us


def _profile():
    if sys.implementation.name == "micropython":
        path = "/hardware/stone7-pico.json"
    else:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "hardware",
                            "stone7-pico.json")
    with open(path) as f:
        return json.load(f)


def _folder():
    if sys.implementation.name == "micropython":
        try:
            os.mkdir("/bench-stone")
        except OSError:
            pass
        return "/bench-stone"
    import tempfile
    return tempfile.mkdtemp(prefix="arbiter-bench-stone-")


def scan_us(prof):
    from firmware.hal import profile as hal_profile
    from firmware.hal.wires import Wires
    w = Wires(prof)
    d = hal_profile.build_micropython(prof, w.machine, w.neopixel, sleep_us=lambda us: None)
    for c in range(0, 127, 3):
        w.present[c] = 1 + c % 2
    grid = d.sensors
    best = None
    t = 0
    for _ in range(5):
        t0 = now_us()
        for _ in range(10):
            t += grid.scan_ms
            grid.scan(t)
        us = elapsed_us(t0) / 10
        best = us if best is None or us < best else best
    return best


def worst_placement(root):
    """The placement with the most flips in a few seeded games, timed through the app."""
    from firmware.app.core import records
    from firmware.app.core.runtime import make_app
    from firmware.hal.storage import Storage
    from firmware.rules import Rng, fursaz
    best = None
    for seed in range(3):
        rng = Rng(seed)
        s = fursaz.new_game({"size": 7}, 0)
        moves = []
        for _ in range(60):
            legal = fursaz.legal_moves(s)
            for m in legal:
                if m not in ("pass", "swap"):
                    n = len(fursaz.resolution(s, m)["net"])
                    if best is None or n > best[0]:
                        best = (n, list(moves), m)
            m = legal[rng.below(len(legal))]
            s = fursaz.play(s, m)
            moves.append(m)
    n, moves, m = best
    prof = _profile()
    app = make_app(prof, Storage(root), 0)
    app.step(800, [])
    rec = records.new_record(1, "fursaz", {"size": 7}, 0)
    rec["moves"], rec["move_ms"], rec["clock_ms"] = moves, [0] * len(moves), [None] * len(moves)
    from firmware.app.core import launch
    play = launch.open_game(app, rec, 820)
    launch.enter(app, play)
    s = play.session.state
    frame = bytearray([".BW".find(fursaz.board(s).get(p, ".")) for p in play.points])
    frame[play.points.index(m)] = ".BW".find(fursaz.to_text(s).split(" ")[1])
    t0 = now_us()
    app.step(1000, [("frame", bytes(frame))])
    us = elapsed_us(t0)
    assert play.session.rec["moves"][-1] == m
    return n, us


def figures():
    root = _folder()
    n, us = worst_placement(root)
    out = {"scan of 127 points + filter, simulated pins (us)": scan_us(_profile()),
           "worst placement found: flips": n,
           "worst placement: resolve, play, save, draw (us)": us}
    if sys.implementation.name != "micropython":
        import shutil
        shutil.rmtree(root, True)
    return out
