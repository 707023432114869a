"""The tile board judged by traces (docs/contracts.md): the resistor of every tile half read
through the board's own mux driver, filter and Mano a Mano controller. Every play made
on the track is taken, and nothing else."""
import json
import sys

from check import eq
from test_app_kit import fresh_dir
from tile_kit import PROFILE, Table, accepted, corrections, hands, noisy

from firmware.app.core import trace
from firmware.hal.storage import Storage
from firmware.rules import mano


def run(lines, storage=None, new=True, values=None):
    if storage is None:
        storage = Storage(fresh_dir("tile"))
    return trace.replay(PROFILE, storage, lines, 0, values, new)


def position(out):
    return [x[9:] for x in out if x.startswith("position ")][0]


def test_a_whole_hand_from_the_engine_is_every_play_and_nothing_else():
    lines, moves, table, o = hands(1)      # test vector DV-3 (seed 1): seat 1 dominoes, scores 9
    out = run(lines)
    eq(accepted(out), moves, "the hand's moves, then the reveal")
    eq(corrections(out), [], "no correction")
    eq(position(out), mano.to_text(o), "the engine's position")
    assert "score=0,9" in position(out) and "hand=2" in position(out)


def events(storage):
    return storage.read_text("events.log", "")


def test_whole_hands_with_bouncing_tiles_and_a_locked_hand():
    for seed, count, noise in ((1, 1, 3), (18, 1, 4), (3, 2, 5)):
        storage = Storage(fresh_dir("tile-hands"))
        lines, moves, table, o = hands(seed, count, rng=noisy(noise))
        out = run(lines, storage)
        eq(accepted(out), moves, "seed %d" % seed)
        eq(corrections(out), [], "a bounce is never a correction (seed %d)" % seed)
        eq(position(out), mano.to_text(o), "seed %d" % seed)
    # Test vector DV-4 (seed 18): a dead line on 3s, a tie of 12, seat B blocked: A scores 12.
    assert "score=12,0" in mano.to_text(hands(18)[3])
    log = events(Storage(fresh_dir("tile-dv4")))
    assert log == ""
    storage = Storage(fresh_dir("tile-dv4"))
    run(hands(18)[0], storage)
    log = events(storage)
    assert "dead line: both ends 3, all seven 3s down; blocker B" in log, log
    assert "hand 1: A wins 12 (locked)" in log, log


def _dv3_start():
    """Test vector DV-3 (seed 1) on the table up to the third tile: B led 6-6, A played
    L1-6, B R0-6 (ends 1|0; A holds 0-2 0-5 1-1 1-5 2-3 4-5)."""
    table = Table()
    table.press("right")
    table.put("S", "6-6")
    table.play("L", "1-6")
    table.play("R", "0-6")
    return table, ["1:6-6", "L1-6", "R0-6"]


def test_a_tile_at_the_wrong_end_is_refused_then_taken_at_the_right_one():
    table, moves = _dv3_start()
    table.put("L2", "0-2")          # 0-2 fits the right end (0), not the left (1)
    del table.track["L2"]
    table.write()
    table.put("R2", "0-2")
    storage = Storage(fresh_dir("tile-wrong-end"))
    out = run(table.lines, storage)
    eq(accepted(out), moves + ["R0-2"], "taken at the end it fits")
    eq(corrections(out), ["L2"], "the wrong end lit")
    assert "reject L0-2: 0-2 does not fit the left end (1)" in events(storage)


def test_a_tile_that_fits_neither_end_and_a_tile_already_in_the_line():
    table, moves = _dv3_start()
    table.put("R2", "2-3")          # fits neither 1 nor 0
    del table.track["R2"]
    table.write()
    table.track["R2"] = table.track.pop("L1")    # 1-6 moved from L1 to the right end
    table.write()
    table.track["L1"] = table.track.pop("R2")    # and back
    table.write()
    storage = Storage(fresh_dir("tile-nofit"))
    out = run(table.lines, storage)
    eq(accepted(out), moves, "nothing played")
    eq(corrections(out), ["R2", "L1 R2"], "the tile refused, then the line's tile moved")
    assert "2-3 does not fit the right end (0)" in events(storage)


def test_a_resistor_out_of_tolerance_is_named_never_guessed():
    table, moves = _dv3_start()
    table.put("R2", "0-?")          # 0-2 with its 2-half reading between two windows
    table.track["R2"] = "0-2"
    table.write()
    storage = Storage(fresh_dir("tile-bad"))
    out = run(table.lines, storage)
    eq(corrections(out), ["R2"], "the position named")
    eq(accepted(out), moves + ["R0-2"], "played once it reads a tile")
    assert "out of tolerance at R2" in events(storage)


