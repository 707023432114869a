"""Tile-board traces made from Mano a Mano hands (no tests here; used by test_trace_tile).
The hands are dealt by the engine's dealt mode, so every tile is known; the board runs
the observed mode and must accept the same moves from what lies on the track and the
pad. A tile set down bounces: for a moment its contacts read nothing, or one half out of
every window, before it lies still."""
import json

from firmware.rules import Rng
from firmware.rules import mano

PROFILE = {
    "name": "tile-test", "kind": "tile", "mcu": "rp2040",
    "leds": {"pin": 22, "count": 64, "order": "GRB", "driver": "neopixel", "map": list(range(64))},
    "sensors": {"select": [2, 3, 4, 5], "bank": [6, 7, 8, 9], "adc": [26], "muxes": 8,
                "settle_us": 0, "scan_ms": 20, "settle_ms": 300,
                "map": [[2 * p, 2 * p + 1] for p in range(64)]},
    "keys": {"scan_ms": 5, "settle_us": 0, "debounce": 3, "long_ms": 800},
    "buttons": {"menu": 10, "ok": 11, "pass": 12, "draw": 13, "left": 14, "right": 16,
                "attack": 17},
    "buzzer": {"pin": 15}, "safe_mode": ["menu", "ok"],
}
STEP = 500      # ms between what a person does: more than the settle time


class Table:
    """What lies on the board, written as trace lines as it changes."""

    def __init__(self, rng=None):
        self.track = {}        # slot name -> tile ("3-5", low end first)
        self.pad = None
        self.t = 0
        self.lines = []
        self.rng = rng
        self.left = self.right = 0   # tiles left and right of S in this hand
        self.write()

    def write(self, **extra):
        entry = {"t": self.t,
                 "track": " ".join(["%s:%s" % (k, self.track[k]) for k in sorted(self.track)]),
                 "pad": self.pad}
        entry.update(extra)
        self.lines.append(json.dumps(entry))
        self.t += STEP

    def press(self, name):
        self.lines.append(json.dumps({"t": self.t, "press": name}))
        self.t += STEP

    def put(self, slot, tile):
        """A tile set down on ``slot``: it bounces (with an rng), then lies still."""
        if self.rng is not None:
            half = tile[0] + "-?"
            for k in range(2 + self.rng.below(3)):
                self.track[slot] = (tile, half)[self.rng.below(2)]
                self.write_at(self.t, 20 + self.rng.below(40))
                del self.track[slot]
                self.write_at(self.t, 10 + self.rng.below(30))
        self.track[slot] = tile
        self.write()

    def write_at(self, t, dt):
        self.lines.append(json.dumps({"t": t, "track": " ".join(
            ["%s:%s" % (k, self.track[k]) for k in sorted(self.track)])}))
        self.t = t + dt

    def show(self, tile):
        """A tile on the pad, then off it."""
        self.pad = tile
        self.write()
        self.pad = None
        self.write()

    def play(self, side, tile):
        """A tile played on the left ("L") or right ("R") end: on the end's next slot,
        or, past the track's 13 slots, shown on the pad with LEFT or RIGHT."""
        n = (self.left if side == "L" else self.right) + 1
        if side == "L":
            self.left = n
        else:
            self.right = n
        if n <= 13:
            self.put("%s%d" % (side, n), tile)
            return
        self.pad = tile
        self.write()
        self.press("left" if side == "L" else "right")
        self.pad = None
        self.write()

    def clear(self, lead_last_ms=0):
        """The track cleared; ``lead_last_ms``: the lead on S taken off that long after
        the rest."""
        if lead_last_ms and "S" in self.track:
            self.track = {"S": self.track["S"]}
            self.write_at(self.t, lead_last_ms)
        self.track = {}
        self.left = self.right = 0
        self.write()


def canonical(word):
    a, b = word.split("-")
    return "%s-%s" % (min(a, b), max(a, b))


def hands_of(state):
    """The dealt hands of a dealt-mode state: [seat 0's tiles, seat 1's]."""
    out = [[], []]
    seat = -1
    for word in mano.to_text(state).split():
        if "=" in word:
            key, _, word = word.partition("=")
            seat = int(key[1]) if key in ("h0", "h1") else -1
        if seat >= 0 and word != "-":
            out[seat].append(word)
    return out


def hands(seed, count=1, options=None, rng=None, pick=None, lead_last_ms=0):
    """``count`` hands of a match dealt from ``seed`` as a trace: (lines, the moves the
    board should accept, the Table). ``pick(legal, k)`` chooses each move (default:
    the first legal one); ``rng`` adds bounce; ``lead_last_ms``: at each hand's end the
    lead is taken off the track that long after the other tiles."""
    opts = dict(options or {})
    d = mano.new_game(opts, seed)
    opts["mode"] = "observed"
    o = mano.new_game(opts, 0)
    table = Table(rng)
    moves = []
    done = 0
    k = 0
    auto = 0        # forced passes the board played itself, still to come in the dealt game
    while done < count and not mano.is_over(d):
        legal = mano.legal_moves(d)
        m = legal[0] if pick is None else pick(legal, k)
        k += 1
        seat = mano.to_move(d)
        before = d
        d = mano.play(d, m)
        if m == "pass" and auto:
            auto -= 1
            continue
        if not o.line:                          # the lead
            om = m if mano.to_move(o) is not None else "%d:%s" % (seat, m)
            if mano.to_move(o) is None:
                table.press("left" if seat == 0 else "right")
            table.put("S", m)
        elif m[0] in "LR":
            om = m
            table.play(m[0], m[1:])
        else:
            om = m
            table.press(m)
        o = mano.play(o, om)
        moves.append(om)
        if mano.legal_moves(o) == ["pass"]:
            o = mano.play(o, "pass")
            moves.append("pass")
            auto += 1
        if len(mano.hand_history(d)) > done or mano.is_over(d):
            left = hands_of(before)
            if m[0] in "LR":
                left[seat].remove(m[1:])
            for s in (0, 1):
                if s == seat and not left[s]:
                    continue
                for tile in left[s]:
                    table.show(tile)
                    moves.append("reveal %d %s" % (s, tile))
                    o = mano.play(o, "reveal %d %s" % (s, tile))
            done += 1
            table.clear(lead_last_ms)
    return table.lines, moves, table, o


def accepted(out):
    return [line.split(" ", 2)[2] for line in out if line.startswith("move ")]


def corrections(out):
    return [x.split(" ", 2)[2] for x in out if x.startswith("correction")]


def noisy(seed):
    return Rng(seed)
