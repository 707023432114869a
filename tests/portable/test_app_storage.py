"""firmware/hal/storage.py: atomic JSON files, tolerant reads, bounded logs; and the
record helpers of firmware/app/core/records.py that sit on it."""
from check import eq, raises

from firmware.app.core import records
from firmware.hal.storage import Storage
from test_app_kit import fresh_dir


def test_write_is_atomic_and_reads_are_tolerant():
    s = Storage(fresh_dir("storage"))
    eq(s.read_json("a.json", "missing"), "missing")
    s.write_json("a.json", {"n": 1})
    eq(s.read_json("a.json"), {"n": 1})
    assert not s.exists("a.json.tmp"), "the temporary file is renamed away"
    s.write_json("a.json", {"n": 2})
    eq(s.read_json("a.json"), {"n": 2})
    # A cut inside the next write leaves a torn .tmp: the old file is still read.
    s._write(s.path("a.json.tmp"), '{"n": 3')
    eq(s.read_json("a.json"), {"n": 2})
    # A cut after "remove, then rename" (file systems that cannot rename over a file):
    # only a complete .tmp is left, and it is read.
    s._write(s.path("a.json.tmp"), '{"n": 3}')
    s.remove("a.json")
    eq(s.read_json("a.json", "gone"), "gone", "remove takes the .tmp too")
    s.write_json("b.json", {"n": 4})
    s._write(s.path("b.json.tmp"), '{"n": 5}')
    import os
    os.remove(s.path("b.json"))
    eq(s.read_json("b.json"), {"n": 5})
    s.write_text("c.json", "not json")
    eq(s.read_json("c.json", "bad"), "bad")
    eq(s.read_text("nothing", "dflt"), "dflt")


def _on_flash(s, name):
    try:
        with open(s.root + "/" + name) as f:   # straight from the file, not through Storage
            return f.read()
    except OSError:
        return None


def test_held_writes_reach_the_flash_at_the_flush_in_order():
    s = Storage(fresh_dir("held"))
    s.hold()
    s.write_json("a.json", {"n": 1})
    s.append_log("log", "one\n", 100)
    s.write_json("a.json", {"n": 2})
    eq((_on_flash(s, "a.json"), _on_flash(s, "log")), (None, None), "nothing written yet")
    s.flush()
    eq((_on_flash(s, "a.json"), _on_flash(s, "log")), ('{"n": 2}', "one\n"), "all of it, in order")
    s.write_json("b.json", 1)
    eq(_on_flash(s, "b.json"), "1", "after the flush, writes go at once")
    # What a step reads is what it wrote: a read carries out the writes held so far.
    s.hold()
    s.write_json("a.json", {"n": 3})
    eq(s.read_json("a.json"), {"n": 3})
    s.write_json("a.json", {"n": 4})
    eq(_on_flash(s, "a.json"), '{"n": 3}', "still holding after the read")
    s.flush()
    eq(s.read_json("a.json"), {"n": 4})


def test_a_held_remove_waits_for_the_flush_after_the_writes_before_it():
    # A game's end: its record written, then the game in progress dropped.
    s = Storage(fresh_dir("held_remove"))
    s.write_json("current.json", {"n": 1})
    s.hold()
    s.write_json("game.json", {"n": 2})
    s.remove("current.json")
    eq((_on_flash(s, "current.json"), _on_flash(s, "game.json")), ('{"n": 1}', None),
       "nothing changed yet")
    s.flush()
    eq((_on_flash(s, "current.json"), _on_flash(s, "game.json")), (None, '{"n": 2}'))
    s.hold()
    s.remove("game.json")
    eq(s.exists("game.json"), False, "a look at the files carries it out")
    s.flush()


def test_a_held_json_write_saves_what_the_step_left_in_it():
    # A move's save is encoded after the frame that shows it, with the rest of the step.
    s = Storage(fresh_dir("held_json"))
    rec = {"moves": ["L d4"]}
    s.hold()
    s.write_json("current.json", rec)
    rec["moves"].append("pass")
    s.flush()
    eq(s.read_json("current.json"), {"moves": ["L d4", "pass"]})


def test_folders_and_sizes():
    s = Storage(fresh_dir("dirs"))
    s.makedirs("x/y")
    s.makedirs("x/y")  # twice is fine
    s.write_text("x/y/z.txt", "12345")
    eq(s.listdir("x/y"), ["z.txt"])
    eq(s.listdir("nope"), [])
    eq(s.size("x/y/z.txt"), 5)
    eq(s.size("x/y/none"), 0)
    assert s.exists("x/y") and not s.exists("x/q")


