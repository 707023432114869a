"""The stone board judged by traces (docs/contracts.md#sensor-traces-and-arbiter-replay): Hall
readings of every point through the board's own mux driver, filter and controller. Every placement
made is taken, and nothing else; the flips a placement owes are waited for."""
import json

from check import eq, raises
from stone_kit import accepted, frame, game, mover, place, profile, turn
from test_app_kit import fresh_dir

from firmware.app.core import trace
from firmware.app.boards.stone import points
from firmware.hal.storage import Storage
from firmware.rules import fursaz


def run(lines, size=5, storage=None, new=True):
    if storage is None:
        storage = Storage(fresh_dir("stone"))
    return trace.replay(profile(size), storage, lines, 0, None, new)


def corrections(out):
    return [x.split(" ", 2)[2] for x in out if x.startswith("correction")]


def _flipping(size=5, seed=4):
    """Moves from a new game up to a placement that flips at least one stone:
    (lines so far, stones, state, t, that placement, its net flips)."""
    s = fursaz.new_game({"size": size}, 0)
    stones = {}
    lines = [frame(0, stones)]
    t = 600
    k = seed
    while True:
        legal = [m for m in fursaz.legal_moves(s) if m not in ("pass", "swap")]
        for m in legal:
            res = fursaz.resolution(s, m)
            if res["net"] and res["final"] == res["colour"] and not res["cycle"]:
                return lines, stones, s, t, m, res["net"]
        m = legal[k % len(legal)]
        k += 7
        more, t = place(stones, s, m, t)
        lines += more
        res = fursaz.resolution(s, m)
        more, t = turn(stones, list(res["net"]), t)
        lines += more
        s = fursaz.play(s, m)


def test_a_stone_turned_slowly_is_one_flip():
    lines, moves, position = game(5, 11, plies=12)
    out = run(lines)
    eq(accepted(out), moves, "every placement, nothing else")
    eq(corrections(out), [], "no correction")


def test_a_stone_not_turned_holds_up_the_next_placement():
    lines, stones, s, t, m, net = _flipping()
    before = accepted(run(lines))
    more, t = place(stones, s, m, t)
    s2 = fursaz.play(s, m)
    nxt = [x for x in fursaz.legal_moves(s2) if x not in ("pass", "swap") and x not in stones][0]
    stones2 = dict(stones)
    stones2[nxt] = mover(s2)
    out = run(lines + more + [frame(t + 200, stones2)])
    eq(accepted(out), before + [m], "the first placement only")
    eq(corrections(out), [nxt], "the stone put down too early is lit")


def test_a_stone_turned_twice_is_still_owed_then_done():
    lines, stones, s, t, m, net = _flipping()
    before = accepted(run(lines))
    more, t = place(stones, s, m, t)
    twice, t = turn(stones, [net[0], net[0]], t)      # turned over, then back again
    done, t = turn(stones, list(net), t)
    s2 = fursaz.play(s, m)
    nxt = [x for x in fursaz.legal_moves(s2) if x not in ("pass", "swap")][0]
    placed, t = place(stones, s2, nxt, t)
    out = run(lines + more + twice + done + placed)
    eq(accepted(out), before + [m, nxt], "both placements")
    eq(corrections(out), [], "owed flips are guidance, not corrections")


def test_a_stone_turned_that_should_not_be_is_corrected():
    lines, stones, s, t, m, net = _flipping()
    more, t = place(stones, s, m, t)
    flips, t = turn(stones, list(net), t)
    other = [p for p in sorted(stones) if p not in net and p != m][0]
    wrong, t2 = turn(stones, [other], t)
    back, t3 = turn(stones, [other], t2)
    out = run(lines + more + flips + wrong + back)
    eq(corrections(out), [other], "lit until turned back")
    eq(accepted(out)[-1], m, "the placement stands")


def test_a_stone_changed_on_an_occupied_point_is_no_move():
    lines, stones, s, t, m, net = _flipping()
    before = accepted(run(lines))
    point = sorted(stones)[0]
    changed = dict(stones)
    changed[point] = "W" if stones[point] == "B" else "B"
    out = run(lines + [frame(t, changed), frame(t + 1000, stones)])
    eq(accepted(out), before, "no move")
    eq(corrections(out), [point], "lit, then put right")


def test_the_wrong_colour_is_refused():
    s = fursaz.new_game({"size": 5}, 0)
    out = run([frame(0, {}), frame(500, {"e5": "W"}), frame(1500, {}), frame(2000, {"e5": "B"})])
    eq(corrections(out), ["e5"], "a white stone for Black's move")
    eq(accepted(out), ["e5"], "then the black one")
    assert mover(s) == "B"


def test_a_power_cut_with_flips_owed():
    lines, stones, s, t, m, net = _flipping()
    before = accepted(run(lines))
    more, t = place(stones, s, m, t)
    storage = Storage(fresh_dir("stone-cut"))
    out = run(lines + more, storage=storage)
    eq(accepted(out), before + [m], "placed before the cut")
    flips, t2 = turn(stones, list(net), 900)
    s2 = fursaz.play(s, m)
    nxt = [x for x in fursaz.legal_moves(s2) if x not in ("pass", "swap")][0]
    placed, t3 = place(stones, s2, nxt, t2)
    cut = dict(stones)
    for p in net:
        cut[p] = "W" if stones[p] == "B" else "B"
    del cut[nxt]
    after = [frame(0, cut), json.dumps({"t": 700, "press": "ok"})] + flips + placed
    out = run(after, storage=storage, new=False)
    eq(accepted(out), [nxt], "after power-up: the flips, then the next placement")
    eq(corrections(out), [], "the owed flips are not corrections")


def test_whole_games_of_both_sizes():
    for size, seed, plies in ((5, 2, 200), (7, 3, 24)):
        lines, moves, position = game(size, seed, plies)
        out = run(lines, size)
        eq(accepted(out), moves, "size %d" % size)
        eq([x for x in out if x.startswith("position")], ["position " + position], "size %d"
           % size)


def test_a_size_7_trace_is_the_size_7_boards():
    """Issue 21, item 1: `arbiter replay stone --set fursaz.size=7` runs the board the
    trace was made on (host_tools chooses the size-7 profile). Through the firmware: the
    size-7 board reads every point of a size-7 trace, those beyond the small board too,
    and plays at its own size whatever fursaz.size says; the small board names the first
    line with a point it does not have."""
    lines, moves, position = game(7, 3, 24)
    small = points(fursaz, 5)
    beyond = [k for k in range(len(lines)) if "stones" in json.loads(lines[k]) and
              [w for w in json.loads(lines[k])["stones"].split() if w[:-1] not in small]]
    assert beyond, "the game reaches points beyond the small board"
    for size in ("7", "5"):
        out = trace.replay(profile(7), Storage(fresh_dir("stone7")), lines, 0,
                           {"fursaz.size": size})
        eq(accepted(out), moves, "fursaz.size=%s on the size-7 board" % size)
        eq([x for x in out if x.startswith("position")], ["position " + position], size)
    assert position.startswith("7 "), position
    err = raises(trace.TraceError, trace.replay, profile(5), Storage(fresh_dir("stone5")), lines,
                 0, {"fursaz.size": "7"})
    assert str(err).startswith("line %d: stones names " % (beyond[0] + 1)), str(err)
    assert str(err).endswith("which this board does not have"), str(err)
