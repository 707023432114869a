"""`arbiter replay KIND TRACE` (docs/contracts.md#sensor-traces-and-arbiter-replay): the contract's
lines and exit statuses, through the installed command."""
import json
import os
import select
import subprocess
import sys
import time

from tests.portable.trace_kit import game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arbiter(*args):
    return subprocess.run([sys.executable, "-m", "host_tools", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_marble_game_replayed_twice_gives_the_same_lines(tmp_path):
    lines, moves, position = game(5)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    first = arbiter("replay", "marble", str(path), "--seed", "5")
    assert first.returncode == 0, first.stderr
    out = first.stdout.splitlines()
    assert out[0].startswith("setup-ok ")
    assert [x.split(" ", 2)[2] for x in out if x.startswith("move ")] == moves
    assert "position " + position in out
    result = [x for x in out if x.startswith("result ")]
    assert len(result) == 1 and json.loads(result[0][7:])["reason"]
    assert arbiter("replay", "marble", str(path), "--seed", "5").stdout == first.stdout


def test_settings_and_the_light_board(tmp_path):
    path = tmp_path / "keys.jsonl"
    path.write_text('{"t": 100, "keys": "d4"}\n{"t": 200, "keys": ""}\n')
    out = arbiter("replay", "light", str(path), "--set", "morbak.confirm=off")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "move 1 L d4"
    out = arbiter("replay", "light", str(path))          # with the confirm step: selected only
    assert not [x for x in out.stdout.splitlines() if x.startswith("move")]


def test_bad_input_is_exit_2_with_one_sentence(tmp_path):
    good = tmp_path / "ok.jsonl"
    good.write_text('{"t": 0, "occupied": ""}\n')
    cases = [
        ('{"t": 10}\n{"t": 5}\n', "line 2"),
        ('{"t": 0, "occupied": "a1"}\n', "a1"),
        ('{"t": 0, "keys": "d4"}\n', "keys"),
        ('{"t": 0, "press": "draw"}\n', "press"),
        ("not json\n", "line 1 is not JSON"),
        ('{"t": true}\n', "t must be"),
    ]
    for text, words in cases:
        path = tmp_path / "bad.jsonl"
        path.write_text(text)
        out = arbiter("replay", "marble", str(path))
        assert out.returncode == 2, (text, out.stderr)
        assert words in out.stderr and out.stderr.count("\n") == 1, out.stderr
    for args, words in ((("replay", "teapot", str(good)), "board kind"),
                        (("replay", "marble", str(tmp_path / "none.jsonl")), "cannot read"),
                        (("replay", "marble", str(good), "--set", "mabula.first=X"),
                         "mabula.first"),
                        (("replay", "marble", str(good), "--set", "nokey"), "KEY=VALUE")):
        out = arbiter(*args)
        assert out.returncode == 2 and words in out.stderr, (args, out.stderr)


def test_a_tile_board_hand_through_the_command(tmp_path):
    from tests.portable.tile_kit import hands
    # test vector DV-4 (seed 18): a dead line, a tie, A scores 12
    lines, moves, table, o = hands(18)
    path = tmp_path / "hand.jsonl"
    path.write_text("\n".join(lines) + "\n")
    first = arbiter("replay", "tile", str(path), "--set", "mano.target=10")
    assert first.returncode == 0, first.stderr
    out = first.stdout.splitlines()
    assert [x.split(" ", 2)[2] for x in out if x.startswith("move ")] == moves
    assert json.loads([x for x in out if x.startswith("result ")][0][7:]) == {
        "reason": "target reached", "scores": [12, 0], "winner": 0}
    assert arbiter("replay", "tile", str(path), "--set", "mano.target=10").stdout == first.stdout
    path.write_text('{"t": 0, "track": "S:6-4"}\n')
    bad = arbiter("replay", "tile", str(path))
    assert bad.returncode == 2 and "low end first" in bad.stderr


# ---------------------------------------------------------------- the board a trace was made on

def test_a_size_7_stone_trace_runs_on_the_size_7_board(tmp_path):
    """Issue 21, item 1: fursaz.size=7 chooses the size-7 profile; --profile names one."""
    from tests.portable.stone_kit import game as stone_game
    lines, moves, _position = stone_game(7, 3, plies=6, slow=False)
    path = tmp_path / "seven.jsonl"
    path.write_text("\n".join(lines) + "\n")
    by_size = arbiter("replay", "stone", str(path), "--set", "fursaz.size=7")
    assert by_size.returncode == 0, by_size.stderr
    made = [x.split(" ", 2)[2] for x in by_size.stdout.splitlines() if x.startswith("move ")]
    assert made == moves
    by_name = arbiter("replay", "stone", str(path), "--profile", "stone7-pico")
    assert by_name.returncode == 0 and by_name.stdout == by_size.stdout, by_name.stderr
    five = arbiter("replay", "stone", str(path), "--profile", "stone5-pico")
    assert five.returncode == 2 and "which this board does not have" in five.stderr
    for args, says in ((["--profile", "light-pico"],
                        "is a light board's profile, not a stone board's"),
                       (["--profile", "nosuch"], "there is no board profile 'nosuch'"),
                       (["--set", "fursaz.size=6"], "fursaz.size must be")):
        out = arbiter("replay", "stone", str(path), *args)
        assert out.returncode == 2 and says in out.stderr, (args, out.stderr)
        assert out.stderr.count("\n") == 1, out.stderr


# ---------------------------------------------------------------- bounded and streamed

def test_idle_time_is_crossed_in_one_step(tmp_path):
    """Issue 22, item 4: a line 10^15 ms after the one before ends at once (it used to
    step every scan period up to it), and a long rest between two pushes changes nothing."""
    path = tmp_path / "far.jsonl"
    path.write_text('{"t": 100, "keys": "d4"}\n{"t": 1000000000000000, "keys": ""}\n')
    out = arbiter("replay", "light", str(path), "--set", "morbak.confirm=off")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "move 1 L d4"
    lines, moves, position = game(5, plies=6)
    near = tmp_path / "near.jsonl"
    near.write_text("\n".join(lines) + "\n")
    rested, shift, before = [], 0, 0
    for line in lines:   # an hour's more rest wherever the players rested
        entry = json.loads(line)
        if entry["t"] - before >= 400:
            shift += 3600000
        before = entry["t"]
        entry["t"] += shift
        rested.append(json.dumps(entry))
    far = tmp_path / "rested.jsonl"
    far.write_text("\n".join(rested) + "\n")
    a = arbiter("replay", "marble", str(near), "--seed", "5")
    b = arbiter("replay", "marble", str(far), "--seed", "5")
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert [x for x in a.stdout.splitlines() if x.startswith("move ")] == \
        [x for x in b.stdout.splitlines() if x.startswith("move ")]
    assert [x.split(" ", 2)[2] for x in b.stdout.splitlines() if x.startswith("move ")] == moves
    assert "position " + position in b.stdout.splitlines()


def test_a_trace_is_read_as_it_is_written(tmp_path):
    """The trace is read a line at a time and each move printed when it is made: a trace
    still being written (here through a pipe) is followed, in the memory of one line."""
    lines, moves, _position = game(5, plies=3)
    fifo = str(tmp_path / "live.jsonl")
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", "replay", "marble", fifo,
                             "--seed", "5"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    seen = []
    try:
        with open(fifo, "w") as writer:
            writer.write("\n".join(lines) + "\n")
            later = json.loads(lines[-1])["t"] + 5000
            writer.write(json.dumps({"t": later, "occupied": ""}) + "\n")
            writer.flush()
            deadline = time.monotonic() + 120
            while "move 3 " + moves[2] not in seen:   # all three, the pipe still open
                left = max(0, deadline - time.monotonic())
                ready, _, _ = select.select([proc.stdout], [], [], left)
                assert ready, "nothing printed while the trace was still open: %s" % seen
                line = proc.stdout.readline()
                assert line, proc.stderr.read()
                seen.append(line.strip())
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert seen[:1] == ["setup-ok " + seen[0].split()[1]]


def test_what_a_trace_cannot_hold_is_exit_2_with_one_sentence(tmp_path):
    """Issue 22, item 4 and its minor items: an endless line, brackets nested past any
    reading, the same setting twice."""
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 1500 + "]" * 1500 + "\n")
    deeper = tmp_path / "deeper.jsonl"
    deeper.write_text('{"t": 0, "occupied": ' + "[" * 1500 + "]" * 1500 + "}\n")
    cases = [
        (("replay", "marble", "/dev/zero"), "line 1 of the trace is longer than 8192 characters"),
        (("replay", "marble", str(deep)), "line 1 nests its brackets too deep"),
        (("replay", "marble", str(deeper)), "line 1 nests its brackets too deep"),
        (("replay", "marble", str(deep), "--set", "mabula.first=W", "--set", "mabula.first=B"),
         "mabula.first is given twice"),
        (("replay", "marble", str(tmp_path)), "cannot read the trace"),
    ]
    for args, says in cases:
        out = arbiter(*args)
        assert out.returncode == 2, (args, out.stderr[-300:])
        assert says in out.stderr and out.stderr.count("\n") == 1, (args, out.stderr)
        assert out.stdout == "", out.stdout


def test_text_that_json_allows_is_read_as_json(tmp_path):
    """A UTF-8 byte order mark, U+2028 and U+0085 are not line ends: a trace with them is
    read as JSON (they used to be reported as "not JSON")."""
    lines, moves, position = game(5, plies=2)
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + ("\n".join(lines) + "\n").encode())
    out = arbiter("replay", "marble", str(path), "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert "position " + position in out.stdout.splitlines()
    for odd in ("\u2028", "\u0085"):
        path.write_bytes(('{"t": 0, "press": "ok%s"}\n' % odd).encode())
        out = arbiter("replay", "marble", str(path))
        assert out.returncode == 2 and "line 1: press names no button" in out.stderr, out.stderr


def _a_presses(tmp_path, squares):
    """A light-board trace where A presses ``squares``, one each 1.5 s (B's move comes
    in between)."""
    lines = []
    for k, name in enumerate(squares):
        lines += ['{"t": %d, "keys": "%s"}' % (1500 * k + 100, name),
                  '{"t": %d, "keys": ""}' % (1500 * k + 200)]
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def _moves(tmp_path, text):
    path = tmp_path / "b.txt"
    path.write_text(text)
    return path


def test_a_seat_played_elsewhere_from_a_file_of_moves(tmp_path):
    """The trace presses A's squares only; B's moves come from the file (a line PLY MOVE
    each, or as replay prints them): every move of the game is listed, and the result."""
    trace = _a_presses(tmp_path, ("a1", "b1", "c1", "d1"))
    path = _moves(tmp_path, "# B lights the top row\n2 L a7\nmove 4 L b7\n\n6 L c7\n")
    out = arbiter("replay", "light", trace, "--set", "morbak.confirm=off",
                  "--seat", "B=%s" % path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [x for x in lines if x.startswith("move ")] == [
        "move 1 L a1", "move 2 L a7", "move 3 L b1", "move 4 L b7", "move 5 L c1",
        "move 6 L c7", "move 7 L d1"]
    result = json.loads([x for x in lines if x.startswith("result ")][0][7:])
    assert (result["winner"], result["reason"]) == (0, "line"), result


def test_a_bad_file_of_moves_or_seat_is_exit_2_with_one_sentence(tmp_path):
    trace = _a_presses(tmp_path, ("a1", "b1"))
    cases = [("B", "2 L a7\nL b7\n",
              "the moves of seat B: line 2: a move is PLY MOVE (e.g. 12 e5)"),
             ("C", "2 L a7\n", "Morbak has seats A and B, not C"),
             ("B", "2 L a1\n", "the moves of seat B: move 2, L a1, is refused: a1 is not empty")]
    for letter, text, says in cases:
        seat = "%s=%s" % (letter, _moves(tmp_path, text))
        out = arbiter("replay", "light", trace, "--set", "morbak.confirm=off", "--seat", seat)
        assert out.returncode == 2, (seat, out.stderr[-300:])
        assert says in out.stderr and out.stderr.count("\n") == 1, (seat, out.stderr)
        assert "Traceback" not in out.stderr


def test_an_empty_trace_is_exit_2_with_one_sentence(tmp_path):
    """A trace with no line, or only blank ones, holds no reading: it used to replay a
    game nobody played and exit 0."""
    path = tmp_path / "empty.jsonl"
    for text in (b"", b"\n", b"\n  \n\r\n", b"\xef\xbb\xbf\n\n"):
        path.write_bytes(text)
        out = arbiter("replay", "light", str(path))
        assert out.returncode == 2, (text, out.stdout, out.stderr)
        assert out.stderr == "arbiter: the trace '%s' is empty: it holds no reading\n" % path
        assert out.stdout == ""
    path.write_text('\n\n{"t": 0, "keys": "zz"}\n')   # blank lines first still count
    out = arbiter("replay", "light", str(path))
    assert out.returncode == 2 and "line 3: keys names zz" in out.stderr, out.stderr
