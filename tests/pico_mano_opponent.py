"""Mano a Mano against the board on the tile board's app, on the board itself (sent as code
to the emulated Pico by tests/test_pico_board.py and tests/bench/extra_pico.py; prefixed
with PROFILE, SEED, LEVEL and HANDS): the board plays B at LEVEL with the runner's clock,
so its time limit cuts its thinking as on a board; A plays random legal moves of the dealt
game of the same tiles; the board's tiles lie on the field and its moves are carried out
as it asks. Prints one JSON line: the moves, whether every hand scored as the dealt game,
the most heap in use (after a collection, between the slices of its thinking too), the
lowest largest free block, and the longest the board took to decide a move (ms)."""
import gc
import json
import os
import time

from firmware.app.core.runtime import make_app
from firmware.app.boards.tile_positions import FIELD, PAD
from firmware.hal.storage import Storage
from firmware.rules import Rng, mano

_T = bytearray(b"\x08" * 128)   # what the contacts read (8: no tile)


def put(cell, name):
    _T[2 * cell] = int(name[0])
    _T[2 * cell + 1] = int(name[2])


def take(cell):
    _T[2 * cell] = _T[2 * cell + 1] = 8


def tile_at(cell):
    return "%d-%d" % (_T[2 * cell], _T[2 * cell + 1])


def dealt_move(d, side, name):
    """The dealt game's move for a tile put at an end (either way round)."""
    for m in mano.legal_moves(d):
        if m[0] == side and (m[1:] == name or m[1:] == name[2] + "-" + name[0]):
            return m
    raise RuntimeError("%s%s is not legal in the dealt game" % (side, name))


class Run:
    def __init__(self):
        try:
            os.mkdir("/vstest")
        except OSError:
            pass
        self.app = app = make_app(PROFILE, Storage("/vstest"), 0)  # noqa: F821 (given by the sender)
        app.cfg["mano.opponent"] = "B"
        app.cfg["mano.level"] = LEVEL  # noqa: F821
        self.t = 800
        app.step(self.t, [])
        self.step(("down", app.keys["ok"]))
        app.clock = time.ticks_ms          # the runner's live clock: thinking in slices
        self.most = 0
        self.block = 1 << 30
        self.longest = 0

    def step(self, ev=None, dt=500):
        self.t += dt
        self.app.step(self.t, [ev] if ev else [])

    def frame(self):
        self.step(("frame", bytes(_T)))
        self.measure()

    def measure(self):
        gc.collect()
        self.most = max(self.most, gc.mem_alloc())

    def board_decides(self):
        """Step the app (20 ms apart) until the board asks for a move or plays one."""
        bot = self.app.play.bot
        n = len(self.app.play.session.rec["moves"])
        t0 = time.ticks_ms()
        while bot.asks is None and len(self.app.play.session.rec["moves"]) == n:
            self.step(None, 20)
            self.measure()
        self.longest = max(self.longest, time.ticks_diff(time.ticks_ms(), t0))
        self.block = min(self.block, largest_block())  # noqa: F821 (tests/harness/pico_probe.py)


def hand(run, d, rng):
    """One hand, to its scoring; returns the dealt game after it."""
    app = run.app
    bot = app.play.bot
    ends = [0, 0]
    for i, name in enumerate(mano._names(d.h[1])):
        put(FIELD + i, name)
        run.frame()
    number = d.hand
    if mano.to_move(d) == 0:
        lead = mano.legal_moves(d)[0]
        run.step(("down", app.keys["left"]))
        put(0, lead)
        run.frame()
        d = mano.play(d, lead)
    else:
        run.step(("down", app.keys["right"]))
    last = None                                      # A's move, when it moved last
    while d.hand == number and not mano.is_over(d):
        prev = d
        last = None
        if mano.to_move(d) == 0:
            legal = mano.legal_moves(d)
            last = legal[rng.below(len(legal))]
            legal = None
            d = mano.play(d, last)
            m = last
            if m == "draw" or m == "pass":
                run.step(("down", app.keys[m]))
                run.measure()
                continue
            side = 0 if m[0] == "L" else 1
            ends[side] += 1
            put(ends[side] + 13 * side if ends[side] <= 13 else PAD, m[1:])
            run.frame()
            if ends[side] > 13:
                run.step(("down", app.keys["left" if side == 0 else "right"]))
                take(PAD)
                run.frame()
            continue
        run.board_decides()
        if bot.asks == "draw":
            d = mano.play(d, "draw")
            free = FIELD
            while _T[2 * free] != 8:
                free += 1
            put(free, mano._names(d.h[1] & ~prev.h[1])[0])
            run.frame()
        elif bot.asks == "lead" or bot.asks == "play":
            lead = bot.asks == "lead"
            side = bot.move[0]
            src, dst = FIELD + bot.src, bot.dst
            name = tile_at(src)
            take(src)
            run.frame()
            put(dst, name)
            run.frame()
            if dst == PAD:
                take(PAD)
                run.frame()
            if lead:
                d = mano.play(d, mano.legal_moves(d)[0])
            else:
                if dst != PAD:
                    ends[0 if side == "L" else 1] += 1
                d = mano.play(d, dealt_move(d, side, name))
        else:
            d = mano.play(d, "pass")            # it passed by itself
    # A shows the tiles it still holds on the pad; the board shows its own itself.
    left = mano._names(prev.h[0])
    if last is not None and last[0] in "LR":          # A's domino: not in hand any more
        left = [n for n in left if n != last[1:] and n != last[3] + "-" + last[1]]
    for name in left:
        put(PAD, name)
        run.frame()
        take(PAD)
        run.frame()
    run.step(None, 20)
    return d


def main():
    run = Run()
    d = mano.new_game(None, SEED)  # noqa: F821
    rng = Rng(SEED)  # noqa: F821
    scored = True
    for _ in range(HANDS):  # noqa: F821
        d = hand(run, d, rng)
        scored = scored and mano.hand_history(run.app.play.session.state) == mano.hand_history(d)
        for c in range(FIELD + 32):
            take(c)
        run.frame()
        if mano.is_over(d):
            break
    return {"moves": run.app.play.session.rec["moves"], "scored": scored, "most_in_use": run.most,
            "min_largest_block": run.block, "longest_ms": run.longest}


print(json.dumps(main()))
