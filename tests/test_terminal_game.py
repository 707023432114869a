"""The terminal hot-seat game: plays whole games, explains rejected input, never crashes."""
from hypothesis import given, settings, strategies as st

from firmware.rules import Rng
from host_tools import terminal_game


def run(lines, game=None, seed=1):
    out = []
    feed = iter(lines)

    def read(prompt):
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError
    status = terminal_game.main(game, read=read, write=out.append, seed=seed)
    return status, "".join(out)


def test_morbak_game_to_a_win_with_bare_squares():
    status, text = run(["", "a1", "g7", "b2", "g6", "c3", "g5", "d4"], "morbak")
    assert status == 0
    assert "A wins (line)" in text


def test_rejected_move_is_explained_and_changes_nothing():
    status, text = run(["", "L d4", "L d4", "board", "quit"], "morbak")
    assert "Not accepted: d4 is not empty" in text
    assert text.count("Played") == 1


def test_choose_by_number_and_play_mabula_to_the_end():
    from firmware.rules import mabula
    s = mabula.new_game(None, 5)
    moves = []
    while not mabula.is_over(s):
        m = mabula.legal_moves(s)[0]
        moves.append(m)
        s = mabula.play(s, m)
    status, text = run(["0", "x", "2", ""] + moves, seed=5)
    assert "Please type a number" in text
    assert ("wins" in text or "Draw" in text) and "Scores" in text


def test_unknown_game_is_bad_input():
    status, text = run([], "chess")
    assert status == 2 and "Unknown game" in text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([g for g, _ in terminal_game.GAMES]),
       st.lists(st.text(max_size=12), max_size=15), st.integers(0, 1000))
def test_never_crashes_on_any_line(game, junk, seed):
    # Junk mixed with real moves: every line gets an answer, the loop ends on EOF.
    from importlib import import_module
    engine = import_module("firmware.rules." + game)
    s = engine.new_game(None, seed)
    rng = Rng(seed)
    lines = []
    for j in junk:
        lines.append(j.replace("\n", " ").replace("\r", " "))
        moves = engine.legal_moves(s)
        if moves and j not in ("quit", "q", "exit"):
            m = moves[rng.below(len(moves))]
            lines.append(m)
            s = engine.play(s, m)
    status, _ = run([""] + [l for l in lines if l.strip() not in ("quit", "q", "exit")], game, seed)
    assert status == 0


def first_legal_player(answers):
    """A read() that answers the opponent prompt from ``answers``, then always
    types the first move of the last 'Legal:' list written."""
    out = []
    feed = iter(answers)

    def read(prompt):
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            pass
        text = "".join(out)
        # Moves are listed ", "-separated (a Masbrur wall has a bare comma).
        return text[text.rindex("Legal: ") + 7:].split("\n")[0].split(", ")[0].strip()
    return read, out


def test_against_the_computer_every_game_and_seat_to_the_end():
    for game, _ in terminal_game.GAMES:
        for seat in (0, 1):
            read, out = first_legal_player(["%d %d" % (seat, 2 + seat)])
            status = terminal_game.main(game, read=read, write=out.append, seed=3)
            text = "".join(out)
            assert status == 0
            assert "The computer plays %s at level %d" % (terminal_game.SEATS[game][seat], 2 + seat) in text
            assert "Computer (%s) plays" % terminal_game.SEATS[game][seat] in text
            assert ("wins" in text or "Draw" in text) and "Scores" in text, (game, seat)


def test_computer_game_is_the_same_for_the_same_seed():
    texts = []
    for _ in range(2):
        read, out = first_legal_player(["1 3"])
        terminal_game.main("mano", read=read, write=out.append, seed=11)
        texts.append("".join(out))
    assert texts[0] == texts[1] and "Computer (seat 1) plays" in texts[0]


def test_mano_against_the_computer_shows_only_the_human_hand():
    read, out = first_legal_player(["1 1"])
    terminal_game.main("mano", read=read, write=out.append, seed=4)
    text = "".join(out)
    # The human is seat 0: its own tiles are listed, seat 1's hand is a count.
    for line in text.split("\n"):
        if line.startswith("hand=") and "move=" in line:
            h1 = line.split(" h1=")[1].split(" ")[0]
            assert h1.isdigit(), line


def test_opponent_prompt_rejects_bad_answers():
    status, text = run(["2 3", "1 9", "one", "1 2", "quit"], "morbak")
    assert status == 0
    assert text.count("Type a seat (0 or 1) and a level") == 3
    assert "The computer plays B at level 2" in text
