"""A Fursaz game on the stone board's app, on the board itself (sent as code to the
emulated Pico by tests/test_pico_board.py; prefixed with PROFILE, SEED and PLIES).

The app runs as on the board, fed the stable frames its sensors would give: each
placement put down, then its flips turned. Prints one JSON line: plies played, whether
the game ended, the moves the app recorded equal the game's, the lowest gc.mem_free()
and the smallest largest free block seen after a collection."""
import gc
import json
import os

from firmware.app.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import Rng
from firmware.rules import fursaz


def largest_block():
    lo, hi = 0, gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            del b
            lo = mid
        except MemoryError:
            hi = mid
    return lo


def frame(points, stones):
    return bytes([".BW".find(stones.get(p, ".")) for p in points])


def main(profile, seed, cap):
    try:
        os.mkdir("/stonetest")
    except OSError:
        pass
    app = make_app(profile, Storage("/stonetest"), 0)
    t = 800
    app.step(t, [])
    t += 20
    app.step(t, [("down", app.keys["ok"])])
    points = app.play.points
    rng = Rng(seed)
    s = fursaz.new_game({"size": profile["size"]}, 0)
    moves = []
    low_free = low_block = 1 << 30
    while not fursaz.is_over(s) and len(moves) < cap:
        legal = fursaz.legal_moves(s)
        m = legal[rng.below(len(legal))]
        legal = None
        t += 500
        if m == "pass" or m == "swap":
            app.step(t, [("down", app.keys[m])])
            s = fursaz.play(s, m)
        else:
            stones = fursaz.board(s)
            stones[m] = fursaz.to_text(s).split(" ")[1]
            app.step(t, [("frame", frame(points, stones))])
            s = fursaz.play(s, m)
            t += 500
            app.step(t, [("frame", frame(points, fursaz.board(s)))])
        moves.append(m)
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if len(moves) % 10 == 1:
            low_block = min(low_block, largest_block())
    recorded = app.play.session.rec["moves"] if app.play is not None else None
    return {"plies": len(moves), "over": fursaz.is_over(s), "same_moves": recorded == moves,
            "wrong": app.status().get("wrong"), "min_free": low_free, "min_largest_block": low_block}


print(json.dumps(main(PROFILE, SEED, PLIES)))  # noqa: F821 (given by the sender)
