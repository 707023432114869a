"""The terminal game (`arbiter play --terminal`): each game's board drawn and labelled,
its own help, case-insensitive input, resignation, Morbak's clocks, whole games
against the computer with scripted input, and no crash on any line typed."""
import os
import re
import subprocess
import sys
from importlib import import_module

from hypothesis import given, settings, strategies as st

from firmware.rules import Rng
from host_tools import terminal, terminal_game
from host_tools.terminal import fursaz, mabula, mano, masbrur, morbak


def run(lines, game=None, seed=1, clock=None):
    out = []
    feed = iter(lines)

    def read(prompt):
        out.append(prompt)
        try:
            line = next(feed)
        except StopIteration:
            raise EOFError
        out.append(line + "\n")
        return line
    kw = {"clock": clock} if clock else {}
    status = terminal_game.main(game, read=read, write=out.append, seed=seed, **kw)
    return status, "".join(out)


def played(engine, moves, seed=1, options=None):
    s = engine.new_game(options, seed)
    for m in moves:
        s = engine.play(s, m)
    return s


# ------------------------------------------------------------------ boards

def test_morbak_board_has_coordinates_key_last_move_and_labelled_status():
    s = played(morbak.ENGINE, ["L d4", "L e5", "S e5"])
    text = morbak.board(s, "S e5", None, "clocks A 14:30, B 15:00 · 2:00 a move")
    lines = text.split("\n")
    assert lines[0].split() == list("abcdefg") == lines[8].split()
    assert [l.split()[0] for l in lines[1:8]] == list("7654321")
    assert lines[3].split()[-1] == "5" and "[a]" in lines[3]   # e5: switched by A, marked
    assert "A" in lines[4] and "[" not in lines[4]              # d4: lit by A
    assert "a b switched by A / B" in text and "[ ] last move" in text
    assert lines[-1] == ("B to move · switches+blocks left A 6 B 7 · neutralizations left "
                         "A 1 B 1 · clocks A 14:30, B 15:00 · 2:00 a move")


def test_mabula_board_frames_the_field_and_marks_the_marble_moved():
    s = mabula.new_game(3)
    move = [m for m in mabula.ENGINE.legal_moves(s) if m[1] == "1"][2]   # up from rank 1
    s = mabula.ENGINE.play(s, move)
    text = mabula.board(s, move)
    lines = text.split("\n")
    assert lines[0].split() == list("abcdefgh") and lines[-3].split() == list("abcdefgh")
    dest = move.split("-")[1]
    row = [l for l in lines if l.strip().startswith(dest[1] + " ")][0]
    at = lines[0].index(dest[0])   # under its file letter
    assert row[at - 1:at + 2] == "[W]" and row.split()[-1] == dest[1]
    assert text.count("+-----------+") == 2 and "|" in row
    assert "Black to move · largest group: White 1, Black 0 · marbles left on the edge: 23" in text


def test_fursaz_board_is_a_hexagon_with_coordinates_stones_and_last_move():
    s = played(fursaz.ENGINE, ["e5", "swap", "e4", "d4"], options={"size": 5})
    text = fursaz.board(s, "d4")
    lines = text.split("\n")
    rows = {l.split()[0]: l for l in lines[:9]}
    assert sorted(rows) == list("abcdefghi")
    assert [len(re.findall(r"[.BW]", rows[r])) for r in "abcdefghi"] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    for letter, (first, end) in zip("abcdefghi", [(1, 5), (1, 6), (1, 7), (1, 8), (1, 9),
                                                  (2, 9), (3, 9), (4, 9), (5, 9)]):
        assert rows[letter].endswith("%s%d-%s%d" % (letter, first, letter, end))
    assert lines[9].split() == ["1", "2", "3", "4", "5"]
    # e5 was Black's first stone; the swap made its player Black; e4 White, d4 Black.
    points = {r: re.findall(r"[.BW]", rows[r]) for r in rows}   # left to right, from number 1 up
    assert points["d"] == list("...B....") and "[B]" in rows["d"]
    assert points["e"] == list("...WB....") and "[" not in rows["e"]
    assert not re.search(r"[BW]\d", text) and "seat" not in text
    assert "the centre is e5" in text
    assert "White to move · score (stones + territory) Black 2, White 1" in text
    assert "colours swapped" in text


