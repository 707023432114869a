"""Saving and resuming: the game in progress after every move, the record when it
ends, resume after a power cut (also cut inside writes), damaged or stale files."""
from check import eq

from firmware.app.core import render
from firmware.hal.storage import Storage
from test_app_kit import MENU, OK, Board, check_resume, cut_during, cut_plan, fresh_dir


def test_resume_after_power_cut():
    b = Board("resume", {"morbak.move_time_s": None})
    b.start()
    for name in ("d4", "e5", "c3"):
        b.move(name)
        b.wait(2000)
    saved = b.storage.read_json("state/current.json")
    eq(saved["moves"], ["L d4", "L e5", "L c3"])
    # Power off now (B was thinking for 2 s: that time is lost), and on again.
    b = b.reboot()
    st = b.status()
    eq(st["screen"], "resume")
    eq(st["moves"], saved["moves"])
    assert "OK = resume" in st["message"]
    # The saved position blinks slowly; clocks do not run before OK.
    seen = set()
    for _ in range(12):
        b.step(None, 100)
        seen.add(b.pixel("d4"))
    eq(seen, {render.SQUARE[1], render.OFF}, "blinking position")
    eq(b.status()["clocks_ms"], saved["clock_ms"][-1], "clocks as saved")
    b.press(OK)
    eq(b.status()["screen"], "game")
    eq(b.status()["clocks_ms"], [saved["clock_ms"][-1][0], saved["clock_ms"][-1][1] - 20])
    assert "resume game 1 after 3 moves" in b.events_log()
    b.move("e4")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3", "L e4"])


def test_resume_from_the_temporary_file_left_by_a_cut_between_remove_and_rename():
    """A flash that cannot rename over a file removes the old one first: a cut between
    the two leaves only state/current.json.tmp, complete. The game resumes from it, with
    the move it saved."""
    import os
    b = Board("tmp-only", {"morbak.move_time_s": None})
    b.start()
    for name in ("d4", "e5", "c3"):
        b.move(name)
    path = b.storage.path("state/current.json")
    os.rename(path, path + ".tmp")        # the old file removed, the new one not yet renamed
    b = b.reboot()
    st = b.status()
    eq((st["screen"], st["moves"]), ("resume", ["L d4", "L e5", "L c3"]), "offered from the .tmp")
    b.press(OK)
    b.move("e4")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3", "L e4"], "and played on")
    eq(b.storage.read_json("state/current.json")["moves"], b.status()["moves"], "saved again")


def test_menu_at_the_resume_offer_ends_the_saved_game():
    b = Board("newgame")
    b.start()
    b.move("d4")
    b = b.reboot()
    b.press(MENU)
    eq(b.status()["screen"], "menu")
    rec = b.storage.read_json("games/00001.json")
    eq((rec["moves"], rec["ended"], rec["result"]), (["L d4"], "abandoned", None))
    b.start()
    eq(b.status()["id"], 2)


def test_stale_game_in_progress_after_its_record():
    # A cut between writing the record and removing the game in progress.
    b = Board("stale", {"morbak.confirm": False})
    b.start()
    for name in ("a1", "g7", "b2", "g6", "c3", "g5"):
        b.press(name)
    stale = b.storage.read_text("state/current.json")
    b.press("d4")
    b.storage.write_text("state/current.json", stale)
    b = b.reboot()
    eq(b.status()["screen"], "menu")
    assert not b.storage.exists("state/current.json")
    eq(b.storage.read_json("games/00001.json")["ended"], "win")


def test_finished_game_without_its_record_is_recorded_at_boot():
    b = Board("late", {"morbak.confirm": False})
    b.start()
    rec = None
    for name in ("a1", "g7", "b2", "g6", "c3", "g5", "d4"):
        b.press(name)
        if name != "d4":
            rec = b.storage.read_json("state/current.json")
    # The winning move was saved, but the power went before the record was written.
    rec["moves"].append("L d4")
    rec["move_ms"].append(40)
    rec["clock_ms"].append(rec["clock_ms"][-1])
    b.storage.remove("games/00001.json")
    b.storage.write_json("state/current.json", rec)
    b = b.reboot()
    eq(b.status()["screen"], "menu")
    done = b.storage.read_json("games/00001.json")
    eq((done["ended"], done["result"]["winner"]), ("win", 0))
    assert not b.storage.exists("state/current.json")
    assert "recorded at boot; game 1 over: A wins (line)" in b.events_log()


def test_unreadable_game_in_progress_is_dropped():
    head = '{"version": 1, "id": 1, "game": "morbak", "options": {}, "seed": 0, '
    for text in ('{"moves": [',
                 head + '"moves": ["L d4", "L d4"], "move_ms": [0, 0], "clock_ms": [null, null]}',
                 head + '"moves": [7], "move_ms": [0], "clock_ms": [null]}',  # hand-edited
                 head + '"moves": ["L d4"], "move_ms": [0], "clock_ms": [5]}'):
        root = fresh_dir("garbage")
        Storage(root).makedirs("state")
        Storage(root).write_text("state/current.json", text)
        b = Board(None, root=root)
        eq(b.status()["screen"], "menu", text)
        assert not b.storage.exists("state/current.json")
        log = b.events_log()
        assert "unreadable /state/current.json" in log or "d4 is not empty" in log, log


def test_power_cut_inside_writes_sampled():
    # tests/test_app_powercut.py cuts at every byte on CPython; here a sample of them.
    sizes = cut_plan()
    assert len(sizes) > 20
    for w in range(len(sizes)):
        store = cut_during(w)
        for nbytes in (0, 1, sizes[w] // 2, sizes[w] - 1):
            check_resume(store, nbytes)
