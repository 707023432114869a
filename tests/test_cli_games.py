"""`arbiter games list|export` against a fake board holding hand-made files: a record of
every wrong shape is named and skipped while the others are listed and exported, the
game in progress is listed and exported, exports are named after the board's files."""
import json
import os
import resource
import signal

import pytest

from firmware.app.core import records
from host_tools import board_link, cli
from host_tools.commands import games as games_cmd
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


def test_a_record_whose_file_name_and_id_disagree_is_skipped(monkeypatch, capsys, tmp_path):
    """Issue 22: /games/00006.json holding game 7 was listed as 7, and `export 7` found
    nothing; a file named in full-width digits was taken for a record."""
    board_with(monkeypatch, {"/games/00002.json": record(2), "/games/00006.json": record(7),
                             "/games/\uff10\uff10\uff10\uff11\uff12.json": record(12)})
    code, out, err = arbiter(capsys, "games", "list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == ["00002"], out
    assert "/games/00006.json holds game 7, not game 6 as its name says; skipped" in err, err
    code, out, err = arbiter(capsys, "games", "export", "--out", str(tmp_path))
    assert code == 0 and sorted(os.listdir(tmp_path)) == ["game-00002.json", "game-00002.txt"]
    code, out, err = arbiter(capsys, "games", "export", "7", "--out", str(tmp_path))
    assert code == 2 and "there is no game 7 on the board" in err, err
    code, out, err = arbiter(capsys, "games", "export", "6", "--out", str(tmp_path))
    assert code == 1 and "game 6 on the board holds game 7" in err, err


def test_a_record_too_large_to_be_one_is_skipped_unread(monkeypatch, capsys):
    """Issue 22, item 9: one large record stopped `games list` (the board read it whole).
    One past records.MAX_BYTES is named and skipped without being read; a long real one
    is read in pieces."""
    long_game = record(3, moves=["L d4"] * 1200)
    assert 16384 < len(json.dumps(long_game)) < records.MAX_BYTES
    huge = b"[" + b"0," * 200000 + b"0]"
    fake = board_with(monkeypatch, {"/games/00001.json": record(1), "/games/00002.json": huge,
                                    "/games/00003.json": long_game})
    code, out, err = arbiter(capsys, "games", "list")
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["00001", "00003"], out
    assert "/games/00002.json is too large to be a game record (over 32 KB); skipped" in err, err
    assert 4 <= fake.exchanges < 10, "the long record came in pieces, the huge one not at all"


def test_the_game_in_progress_is_listed_and_exported_unfinished(monkeypatch, capsys, tmp_path):
    current = record(4, moves=("L d4", "L e5"))
    del current["result"], current["ended"]
    board_with(monkeypatch, {"/games/00003.json": record(3), "/state/current.json": current})
    code, out, err = arbiter(capsys, "games", "list")
    assert out.splitlines()[-1].split() == ["00004", "morbak", "2", "in", "progress"], out
    code, out, err = arbiter(capsys, "games", "export", "4", "--out", str(tmp_path))
    assert code == 0, err
    assert sorted(os.listdir(tmp_path)) == ["game-00004-unfinished.json",
                                            "game-00004-unfinished.txt"]
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
    board_with(monkeypatch,
               {"/" + records.game_path(6): storage.read_text(records.game_path(6)).encode()})
    code, out, err = arbiter(capsys, "games", "list")
    assert out.splitlines()[-1].split() == ["00006", "morbak", "1", "cannot", "be",
                                            "replayed"], out
    code, out, err = arbiter(capsys, "games", "export", "6", "--out", str(tmp_path / "out"))
    text = (tmp_path / "out" / "game-00006.txt").read_text()
    assert "result: cannot be replayed" in text
    assert text.splitlines()[-1].split()[:3] == ["1.", "L", "z9"]


# A full-width six among them: digits that int() takes but a game id is not.
@pytest.mark.parametrize("gid", ["-5", "0", "100000", "٦", "６", "+6", "6_0", "abc"])  # noqa: RUF001
def test_impossible_game_ids_are_bad_input(gid, monkeypatch, capsys, tmp_path):
    board_with(monkeypatch, {})
    code, out, err = arbiter(capsys, "games", "export", gid, "--out", str(tmp_path / "new"))
    assert code == 2 and "a game id is a number from 1 to 99999" in err, err
    assert not (tmp_path / "new").exists()


def test_a_folder_that_cannot_be_written_is_refused_before_anything_is_made(
        monkeypatch, capsys, tmp_path):
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


# ---------------------------------------------------------------- export: what is in the way

def test_export_never_replaces_what_it_was_not_asked_to(monkeypatch, capsys, tmp_path):
    """Issue 22, item 6: a file of another board's game 1 was overwritten without a word,
    a symbolic link was followed. Now: the same content is left, other content refused
    (nothing written) unless --force, which replaces a link without following it."""
    board_with(monkeypatch, {"/games/00001.json": record(1), "/games/00002.json": record(2)})
    out = tmp_path / "out"
    code, said, err = arbiter(capsys, "games", "export", "--out", str(out))
    assert code == 0, err
    code, said, err = arbiter(capsys, "games", "export", "--out", str(out))
    assert code == 0 and said.count("(already there)") == 2, said
    theirs = (out / "game-00002.txt").read_text().replace("seed: 1", "seed: 77")
    (out / "game-00002.txt").write_text(theirs)
    (out / "game-00001.json").unlink()
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not mine to change")
    (out / "game-00001.txt").unlink()
    (out / "game-00001.txt").symlink_to(elsewhere)
    code, said, err = arbiter(capsys, "games", "export", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and "is already there and differs" in err, err
    assert not (out / "game-00001.json").exists(), "nothing written"
    assert (out / "game-00002.txt").read_text() == theirs
    code, said, err = arbiter(capsys, "games", "export", "--out", str(out), "--force")
    assert code == 0 and said.count("(replaced)") == 2, said
    assert elsewhere.read_text() == "not mine to change", "the link was not followed"
    assert not (out / "game-00001.txt").is_symlink()
    assert "seed: 1" in (out / "game-00002.txt").read_text()


@pytest.mark.parametrize("in_the_way", ["folder", "read-only", "empty --out"])
def test_what_export_cannot_write_is_said_and_nothing_written(in_the_way, monkeypatch, capsys,
                                                              tmp_path):
    board_with(monkeypatch, {"/games/00001.json": record(1), "/games/00002.json": record(2)})
    out = tmp_path / "out"
    out.mkdir()
    target = out / "game-00002.json"
    if in_the_way == "folder":
        target.mkdir()
    elif in_the_way == "read-only":
        target.write_text("kept")
        target.chmod(0o444)
    code, said, err = arbiter(capsys, "games", "export", "--force",
                              "--out", "" if in_the_way == "empty --out" else str(out))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert {"folder": "a folder is in the way of", "read-only": "is read-only",
            "empty --out": "--out is empty"}[in_the_way] in err, err
    assert sorted(os.listdir(out)) == ([] if in_the_way == "empty --out" else ["game-00002.json"])


def test_a_full_disk_leaves_no_torn_export(monkeypatch, capsys, tmp_path):
    """A write that fails (the process's file-size limit stands in for a full disk) says so
    in one sentence and leaves no empty or partial file."""
    board_with(monkeypatch, {"/games/00001.json": record(1)})
    out = tmp_path / "out"
    old = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, old[1]))
    try:
        code, said, err = arbiter(capsys, "games", "export", "--out", str(out))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old)
        signal.signal(signal.SIGXFSZ, handler)
    assert code == 2 and err.count("\n") == 1, err
    assert "cannot write" in err and "larger than this system allows" in err, err
    assert os.listdir(out) == []


