"""Matches on the light board (settings morbak.match_games / morbak.match_wins): the
score between games, the next game to the loser (after a draw, to the player who did
not start), the match in every record, the end of the match."""
from check import eq
from test_app_kit import MENU, OK, Board

from firmware.app.core import render

LINE = ("a1", "g7", "b2", "g6", "c3", "g5", "d4")   # the first player wins on a1-d4


def _end(b, cell):
    """From the game: pause, end, then the end screen's ``cell`` (b4 A resigns, d4 draw,
    f4 B resigns)."""
    b.long(MENU)
    b.press("f4")
    b.press(OK)
    b.press(cell)
    b.press(OK)


def test_a_match_first_to_two_wins():
    b = Board("match", {"morbak.match_wins": 2, "morbak.confirm": False})
    b.start()
    for name in LINE:
        b.press(name)
    st = b.status()
    eq((st["result"]["winner"], st["match"]["game"], st["match"]["score"]), (0, 1, [1, 0, 0]),
       "the score as it stands")
    b.press(OK)
    st = b.status()
    eq(st["screen"], "match", "the score between games")
    eq(st["message"],
       "match after game 1: A 1, B 0, draws 0; OK = next game (B starts), MENU = leave the match")
    eq(b.pixel("a1"), render.PLAYER[0], "A's win on the bottom row")
    eq([b.pixel(s) for s in ("a7", "b1")], [render.OFF, render.OFF])
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["to_move"], st["id"]), ("game", 1, 2), "game 2: the loser B starts")
    eq(st["match"], {"game": 2, "games": None, "wins": 2, "score": [1, 0, 0], "first": 1})
    b.press("d4")
    _end(b, "d4")                                   # a draw agreed
    b.press(OK)
    eq(b.status()["message"].split("; ")[1], "OK = next game (A starts), MENU = leave the match",
       "after a draw the player who did not start begins")
    eq(b.pixel("a4"), render.WHITE, "the draw on the middle row")
    b.press(OK)
    st = b.status()
    eq((st["to_move"], st["match"]["score"], st["match"]["game"]), (0, [1, 0, 1], 3))
    b.press("a1")
    _end(b, "f4")                                   # B resigns: A's second win
    b.press(OK)
    st = b.status()
    eq(st["screen"], "match")
    assert st["message"].endswith("A wins the match; OK = menu"), st["message"]
    b.press(OK)
    eq(b.status()["screen"], "menu", "the match is over")
    recs = [b.storage.read_json("games/%05d.json" % i) for i in (1, 2, 3)]
    eq([r["match"]["score"] for r in recs], [[0, 0, 0], [1, 0, 0], [1, 0, 1]],
       "the score before each game")
    eq([r["options"].get("first", 0) for r in recs], [0, 1, 0])
    eq([r["ended"] for r in recs], ["win", "agreement", "resignation"])


def test_a_match_of_two_games_and_leaving_it():
    b = Board("match2", {"morbak.match_games": 2, "morbak.confirm": False})
    b.start()
    b.press("c3")
    _end(b, "b4")                                   # A resigns: B wins game 1
    b.press(OK)
    eq(b.status()["message"].split("; ")[1], "OK = next game (A starts), MENU = leave the match")
    b.press(MENU)
    eq(b.status()["screen"], "menu", "MENU leaves the match")
    b.start()
    st = b.status()
    eq((st["match"]["game"], st["match"]["score"], st["to_move"]), (1, [0, 0, 0], 0),
       "a new match")


def test_single_games_have_no_match():
    b = Board("single", {"morbak.confirm": False})
    b.start()
    eq(b.status()["match"], None)
    for name in LINE:
        b.press(name)
    b.press(OK)
    eq(b.status()["screen"], "menu")
    assert "match" not in b.storage.read_json("games/00001.json")


def test_a_power_cut_between_games_keeps_the_match():
    b = Board("match-cut", {"morbak.match_games": 3, "morbak.confirm": False})
    b.start()
    for name in LINE:
        b.press(name)                               # A wins game 1
    b = b.reboot()                                  # the power goes before OK
    st = b.status()
    eq(st["screen"], "match", "the score again at power-up")
    eq(st["message"],
       "match after game 1: A 1, B 0, draws 0; OK = next game (B starts), MENU = leave the match")
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["to_move"], st["match"]["game"], st["match"]["score"]),
       ("game", 1, 2, [1, 0, 0]))
    b = b.reboot()                                  # a game in progress is resumed as before
    eq(b.status()["screen"], "resume")


def test_a_finished_or_damaged_match_is_not_offered_again():
    b = Board("match-done", {"morbak.match_games": 1, "morbak.confirm": False})
    b.start()
    for name in LINE:
        b.press(name)
    eq(b.reboot().status()["screen"], "menu", "a match of one game is over")
    rec = b.storage.read_json("games/00001.json")
    rec["match"]["games"] = 3
    rec["match"]["first"] = "A"                     # not a seat: the record is not trusted
    b.storage.write_json("games/00001.json", rec)
    eq(b.reboot().status()["screen"], "menu")
    rec["match"]["first"] = 0
    b.storage.write_json("games/00001.json", rec)
    b = b.reboot()
    eq(b.status()["screen"], "match", "repaired: offered")
    b.press(MENU)
    eq(b.status()["screen"], "menu", "MENU leaves it")
    import sys
    eq([m for m in ("firmware.app.games.morbak_light", "firmware.app.core.screens")
        if m in sys.modules], [],
       "the game's code left with it")
