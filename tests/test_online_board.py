"""A board in a remote game through `arbiter online --port`
(docs/contracts.md#a-board-over-usb), against a player in the terminal (the Session `arbiter
online` plays with), through a real Mosquitto: the board is the firmware with its app running on
the WebAssembly MicroPython, its USB serial a socket, a robot making its player's moves and
carrying out the other's as a person at the board would (tests/harness/board_app.py). Whole games
end with the same record on the board, in `arbiter online`'s record file and on the other
side."""
import json
import re
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


def _play_against(s, board, proc, seconds, plies=None):
    """The terminal's player plays its moves until the game ends (or has ``plies``)."""
    deadline = time.monotonic() + seconds
    while not s.ended and (plies is None or len(s.mirror.record) < plies):
        assert s.stopped is None, s.stopped
        assert proc.poll() is None, output(proc)
        assert time.monotonic() < deadline, "the game did not end:\n" + output(proc)[-3000:]
        s.pump(0.02)
        if s.my_turn():
            s.play(choose(s))


def _a_whole_game(kit, board, code, game, options, tmp_path, cuts=(), said=None):
    """Alice in the terminal creates the game, the board joins it through `arbiter online
    --port` as bob, and they play it to its end; ``cuts``: (what, ply) - once the game has
    that many plies, the bridge is killed and started again ("bridge") or the board loses
    its power ("power"). Returns alice's session and the record file; ``said``, a list,
    gets what the last `arbiter online` printed."""
    a = player(kit, "alice", code)
    a.create(game, options, 0)
    record = str(tmp_path / "board.json")
    join = ("online", "join", code, "--broker", kit.url("bob"), "--port", board.port,
            "--record", record)
    proc = arbiter(*join)
    try:
        _until(a.started, 30, "the board joins", proc, sessions=[a])
        for cut, plies in cuts:
            _play_against(a, board, proc, 120, plies)
            if cut == "bridge":
                proc.kill()
                proc.wait(10)
                proc = arbiter(*join)
            else:
                board.power_cut()
        _play_against(a, board, proc, 600)
        proc.wait(30)
        assert proc.returncode == 0, output(proc)
        if said is not None:
            said.append(output(proc))
    finally:
        if proc.poll() is None:
            proc.kill()
    return a, record


@pytest.mark.parametrize("kind,game,options", [
    ("light", "morbak", {"game_time_s": 900, "move_time_s": None}),
    ("marble", "mabula", {}),
    ("stone", "fursaz", {"size": 5}),
])
def test_a_whole_game_against_the_terminal(kit, board_of, tmp_path, kind, game, options):
    board = board_of(kind)
    code = protocol.new_code()
    said = []
    a, record = _a_whole_game(kit, board, code, game, options, tmp_path, said=said)
    with open(record) as f:
        kept = json.load(f)
    agreed = [e.move for e in a.mirror.record]
    assert kept["moves"] == agreed
    st = board.status()
    assert st["moves"] == agreed, (st["moves"], agreed)
    assert st["result"] == a.mirror.result()
    assert records(a)
    # The terminal beside the board says how it ended, whichever side ended it.
    assert "\nResult: " in said[0], said[0][-2000:]


def test_mano_on_a_tile_board_against_the_terminal_keeps_the_hands_hidden(kit, board_of,
                                                                          tmp_path):
    """A whole Mano a Mano match (to 30 points) on a tile board against the terminal: the
    person at the board takes the tiles the dealer dealt them from the box and carries out
    the far player's plays; the board's record is the agreed one, with its leads written
    SEAT:TILE and the hands' last tiles shown. Nobody else ever receives the board player's
    hand: not the far side, not a client subscribed to `#`."""
    board = board_of("tile")
    code = protocol.new_code()
    truth = _listen(kit, "bob", "arbiter/1/%s/dealer/to/bob" % code)   # the board's own
    spies = [_listen(kit, user, "#") for user in (None, "carol", "alice")]
    a, record = _a_whole_game(kit, board, code, "mano", {"target": 30}, tmp_path)
    agreed = [e.move for e in a.mirror.record]
    with open(record) as f:
        assert json.load(f)["moves"] == agreed
    st = board.status()
    assert [m.split(":")[-1] for m in st["moves"] if not m.startswith("reveal")] == agreed
    assert st["result"] == a.mirror.result()
    # The board player's hand at each ply, as the dealer sent it to bob alone; where what
    # the others see of it is a stand-in dealt from the tiles they cannot see, early in a
    # hand (6 tiles or more, 7 or more in the boneyard), it never is the real one.
    hands = {}
    for _, payload in truth:
        msg = json.loads(payload)
        hand, bone = _hand_and_bone(msg["state"])
        if len(hand) >= 6 and len(bone) >= 7:
            hands[msg["ply"]] = hand
    assert hands
    for got in spies:
        assert got and not [t for t, _ in got if "/secret" in t or "/to/bob" in t]
        seen = 0
        for topic, payload in got:
            msg = json.loads(payload) if payload[:1] == b"{" else {}
            if "state" in msg and msg.get("ply") in hands and not topic.endswith("/deal"):
                seen += 1
                assert _hand_and_bone(msg["state"])[0] != hands[msg["ply"]], topic
        assert seen


def _listen(kit, user, topic):
    link = kit.link(user)
    link.connect()
    got = []
    link.client.on_message = lambda c, u, m: got.append((m.topic, m.payload))
    link.client.subscribe(topic, qos=1)
    return got


def _hand_and_bone(text):
    """Seat 1's hand (bob's, the board's) and the boneyard in a Mano a Mano position."""
    fields = text.split(" h1=")[1].split(" bone=")
    return fields[0].split(" "), fields[1].split("=")[0].rsplit(" ", 1)[0].split(" ")


