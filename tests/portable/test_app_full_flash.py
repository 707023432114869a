"""A board whose flash fills up (issue 22, item 2): starting a game used to crash with
OSError 28 again and again. Now the oldest records make room, the board says so, a game
in progress is never lost and nothing crashes, whether or not the port can tell how much
is free."""
import os

from check import eq

from firmware.app.core import records
from firmware.hal.storage import Storage
from test_app_kit import OK, Board, fresh_dir

MKV3 = ["a1", "g7", "b2", "g6", "c3", "g5", "d4"]   # A wins on a1-d4
RECORD_BYTES = 4000   # each old record, padded with moves to about this


class SmallFlash(Storage):
    """A flash of ``capacity`` bytes: a write past it raises OSError 28 as the board's
    does; ``free()`` says what is left, or None on a port that cannot tell."""

    def __init__(self, root, capacity, tells=True):
        Storage.__init__(self, root)
        self.capacity = capacity
        self.tells = tells

    def used(self):
        total = 0
        folders = [self.root]
        while folders:
            top = folders.pop()
            for name in os.listdir(top):
                st = os.stat(top + "/" + name)
                if st[0] & 0x4000:
                    folders.append(top + "/" + name)
                else:
                    total += st[6]
        return total

    def free(self):
        return self.capacity - self.used() if self.tells else None

    def _write(self, path, text):
        if self.used() + len(text) > self.capacity:
            raise OSError(28)
        Storage._write(self, path, text)

    def _append(self, path, text):
        if self.used() + len(text) > self.capacity:
            raise OSError(28)
        Storage._append(self, path, text)


def _old_records(root, count):
    """``count`` finished games in /games, as a board that played them keeps them."""
    plain = Storage(root)
    records.prepare(plain)
    for i in range(1, count + 1):
        rec = records.new_record(i, "morbak", {}, i)
        while len(rec["moves"]) < RECORD_BYTES // 30:
            rec["moves"].append("L d4")
            rec["move_ms"].append(1500)
            rec["clock_ms"].append([880000, 890000])
        records.finish(plain, rec, {"winner": 0, "scores": [1, 0], "reason": "line"}, "win")


def _full_board(tag, count, tells, room):
    """A board with ``count`` old records and ``room`` bytes left on its flash."""
    root = fresh_dir(tag)
    _old_records(root, count)
    flash = SmallFlash(root, 0, tells)
    flash.capacity = flash.used() + room
    return Board(None, root=root, storage=flash)


def _play_to_the_end(b):
    for name in MKV3:
        b.move(name)
    eq(b.status()["result"]["winner"], 0, "the game was played to its end")


def check_the_oldest_records_make_room(tells, room):
    b = _full_board("full", 30, tells, room)
    b.start()
    st = b.status()
    eq(st["screen"], "game", "a new game starts on a full flash")
    said = st["message"]
    assert said.startswith("flash full: oldest games removed to make room (1"), said
    kept = records.ids(b.storage)
    assert kept[0] > 1 and kept[-1] == 30, kept
    eq(b.storage.read_json(records.CURRENT)["id"], 31, "the new game is saved")
    _play_to_the_end(b)
    eq(b.storage.read_json("games/00031.json")["moves"], ["L " + n for n in MKV3], "and recorded")
    assert not b.storage.exists("crash.log"), b.storage.read_text("crash.log")
    assert "flash full: oldest games removed" in b.events_log()
    b.press(OK)
    b.start()    # the next game on the same flash: no crash either
    eq(b.status()["screen"], "game")
    return b


def test_the_oldest_records_make_room_for_a_new_game():
    b = check_the_oldest_records_make_room(True, 3000)
    assert b.storage.free() >= records.RESERVE, "room kept for the game's saves and the logs"


def test_a_port_that_cannot_tell_what_is_free_makes_room_when_a_save_fails():
    check_the_oldest_records_make_room(False, 100)


def test_with_nothing_to_remove_the_game_goes_on_unsaved_and_nothing_is_lost():
    """Only one record (the newest is always kept, so ids go on rising) and no room: the
    game is played, the board says it is not saved, the last save stands."""
    b = _full_board("nothing", 1, True, 100)
    b.start()
    st = b.status()
    eq(st["screen"], "game")
    assert st["message"].startswith("flash full: this game is not saved"), st["message"]
    for name in MKV3[:3]:
        b.move(name)
    eq(b.status()["moves"], ["L a1", "L g7", "L b2"], "played on")
    b.storage.capacity += 4000   # a record removed by hand (`arbiter games clear`)
    b.move(MKV3[3])
    eq(b.storage.read_json(records.CURRENT)["moves"], ["L a1", "L g7", "L b2", "L g6"],
       "saved again once there is room")
    b.storage.capacity = b.storage.used()
    b.move(MKV3[4])
    # The power goes: the game comes back as last saved.
    again = b.reboot(SmallFlash(b.root, b.storage.capacity + 4000))
    again.press(OK)
    eq(again.status()["moves"], ["L a1", "L g7", "L b2", "L g6"], "resumed as saved")
    assert not b.storage.exists("crash.log")
    eq(records.ids(b.storage), [1], "the only record kept")


def test_a_game_that_ends_on_a_full_flash_is_kept_in_progress():
    """The winning move cannot be recorded: no crash; after the power comes back the game
    is offered as last saved, and the winning move made again is recorded."""
    b = _full_board("end", 1, False, 100000)
    b.start()
    for name in MKV3[:-1]:
        b.move(name)
    b.storage.capacity = b.storage.used() + 200
    b.move(MKV3[-1])
    eq(b.status()["result"]["winner"], 0)
    assert not b.storage.exists("games/00002.json") and not b.storage.exists("crash.log")
    again = b.reboot(SmallFlash(b.root, b.storage.capacity + 8000))
    eq(again.status()["screen"], "resume")
    again.press(OK)
    eq(again.status()["moves"], ["L " + n for n in MKV3[:-1]], "as last saved")
    again.move(MKV3[-1])
    eq(again.storage.read_json("games/00002.json")["moves"], ["L " + n for n in MKV3])
