"""The light board judged by traces: key readings scan by scan, through the board's own
key driver (debounce), controller and session."""
import json

from check import eq
from test_app_kit import fresh_dir

from firmware.app.core import trace
from firmware.hal.storage import Storage

PROFILE = {"name": "light-test", "kind": "light", "mcu": "rp2040",
           "leds": {"pin": 22, "count": 49, "width": 7, "height": 7, "serpentine": True,
                    "order": "GRB", "first": "bottom-left", "driver": "neopixel"},
           "keys": {"rows": [2, 3, 4, 5, 6, 7, 8], "cols": [9, 10, 11, 12, 13, 14, 16],
                    "scan_ms": 5, "settle_us": 20, "debounce": 3, "long_ms": 800},
           "buttons": {"menu": 17, "ok": 18}, "buzzer": {"pin": 15}, "safe_mode": ["a1", "g1"]}


def presses(names, t=100, bounce=False):
    """Lines pressing each key in turn for 80 ms; ``bounce``: each contact chatters
    for a few ms when it closes and opens."""
    out = []
    for name in names:
        if bounce:
            for k in range(4):
                out.append(json.dumps({"t": t + 2 * k, "keys": name if k % 2 == 0 else ""}))
        out.append(json.dumps({"t": t + 8, "keys": name}))
        if bounce:
            out.append(json.dumps({"t": t + 88, "keys": ""}))
            out.append(json.dumps({"t": t + 90, "keys": name}))
        out.append(json.dumps({"t": t + 92, "keys": ""}))
        t += 250
    return out


def run(lines, values=None, seats=None):
    return trace.replay(PROFILE, Storage(fresh_dir("tl")), lines, 0, values, seats=seats)


def test_presses_with_the_confirm_step_and_bouncing_contacts():
    # MKV-3's first moves: A a1, B g7, A b2, B g6, each pressed twice (select, confirm).
    keys = []
    for name in ("a1", "g7", "b2", "g6"):
        keys += [name, name]
    out = run(presses(keys, bounce=True))
    eq([x for x in out if x.startswith("move")],
       ["move 1 L a1", "move 2 L g7", "move 3 L b2", "move 4 L g6"], "moves")
    eq(out[-1][:9], "position ", "then the position")


def test_a_win_without_the_confirm_step_ends_with_the_result():
    out = run(presses(["a1", "g7", "b2", "g6", "c3", "g5", "d4"]), {"morbak.confirm": "off"})
    eq(len([x for x in out if x.startswith("move")]), 7, "seven moves")
    eq(out[-1], 'result {"reason": "line", "scores": [1, 0], "winner": 0}', "A's line a1-d4")


def test_the_same_trace_gives_the_same_lines():
    lines = presses(["d4", "d4", "menu", "e5", "ok"])
    eq(run(lines), run(lines), "twice")


def test_a_seat_played_elsewhere_plays_the_moves_of_its_file():
    """A presses (every 1.5 s: B's move comes in between); B's moves come from a file
    (`arbiter replay --seat B=FILE`): every move listed, and A's line wins."""
    lines = []
    for k in range(4):
        lines += presses(["abcd"[k] + "1"], 1500 * k + 100)
    out = run(lines, {"morbak.confirm": "off"}, {"B": "2 L a7\nmove 4 L b7\n# on\n6 L c7\n"})
    eq([x for x in out if x.startswith("move")],
       ["move 1 L a1", "move 2 L a7", "move 3 L b1", "move 4 L b7", "move 5 L c1",
        "move 6 L c7", "move 7 L d1"], "A's moves and B's")
    eq(out[-1], 'result {"reason": "line", "scores": [1, 0], "winner": 0}', "A's line")
    try:
        run(lines, {"morbak.confirm": "off"}, {"B": "2 L a1\n"})
        raise AssertionError("a move the rules refuse was taken")
    except ValueError as e:
        eq(str(e), "the moves of seat B: move 2, L a1, is refused: a1 is not empty", "said")
