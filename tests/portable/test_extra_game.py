"""A sixth game joins through the catalogue alone (firmware/catalogue.py): noughts and
crosses - its engine (noughts_rules.py), its controllers (noughts_light.py, noughts_marble.py)
and its words (noughts_words.py), all kept here under tests/, and one row - is offered by the
light board's menu, played to its end, recorded and explained, without a firmware file
edited. The same row offers it on a second board kind, the marble board (none of our five
games fits another kind: Morbak needs a key under each lit square, Mabula the edge spaces
of an 8x8 board with presence sensors, Fursaz a hexagon of colour sensors, and the
dominoes a tile reader's contacts)."""
from check import eq
from sensor_kit import SensorBoard
from test_app_kit import OK, Board, sq

from firmware import catalogue
from firmware.app.core import records

ROW = ("noughts", "Noughts and crosses", "noughts_rules", None, None,
       (("light", "noughts_light", "noughts_words"),
        ("marble", "noughts_marble", "noughts_words")))
MARBLE = {"name": "marble-test", "kind": "marble", "mcu": "rp2040",
          "leds": {"count": 60}, "buttons": {"menu": 10, "ok": 11, "pass": 12}}
# X takes the bottom row: a1, b1 (O: a2, b2), c1.
GAME = ("a1", "a2", "b1", "b2", "c1")


def _joined(test):
    catalogue.add(ROW)
    try:
        test()
    finally:
        catalogue.remove("noughts")


def _light_game():
    b = Board("noughts")
    menu = b.status()
    picks = [c for c in menu["legend"]["cells"] if c[2].startswith("Noughts and crosses")]
    eq([p[0] for p in picks], [[sq("c7")]], "the menu offers it on c7, titled from its row")
    b.press("c7")
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["game"]), ("game", "noughts"), "OK starts it")
    b.wait(5000)                                    # the note said at the start goes
    eq(b.status()["message"], "X to move: press an empty square", "its words")
    b.press("a7")                                   # off the 3x3: nothing happens
    eq(b.status()["moves"], [], "a press off its squares is no move")
    for m in GAME:
        b.press("cde"[ord(m[0]) - 97] + str(int(m[1]) + 2))   # a1 is c3 on the board
    st = b.status()
    eq(st["moves"], list(GAME), "every press a move")
    eq((st["result"]["winner"], st["outcome"]), (0, "X wins (line)"), "X's row wins")
    rec = b.app.storage.read_json(records.game_path(st["id"]))
    eq((rec["game"], rec["moves"], rec["ended"]), ("noughts", list(GAME), "win"), "recorded")
    eq(records.problem(rec), None, "a record the board can read back")
    b.press(OK)
    eq(b.status()["screen"], "menu", "OK: the menu again")


def test_a_sixth_game_is_offered_played_recorded_and_explained_on_the_light_board():
    _joined(_light_game)


def _marble_game():
    b = SensorBoard(MARBLE, "noughts-marble")
    app = b.app
    app.cfg["game"] = "noughts"                    # one game more: the menu's picks show it
    picks = [p[2] for p in app.screen.picks]
    eq(picks, [(("game", "mabula"),), (("game", "noughts"),)], "two games: two picks")
    b.press(app.keys["ok"])                        # the selection starts on start: OK
    eq(app.status()["game"], "noughts", "started")
    from noughts_marble import CELLS
    occ = bytearray(60)
    for m in GAME:
        occ[CELLS[("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3").index(m)]] = 1
        b.frame(occ)
    eq(app.status()["moves"], list(GAME), "a marble on a square is the mover's mark")
    eq(app.status()["result"]["winner"], 0, "X wins")


def test_the_same_row_offers_it_on_a_second_board_kind():
    _joined(_marble_game)