def test_fursaz_players_are_black_and_white_across_the_swap():
    s = played(fursaz.ENGINE, ["g7"])
    assert (fursaz.player(s, 0), fursaz.player(s, 1)) == ("Black", "White")
    s = fursaz.ENGINE.play(s, "swap")
    assert (fursaz.player(s, 0), fursaz.player(s, 1)) == ("White", "Black")


def test_mano_shows_the_line_its_ends_the_viewers_tiles_and_counts():
    s = mano.new_game(1)
    lead = mano.ENGINE.legal_moves(s)[0]
    s = mano.ENGINE.play(s, lead)
    text = mano.board(s, lead, 0)
    assert "Hand 1 · match to 50 points · points: A 0, B 0" in text
    assert "Line: [%s]   (ends: left %s, right %s)" % (lead, lead[0], lead[2]) in text
    mine = mano.ENGINE.public_view(s, 0).split("h0=")[1].split(" h1=")[0]
    assert "A's tiles: " + mine in text
    assert "B holds 6 tiles (hidden)" in text and "Boneyard: 14 tiles" in text
    assert text.endswith("A to move")


def test_masbrur_shows_field_arsenals_hidden_wall_die_and_totals():
    s = masbrur.new_game(1)
    offerer = masbrur.ENGINE.to_move(s)
    s = masbrur.ENGINE.play(s, masbrur.parse(s, "auto"))
    s = masbrur.ENGINE.play(s, "C1")
    move = masbrur.parse(s, "w25,24 p62r1")
    assert move == "W24,25 P26R1"
    s = masbrur.ENGINE.play(s, move)
    mine = masbrur.board(s, move, offerer)
    theirs = masbrur.board(s, move, 1 - offerer)
    for text in (mine, theirs):
        assert [l.split()[1] for l in text.split("\n")
                if l.startswith("  row ")] == list("76543210")
        assert "  row 1  [1|2][2|6]   <- last push, on the right" in text
        assert "die 2 · totals: A 0, B 0" in text
    me = masbrur.PLAYERS[offerer]
    assert "%s's arsenal: 11 24 25 27 35 36 37 46 47 57 · wall: 24 25" % me in mine
    assert "%s's arsenal: 11 24 25 27 35 36 37 46 47 57 · wall of 2 tiles (hidden)" % me in theirs
    assert "<free>" not in mine + theirs


def test_masbrur_last_round_medals_and_community_score():
    s = masbrur.new_game(1)
    while masbrur.ENGINE.to_text(s).split("\n")[3].split()[1] == "1":
        ph = masbrur._view(s, None)["phase"]
        s = masbrur.ENGINE.play(s, masbrur.parse(s, "auto") if ph in masbrur.FREE_PHASES
                                else masbrur.ENGINE.legal_moves(s)[0])
    h0, h1, c, die = masbrur.ENGINE.last_round(s)
    text = masbrur.board(s, None, 0)
    assert ("Last round: medals A %s, B %s · community score %d · die %d"
            % (masbrur.half(h0), masbrur.half(h1), c, die)) in text
    assert masbrur.half(185) == "92½" and masbrur.half(4) == "2"


# ------------------------------------------------------------------ help

EXAMPLES = {"morbak": "'L d4'", "mabula": "'d1-d5'", "fursaz": "'e5'", "mano": "'L3-5'",
            "masbrur": "'O 02 03 04 05 06 13 14 15 16 17'"}


def test_each_game_help_shows_its_own_example_and_resignation():
    for game in terminal.GAMES:
        status, text = run(["", "help", "quit"], game)
        helped = text[text.rindex("> help"):]
        assert EXAMPLES[game] in helped, game
        for other, example in EXAMPLES.items():
            if other != game:
                assert example not in helped, (game, other)
        assert "'resign' (or 'flag') gives up: the other player wins by resignation" in helped


