"""Mano a Mano against the board, judged by traces (docs/contracts.md): whole hands where
the board plays B with its tiles face down on the field, read through the board's own
drivers, filter and controller. The trace is what a person does: deal the board its
tiles, carry out the moves it asks for (its tile lifted from the field, set down on the
track, bouncing), draw for it, and play A's moves. Every move made is taken, nothing
else, and the board's moves are those its opponent chooses from what it may know."""
import json

from check import eq
from test_app_kit import fresh_dir
from test_trace_tile import position, run
from tile_kit import Table, accepted, canonical, corrections, hands_of, noisy

from firmware import ai
from firmware.hal.storage import Storage
from firmware.rules import mano
from firmware.rules.mano_seat import own_lead, seat_view

FIELD = ["%s%d" % (c, r) for r in range(8) for c in "ABCD"]
SETTINGS = {"mano.opponent": "B", "mano.level": "2"}


class BoardTable(Table):
    """The tile table with the board's tiles on the field too (half a first: face down,
    a tile reads the same either way round)."""

    def __init__(self, rng):
        self.field = {}
        Table.__init__(self, rng)

    def write(self, **extra):
        Table.write(self,
                    field=" ".join(["%s:%s" % (k, self.field[k]) for k in FIELD
                                    if k in self.field]),
                    **extra)

    def to_field(self, tile):
        self.field[[p for p in FIELD if p not in self.field][0]] = tile
        self.write()

    def lift(self, tile):
        """The board's tile taken from the field."""
        for p in FIELD:
            if self.field.get(p) == tile:
                del self.field[p]
        self.write()

    def clear(self):
        self.field = {}
        Table.clear(self)


def vs_board(seed, count=1, rng=None):
    """``count`` hands dealt from ``seed`` with the board playing B: (trace lines, the
    moves the board should take, the observed game at the end, the lines where A's turns
    start)."""
    d = mano.new_game(None, seed)
    o = mano.new_game({"mode": "observed"}, 0)
    table = BoardTable(rng)
    moves = []
    done = 0

    def board_tiles():
        return [canonical(t) for p in FIELD for t in [table.field.get(p)] if t]

    def take(om):
        nonlocal o
        o = mano.play(o, om)
        moves.append(om)
        if mano.legal_moves(o) == ["pass"]:       # a forced pass: the board plays it itself
            o = mano.play(o, "pass")
            moves.append("pass")
            return True
        return False

    auto = 0
    turns = []
    while done < count and not mano.is_over(d):
        if not o.line and not table.field:
            for t in hands_of(d)[1]:
                table.to_field(t)
        seat = mano.to_move(d)
        if seat == 1:
            if not o.line and mano.to_move(o) is None:
                m = own_lead(board_tiles())
            else:
                m = ai.choose("mano", seat_view(o, 1, board_tiles()), 2, len(moves))
        else:
            m = mano.legal_moves(d)[0]
            turns.append(len(table.lines))
        before = d
        d = mano.play(d, m)
        if m == "pass" and auto:
            auto -= 1
            continue
        if not o.line:                               # the lead
            om = m if mano.to_move(o) is not None else "%d:%s" % (seat, m)
            if mano.to_move(o) is None:
                table.press("left" if seat == 0 else "right")
            if seat == 1:
                table.lift(m)
            table.put("S", canonical(m))
        elif m[0] in "LR":
            om = m
            if seat == 1:
                table.lift(canonical(m[1:]))
            table.play(m[0], canonical(m[1:]))
        elif m == "draw" and seat == 1:
            om = m
            drawn = [t for t in hands_of(d)[1] if t not in hands_of(before)[1]][0]
            table.to_field(drawn)
        else:
            om = m
            if seat == 0:                            # the board passes by itself
                table.press(m)
        auto += take(om)
        if len(mano.hand_history(d)) > done or mano.is_over(d):
            left = hands_of(before)
            if m[0] in "LR":
                left[seat].remove(m[1:])
            for s in (0, 1):
                if not left[s]:
                    continue
                if s == 1:                           # the board shows its own tiles
                    take("reveal 1 %s" % " ".join(board_tiles()))
                    continue
                for tile in left[s]:
                    table.show(tile)
                    take("reveal 0 %s" % tile)
            done += 1
            table.clear()
    return table.lines, moves, o, turns


def test_a_hand_against_the_board_is_every_move_made_and_nothing_else():
    for seed in (1, 5, 18):
        lines, moves, o, _ = vs_board(seed)
        out = run(lines, values=SETTINGS)
        eq(accepted(out), moves, "seed %d" % seed)
        eq(corrections(out), [], "seed %d: no correction" % seed)
        eq(position(out), mano.to_text(o), "seed %d: the engine's position" % seed)


def test_two_hands_with_bouncing_tiles():
    lines, moves, o, _ = vs_board(3, 2, rng=noisy(7))
    out = run(lines, values=SETTINGS)
    eq(accepted(out), moves, "two hands")
    eq(corrections(out), [], "a bounce is never a correction")
    eq(position(out), mano.to_text(o), "the engine's position")
    assert json.loads(lines[-1])["field"] == "", "the field cleared"


def test_a_power_cut_mid_hand_and_the_board_reads_its_tiles_again():
    lines, moves, o, turns = vs_board(1)
    cut = turns[len(turns) // 2]                   # A to move, the table as it lies
    storage = Storage(fresh_dir("tile-vs-cut"))
    first = accepted(run(lines[:cut], storage, values=SETTINGS))
    assert 3 < len(first) < len(moves), first
    still = {"t": 0}                               # the table as it lay at the cut
    for x in lines[:cut]:
        entry = json.loads(x)
        for k in ("track", "pad", "field"):
            if k in entry:
                still[k] = entry[k]
    t0 = json.loads(lines[cut])["t"]
    rest = [json.dumps(dict(json.loads(x), t=json.loads(x)["t"] + 1500 - t0)) for x in lines[cut:]]
    out = run([json.dumps(still), json.dumps({"t": 700, "press": "ok"})] + rest, storage,
              new=False)
    eq(first + accepted(out), moves, "the moves before the cut, then the rest")
    eq(corrections(out), [], "the field and the track matched")
    eq(position(out), mano.to_text(o), "the same hand")
