"""`arbiter logs` against a fake board: the rotated part first, at most the newest
SHOW_BYTES, streamed a piece at a time, and what is not text escaped."""
from host_tools import board_link, cli
from host_tools.commands import logs as logs_cmd
from tests.fake_board import FakeBoard


def logs(monkeypatch, capsys, files):
    fake = FakeBoard(files)
    monkeypatch.setattr(logs_cmd, "Board", fake)
    code = cli.main(["logs", "--port", "socket://127.0.0.1:9"])
    out = capsys.readouterr()
    return code, out.out, out.err, fake


def test_the_rotated_part_comes_first_and_both_are_named(monkeypatch, capsys):
    code, out, err, _ = logs(monkeypatch, capsys,
                             {"/events.log.1": b"1 old\n", "/events.log": b"2 new\n"})
    assert code == 0, err
    assert out == ("--- /crash.log: no crash recorded\n"
                   "--- /events.log (12 bytes)\n1 old\n2 new\n")


def test_a_huge_log_is_cut_to_its_newest_part_and_streamed(monkeypatch, capsys):
    big = b"".join(b"%d event number %d\n" % (k, k) for k in range(15000))  # about 270 KB
    code, out, err, fake = logs(monkeypatch, capsys, {"/events.log": big})
    assert code == 0, err
    assert len(out) < logs_cmd.SHOW_BYTES + 200
    assert out.endswith("14999 event number 14999\n")
    assert "(%d bytes, the newest %d shown)" % (len(big), logs_cmd.SHOW_BYTES) in out
    assert fake.exchanges == logs_cmd.SHOW_BYTES // 4096


def test_what_is_not_text_is_escaped(monkeypatch, capsys):
    crash = b"--- crash 1\n\x1b[2J\x00\xff\xfe caf\xc3\xa9\r\nend"
    code, out, err, _ = logs(monkeypatch, capsys, {"/crash.log": crash,
                                                   "/events.log": board_link.Unreadable(5),
                                                   "/crash.log.1": "dir"})
    assert code == 0, err
    assert "\x1b" not in out and "\x00" not in out
    assert "\\x1b[2J\\x00\\xff\\xfe café\nend\n" in out, out
    assert "/events.log cannot be read (error 5)" in out, out
    assert "/crash.log.1 is a folder, not a log" in out, out
