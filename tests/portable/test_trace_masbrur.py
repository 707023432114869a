"""Masbrur on the tile board judged by traces (docs/contracts.md#sensor-traces-and-arbiter-replay):
the resistor of every tile half on the field, the wall slots and the pad read through the
board's own mux driver, filter and controller. Every move carried out on the board is taken,
and nothing else."""
import json

from check import eq
from masbrur_kit import accepted, corrections, noisy, rounds
from test_app_kit import fresh_dir
from tile_kit import PROFILE

from firmware.app.core import trace
from firmware.hal.storage import Storage
from firmware.rules import masbrur
from firmware.rules import masbrur_form as mf

MASBRUR = {"game": "masbrur"}


def run(lines, seed, storage=None, new=True):
    if storage is None:
        storage = Storage(fresh_dir("masbrur"))
    return trace.replay(PROFILE, storage, lines, seed, MASBRUR, new)


def position(out):
    return "\n".join([x[9:] for x in out if x.startswith("position ")])


def test_a_whole_round_from_the_engine_is_every_move_and_nothing_else():
    table, moves, s = rounds(3)
    out = run(table.lines, 3)
    eq(accepted(out), moves, "the round's moves")
    eq(corrections(out), [], "no correction")
    assert s.round == 2


def test_whole_rounds_with_bouncing_tiles():
    for seed, count, noise in ((5, 2, 1), (8, 1, 2)):
        table, moves, s = rounds(seed, count, noisy(noise))
        out = run(table.lines, seed)
        eq(accepted(out), moves, "seed %d" % seed)
        eq(corrections(out), [], "a bounce is never a correction (seed %d)" % seed)
        eq(position(out), masbrur.to_text(s), "seed %d" % seed)


def _first_push(table, s, move, ply, what):
    """``what(table, s, move)`` before the round's first push, once."""
    if s.phase == "equipment" and move.startswith("W") and not table.hooked:
        what(table, s, move)
        table.hooked = True


def _wrong_push(table, s, move):
    """A hand tile at the right end of a row it does not touch, then taken back."""
    p = masbrur.to_move(s)
    for t in masbrur.hand(s, p):
        for r in range(8):
            z = s.field[3 * r + 2]
            if not mf.has(t, z):
                table.put({"D%d" % r: "%d-%d" % (t >> 3, t & 7)})
                table.put({"D%d" % r: None})
                return


def test_a_push_that_does_not_touch_is_refused_then_the_real_one_taken():
    table, moves, s = rounds(3, before=lambda *a: _first_push(*(a + (_wrong_push,))))
    out = run(table.lines, 3)
    eq(accepted(out), moves, "the refused tile was never a move")
    got = corrections(out)
    assert len(got) == 1 and got[0].split()[-1].startswith("D"), got


def _lift(table, s, move):
    """B3 lifted, then put back."""
    tile = table.cells["B3"]
    table.put({"B3": None})
    table.put({"B3": tile})


def test_a_tile_lifted_and_put_back():
    table, moves, s = rounds(3, before=lambda *a: _first_push(*(a + (_lift,))))
    out = run(table.lines, 3)
    eq(accepted(out), moves, "nothing played while the field was wrong")
    eq([c.split()[-1] for c in corrections(out)], ["B3"], "the lifted tile, once")


def test_a_power_cut_mid_round_resumes_from_the_record():
    table, moves, s = rounds(5)
    lines = table.lines
    # The power goes between two moves (a move half made, like a formation half shown on
    # the pad, is lost with the power).
    cut, still = table.marks[len(moves) // 2]
    storage = Storage(fresh_dir("masbrur-cut"))
    first = accepted(run(lines[:cut], 5, storage))
    eq(first, moves[:len(moves) // 2], "the moves before the cut")
    # Power comes back with the tiles as they lay; OK takes the resume offer; play goes on.
    t0 = json.loads(lines[cut])["t"]
    rest = []
    for line in lines[cut:]:
        entry = json.loads(line)
        entry["t"] += 1500 - t0
        rest.append(json.dumps(entry))
    out = run([still, json.dumps({"t": 700, "press": "ok"})] + rest, 5, storage, new=False)
    eq(first + accepted(out), moves, "the moves before the cut, then the rest")
    eq(corrections(out), [], "the field matched the record")
    eq(position(out), masbrur.to_text(s), "the same round")


def test_a_forced_pass_is_played_by_the_board():
    """Seed 2: an arsenal too small to push (an uneven pie split); nobody presses PASS."""
    table, moves, s = rounds(2)
    forced = 0
    st = masbrur.new_game(None, 2)
    for m in moves:
        forced += masbrur.only_pass(st)
        st = masbrur.play(st, m)
    assert forced, "the seed has a forced pass"
    out = run(table.lines, 2)
    eq(accepted(out), moves, "the forced pass among the moves")
    eq(corrections(out), [], "no correction")


def test_laying_the_field_at_the_start_is_no_correction():
    """The game started on an empty table: the field is laid row by row (a tile first put
    on the wrong position, then moved), then the round is played. Laying it is the setup,
    never a correction: the board says setup-ok once the field reads right, and only
    then would a tile out of place be a correction."""
    table, moves, s = rounds(3)
    laid = {}
    lines = [json.dumps({"t": 0, "field": "", "pad": None})]
    t = 400
    for r in range(8):
        for name in ("B%d" % r, "C%d" % r):
            laid[name] = _standard(name)
            if name == "C2":                      # first on the wrong position
                wrong = dict(laid, D2=laid.pop(name))
                lines.append(json.dumps({"t": t, "field": _field(wrong), "pad": None}))
                t += 400
                laid[name] = wrong.pop("D2")
            lines.append(json.dumps({"t": t, "field": _field(laid), "pad": None}))
            t += 400
    for line in table.lines:
        entry = json.loads(line)
        entry["t"] += t
        lines.append(json.dumps(entry))
    out = run(lines, 3)
    eq(corrections(out), [], "no correction while the field is laid")
    ok = [x for x in out if x.startswith("setup-ok ")]
    eq(len(ok), 1, "the field laid, once")
    assert int(ok[0].split()[1]) >= t - 400, (ok, t)   # once the last tile lay there
    eq(accepted(out), moves, "then the round")


def _standard(name):
    """The tile position ``name`` (B0 ... C7) holds in the standard field, half a first."""
    k = 3 * int(name[1]) + (0 if name[0] == "B" else 1)
    field = masbrur.new_game(None, 3).field
    return "%d-%d" % (field[k], field[k + 1])


def _field(cells):
    return " ".join(["%s:%s" % (k, cells[k]) for k in sorted(cells)])
