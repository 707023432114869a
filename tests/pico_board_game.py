"""A game on a sensor board's app, on the board itself (sent as code to the emulated
Pico by tests/test_pico_board.py and tests/bench/extra_pico.py; prefixed with PROFILE,
SEED and PLIES): Fursaz on the stone board, Mabula on the marble board, Mano a Mano on
the tile board.

The app runs as on the board, fed the stable frames its sensors would give (a stone
put down, then its flips turned; a marble pushed in), and random moves are played
until the game ends or PLIES. Prints one JSON line: plies played, whether the game
ended, whether the moves the app recorded are the game's, the lowest gc.mem_free() and
the smallest largest free block seen after a collection, and the emulated ms of each
step that answers a settled frame (mean, worst), its writes held until after it as the
board's runner holds them (the LED frame's ~1.6 ms comes on top)."""
import gc
import json
import os
import time

from firmware.app.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import Rng


def stones(points, board):
    return bytes([".BW".find(board.get(p, ".")) for p in points])


def fursaz_frames(app, engine, s, m):
    """The frames of placement m (the stone put down, then the flips turned)."""
    if m == "pass" or m == "swap":
        return [("down", app.keys[m])]
    points = app.play.points
    board = engine.board(s)
    board[m] = engine.to_text(s).split(" ")[1]
    return [("frame", stones(points, board)), ("frame", stones(points, engine.board(engine.play(s, m))))]


def mabula_frames(app, engine, s, m):
    if m == "pass":
        return []
    return [("frame", engine.occupancy(engine.play(s, m)))]


_TILES = bytearray(b"\x08" * 128)   # what the tile board's contacts read (8: no tile)
_ENDS = [0, 0]                       # tiles left and right of the lead in this hand


def _put(cell, name):
    _TILES[2 * cell] = int(name[0])
    _TILES[2 * cell + 1] = int(name[2])


def mano_frames(app, engine, s, m):
    """A tile put on the track (past its 13 slots: shown on the pad, LEFT or RIGHT), a
    tile shown on the pad at the end of a hand, or a button (none for a forced pass the
    board plays itself)."""
    keys = app.keys
    after = engine.play(s, m)
    if engine.to_text(app.play.session.state) == engine.to_text(after):
        return []
    out = []
    if m.startswith("reveal"):
        _put(27, m.split()[2])
        out = [("frame", bytes(_TILES))]
        _TILES[54] = _TILES[55] = 8
        out.append(("frame", bytes(_TILES)))
        if len(engine.hand_history(after)) > len(engine.hand_history(s)):
            for c in range(54):
                _TILES[c] = 8                   # the track cleared for the next hand
            _ENDS[0] = _ENDS[1] = 0
            out.append(("frame", bytes(_TILES)))
        return out
    if m == "draw" or m == "pass":
        return [("down", keys[m])]
    if ":" in m:
        _put(0, m[2:])
        return [("down", keys["left" if m[0] == "0" else "right"]), ("frame", bytes(_TILES))]
    if m[0] not in "LR":
        _put(0, m)                              # a lead the rules give to a seat
        return [("frame", bytes(_TILES))]
    side = 0 if m[0] == "L" else 1
    _ENDS[side] += 1
    if _ENDS[side] > 13:
        _put(27, m[1:])
        out = [("frame", bytes(_TILES)), ("down", keys["left" if side == 0 else "right"])]
        _TILES[54] = _TILES[55] = 8
        return out + [("frame", bytes(_TILES))]
    _put(_ENDS[side] + 13 * side, m[1:])
    return [("frame", bytes(_TILES))]


def choices(engine, s):
    """The moves to choose from: a hand's tiles are shown one seat at a time."""
    legal = engine.legal_moves(s)
    if legal and legal[0].startswith("reveal"):
        seat = "%d" % engine.to_move(s)
        legal = [m for m in legal if m.split()[1] == seat]
    return legal


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
    frames = {"fursaz": fursaz_frames, "mabula": mabula_frames, "mano": mano_frames}[game]
    s = ses.state
    if game == "mabula":                        # set up as the LEDs ask
        t += 500
        app.step(t, [("frame", engine.occupancy(s))])
    rng = Rng(seed)
    moves = []
    low_free = low_block = 1 << 30
    answers = []
    while not engine.is_over(s) and len(moves) < cap:
        legal = choices(engine, s)
        m = legal[rng.below(len(legal))]
        legal = None
        for ev in frames(app, engine, s, m):
            t += 500
            storage.hold()
            t0 = time.ticks_us()
            app.step(t, [ev])
            if ev[0] == "frame":
                answers.append(time.ticks_diff(time.ticks_us(), t0))
            storage.flush()
        s = engine.play(s, m)
        moves.append(m)
        gc.collect()
        low_free = min(low_free, gc.mem_free())
        if len(moves) % 10 == 1:
            low_block = min(low_block, largest_block())
    recorded = app.play.session.rec["moves"] if app.play is not None else None
    hands = len(engine.hand_history(s)) if game == "mano" else None
    return {"plies": len(moves), "over": engine.is_over(s), "same_moves": recorded == moves, "hands": hands,
            "wrong": app.status().get("wrong"), "min_free": low_free, "min_largest_block": low_block,
            "answer_ms": [sum(answers) / 1000 / max(1, len(answers)), max(answers or [0]) / 1000]}


print(json.dumps(main(PROFILE, SEED, PLIES)))  # noqa: F821 (given by the sender)