def test_log_is_appended_and_rotated_at_its_bound():
    s = Storage(fresh_dir("log"))
    for k in range(200):
        s.append_log("e.log", "%d line number %d\n" % (k, k), 1000)
        assert s.size("e.log") <= 1000 and s.size("e.log.1") <= 1000
    text = s.read_text("e.log.1") + s.read_text("e.log")
    lines = text.split("\n")
    eq(lines[-1], "", "ends with a whole line")
    assert lines[-2] == "199 line number 199"
    for line in lines[:-1]:
        k = int(line.split(" ")[0])
        eq(line, "%d line number %d" % (k, k), "a whole line")
    nums = [int(line.split(" ")[0]) for line in lines[:-1]]
    eq(nums, list(range(nums[0], 200)), "the newest lines, in order, none lost at a rotation")
    assert len(text) >= 1000, "the older part kept"


def test_a_write_that_does_not_fit_keeps_the_old_file():
    s = Storage(fresh_dir("full"))
    s.write_json("a.json", {"n": 1})

    def full(path, text):
        with open(path, "w") as f:
            f.write(text[:3])  # part of it reached the flash
        raise OSError(28)
    s._write = full
    raises(OSError, s.write_json, "a.json", {"n": 2})
    eq(s.read_json("a.json"), {"n": 1})
    assert not s.exists("a.json.tmp"), "no torn copy left"


def test_record_ids_and_the_game_in_progress():
    s = Storage(fresh_dir("records"))
    records.prepare(s)
    eq(records.next_id(s), 1)
    s.write_json("games/00007.json", {})
    s.write_text("games/notes.txt", "")
    s.write_json("games/00003.json", {})
    eq(records.next_id(s), 8)
    eq(records.load_current(s), (None, None))
    rec = records.new_record(8, "morbak", {"lite": True}, 0)
    records.save_current(s, rec)
    eq(records.load_current(s), (rec, None))
    rec["moves"].append("L d4")  # move_ms and clock_ms not kept in step: refused
    records.save_current(s, rec)
    eq(records.load_current(s),
       (None, "unreadable /state/current.json: moves, move_ms and clock_ms differ in length"))
    rec["move_ms"].append(5)
    rec["clock_ms"].append(None)
    records.save_current(s, rec)
    records.finish(s, rec, {"winner": 0, "scores": [1, 0], "reason": "line"}, "win")
    assert not s.exists("state/current.json")
    done = s.read_json("games/00008.json")
    eq((done["id"], done["moves"], done["ended"]), (8, ["L d4"], "win"))


def test_a_record_with_a_wrong_field_is_refused():
    rec = records.new_record(7, "morbak", {}, 1)
    rec["moves"].append("L d4")
    rec["move_ms"].append(900)
    rec["clock_ms"].append([1000, 2000])
    rec["result"] = None
    eq(records.problem(rec), None)
    for key, bad in (("id", "7"), ("id", 0), ("id", True), ("game", "__init__"), ("seed", None),
                     ("move_ms", ["x"]), ("clock_ms", [None, None]), ("clock_ms", [["a", "b"]]),
                     ("result", {"winner": 0, "scores": 5}), ("version", 2), ("options", [])):
        old = rec[key]
        rec[key] = bad
        assert records.problem(rec) is not None, (key, bad)
        rec[key] = old
    s = Storage(fresh_dir("records-bad"))
    records.prepare(s)
    rec["id"] = "7"
    s.write_json(records.CURRENT, rec)  # hand-edited: the board must not crash on it
    eq(records.load_current(s),
       (None, "unreadable /state/current.json: id is not a whole number from 1 to 99999"))


def test_only_ascii_digits_name_a_record():
    """A file named in other digits (full-width, Arabic-Indic) is no record: it neither
    takes an id nor is removed to make room."""
    s = Storage(fresh_dir("digits"))
    records.prepare(s)
    s.write_json("games/00004.json", {})
    s.write_json("games/\uff10\uff10\uff10\uff19\uff19.json", {})
    s.write_json("games/\u0660\u0660\u0660\u0669\u0669.json", {})
    eq(records.next_id(s), 5)
    eq(records.ids(s), [4])
