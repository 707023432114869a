"""Crashes: the traceback goes to a bounded /crash.log, the app restarts into the game,
and a crash loop stops on the error pattern and sets the crashing game aside."""
from check import eq

from firmware.app.core import crash, render
from firmware.hal.storage import Storage
from test_app_kit import Board, fresh_dir


def exploding_commit(self, now):
    raise RuntimeError("kaboom")


def _crash_on_next_move(b, square):
    """Press ``square`` twice with a broken _commit, as the runner would: returns
    what crash.record says (restart or not). The class patched is the running game's:
    the app imports its game modules afresh for every game."""
    play_class = type(b.app.play)
    real = play_class._commit
    play_class._commit = exploding_commit
    try:
        b.press(square)
        b.press(square)
    except RuntimeError as e:
        return crash.record(b.storage, e)
    finally:
        play_class._commit = real
    raise AssertionError("no crash")


def test_crash_is_logged_and_the_game_resumes():
    b = Board("crash")
    b.start()
    b.move("d4")
    b.move("e5")
    eq(_crash_on_next_move(b, "c3"), True, "restart")
    log = b.storage.read_text("crash.log")
    assert log.startswith("--- crash 1\n"), log
    assert "kaboom" in log and "exploding_commit" in log, log
    # The runner calls make_app again: the game comes back at once, without asking.
    b = b.reboot()
    st = b.status()
    eq(st["screen"], "game")
    eq(st["moves"], ["L d4", "L e5"])
    assert "restart after crash 1" in b.events_log()
    assert "resume game 1 after a crash" in b.events_log()
    b.move("c3")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3"])
    # A minute without a crash: the count starts again.
    assert b.storage.exists("state/crashes")
    b.wait(crash.HEALTHY_MS)
    assert not b.storage.exists("state/crashes")


def test_crash_loop_stops_and_sets_the_game_aside():
    b = Board("loop")
    b.start()
    b.move("d4")
    eq(_crash_on_next_move(b, "e5"), True)
    b = b.reboot()
    eq(_crash_on_next_move(b, "e5"), True)
    b = b.reboot()
    eq(b.status()["screen"], "game", "second restart still resumes")
    eq(_crash_on_next_move(b, "e5"), False, "third crash: stay on the error pattern")
    assert "--- crash 3" in b.storage.read_text("crash.log")
    # Power cycled by hand: the crashing game is kept aside, not resumed.
    b = b.reboot()
    eq(b.status()["screen"], "menu")
    aside = b.storage.read_json("games/00001.json")
    eq((aside["moves"], aside["result"], aside["ended"]), (["L d4"], None, "crashed"))
    assert not b.storage.exists("state/current.json")
    assert "game 1 set aside after repeated crashes" in b.events_log()
    eq(crash.count(b.storage), 0)
    b.start()
    b.move("e5")
    eq(b.status()["moves"], ["L e5"])
    eq(b.status()["id"], 2, "the set-aside game keeps its id")


def test_crash_log_is_bounded():
    storage = Storage(fresh_dir("crashlog"))
    for k in range(30):
        try:
            raise ValueError("crash number %d " % k + "x" * 300)
        except ValueError as e:
            crash.record(storage, e)
    log = storage.read_text("crash.log")
    assert len(log) <= crash.MAX_BYTES, len(log)
    assert "crash number 29" in log and "crash number 0 " not in log
    # Trimmed at a line break: the first line is one a record wrote, whole.
    first = log.split("\n")[0]
    starts = ("--- crash", "Traceback", "  File", "    raise", "ValueError")
    assert [w for w in starts if first.startswith(w)], first
    eq(crash.record(storage, ValueError("again")), False, "still counting: no restart")
    assert len(storage.read_text("crash.log.1")) <= crash.MAX_BYTES, "rotated, bounded"


def test_an_unreadable_crash_count_is_taken_as_a_loop_and_named():
    storage = Storage(fresh_dir("crashcount"))
    storage.makedirs("state")
    eq(crash.count(storage), 0, "no file: no crash")
    for bad in ("garbage", "+1", "", " \n", "99999", "1.5"):
        storage.write_text("state/crashes", bad)
        eq(crash.count(storage), crash.LIMIT, "an unreadable count is taken as a loop")
    with open(storage.path("state/crashes"), "wb") as f:
        f.write(b"\x00\xff\xfe\x01")
    eq(crash.count(storage), crash.LIMIT, "a binary count too")
    assert "crash: /state/crashes cannot be read" in storage.read_text("events.log")
    storage.write_text("state/crashes", " 2\n")
    eq(crash.count(storage), 2)


def test_error_pattern():
    f = bytearray(3 * 49)
    crash.error_pattern(f, 7, 0)
    red = [i for i in range(49) if (f[3 * i], f[3 * i + 1], f[3 * i + 2]) == render.RED]
    eq(red, [0, 6, 8, 12, 16, 18, 24, 30, 32, 36, 40, 42, 48], "a red X")
    eq(len([i for i in range(49) if f[3 * i] or f[3 * i + 1] or f[3 * i + 2]]), 13)
    crash.error_pattern(f, 7, 700)
    eq(bytes(f), bytes(3 * 49), "blinks: off")
