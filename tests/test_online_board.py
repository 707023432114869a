"""A board in a remote game through `arbiter online --port`
(docs/contracts.md#a-board-over-usb), against a player in the terminal (the Session `arbiter
online` plays with), through a real Mosquitto: the board is the firmware with its app running on
the WebAssembly MicroPython, its USB serial a socket, a robot making its player's moves and
carrying out the other's as a person at the board would (tests/harness/board_app.py). Whole games
end with the same record on the board, in `arbiter online`'s record file and on the other
side."""
import json
import time

import pytest

from tests.online_kit import (VirtualBoard, arbiter, choose, kit, output,  # noqa: F401
                              player, records)
from host_tools.online import protocol


@pytest.fixture
def board_of(request):
    boards = []

    def make(kind, level=1):
        b = VirtualBoard(kind, level)
        boards.append(b)
        return b
    yield make
    for b in boards:
        b.close()


def _until(test, seconds, what, *procs, sessions=()):
    deadline = time.monotonic() + seconds
    while not test():
        for s in sessions:
            s.pump(0.01)
        for p in procs:
            assert p.poll() is None or test(), "%s exited:\n%s" % (p.args, output(p))
        assert time.monotonic() < deadline, "timed out: %s\n%s" % (
            what, "\n".join(output(p)[-3000:] for p in procs))
        time.sleep(0.02)


def _play_against(s, board, proc, seconds):
    """The terminal's player plays its moves until the game ends."""
    deadline = time.monotonic() + seconds
    while not s.ended:
        assert s.stopped is None, s.stopped
        assert proc.poll() is None, output(proc)
        assert time.monotonic() < deadline, "the game did not end:\n" + output(proc)[-3000:]
        s.pump(0.02)
        if s.my_turn():
            s.play(choose(s))


@pytest.mark.parametrize("kind,game,options", [
    ("light", "morbak", {"game_time_s": 900, "move_time_s": None}),
    ("marble", "mabula", {}),
    ("stone", "fursaz", {"size": 5}),
])
def test_a_whole_game_against_the_terminal(kit, board_of, tmp_path, kind, game, options):
    board = board_of(kind)
    code = protocol.new_code()
    a = player(kit, "alice", code)
    a.create(game, options, 0)
    record = str(tmp_path / "board.json")
    proc = arbiter("online", "join", code, "--broker", kit.url("bob"), "--port", board.port,
                   "--record", record)
    try:
        _until(a.started, 30, "the board joins", proc, sessions=[a])
        _play_against(a, board, proc, 300)
        proc.wait(30)
        assert proc.returncode == 0, output(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    with open(record) as f:
        kept = json.load(f)
    agreed = [e.move for e in a.mirror.record]
    assert kept["moves"] == agreed
    st = board.status()
    assert st["moves"] == agreed, (st["moves"], agreed)
    assert st["result"] == a.mirror.result()
    assert records(a)
