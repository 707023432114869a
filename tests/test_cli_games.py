"""`arbiter games list|export` against a fake board holding hand-made files: a record of
every wrong shape is named and skipped while the others are listed and exported, the
game in progress is listed and exported, exports are named after the board's files."""
import json
import os

import pytest

from firmware.app import records
from host_tools import board_link, cli, games_cmd
from tests.fake_board import FakeBoard

GOOD_RESULT = {"winner": 0, "scores": [1, 0], "reason": "line"}


def record(game_id, moves=("L d4",), **changes):
    rec = {"version": 1, "id": game_id, "game": "morbak", "options": {}, "seed": 1,
           "moves": list(moves), "move_ms": [1000] * len(moves), "clock_ms": [None] * len(moves),
           "result": GOOD_RESULT, "ended": "win"}
    rec.update(changes)
    return rec


def board_with(monkeypatch, files):
    data = {}
    for path, v in files.items():
        data[path] = v if isinstance(v, (bytes, board_link.Unreadable)) else json.dumps(v).encode()
    fake = FakeBoard(data)
    monkeypatch.setattr(games_cmd, "Board", fake)
    return fake


def arbiter(capsys, *argv):
    code = cli.main(list(argv) + ["--port", "socket://127.0.0.1:9"])
    out = capsys.readouterr()
    return code, out.out, out.err


# Issue 11, item 1: each passed the old check and crashed `games list` / `export`.
BAD_FIELDS = [
    {"result": {"winner": 0, "scores": 5}},
    {"move_ms": ["x"]},
    {"clock_ms": [None, None]},
    {"clock_ms": [["a", "b"]]},
    {"clock_ms": [[1, 2, 3]]},
    {"game": "__init__"},
    {"game": "chess"},
    {"id": "7"},
    {"id": -5},
    {"id": 100000},
    {"id": True},
    {"seed": "1"},
    {"seed": 1.5},
    {"version": 2},
    {"moves": ["L d4", 7], "move_ms": [1, 2], "clock_ms": [None, None]},
    {"moves": [""]},
    {"options": {"lite": [1]}},
    {"options": []},
    {"result": {"winner": 2, "scores": [1, 0]}},
    {"result": {"winner": True, "scores": [1, 0]}},
    {"result": "won"},
    {"ended": 5},
    {"move_ms": [-1]},
]


@pytest.mark.parametrize("change", BAD_FIELDS, ids=lambda c: json.dumps(c)[:40])
def test_the_shared_check_refuses_every_wrong_field(change):
    assert records.problem(record(7)) is None
    rec = record(7, **change)
    why = records.problem(rec)
    assert why, change
    assert [k for k in change if k in why] or "game record" in why, why  # it names the field


def test_a_bad_record_is_skipped_and_the_others_listed_and_exported(monkeypatch, capsys, tmp_path):
    files = {"/games/00001.json": record(1), "/games/00002.json": b"{trunc",
             "/games/00003.json": board_link.Unreadable(21), "/games/00004.json": b"\xff\xfe",
             "/games/00005.json": record(5, moves=("L a1", "L g7"))}
    for i, change in enumerate(BAD_FIELDS):
        files["/games/%05d.json" % (10 + i)] = record(10 + i, **change)
    board_with(monkeypatch, files)
    code, out, err = arbiter(capsys, "games", "list")
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["00001", "00005"]
    assert err.count("; skipped") == 3 + len(BAD_FIELDS)
    assert "/games/00003.json cannot be read (a folder stands where a file should be)" in err
    assert "Traceback" not in err
    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(os.listdir(tmp_path)) == ["game-00001.json", "game-00001.txt",
                                            "game-00005.json", "game-00005.txt"]


def test_exports_are_named_after_the_boards_files(monkeypatch, capsys, tmp_path):
    # Two records claiming the same id: neither overwrites the other.
    board_with(monkeypatch, {"/games/00002.json": record(9), "/games/00003.json": record(9)})
    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(os.listdir(tmp_path)) == ["game-00002.json", "game-00002.txt",
                                            "game-00003.json", "game-00003.txt"]


def test_the_game_in_progress_is_listed_and_exported_unfinished(monkeypatch, capsys, tmp_path):
    current = record(4, moves=("L d4", "L e5"))
    del current["result"], current["ended"]
    board_with(monkeypatch, {"/games/00003.json": record(3), "/state/current.json": current})
    code, out, err = arbiter(capsys, "games", "list")
    assert out.splitlines()[-1].split() == ["00004", "morbak", "2", "in", "progress"], out
    code, out, err = arbiter(capsys, "games", "export", "4", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(os.listdir(tmp_path)) == ["game-00004-unfinished.json", "game-00004-unfinished.txt"]
    assert "result: in progress" in (tmp_path / "game-00004-unfinished.txt").read_text()
    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path / "all"))
    assert sorted(os.listdir(tmp_path / "all"))[-1] == "game-00004-unfinished.txt"