def test_mano_on_a_tile_board_through_a_power_cut_and_its_bridge_killed(kit, board_of,
                                                                        tmp_path):
    """Mid-match the tile board's bridge is killed and started again, later the board loses
    its power (its person puts the line back as it shows it); each time the board goes on
    from its saved record where it agrees with the agreed one, and the match ends with the
    same moves on both sides."""
    board = board_of("tile")
    a, _ = _a_whole_game(kit, board, protocol.new_code(), "mano", {"target": 30}, tmp_path,
                         cuts=(("bridge", 6), ("power", 14)))
    agreed = [e.move for e in a.mirror.record]
    st = board.status()
    assert [m.split(":")[-1] for m in st["moves"] if not m.startswith("reveal")] == agreed
    assert st["result"] == a.mirror.result()


def test_masbrur_on_a_tile_board_against_the_terminal_keeps_the_walls_hidden(kit, board_of,
                                                                            tmp_path):
    """A whole Masbrur game (four short rounds) on a tile board against the terminal: the person at
    the board carries out the far player's pushes (their wall never lies on the board) and
    is told the far wall once combat shows it; the board's record is the agreed one with
    the walls and formations whole. Nobody else ever receives the board player's wall or
    sealed formations before combat: not the far side, not a client subscribed to `#`."""
    board = board_of("tile")
    code = protocol.new_code()
    truth = _listen(kit, "bob", "arbiter/1/%s/dealer/to/bob" % code)   # the board's own
    spies = [_listen(kit, user, "#") for user in (None, "carol", "alice")]
    said = []
    a, record = _a_whole_game(kit, board, code, "masbrur", {"max_equipment_plies": 8},
                              tmp_path, said=said)
    # Alice (A) plays elsewhere: her wall is never on the board, it is named at combat.
    assert "waiting for A's move, played elsewhere (A's wall: face down, elsewhere)" in said[0]
    assert re.search(r"The board says: .*; A's wall \(elsewhere\): \d-\d \d-\d - put it on "
                     r"WA1 WA2", said[0]), said[0][-3000:]
    agreed = [e.move for e in a.mirror.record]
    with open(record) as f:
        assert json.load(f)["moves"] == agreed
    st = board.status()
    assert len(st["moves"]) == len(agreed)
    for mine, public in zip(st["moves"], agreed):
        assert _masks(mine, public), (mine, public)
    assert st["result"] == a.mirror.result()
    assert records(a)
    _never_leaks_the_wall(truth, spies)


def _masks(mine, public):
    """Is the board's whole move ``mine`` the agreed ``public`` one (a wall face down
    written W??,??, a sealed choice F sealed)?"""
    if public == "F sealed":
        return mine.startswith("F ")
    if "??" in public:
        return mine.startswith("W") and mine.partition(" ")[2] == public.partition(" ")[2]
    return mine == public


def _lines(text):
    return dict(line.split(" ", 1) for line in text.split("\n") if " " in line)


def _never_leaks_the_wall(truth, spies):
    """Bob's (the board's) wall while it lies face down, and his sealed formations, as the
    dealer sent them to bob alone, never reach the others: what they see in their place
    is what anyone can work out (the lowest tiles of his public arsenal, no formation)."""
    hidden = {}     # ply -> (wall, selection) that only bob may see then
    for _, payload in truth:
        msg = json.loads(payload)
        got = _lines(msg["state"])
        if got["phase"] in ("equipment", "combat_wall") and got["wall1"] != "-":
            hidden[msg["ply"]] = ("wall1", got["wall1"])
        elif got["phase"] == "combat_select" and got["select1"] != "-":
            hidden[msg["ply"]] = ("select1", got["select1"])
    assert [k for k, v in hidden.items() if v[0] == "wall1"]
    differs = 0
    for got in spies:
        assert got and not [t for t, _ in got if "/secret" in t or "/to/bob" in t]
        seen = 0
        for topic, payload in got:
            msg = json.loads(payload) if payload[:1] == b"{" else {}
            if "state" not in msg or msg.get("ply") not in hidden or topic.endswith("/deal"):
                continue
            seen += 1
            key, secret = hidden[msg["ply"]]
            public = _lines(msg["state"])
            if key == "wall1":
                stand_in = " ".join(public["arsenal1"].split(" ")[:len(secret.split(" "))])
                assert public["wall1"] == stand_in, topic
                differs += stand_in != secret
                move = msg.get("move", "")
                assert "??" in move or msg.get("seat") == 0 or move[:1] != "W", move
            else:
                assert public["select1"] == "F -" and msg.get("move") != secret, topic
        assert seen
    assert differs


def test_masbrur_on_a_tile_board_through_a_power_cut_and_its_bridge_killed(kit, board_of,
                                                                          tmp_path):
    """Mid-game the tile board's bridge is killed and started again (twice), and the board
    loses its power (its person lays the field again as it shows it): each time the board
    goes on from its saved record - its own walls whole, the far player's stand-ins or the
    walls combat showed - and the game ends with the same moves on both sides."""
    board = board_of("tile")
    a, record = _a_whole_game(kit, board, protocol.new_code(), "masbrur",
                              {"max_equipment_plies": 8}, tmp_path,
                              cuts=(("bridge", 5), ("power", 9), ("bridge", 14)))
    agreed = [e.move for e in a.mirror.record]
    with open(record) as f:
        assert json.load(f)["moves"] == agreed
    st = board.status()
    assert [_masks(m, p) for m, p in zip(st["moves"], agreed)] == [True] * len(agreed)
    assert len(st["moves"]) == len(agreed)
    assert st["result"] == a.mirror.result()
