"""Tile-board traces of Masbrur rounds made from the engine (no tests here; used by
test_trace_masbrur.py and, as frames, by the emulated Pico's game).

Every move is carried out as a person would on the board: a pie group shown tile by
tile on the pad, a wall set face down on the wall slots, a push as its three steps (the
new tile on the row's input position, the row shifted, the ejected tile taken away),
formations shown tile by tile on the pad with the square they give on the left. A tile
set down bounces (with an rng): for a moment it reads nothing, or one half only."""
import json

from firmware.rules import Rng
from firmware.rules import masbrur
from firmware.rules import masbrur_form as mf

STEP = 500      # ms between what a person does: more than the settle time
WALLS = (("WA1", "WA2"), ("WB1", "WB2"))


def oriented(a, b):
    return "%d-%d" % (a, b)


def tile_text(t):
    return oriented(t >> 3, t & 7)


class Table:
    """What lies on the field, the wall slots and the pad, written as trace lines."""

    def __init__(self, state, rng=None):
        self.cells = {}        # position name -> tile, half a first
        f = state.field
        for r in range(8):
            self.cells["B%d" % r] = oriented(f[3 * r], f[3 * r + 1])
            self.cells["C%d" % r] = oriented(f[3 * r + 1], f[3 * r + 2])
        self.pad = None
        self.t = 0
        self.lines = []
        self.rng = rng
        self.marks = []        # per move: (its first line, the whole reading before it)
        self.hooked = False
        self.write()

    def text(self):
        return " ".join(["%s:%s" % (k, self.cells[k]) for k in sorted(self.cells)])

    def write(self):
        self.lines.append(json.dumps({"t": self.t, "field": self.text(), "pad": self.pad}))
        self.t += STEP

    def press(self, name):
        self.lines.append(json.dumps({"t": self.t, "press": name}))
        self.t += STEP

    def put(self, changes):
        """Tiles set down or taken (``{name: tile or None}``), at once; a tile set down
        bounces first when there is an rng."""
        if self.rng is not None:
            for name in changes:
                tile = changes[name]
                if tile is None or self.rng.below(2):
                    continue
                for k in range(1 + self.rng.below(3)):
                    self.cells[name] = (tile, tile[0] + "-?")[self.rng.below(2)]
                    self._write_for(20 + self.rng.below(40))
                    self.cells.pop(name)
                    self._write_for(10 + self.rng.below(30))
        for name in changes:
            if changes[name] is None:
                self.cells.pop(name, None)
            else:
                self.cells[name] = changes[name]
        self.write()

    def _write_for(self, dt):
        self.lines.append(json.dumps({"t": self.t, "field": self.text()}))
        self.t += dt

    def show(self, tile):
        """A tile on the pad, then off it."""
        self.pad = tile
        self.write()
        self.pad = None
        self.write()

    def wall(self, seat, tiles):
        names = WALLS[seat]
        change = {}
        for k in range(2):
            want = tile_text(tiles[k]) if k < len(tiles) else None
            if self.cells.get(names[k]) != want:
                change[names[k]] = want
        if change:
            self.put(change)

    def clear_walls(self):
        change = {}
        for seat in (0, 1):
            for name in WALLS[seat]:
                if name in self.cells:
                    change[name] = None
        if change:
            self.put(change)

    def act(self, s, move):
        """Carry out ``move`` (the engine's, from state ``s``) on the board."""
        ph = s.phase
        p = masbrur.to_move(s)
        if ph == "pie_offer":
            for t in move[2:].split():
                self.show(oriented(int(t[0]), int(t[1])))
            self.press("ok")
        elif ph == "pie_accept":
            self.press("left" if move == "C1" else "right")
        elif ph == "equipment" and move == "pass" and masbrur.only_pass(s):
            pass                                  # a forced pass: the board plays it
        elif ph == "equipment" and move in ("pass", "A"):
            self.press("pass" if move == "pass" else "attack")
        elif ph == "equipment":
            self.wall(p, [mf.parse_tile(move[1:3]), mf.parse_tile(move[4:6])])
            self.push(s, move[7:12], move.endswith("+A"))
        elif ph == "combat_wall":
            self.wall(p, [mf.parse_tile(x) for x in move[1:].split(",")])
            self.press("ok")
        elif ph == "combat_select":
            for row, zh, uses in mf.parse_selection(move):
                self.press("left" if row == 0 else "right")
                uses = sorted(uses, key=lambda u: (1 if zh and u[1] == 0 else 0, u[1], u[0]))
                for t, v in uses:
                    self.show(oriented(v, (t >> 3) + (t & 7) - v))
            self.press("ok")
            self.press("ok")
        elif ph == "combat_steal":
            if move != "T -":
                wall = WALLS[1 - p]
                for use in move[2:].split(","):
                    t = mf.parse_tile(use[:2])
                    v = int(use[3])
                    self.show(oriented(v, (t >> 3) + (t & 7) - v))
                    for name in wall:
                        if self.cells.get(name) == tile_text(t):
                            self.put({name: None})
            self.press("ok")

    def push(self, s, text, attack):
        """``P36R5``: the tile at the row end, the row shifted, the ejected tile gone."""
        t = mf.parse_tile(text[1:3])
        right = text[3] == "R"
        r = int(text[4])
        x, y, z = s.field[3 * r:3 * r + 3]
        old_b, old_c = self.cells["B%d" % r], self.cells["C%d" % r]
        if right:
            new = oriented(z, (t >> 3) + (t & 7) - z)
            self.put({"D%d" % r: new})
            if attack:
                self.press("attack")
            self.put({"A%d" % r: old_b, "B%d" % r: old_c, "C%d" % r: new, "D%d" % r: None})
            self.put({"A%d" % r: None})
        else:
            new = oriented((t >> 3) + (t & 7) - x, x)
            self.put({"A%d" % r: new})
            if attack:
                self.press("attack")
            self.put({"D%d" % r: old_c, "C%d" % r: old_b, "B%d" % r: new, "A%d" % r: None})
            self.put({"D%d" % r: None})