def test_a_game_in_progress_already_recorded_is_not_listed_twice(monkeypatch, capsys):
    current = record(3)  # a power cut between writing the record and removing the current file
    board_with(monkeypatch, {"/games/00003.json": record(3), "/state/current.json": current})
    code, out, err = arbiter(capsys, "games", "list")
    assert len(out.splitlines()) == 2, out


def test_exporting_an_unreadable_record_says_so(monkeypatch, capsys, tmp_path):
    board_with(monkeypatch, {"/games/00001.json": b"{trunc"})
    code, out, err = arbiter(capsys, "games", "export", "1", "--out", str(tmp_path / "new"))
    assert code == 1 and err.count("\n") == 1, err
    assert "game 1 on the board is not valid JSON (/games/00001.json)" in err
    assert not (tmp_path / "new").exists()
    code, out, err = arbiter(capsys, "games", "export", "2", "--out", str(tmp_path / "new"))
    assert code == 2 and "there is no game 2 on the board" in err
    assert not (tmp_path / "new").exists()


def test_a_set_aside_game_is_listed_and_exported(monkeypatch, capsys, tmp_path):
    from firmware.hal.storage import Storage
    (tmp_path / "flash").mkdir()
    storage = Storage(str(tmp_path / "flash"))
    records.prepare(storage)
    rec = records.new_record(6, "morbak", {}, 0)
    rec["moves"].append("L z9")  # cannot be replayed
    rec["move_ms"].append(10)
    rec["clock_ms"].append(None)
    records.save_current(storage, rec)
    records.set_aside(storage, rec, "cannot be replayed")
    assert not storage.exists(records.CURRENT)
    board_with(monkeypatch, {"/" + records.game_path(6): storage.read_text(records.game_path(6)).encode()})
    code, out, err = arbiter(capsys, "games", "list")
    assert out.splitlines()[-1].split() == ["00006", "morbak", "1", "cannot", "be", "replayed"], out
    code, out, err = arbiter(capsys, "games", "export", "6", "--out", str(tmp_path / "out"))
    text = (tmp_path / "out" / "game-00006.txt").read_text()
    assert "result: cannot be replayed" in text and text.splitlines()[-1].split()[:3] == ["1.", "L", "z9"]


@pytest.mark.parametrize("gid", ["-5", "0", "100000", "٦", "６", "+6", "6_0", "abc"])
def test_impossible_game_ids_are_bad_input(gid, monkeypatch, capsys, tmp_path):
    board_with(monkeypatch, {})
    code, out, err = arbiter(capsys, "games", "export", gid, "--out", str(tmp_path / "new"))
    assert code == 2 and "a game id is a number from 1 to 99999" in err, err
    assert not (tmp_path / "new").exists()


def test_a_folder_that_cannot_be_written_is_refused_before_anything_is_made(monkeypatch, capsys, tmp_path):
    board_with(monkeypatch, {"/games/00001.json": record(1)})
    a_file = tmp_path / "a-file"
    a_file.write_text("mine")
    code, out, err = arbiter(capsys, "games", "export", "--out", str(a_file / "x" / "y"))
    assert code == 2 and "is a file" in err, err
    assert a_file.read_text() == "mine"
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if not os.access(locked, os.W_OK):  # (root may write anywhere)
            code, out, err = arbiter(capsys, "games", "export", "--out", str(locked / "new"))
            assert code == 2 and "no permission" in err, err
    finally:
        locked.chmod(0o700)
    assert os.listdir(locked) == []


def test_a_masbrur_record_with_the_longest_selection_is_listed_and_exported(monkeypatch, capsys,
                                                                           tmp_path):
    """A formation selection runs to 134 characters (three formations of eight uses, as in
    this round's combat): the record holding it is listed and exported, not skipped."""
    from masbrur_kit import choose

    from firmware.rules import Rng, masbrur
    rng, s, moves = Rng(11), masbrur.new_game({}, 11), []
    while s.round == 1:
        moves.append(choose(rng, s))
        s = masbrur.play(s, moves[-1])
    assert max([len(m) for m in moves]) == 134
    board_with(monkeypatch, {"/games/00001.json": record(1, moves, game="masbrur", seed=11,
                                                         result=None, ended="abandoned")})
    code, out, err = arbiter(capsys, "games", "list")
    assert (code, err) == (0, ""), err
    assert out.splitlines()[1].split()[:3] == ["00001", "masbrur", "%d" % len(moves)], out
    code, out, err = arbiter(capsys, "games", "export", "1", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(os.listdir(tmp_path)) == ["game-00001.json", "game-00001.txt"]
