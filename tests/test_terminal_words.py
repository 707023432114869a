"""The terminal's words: Fursaz says which stones a placement turned over; counts are
written with the right plural; Mano a Mano and Masbrur name the seats A and B, as the
boards and docs/README.md do."""
from firmware.rules import fursaz as engine
from host_tools.terminal import fursaz, mano
from tests.test_terminal_game import run

# A size-7 game (the terminal's) whose next placement, d2, turns d5 over.
BEFORE_D2 = ["a1", "b8", "d5", "e9", "f12", "h2", "i5", "j9", "l6", "m13", "c1", "d8", "f3"]


def test_fursaz_says_which_stones_a_placement_turns_over():
    s = engine.new_game(None, 1)
    for m in BEFORE_D2:
        s = engine.play(s, m)
    assert fursaz.told(s, "d2") == "d2, turning over d5"
    assert fursaz.told(s, "a2") == "a2 (no stone turns over)"
    status, text = run(["3", ""] + BEFORE_D2 + ["d2", "quit"], seed=1)
    assert "White plays d2, turning over d5\n" in text, text[-600:]


def test_mano_names_the_seats_a_and_b_and_counts_one_tile_as_one():
    s = mano.new_game(3)                 # drawing whenever it may, the boneyard runs down to 1
    while int(mano.ENGINE.public_view(s, None).split("bone=")[1].split()[0]) > 1:
        moves = mano.ENGINE.legal_moves(s)
        s = mano.ENGINE.play(s, "draw" if "draw" in moves else moves[-1])
    text = mano.board(s, None, 0)
    assert "Boneyard: 1 tile\n" in text, text
    assert "points: A 0, B 0" in text and "Player" not in text, text