def test_masbrur_help_in_each_phase_gives_moves_of_the_position():
    s = masbrur.new_game(2)
    assert "'auto'" in masbrur.how_to(s)
    s = masbrur.ENGINE.play(s, masbrur.parse(s, "auto"))
    assert "'C1'" in masbrur.how_to(s)
    s = masbrur.ENGINE.play(s, "C2")
    text = masbrur.how_to(s)
    example = re.search(r"For example: '([^']+)'", text).group(1)
    assert example in masbrur.ENGINE.legal_moves(s) and "falls out" in text
    s = masbrur.ENGINE.play(s, "pass")
    s = masbrur.ENGINE.play(s, "pass")
    while masbrur._view(s, None)["phase"] == "combat_wall":
        text = masbrur.how_to(s)
        s = masbrur.ENGINE.play(s, re.search(r"e\.g\. '([^']+)'", text).group(1))
    text = masbrur.how_to(s)
    auto = re.search(r"Here 'auto' would be: '([^']+)'", text).group(1)
    assert masbrur.ENGINE.is_legal(s, auto) and "<free>" not in text


def test_play_help_lists_the_five_games(capsys):
    from host_tools import cli
    try:
        cli.main(["play", "--help"])
    except SystemExit:
        pass
    out = " ".join(capsys.readouterr().out.split())
    for game in ("morbak", "mabula", "fursaz", "mano", "masbrur"):
        assert game in out
    assert "Dominó Mano a Mano" in out and "'resign' gives up" in out


# ------------------------------------------------------------------ input

def test_input_is_case_insensitive():
    s = morbak.new_game(1)
    assert morbak.parse(s, "l d4") == morbak.parse(s, "D4") == morbak.parse(s, "Ld4") == "L d4"
    s = mabula.new_game(3)
    assert mabula.parse(s, "D1-D5") == "d1-d5"
    s = fursaz.new_game(0)
    assert fursaz.parse(s, "G7") == "g7" and fursaz.parse(s, "PASS") == "pass"
    s = mano.ENGINE.play(mano.new_game(1), "6-6")
    assert mano.parse(s, "l1-6") == "L1-6" and mano.parse(s, "r 6-1") == "R1-6"
    assert mano.parse(s, "DRAW") == "draw"
    s = masbrur.ENGINE.play(masbrur.new_game(1), masbrur.parse(masbrur.new_game(1), "AUTO"))
    assert masbrur.parse(s, "c1") == "C1"


def test_typed_lowercase_moves_play_through_the_terminal():
    status, text = run(["", "l d4", "E5", "d4", "quit"], "morbak")
    assert "A plays L d4" in text and "B plays L e5" in text and "A plays K d4" in text
    status, text = run(["", "e5", "SWAP", "quit"], "fursaz")
    assert "Black plays e5" in text and "White plays swap" in text


def test_rejected_move_is_explained_and_changes_nothing():
    status, text = run(["", "L d4", "L d4", "board", "quit"], "morbak")
    assert "Not accepted: d4 is not empty" in text
    assert text.count("A plays ") == 1 and "B to move" in text


def test_choose_by_number_and_play_mabula_to_the_end():
    s = mabula.new_game(5)
    moves = []
    while not mabula.ENGINE.is_over(s):
        m = mabula.ENGINE.legal_moves(s)[0]
        moves.append(m)
        s = mabula.ENGINE.play(s, m)
    status, text = run(["0", "x", "2", ""] + [m.upper() for m in moves], seed=5)
    assert "Please type a number" in text
    r = mabula.ENGINE.result(s)
    assert ("Largest groups: White %d, Black %d." % tuple(r["scores"])) in text
    assert "Result: " in text


def test_unknown_game_is_bad_input():
    status, text = run([], "chess")
    assert status == 2 and "Unknown game" in text


# ------------------------------------------------------------------ ends

def test_resign_and_flag_end_the_game_by_resignation():
    status, text = run(["", "d4", "resign"], "morbak")
    assert "B resigns." in text and "Result: A wins by resignation." in text
    status, text = run(["", "e5", "FLAG"], "fursaz")
    assert "White resigns." in text and "Result: Black wins by resignation." in text
    out = []
    feed = iter(["resign"])
    result = terminal_game.play("mano", mano, lambda p: next(feed), out.append, 1)
    resigned = mano.ENGINE.to_move(mano.new_game(1))
    assert result == {"winner": 1 - resigned, "reason": "resignation"}
    assert "Result: %s wins by resignation." % mano.PLAYERS[1 - resigned] in "".join(out)


