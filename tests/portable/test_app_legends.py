"""Every board explains itself as the light board does: its menus by titles (never a
setting's key), one colour for one meaning; in a game, a line for every lit cell in its
colour (tan = White, purple = Black, red = a marble to take off, ...) and every button
with what it does there; at the end, what PASS and OK do; the cells by name."""
import re

from board_kit import KINDS, AnyBoard
from check import eq
from legend_kit import check, watch

from firmware.rules import fursaz, mabula

_KEY = re.compile("[a-z]+[.][a-z_]+|[a-z]=[a-z]")   # a setting's key, or key=value


def _texts(legend):
    return [line[2] for line in legend["cells"]] + [t for _k, t in legend["keys"]]


def test_menus_say_titles_and_give_each_colour_one_meaning():
    for kind in KINDS:
        b = AnyBoard(kind, "menu-words-" + kind)
        st = check(b.app)
        board = b.app.board
        meaning = {}
        picks = [p[0] for p in b.app.screen.picks]
        for cells, colour, text in [line[:3] for line in st["legend"]["cells"]]:
            what = "a game" if cells[0] in picks else text
            eq(meaning.setdefault(tuple(colour), what), what,
               "%s menu: one colour, one meaning" % kind)
        for k in range(len(board.ITEMS)):
            b.open_item(k)
            for text in _texts(check(b.app)["legend"]) + [b.status()["message"]]:
                assert not _KEY.search(text), (kind, text)
            b.press("menu")
        for text in _texts(b.status()["legend"]) + [b.status()["message"]]:
            assert not _KEY.search(text), (kind, text)


def test_the_tile_board_menu_names_its_games():
    b = AnyBoard("tile", "tile-menu-words")
    texts = {c[0][0]: c[2] for c in b.status()["legend"]["cells"]}
    eq(texts[5], "Dominó Mano a Mano - chosen")
    eq(texts[6], "Masbrur")
    eq(texts[21], "Masbrur: the board's strength, 1-5: now 1")
    eq(texts[23], "Dominó Mano a Mano: the board's strength, 1-5: now 3")
    says = b.status()["message"]
    assert says.startswith("menu: start is selected (blinking)"), says


def test_the_marble_board_explains_a_whole_game():
    b = watch(AnyBoard("marble", "marble-words"))
    b.press("ok")
    texts = _texts(b.status()["legend"])
    want = "tan, White's marble goes here (dim: it is there; bright, blinking: missing)"
    assert want in texts, texts
    assert b.status()["message"] == "setup: put a marble on every lit edge space (24 to put)"
    s = b.app.play.session.state
    b.step([("frame", bytes(mabula.occupancy(s)))])
    assert b.status()["message"].startswith("White to move"), b.status()["message"]
    while not mabula.is_over(s):
        m = mabula.legal_moves(s)[-1]
        s = mabula.play(s, m)
        if m != "pass":
            b.step([("frame", bytes(mabula.occupancy(s)))])
    keys = dict(b.status()["legend"]["keys"])
    eq((keys["PASS"], keys["OK"]), ("the scores as bars", "the menu"), "what the buttons do")
    assert "hold MENU" not in keys
    b.wait(6000)                                    # the result's note, then the screen's sentence
    says = b.status()["message"]
    assert says.endswith("; PASS: the scores, OK: the menu"), says
    b.press("pass")
    texts = _texts(b.status()["legend"])
    sc = mabula.result(s)["scores"]
    assert "White's score: %d (a space a point, from b1 on)" % sc[0] in texts, texts


def test_the_stone_board_explains_a_whole_game_and_names_its_points():
    b = watch(AnyBoard("stone", "stone-words"))
    names = b.status()["names"]
    eq((names[30], names[7]), ("e5", "b3"), "start on e5, the level on b3 (docs/boards/stone.md)")
    b.press("ok")
    s = fursaz.new_game({"size": 5}, 0)
    points = b.app.play.points
    k = 0
    while not fursaz.is_over(s):
        legal = fursaz.legal_moves(s)
        m = legal[(7 * k) % len(legal)] if k < 30 else "pass"
        k += 1
        if m in ("pass", "swap"):
            b.press(m)
            s = fursaz.play(s, m)
            continue
        res = fursaz.resolution(s, m)
        placed = dict(fursaz.board(s))
        placed[m] = res["colour"]
        b.step([("frame", bytes([".BW".find(placed.get(p, ".")) for p in points]))])
        if res["net"]:
            texts = _texts(b.status()["legend"])
            asks = ("blue: turn this stone over to Black", "tan: turn this stone over to White")
            assert [t for t in texts if t.startswith(asks)], texts
        s = fursaz.play(s, m)
        b.step([("frame", bytes([".BW".find(fursaz.board(s).get(p, ".")) for p in points]))])
    keys = dict(b.status()["legend"]["keys"])
    eq((keys["PASS"], keys["OK"]), ("the scores as bars", "the menu"))
    b.press("pass")
    res = fursaz.result(s)
    texts = _texts(b.status()["legend"])
    assert "Black's score: %d" % res["scores"][0] in texts, texts


def test_the_tile_board_explains_a_hand_of_mano_a_mano():
    from test_app_tile import Tiles, play
    from tile_kit import hands
    _lines, moves, _table, _o = hands(1)
    b = watch(Tiles(target=5))
    texts = _texts(check(b.app)["legend"])
    assert "blinking: S, where the lead goes" in texts, texts
    keys = dict(check(b.app)["legend"]["keys"])
    eq((keys["LEFT"], keys["RIGHT"]), ("seat A leads", "seat B leads"))
    play(b, moves)
    assert check(b.app)["message"].startswith("hand 1: B wins 9 (domino)"), "the hand, for a while"
    b.wait(6000)
    assert check(b.app)["message"].startswith("B wins 9-0"), check(b.app)["message"]
    texts = _texts(check(b.app)["legend"])
    assert "B's score: 9 of 5 (rows 4-7 of the field)" in texts, texts


def test_the_tile_board_explains_a_round_of_masbrur():
    from test_app_masbrur import Masbrur, _play_round
    b = watch(Masbrur(), 40)
    keys = dict(check(b.app)["legend"]["keys"])
    eq(keys["OK"], "offer the tiles shown as group 1")
    _play_round(b, 3)
    texts = _texts(check(b.app)["legend"])
    assert [t for t in texts if t.startswith("L7-L13: A's total so far")], texts


def test_values_are_words_not_codes():
    b = AnyBoard("tile", "value-words")
    texts = {c[0][0]: c[2] for c in b.status()["legend"]["cells"]}
    eq(texts[15], "a locked line: the hand ends at once, or after both have passed: now at once")
    eq(texts[17], "who leads after the first hand: the highest double, or the winner: "
                  "now the highest double")
    eq(texts[14], "points that win the match (a position = 5; none lit: the rules' 50): "
                  "now 50 (the rules')")    # an option left to the rules: their value
    b = AnyBoard("marble", "value-words-marble")
    texts = {c[0][0]: c[2] for c in b.status()["legend"]["cells"]}
    eq(texts[0], "who moves first: now White")
    eq(texts[6], "the colour the board plays (or nobody: off): now off (nobody)")