# ---------------------------------------------------------------- clear

def test_clear_removes_finished_games_and_never_the_game_in_progress(monkeypatch, capsys):
    current = record(5, moves=("L d4",))
    del current["result"], current["ended"]
    fake = board_with(monkeypatch, {"/games/00001.json": record(1), "/games/00002.json": record(2),
                                    "/games/00003.json": record(3),
                                    "/state/current.json": current})
    for argv, says in ((["games", "clear"], "say which games to remove"),
                       (["games", "clear", "4"], "there is no finished game 4 on the board"),
                       (["games", "clear", "5"], "there is no finished game 5 on the board"),
                       (["games", "clear", "1", "x"], "a game id is a number"),
                       (["games", "clear", "1", "--all"], "ids or --all, not both")):
        code, out, err = arbiter(capsys, *argv)
        assert code == 2 and says in err and err.count("\n") == 1, (argv, err)
    assert len(fake.files) == 4, "nothing removed"
    code, out, err = arbiter(capsys, "games", "clear", "2")
    assert code == 0 and out.startswith("removed 1 game: 00002"), out
    code, out, err = arbiter(capsys, "games", "list")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["00001", "00003", "00005"], out
    code, out, err = arbiter(capsys, "games", "clear", "--all")
    assert code == 0 and out.startswith("removed 2 games: 00001 00003"), out
    assert sorted(fake.files) == ["/state/current.json"]


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