def test_a_tile_lifted_and_put_back_is_no_move():
    table, moves = _dv3_start()
    lifted = table.track.pop("L1")
    table.write()
    table.track["L1"] = lifted
    table.write()
    table.put("R2", "0-2")
    out = run(table.lines)
    eq(corrections(out), ["L1"], "lit while it is off")
    eq(accepted(out), moves + ["R0-2"], "then play goes on")


def test_draw_and_pass_are_buttons_and_a_draw_is_checked_after_the_hand():
    # DV-3 with A drawing once while holding four tiles that fit (after B's R0-6).
    table, moves = _dv3_start()
    table.press("pass")             # refused: the boneyard is not empty
    table.press("draw")
    rest = ["R0-2", "R2-5", "R0-5", "R0-4", "L1-1", "R3-4", "L1-5", "R3-3", "R2-3", "L5-6"]
    for m in rest:
        table.play(m[0], m[1:])
    table.show("4-5")
    table.show("5-5")               # the tile A drew
    storage = Storage(fresh_dir("tile-draw"))
    out = run(table.lines, storage)
    eq(accepted(out), moves + ["draw"] + rest + ["reveal 0 4-5", "reveal 0 5-5"], "the hand")
    assert "you cannot pass: draw from the boneyard (14 left)" in events(storage)
    rec = storage.read_json("state/current.json")
    eq(rec["draw_checks"], [[4, "A", "held a tile that fit"]], "the draw, checked")
    eq(rec["lead_checks"], [[1, "B", "fine"]], "6-6 led: nothing outranks it")
    assert "score=0,19" in position(out)
    assert "firmware.app.games.mano_tile_checks" not in sys.modules, \
        "the checks' code is not held after the hand"
    # The runner checks after the frame, the hand's last move recorded by then: the same.
    from firmware.app.games.mano_tile import hand_checks
    eq(hand_checks(rec, rec["moves"][-1], len(rec["moves"]) - 1),
       ([(4, "A", "held a tile that fit")], [(1, "B", "fine")]), "checked after the move")


def test_a_power_cut_mid_hand_resumes_from_the_record():
    lines, moves, table, o = hands(1)
    cut = len(lines) // 2
    while "pad" not in json.loads(lines[cut - 1]):    # cut after a whole reading of the table
        cut -= 1
    storage = Storage(fresh_dir("tile-cut"))
    first = accepted(run(lines[:cut], storage))
    assert 3 < len(first) < len(moves)
    # Power comes back with the tiles as they lay; OK takes the resume offer; play goes on.
    still = json.loads(lines[cut - 1])
    still["t"] = 0
    t0 = json.loads(lines[cut])["t"]
    rest = []
    for line in lines[cut:]:
        entry = json.loads(line)
        entry["t"] += 1500 - t0
        rest.append(json.dumps(entry))
    out = run([json.dumps(still), json.dumps({"t": 700, "press": "ok"})] + rest, storage,
              new=False)
    eq(first + accepted(out), moves, "the moves before the cut, then the rest")
    eq(corrections(out), [], "the track matched the record")
    eq(position(out), mano.to_text(o), "the same hand")


def test_the_last_lead_alone_on_s_while_the_track_is_cleared_starts_no_hand():
    """Issue 21, item 2: the track is cleared after a hand, its lead taken off last, a
    second after the rest. Only a track that has been empty starts the next hand: with
    later leads by the winner (the engine names the leader) and by the highest double
    (LEFT named while the old lead lies alone), the next hand's lead is the one put down
    after the clearing."""
    for later in ("winner", "highest_double"):
        lines, moves, table, o = hands(1, 2, options={"later_lead": later}, lead_last_ms=1000)
        alone = [k for k in range(len(lines)) if "pad" not in json.loads(lines[k])
                 and json.loads(lines[k]).get("track", "").startswith("S:")]
        eq(len(alone), 2, "after each hand, a moment with its lead alone on S")
        for k in alone[::-1]:
            t = json.loads(lines[k])["t"]
            lines.insert(k + 1, json.dumps({"t": t + 600, "press": "left"}))
        out = run(lines, values={"mano.later_lead": later})
        eq(accepted(out), moves, later)
        eq(corrections(out), [], "clearing the track is no correction (%s)" % later)
        eq(position(out), mano.to_text(o), later)
        assert position(out).startswith("hand=3 "), position(out)
