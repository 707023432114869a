"""Stone-board traces made from Fursaz games (no tests here; used by test_trace_stone and
test_trace_props). A placement is a stone put down; each flip the board asks for is a
stone turned by hand: edge-on it reads empty (or the other colour, for a moment) before
it lies on its other face."""
import json

from firmware.rules import Rng
from firmware.rules import fursaz

PROFILE5 = {
    "name": "stone-test", "kind": "stone", "mcu": "rp2040", "size": 5,
    "leds": {"pin": 22, "count": 61, "order": "GRB", "driver": "neopixel", "map": list(range(61))},
    "sensors": {"select": [2, 3, 4, 5], "bank": [6, 7, 8, 9], "adc": [26], "muxes": 4,
                "black": "high", "threshold": 6000, "hysteresis": 2000, "low": 2000, "high": 63535,
                "settle_us": 0, "scan_ms": 20, "settle_ms": 300, "map": list(range(61))},
    "keys": {"scan_ms": 5, "settle_us": 0, "debounce": 3, "long_ms": 800},
    "buttons": {"menu": 10, "ok": 11, "pass": 12, "swap": 13},
    "buzzer": {"pin": 15}, "safe_mode": ["menu", "ok"],
}


def profile(size):
    if size == 5:
        return PROFILE5
    p = json.loads(json.dumps(PROFILE5))
    p["size"] = 7
    p["leds"]["count"] = 127
    p["leds"]["map"] = list(range(127))
    p["sensors"]["muxes"] = 8
    p["sensors"]["map"] = list(range(127))
    return p


def frame(t, stones):
    return json.dumps({"t": t, "stones": " ".join([p + c for p, c in sorted(stones.items())])})


def mover(state):
    return fursaz.to_text(state).split(" ")[1]


def place(stones, state, point, t):
    """Put the mover's stone on ``point``: (lines, t after)."""
    stones[point] = mover(state)
    return [frame(t, stones)], t + 500


def turn(stones, points, t, rng=None, slow=False):
    """Turn the stones on ``points`` one by one to match ``stones_after``: each is
    edge-on (empty) for a moment; ``slow`` adds readings of noise while it is."""
    out = []
    for p in points:
        to = "W" if stones[p] == "B" else "B"
        del stones[p]
        out.append(frame(t, stones))
        t += 40 + (rng.below(80) if rng else 40)
        if slow:
            for _ in range(3):
                stones[p] = to if rng.below(2) else ("B" if to == "W" else "W")
                out.append(frame(t, stones))
                t += 15 + rng.below(30)
                del stones[p]
                out.append(frame(t, stones))
                t += 15 + rng.below(30)
        stones[p] = to
        out.append(frame(t, stones))
        t += 120 + (rng.below(150) if rng else 0)
    return out, t + 400


def game(size, seed, plies=400, slow=True):
    """A random game as a trace: (lines, moves, final position text)."""
    rng = Rng(seed)
    s = fursaz.new_game({"size": size}, 0)
    stones = {}
    lines = [frame(0, stones)]
    t = 600
    moves = []
    while not fursaz.is_over(s) and len(moves) < plies:
        legal = fursaz.legal_moves(s)
        m = legal[rng.below(len(legal))]
        if m in ("pass", "swap"):
            lines.append(json.dumps({"t": t, "press": m}))
            t += 500
        else:
            res = fursaz.resolution(s, m)
            more, t = place(stones, s, m, t)
            lines += more
            flips = list(res["net"])
            if res["final"] != res["colour"]:
                flips.append(m)
            more, t = turn(stones, flips, t, rng, slow)
            lines += more
        s = fursaz.play(s, m)
        moves.append(m)
        assert stones == fursaz.board(s), (m, stones, fursaz.board(s))
    return lines, moves, fursaz.to_text(s)


def accepted(out):
    return [line.split(" ", 2)[2] for line in out if line.startswith("move ")]
