"""Sensor traces made from engine games (no tests here; used by test_trace_*.py).

A marble push is traced as a hand makes it (the same model as the simulator page):
the edge marble leaves its space, rolls one space at a time - between two sensors for
a moment at each step, the train it meets pushed ahead - and stops. Noise is added on
top: sensors that flicker for a few ms, a hand hovering over a space."""
import json

from firmware.rules import Rng
from firmware.rules import mabula

FILES = "abcdefgh"
STEP_MS = 90
GAP_MS = 40


def line(edge):
    """The spaces of an edge space's line, index 1 (next to it) to 7 (the far edge)."""
    x, y = FILES.index(edge[0]), int(edge[1:]) - 1
    sx, sy = (0, 1) if y == 0 else (0, -1) if y == 7 else (1, 0) if x == 0 else (-1, 0)
    return ["%s%d" % (FILES[x + i * sx], y + i * sy + 1) for i in range(1, 8)]


def occupied(state):
    occ = mabula.occupancy(state)
    return {mabula.SPACES[i] for i in range(60) if occ[i]}


def frame(t, spaces):
    names = [n for n in mabula.SPACES if n in spaces]
    return json.dumps({"t": t, "occupied": " ".join(names)})


def push(spaces, move, t, too_far=0):
    """Trace lines of ``move`` rolled in from ``spaces`` (a set, changed in place) from
    time t; ``too_far`` spaces more than the move says. Returns (lines, t at rest)."""
    edge, dest = move.split("-")
    cells = line(edge)
    d = cells.index(dest) + 1 + too_far
    pos = [p for p in range(1, 7) if cells[p - 1] in spaces]
    out = []
    spaces.discard(edge)
    out.append(frame(t, spaces))
    for x in range(1, d + 1):
        t += GAP_MS
        for i in range(len(pos) - 1, -1, -1):
            to = max(pos[i], x + i + 1)
            if to != pos[i]:
                spaces.discard(cells[pos[i] - 1])
                spaces.add(cells[to - 1])
                pos[i] = to
        spaces.add(cells[x - 1])
        out.append(frame(t, spaces))
        if x < d:
            t += STEP_MS - GAP_MS
            spaces.discard(cells[x - 1])
            out.append(frame(t, spaces))
    return out, t


def flicker(rng, spaces, t, n):
    """n sensors that misread for 5-40 ms each, starting at t (spaces unchanged)."""
    out = []
    for _ in range(n):
        name = mabula.SPACES[rng.below(60)]
        wrong = set(spaces) ^ {name}
        out.append(frame(t, wrong))
        t += 5 + rng.below(36)
        out.append(frame(t, spaces))
        t += 5 + rng.below(60)
    return out, t


def game(seed, plies=200, noise=True):
    """A random Mabula game of ``seed`` as a trace: (lines, moves, final position text)."""
    rng = Rng(seed)
    s = mabula.new_game({}, seed)
    spaces = set()
    lines = [frame(0, spaces)]
    t = 200
    spaces = occupied(s)
    lines.append(frame(t, spaces))     # set up as the LEDs ask
    t += 700
    moves = []
    while not mabula.is_over(s) and len(moves) < plies:
        legal = mabula.legal_moves(s)
        m = legal[rng.below(len(legal))]
        s = mabula.play(s, m)
        moves.append(m)
        if m == "pass":
            continue
        if noise:
            more, t = flicker(rng, spaces, t, rng.below(3))
            lines += more
        more, t = push(spaces, m, t)
        lines += more
        t += 400 + rng.below(800)      # rest past the settle time before the next move
    return lines, moves, mabula.to_text(s)


def accepted(out):
    return [line.split(" ", 2)[2] for line in out if line.startswith("move ")]
