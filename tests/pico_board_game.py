"""A game on a sensor board's app, on the board itself (sent as code to the emulated
Pico by tests/test_pico_board.py and tests/bench/extra_pico.py; prefixed with PROFILE,
SEED and PLIES): Fursaz on the stone board, Mabula on the marble board, Mano a Mano on
the tile board.

The app runs as on the board, fed the stable frames its sensors would give (a stone
put down, then its flips turned; a marble pushed in), and random moves are played
until the game ends or PLIES. Prints one JSON line: plies played, whether the game
ended, whether the moves the app recorded are the game's, the lowest gc.mem_free() and
the smallest largest free block seen after a collection, and the emulated ms of each
step that answers a settled frame (mean, worst), its writes and a game's record held until
after it as the board's runner holds them (the LED frame's ~1.6 ms comes on top)."""
import gc
import json
import os
import time

from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import Rng


# send: tests/pico_board_moves.py


def main(profile, seed, cap):
    try:
        os.mkdir("/boardtest")
    except OSError:
        pass
    storage = Storage("/boardtest")
    app = make_app(profile, storage, 0)
    t = 800
    app.step(t, [])
    t += 20
    app.step(t, [("down", app.keys["ok"])])
    ses = app.play.session
    game = ses.rec["game"]
    engine = ses.engine
    frames = FRAMES[game]  # noqa: F821 (tests/pico_board_moves.py)
    s = ses.state
    for ev in first_events(engine, s):  # noqa: F821
        t += 500
        app.step(t, [ev])
    rng = Rng(seed)
    moves = []
    low_free = low_block = 1 << 30
    answers = []
    later = []
    while not engine.is_over(s) and len(moves) < cap:
        legal = choices(engine, s)  # noqa: F821
        m = legal[rng.below(len(legal))]
        legal = None
        for ev in frames(app, engine, s, m):
            t += 500
            storage.hold()
            app.later = later
            t0 = time.ticks_us()
            app.step(t, [ev])
            if ev[0] == "frame":
                answers.append(time.ticks_diff(time.ticks_us(), t0))
            app.later = None
            storage.flush()
            while later:   # a game's record, after the frame (device.py)
                work = later.pop(0)
                work[0](work[1], work[2])
        s = engine.play(s, m)
        moves.append(m)
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if len(moves) % 10 == 1:
            low_block = min(low_block, largest_block())
    recorded = app.play.session.rec["moves"] if app.play is not None else None
    hands = len(engine.hand_history(s)) if game == "mano" else None
    return {"plies": len(moves), "over": engine.is_over(s), "same_moves": recorded == moves,
            "hands": hands, "wrong": app.status().get("wrong"), "min_free": low_free,
            "min_largest_block": low_block,
            "answer_ms": [sum(answers) / 1000 / max(1, len(answers)), max(answers or [0]) / 1000]}


print(json.dumps(main(PROFILE, SEED, PLIES)))  # noqa: F821 (given by the sender)
