"""`arbiter games` shows how a game ended by the players (resignation, agreed draw) and
its place in a match, from records the board's app wrote."""
from host_tools.commands import games as games_cmd
from test_app_kit import MENU, OK, Board


def test_resignation_draw_and_match_in_the_move_list():
    b = Board("cli-match", {"morbak.match_games": 2, "morbak.confirm": False})
    b.start()
    b.press("d4")
    b.long(MENU)
    for key in ("f4", OK, "b4", OK):                # pause, end, A resigns
        b.press(key)
    b.press(OK)                                     # the score; OK: game 2, A starts
    b.press(OK)
    b.press("c3")
    b.long(MENU)
    for key in ("f4", OK, "d4", OK):                # a draw agreed
        b.press(key)
    first = games_cmd.move_list(b.storage.read_json("games/00001.json"))
    second = games_cmd.move_list(b.storage.read_json("games/00002.json"))
    assert ("result: B wins 0-1 (resignation)\n"
            "match: game 1; before it A 0, B 0, draws 0\n") in first
    assert "result: draw (agreement)\nmatch: game 2; before it A 0, B 1, draws 0\n" in second
    assert "  1. A L c3" in second