def test_morbak_move_timeout_passes_the_turn_and_an_empty_clock_loses():
    now = [0.0]

    def clock():
        return now[0]
    lines = iter(["", "d4", "SLOW e5", "e5", "SLOW2 a1"])

    def read(prompt):
        line = next(lines)
        if line.startswith("SLOW2"):
            now[0] += 800   # B's clock: 15:00 less 121 s less this: run out
        elif line.startswith("SLOW"):
            now[0] += 121   # over the 2:00 a move
        else:
            now[0] += 5
        return line.split(" ", 1)[-1] if line.startswith("SLOW") else line
    out = []
    terminal_game.main("morbak", read=read, write=out.append, seed=1, clock=clock)
    text = "".join(out)
    assert "B took longer than 2:00: the turn passes (move timeout)." in text
    assert "A plays L e5" in text and "clocks A 14:50, B 12:59" in text
    assert "B's clock ran out." in text and "Result: A wins on time." in text


# ------------------------------------------------------------------ whole games

def moves_player(answers):
    """A read() that answers the opening questions from ``answers``, then plays by
    asking for 'moves' and typing the first one listed ('auto' where the moves
    cannot be listed). Moves are listed apart by ", ", two spaces or a new line."""
    out = []
    feed = iter(answers)
    asked = [None]
    reads = [0]

    def read(prompt):
        out.append(prompt)
        reads[0] += 1
        if reads[0] > 3000:   # a game that does not move on ends the test, unfinished
            raise EOFError
        try:
            return next(feed)
        except StopIteration:
            pass
        if asked[0] is None:
            asked[0] = len(out)
            return "moves"
        listing = "".join(out[asked[0]:]).rsplit("\n", 1)[0]
        asked[0] = None
        if "Too many to list" in listing:
            return "auto"
        return re.split(r", |  |\n", listing)[0]
    return read, out


def test_a_whole_game_of_each_against_the_computer():
    for game in terminal.GAMES:
        for side in (1, 2):
            read, out = moves_player(["%d %d" % (side, side)])
            status = terminal_game.main(game, read=read, write=out.append, seed=3)
            text = "".join(out)
            v = terminal.view(game)
            assert status == 0
            assert "The computer plays %s at level %d" % (v.PLAYERS[side - 1], side) in text
            assert "Computer (" in text and "Result: " in text, (game, side)
            assert "Game left unfinished" not in text and "Not accepted" not in text, (game, side)
            assert "<free>" not in text and "seat " not in text


def test_computer_game_is_the_same_for_the_same_seed():
    texts = []
    for _ in range(2):
        read, out = moves_player(["2 3"])
        terminal_game.main("mano", read=read, write=out.append, seed=11)
        texts.append("".join(out))
    assert texts[0] == texts[1] and "Computer (B) plays" in texts[0]


def test_mano_against_the_computer_shows_only_the_human_hand():
    read, out = moves_player(["2 1"])
    terminal_game.main("mano", read=read, write=out.append, seed=4)
    text = "".join(out)
    assert "A's tiles: " in text and "B's tiles" not in text
    assert "B holds " in text


def test_masbrur_against_the_computer_keeps_its_wall_secret():
    read, out = moves_player(["1 1"])
    terminal_game.main("masbrur", read=read, write=out.append, seed=2)
    text = "".join(out)
    for line in text.split("\n"):
        if line.startswith("Computer (A) plays") and "wall" in line:
            assert not re.search(r"W\d\d,\d\d", line), line
    assert "<free>" not in text


def test_opponent_prompt_rejects_bad_answers():
    status, text = run(["3 3", "1 9", "one", "black 2", "b 2", "quit"], "morbak")
    assert status == 0
    assert text.count("Type a side (1 or 2) and a level") == 4
    assert "The computer plays B at level 2; you play A" in text
    status, text = run(["white 2", "quit"], "fursaz")
    assert "The computer plays White (second player, may swap colours) at level 2" in text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(terminal.GAMES), st.lists(st.text(max_size=12), max_size=15),
       st.integers(0, 1000))
