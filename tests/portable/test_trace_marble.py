"""The marble board judged by traces (docs/contracts.md#sensor-traces-and-arbiter-replay): the
firmware - sensor driver, stable-frame filter, push inference, controller - fed from recorded
sensor readings. It must take every push that was made and never one that was not."""
import json

from check import eq
from test_app_kit import fresh_dir
from trace_kit import accepted, frame, game, line, occupied, push

from firmware.app.core import trace
from firmware.hal.storage import Storage
from firmware.rules import mabula

PROFILE = {
    "name": "marble-test", "kind": "marble", "mcu": "rp2040",
    "leds": {"pin": 22, "count": 60, "order": "GRB", "driver": "neopixel", "map": list(range(60))},
    "sensors": {"bus": "bitbang", "load": 17, "clock": 18, "data": 16, "inputs": 64,
                "active_low": True, "scan_ms": 10, "settle_ms": 300,
                "map": [i + 2 for i in range(60)]},
    "keys": {"scan_ms": 5, "settle_us": 0, "debounce": 3, "long_ms": 800},
    "buttons": {"menu": 10, "ok": 11, "pass": 12},
    "buzzer": {"pin": 15}, "safe_mode": ["menu", "ok"],
}
SEED = 3


def run(lines, seed=SEED, storage=None, new=True):
    if storage is None:
        storage = Storage(fresh_dir("trace"))
    return trace.replay(PROFILE, storage, lines, seed, None, new)


def start(seed=SEED):
    """Lines that set the board up, and the spaces then occupied; t at rest."""
    s = mabula.new_game({}, seed)
    spaces = occupied(s)
    return [frame(0, set()), frame(100, spaces)], spaces, s, 1000


def test_a_marble_rolling_past_several_spaces_is_one_move():
    lines, spaces, s, t = start()
    move = [m for m in mabula.legal_moves(s) if m.endswith("7") or m.endswith("2")][-1]
    more, t = push(spaces, move, t)
    out = run(lines + more)
    eq(out[0], "setup-ok 400", "set up once the frame settled")
    eq(accepted(out), [move], "the push, and nothing on its way")
    assert not [x for x in out if x.startswith("correction")], out


def test_a_hand_hovering_takes_no_move():
    lines, spaces, s, t = start()
    hover = set(spaces)
    hover.add("d4")
    for k in range(6):                                    # flickers, each under the settle time
        lines += [frame(t + 200 * k, hover), frame(t + 200 * k + 120, spaces)]
    t += 1400
    lines += [frame(t, hover), frame(t + 500, spaces)]    # held still over d4 for 500 ms
    out = run(lines)
    eq(accepted(out), [], "no move")
    eq([x.split(" ", 2)[2] for x in out if x.startswith("correction")], ["d4"], "d4 lit, once")


def _overshoot(seed):
    """A position reached by pushes from the setup of ``seed`` where a legal push at its
    longest could physically go one space further (the train onto a free far edge):
    (lines to reach it, spaces, state, t, that push)."""
    lines, spaces, s, t = start(seed)
    for _ in range(40):
        for m in mabula.legal_moves(s):
            cells = line(m.split("-")[0])
            longest = 6 - len([c for c in cells[:6] if c in spaces])
            if m.endswith(cells[longest - 1]) and longest < 6 and cells[6] not in spaces:
                return lines, spaces, s, t, m
        m = mabula.legal_moves(s)[0]
        more, t = push(spaces, m, t)
        lines += more
        t += 700
        s = mabula.play(s, m)
    raise AssertionError("no such position")


def test_a_push_one_space_too_far_lights_and_waits_then_the_right_push_counts():
    lines, spaces, s, t, move = _overshoot(SEED)
    before = accepted(run(lines))
    wrong, t = push(set(spaces), move, t, too_far=1)
    out = run(lines + wrong)
    eq(accepted(out), before, "a push past the legal one is no move")
    eq(len([x for x in out if x.startswith("correction")]), 1, "one correction")
    # The player puts the marbles back as they were, then pushes as far as it may go.
    back = [frame(t + 700, spaces)]
    right, t = push(set(spaces), move, t + 1500)
    out = run(lines + wrong + back + right)
    eq(accepted(out), before + [move], "then the push")


def test_a_fast_second_move_is_never_a_phantom():
    lines, spaces, s, t = start()
    m1 = mabula.legal_moves(s)[0]
    after1 = set(spaces)
    one, t1 = push(after1, m1, t)
    s1 = mabula.play(s, m1)
    m2 = mabula.legal_moves(s1)[-1]
    two, t2 = push(set(after1), m2, t1 + 120)            # before the first settled
    out = run(lines + one + two)
    eq(accepted(out), [], "two pushes seen as one frame: no move")
    assert [x for x in out if x.startswith("correction")], out
    settled, t3 = push(set(after1), m2, t1 + 450)         # the same, after it settled
    out = run(lines + one + settled)
    eq(accepted(out), [m1, m2], "both moves")


def test_a_marble_lifted_and_put_back():
    lines, spaces, s, t = start()
    m1 = mabula.legal_moves(s)[3]
    one, t = push(spaces, m1, t)
    target = m1.split("-")[1]
    lifted = set(spaces)
    lifted.discard(target)
    out = run(lines + one + [frame(t + 600, lifted), frame(t + 2000, spaces)])
    eq(accepted(out), [m1], "only the push")
    eq([x.split(" ", 2)[2] for x in out if x.startswith("correction")], [target],
       "the lifted space lit")


def test_a_power_cut_mid_push_resumes_and_takes_the_push():
    lines, spaces, s, t = start()
    m1 = mabula.legal_moves(s)[0]
    one, t = push(spaces, m1, t)
    s1 = mabula.play(s, m1)
    m2 = mabula.legal_moves(s1)[-1]
    half, _t = push(set(spaces), m2, t + 600)
    storage = Storage(fresh_dir("cut"))
    out = run(lines + one + half[:3], storage=storage)     # the power goes mid-push
    eq(accepted(out), [m1], "before the cut")
    done = set(spaces)
    push(done, m2, 0)
    after = [frame(0, done), json.dumps({"t": 700, "press": "ok"})]
    out = run(after, storage=storage, new=False)
    eq(accepted(out), [m2], "after power-up, the push made during the cut")
    eq(out[-1].split(" ", 1)[0], "position", "no result yet")


def test_whole_random_games_with_noise_give_the_games_moves():
    for seed in (1, 2):
        lines, moves, position = game(seed)
        out = run(lines, seed)
        eq(accepted(out), moves, "seed %d" % seed)
        eq(out[-2] if out[-1].startswith("result") else out[-1], "position " + position, "seed %d"
           % seed)
