"""Playing against the board (issue 16 on the boards): the board's seat thinks through
firmware.ai and plays (light board) or shows its move for a person to carry out and
accepts only that (marble and stone boards)."""
from check import eq
import test_app_marble as marble_kit
import test_app_stone as stone_kit
from test_app_kit import MENU, Board

from firmware import ai
from firmware.app import settings
from firmware.rules import fursaz, mabula, morbak


def _set(app, key, value):
    app.cfg[key] = value
    settings.save(app.storage, app.cfg)


def test_the_light_board_plays_its_seat():
    b = Board("vs-light", {"morbak.opponent": "B", "morbak.level": 1, "morbak.confirm": False})
    b.start()
    b.press("d4")
    st = b.status()
    eq(st["moves"], ["L d4"], "A's move; the board waits a moment")
    b.wait(800)
    s = morbak.play(morbak.new_game(st["options"], 0), "L d4")
    eq(b.status()["moves"], ["L d4", ai.choose("morbak", s, 1, 1)], "then plays B's move")
    eq(b.status()["to_move"], 0, "A to move again")
    b.press("e5" if "L e5" not in b.status()["moves"] else "c3")
    eq(b.status()["to_move"], 1, "then B, the board")
    b.press(MENU)                                   # A reads the budgets and clocks
    b.wait(800)
    st = b.status()
    eq((len(st["moves"]), st["screen"]), (4, "status"), "the board moves all the same; the view stays")


def test_the_marble_board_shows_its_push_and_takes_only_that():
    b = marble_kit.Marble()
    _set(b.app, "mabula.opponent", "B")
    _set(b.app, "mabula.level", 1)
    b.press(marble_kit.OK)
    s = b.state()
    b.frame(mabula.occupancy(s))
    m1 = mabula.legal_moves(s)[0]
    s = mabula.play(s, m1)
    b.frame(mabula.occupancy(s))
    want = ai.choose("mabula", s, 1, b.app.play.session.rec["seed"] + 1)
    assert want in b.status()["message"], b.status()["message"]
    other = [m for m in mabula.legal_moves(s) if m != want][0]
    b.frame(mabula.occupancy(mabula.play(s, other)))
    eq(b.status()["moves"], [m1], "another push is not the board's")
    assert b.status()["wrong"], "it is lit to be put right"
    b.frame(mabula.occupancy(s))
    b.frame(mabula.occupancy(mabula.play(s, want)))
    eq(b.status()["moves"], [m1, want], "the board's push, carried out")


def test_the_stone_board_places_where_it_says():
    b = stone_kit.Stone()
    _set(b.app, "fursaz.opponent", "B")
    _set(b.app, "fursaz.level", 1)
    b.press(stone_kit.OK)
    s = fursaz.play(fursaz.new_game({"size": 5}, 0), "e5")
    b.show(s)
    b.wait(800)
    want = ai.choose("fursaz", s, 1, 1)
    st = b.status()
    if want == "swap":
        eq(st["moves"], ["e5", "swap"], "the board swapped")
        return
    assert want in st["message"], st["message"]
    other = [p for p in fursaz.legal_moves(s) if p not in ("pass", "swap", want)][0]
    bad = fursaz.board(s)
    bad[other] = "W"
    pts = b.app.play.points
    b.step([("frame", bytes([".BW".find(bad.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"], ["e5"], "a stone elsewhere is refused")
    b.show(s)
    good = fursaz.board(s)
    good[want] = "W"
    b.step([("frame", bytes([".BW".find(good.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"], ["e5", want], "the board's placement")