def test_never_crashes_on_any_line(game, junk, seed):
    # Junk mixed with real moves: every line gets an answer, the loop ends on EOF.
    engine = import_module("firmware.rules." + game)
    s = engine.new_game(None, seed)
    rng = Rng(seed)
    lines = []
    for j in junk:
        lines.append(j.replace("\n", " ").replace("\r", " "))
        moves = engine.legal_moves(s)
        if moves:
            m = moves[rng.below(len(moves))]
            if game == "masbrur" and m == engine.FREE:
                m = engine.auto_move(s)
            lines.append(m)
            s = engine.play(s, m)
    words = terminal_game.QUIT + terminal_game.RESIGN
    status, _ = run([""] + [l for l in lines if l.strip().lower() not in words], game, seed)
    assert status == 0


def test_morbak_game_to_a_win_with_bare_squares():
    status, text = run(["", "a1", "g7", "b2", "g6", "c3", "g5", "d4"], "morbak")
    assert status == 0
    assert "game over: four in a row a1 b2 c3 d4" in text
    assert "Result: A wins with four in a row." in text


def test_play_terminal_takes_the_game_name_in_any_case(monkeypatch, capsys):
    from host_tools import cli

    def no_more(prompt=""):
        raise EOFError
    monkeypatch.setattr("builtins.input", no_more)
    assert cli.main(["play", "--terminal", "MaBuLa"]) == 0
    assert capsys.readouterr().out.startswith("Mabula\nOpponent:")


def test_masbrur_free_setup_keeps_the_seed_in_the_order_typed():
    s = masbrur.ENGINE.new_game({"setup": "free"}, 1)
    assert masbrur.parse(s, "s53") == "S53"
    s = masbrur.ENGINE.play(s, "S53")
    assert "row 0     [5|3]    (the seed: match its left or right end)" in masbrur.board(s, "S53")
    assert masbrur.hint(s).startswith("Legal: M") and " | " in masbrur.hint(s)


def test_masbrur_moves_are_told_without_their_secrets():
    s = masbrur.new_game(1)
    s = masbrur.ENGINE.play(s, masbrur.parse(s, "auto"))
    s = masbrur.ENGINE.play(s, "C1")
    assert masbrur.told(s, "W24,25 P26R1+A") == "a push, P26R1, then attacks (its wall is secret)"
    s = masbrur.ENGINE.play(s, "pass")
    s = masbrur.ENGINE.play(s, "pass")
    assert "secret" in masbrur.told(s, masbrur.ENGINE.legal_moves(s)[0])       # a wall
    while masbrur._view(s, None)["phase"] == "combat_wall":
        s = masbrur.ENGINE.play(s, masbrur.ENGINE.legal_moves(s)[0])
    first = masbrur.parse(s, "auto")
    assert masbrur.told(s, first) == "its formations (sealed until the other player has chosen)"
    s = masbrur.ENGINE.play(s, first)
    second = masbrur.parse(s, "auto")
    assert masbrur.told(s, second) == second   # both are shown once the second is chosen


def test_a_huge_line_is_refused_without_being_echoed_whole():
    """Issue 22: a rejected 100 KB line was echoed in full; 5,000 digits for the game
    number or the level were not even refused (int() has a limit)."""
    feed = iter(["9" * 5000, "1", "2 " + "3" * 5000, "", "L d4 " + "x" * 100000, "L d4", "quit"])
    written = []

    def read(prompt):
        written.append(prompt)
        return next(feed)
    terminal_game.main(None, read=read, write=written.append, seed=1)
    text = "".join(written)   # what the game wrote, the lines typed aside
    assert len(text) < 5000, len(text)
    assert "Please type a number from 1 to" in text and "Type a side (1 or 2)" in text
    assert "Not accepted" in text and "A plays L d4" in text


def test_a_line_typed_that_is_not_utf8_is_a_move_refused(tmp_path):
    """A Latin-1 terminal or a file piped in: its bad bytes make a move that is refused,
    never a traceback (a UTF-8 desktop reads standard input strictly: PYTHONIOENCODING)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    r = subprocess.run([sys.executable, "-m", "host_tools", "play", "--terminal", "mabula"],
                       input=b"\n\xe9t\xe9\nd1-d2\n", capture_output=True, cwd=root, env=env,
                       timeout=60)
    out = r.stdout.decode()
    assert r.returncode == 0 and r.stderr == b"", r.stderr.decode()
    assert "Not accepted: '\ufffdt\ufffd' is not a move" in out, out
    assert "Game left unfinished." in out