def steal(rng, s):
    """A steal as the board writes it (each use on the first formation it may
    lengthen), or none."""
    p = masbrur.to_move(s)
    wall = s.wall[1 - p] or []
    if not wall or rng.below(2):
        return "T -"
    t = wall[rng.below(len(wall))]
    for v in (t >> 3, t & 7):
        for k in range(1, len(s.sel[p]) + 1):
            move = "T %s/%d@%d" % (mf.name(t), v, k)
            if masbrur.is_legal(s, move):
                return move
    return "T -"


def choose(rng, s):
    """A random move of a round played on the board (passing often, so that the
    equipment phase ends; the reference selection or none)."""
    ph = s.phase
    if ph == "pie_offer":
        pool = masbrur.pool(s)
        rng.shuffle(pool)
        return "O " + mf.tiles_text(sorted(pool[:1 + rng.below(len(pool) - 1)]))
    if ph == "combat_select":
        return "F -" if rng.below(5) == 0 else masbrur.auto_move(s)
    if ph == "combat_steal":
        return steal(rng, s)
    if ph == "equipment" and rng.below(3) == 0:
        return "pass"
    moves = masbrur.legal_moves(s)
    return moves[rng.below(len(moves))]


def rounds(seed, count=1, rng=None, options=None, before=None):
    """``count`` rounds of a game of ``seed`` as a trace: (table, moves, state after);
    ``table.lines`` is the trace.
    ``before(table, state, move, ply)``, if given, acts on the board before each move."""
    pick = Rng(seed)
    s = masbrur.new_game(options, seed)
    table = Table(s, rng)
    moves = []
    while not masbrur.is_over(s) and s.round <= count:
        m = choose(pick, s)
        if before is not None:
            before(table, s, m, len(moves))
        table.marks.append((len(table.lines),
                            json.dumps({"t": 0, "field": table.text(), "pad": None})))
        table.act(s, m)
        r = s.round
        s = masbrur.play(s, m)
        moves.append(m)
        if s.round != r:
            table.clear_walls()
    return table, moves, s


def noisy(seed):
    return Rng(seed)


def accepted(out):
    return [line.split(" ", 2)[2] for line in out if line.startswith("move ")]


def corrections(out):
    return [x.split(" ", 2)[2] for x in out if x.startswith("correction")]
