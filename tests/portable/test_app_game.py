"""Morbak on the scripted light board: a game to a win, a draw through a forced pass,
the square renderings, the confirm step, undo, the status view and the pause menu."""
from check import eq

from firmware.app.core import render
from firmware.rules import morbak
from test_app_kit import MENU, OK, Board, has, sq

MKV3 = ["a1", "g7", "b2", "g6", "c3", "g5", "d4"]  # docs/rules/morbak.md#mkv-3: A wins on a1-d4
# Lite, budget 1: A switches a2 early, the board fills without a line, A (no budget
# left) must pass, B switches a1, and then neither can act: a draw.
FILL = ["L a1", "L a2", "S a2", "L a4", "L a3", "L a6", "L a5", "L b2", "L a7", "L b4",
        "L b1", "L b6", "L b3", "L c1", "L b5", "L c3", "L b7", "L c5", "L c2", "L c7",
        "L c4", "L d1", "L c6", "L d3", "L d2", "L d5", "L d4", "L d7", "L d6", "L e2",
        "L e1", "L e4", "L e3", "L e6", "L e5", "L f2", "L e7", "L f4", "L f1", "L f6",
        "L f3", "L g1", "L f5", "L g3", "L f7", "L g5", "L g2", "L g7", "L g4", "L g6"]


def test_game_to_a_win():
    b = Board("win")
    eq(b.status()["screen"], "menu", "after the self-test")
    b.start()
    eq(b.status()["screen"], "game")
    b.tones()
    for name in MKV3:
        b.move(name)
    st = b.status()
    eq(st["moves"], ["L " + n for n in MKV3], "moves")
    eq(st["result"], {"winner": 0, "scores": [1, 0], "reason": "line"}, "result")
    assert has(b.tones(), render.WIN)
    line = [sq(n) for n in ("a1", "b2", "c3", "d4")]
    # The four squares blink white (phase 0-249 ms of each 500 ms), the rest is steady.
    b.t = (b.t // 500 + 2) * 500 - 20  # so that the next step lands on a blink phase
    b.step()
    for i in line:
        eq(b.pixel(i), render.WHITE, "line square %d on" % i)
    eq(b.pixel("g7"), render.SQUARE[2], "B's square steady")
    b.step(None, 260)
    for i in line:
        eq(b.pixel(i), render.SQUARE[1], "line square %d off" % i)
    # The record is written and the game in progress is gone.
    rec = b.storage.read_json("games/00001.json")
    eq(rec["moves"], st["moves"], "recorded moves")
    eq(rec["result"], st["result"], "recorded result")
    eq(rec["ended"], "win")
    eq(len(rec["move_ms"]), 7)
    eq(len(rec["clock_ms"]), 7)
    eq(rec["options"]["game_time_s"], 900)
    assert not b.storage.exists("state/current.json")
    # OK goes back to the menu; the next game gets the next id.
    b.press(OK)
    eq(b.status()["screen"], "menu")
    b.start()
    b.move("a1")
    assert b.storage.read_json("state/current.json")["id"] == 2


def test_forced_pass_then_draw():
    b = Board("draw", {"morbak.lite": True, "morbak.budget": 1, "morbak.confirm": False,
                       "morbak.game_time_s": None, "morbak.move_time_s": None})
    b.start(lite=True)
    for m in FILL:
        b.press(m[2:])
    st = b.status()
    # A had no action left: the pass was played at once and B is to move.
    eq(st["moves"], FILL + ["pass"], "moves with the forced pass")
    eq(st["to_move"], 1)
    assert has(b.tones(), render.PASS)
    assert "B to move" in st["message"] and "A had to pass" in st["message"]
    # The passer's squares blink during the notice.
    a_square = sq("a1")
    seen = set()
    for _ in range(10):
        b.step(None, 60)
        seen.add(b.pixel(a_square))
    assert render.OFF in seen and render.SQUARE[1] in seen, seen
    b.press("a1")  # B switches a1: then neither player can act
    st = b.status()
    eq(st["result"], {"winner": None, "scores": [0, 0], "reason": "no moves"}, "draw")
    assert has(b.tones(), render.DRAW)
    eq(b.storage.read_json("games/00001.json")["ended"], "draw")


def test_forced_pass_is_saved_with_the_move_before_it():
    # A cut between the two must not leave a saved game whose only legal move is the
    # pass: resumed, the player to move could do nothing (no square means "pass").
    b = Board("forced", {"morbak.lite": True, "morbak.budget": 1, "morbak.confirm": False,
                         "morbak.game_time_s": None, "morbak.move_time_s": None})
    saved = []
    write = b.storage.write_json

    def spy(name, obj):
        if name == "state/current.json":
            saved.append(len(obj["moves"]))
        write(name, obj)

    b.storage.write_json = spy
    b.start(lite=True)
    for m in FILL:
        b.press(m[2:])
    assert len(FILL) not in saved, saved
    eq(saved[-1], len(FILL) + 1, "the move and its pass saved together")


def test_square_renderings():
    b = Board("looks", {"morbak.move_time_s": None})
    b.start()
    # docs/rules/morbak.md#mkv-2: lit, switched, blocked and neutral squares of both players.
    for name in ["d4", "e5", "c3", "d4", "d4", "b2", "e4", "e5", "e3", "f2", "d3", "d3"]:
        b.move(name)
    eq(b.status()["position"].split(" move_time_s")[0],
       "......./......./....2../...#A../..AbA../.B...B./....... A 7 4 0 1", "MKV-2")
    b.wait(200)  # between two heartbeats, after the accept flash
    want = {"c3": 1, "b2": 2, "d3": 4, "e5": 6, "d4": 7, "a1": 0}
    for name in want:
        eq(b.pixel(name), render.SQUARE[want[name]], name)
    looks = [render.SQUARE[c] for c in range(8)]
    eq(len(set(looks)), 8, "eight distinct renderings")


def test_heartbeat_shows_whose_turn():
    b = Board("beat", {"morbak.move_time_s": None})
    b.start()
    b.move("d4")  # B to move: the beat starts at once
    eq(b.pixel("a1"), (0, 35, 99), "empty square glows in B's colour")
    eq(b.pixel("d4"), render.WHITE, "the accepted square flashes")
    b.wait(200)
    eq(b.pixel("a1"), render.OFF, "between beats")
    eq(b.pixel("d4"), render.SQUARE[1])
    b.move("e5")  # A to move: A's squares wink, empties glow orange
    eq(b.pixel("d4"), render.OFF)
    eq(b.pixel("a1"), (99, 35, 0))
    b.wait(2900)
    eq(b.pixel("a1"), render.OFF)
    b.wait(100)
    eq(b.pixel("a1"), (99, 35, 0), "the next beat, 3 s later")


def test_a_selection_shows_in_the_frame_of_its_press():
    # Whenever the press comes in the selection's 300 ms blink, the square lights at once.
    b = Board("selnow")
    b.start()
    b.wait(3000)
    for delay in range(0, 300, 30):
        b.wait(delay + 20, chunk=delay + 20)
        b.step([("down", sq("d4"))])
        eq(b.pixel("d4"), render.SQUARE[1], "pressed %d ms into a blink period" % (b.t % 300))
        b.step([("up", sq("d4"))])
        b.press(MENU)  # cancelled: the next press selects again


def test_confirm_select_change_cancel():
    b = Board("confirm")
    b.start()
    b.press("d4")
    st = b.status()
    eq(st["pending"], "L d4")
    eq(st["moves"], [], "nothing played by the first press")
    seen = set()
    for _ in range(8):
        b.step(None, 40)
        seen.add(b.pixel("d4"))
    assert render.SQUARE[1] in seen and len(seen) > 1, "the selected square blinks"
    b.press("e4")  # another square: the selection moves
    eq(b.status()["pending"], "L e4")
    b.press(MENU)  # MENU cancels
    eq(b.status()["pending"], None)
    eq(b.status()["moves"], [])
    b.press("c3")
    b.press(OK)  # OK confirms
    eq(b.status()["moves"], ["L c3"])
    b.wait(40)
    eq(b.status()["screen"], "game", "a short MENU press does not pause")


def test_confirm_off_plays_on_first_press():
    b = Board("noconfirm", {"morbak.confirm": False})
    b.start()
    b.press("d4")
    eq(b.status()["moves"], ["L d4"])
    eq(b.pixel("d4"), render.WHITE, "accepted: the square flashes white")


def test_per_player_square_with_two_meanings():
    # switch_limit "per_player": a square B switched can be switched back or neutralized.
    b = Board("two", {"morbak.switch_limit": "per_player", "morbak.confirm": False})
    b.start()
    for name in ["d4", "e5", "c3", "d4"]:  # B switches d4
        b.press(name)
    b.press("d4")  # A: S d4 or N d4 - shown, not played
    eq(b.status()["pending"], "S d4")
    b.press("d4")
    eq(b.status()["pending"], "N d4", "a second press shows the other meaning")
    b.press(OK)
    eq(b.status()["moves"][-1], "N d4")


def test_status_view_stays_until_dismissed():
    b = Board("view", {"morbak.move_time_s": 100, "morbak.game_time_s": 700})
    b.start()
    for name in ["d4", "e5", "c3", "d4"]:  # B switched d4: B budget 6
        b.move(name)
    b.wait(50000)  # A thinks 50 s: move countdown at half
    b.press(MENU)
    eq(b.status()["screen"], "status", "a press on MENU opens the status view")
    assert "budgets and clocks" in b.status()["message"]
    b.wait(5000)  # it stays: a player can read it
    eq(b.status()["screen"], "status", "still shown after 5 s")

    def row(y):
        return [b.pixel(y * 7 + x) for x in range(7)]
    eq(row(3)[:2], [render.PLAYER[0]] * 2, "move countdown: A's colour, 45 s of 100 left")
    eq(row(3)[4:], [render.OFF] * 3)
    eq(row(1), [render.PLAYER[0]] * 7, "A's budget 7")
    eq(row(5), [render.PLAYER[1]] * 6 + [render.OFF], "B's budget 6")
    eq(row(2), [render.WHITE] + [render.OFF] * 6, "A's neutralization")
    eq(row(4), [render.WHITE] + [render.OFF] * 6, "B's neutralization")
    left = b.status()["clocks_ms"]
    assert left[0] < 700000 - 55000 and left[1] < 700000
    eq(row(0)[:6], [render.PLAYER[0]] * 6, "A's game time: more than 6/7 left")
    assert row(0)[6] != render.PLAYER[0]
    b.press("a1")   # a square dismisses it and plays nothing
    eq(b.status()["screen"], "game", "dismissed")
    b.wait(400)
    eq(b.pixel("c3"), render.SQUARE[1], "the board is back")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3", "S d4"], "the view changed nothing")
    b.press(OK)
    eq(b.status()["screen"], "status", "OK with nothing selected opens it too")
    b.press(MENU)
    eq(b.status()["screen"], "game", "MENU closes it")


def test_undo_restores_moves_and_clocks():
    b = Board("undo")
    b.start()
    b.move("d4")
    b.wait(3000)
    b.move("e5")
    b.wait(5000)
    before = b.status()
    b.move("c3")
    b.wait(4000)
    b.long(MENU)
    eq(b.status()["screen"], "pause")
    eq(b.pixel("d4"), render.YELLOW, "undo offered")
    frozen = b.status()["clocks_ms"]
    b.wait(10000)
    eq(b.status()["clocks_ms"], frozen, "clocks stopped while paused")
    b.press("d4")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3"], "selected, not yet done")
    b.press(OK)
    st = b.status()
    eq(st["screen"], "game")
    eq(st["moves"], ["L d4", "L e5"])
    eq(st["position"], morbak.to_text(morbak.play(morbak.play(morbak.new_game(), "L d4"), "L e5")))
    rec = b.storage.read_json("state/current.json")
    eq(rec["moves"], ["L d4", "L e5"], "saved after the undo")
    after_e5 = rec["clock_ms"][-1]
    eq(st["clocks_ms"], [after_e5[0] - 20, after_e5[1]], "clocks as after e5 (then A's ran 20 ms)")
    assert st["clocks_ms"][0] > before["clocks_ms"][0] - 100, "A got the time of c3 back"
    assert "undo L c3" in b.events_log()
    b.move("c3")
    eq(b.status()["moves"], ["L d4", "L e5", "L c3"])


def test_undo_takes_a_forced_pass_back_with_the_move_before():
    b = Board("undopass", {"morbak.lite": True, "morbak.budget": 1, "morbak.confirm": False})
    b.start(lite=True)
    for m in FILL:
        b.press(m[2:])
    eq(b.status()["moves"][-1], "pass")
    b.long(MENU)
    b.press("d4")
    b.press("d4")  # the same square again confirms too
    eq(b.status()["moves"], FILL[:-1], "the pass and B's last move are undone")
    eq(b.status()["to_move"], 1)


def test_pause_continue_and_end_game():
    b = Board("pause")
    b.start()
    b.long(MENU)
    b.press("f4")
    b.press(OK)
    eq(b.status()["screen"], "menu", "a game without a move is simply dropped")
    eq(b.storage.listdir("games"), [])
    b.start()
    b.move("d4")
    b.long(MENU)
    b.press(MENU)
    eq(b.status()["screen"], "game", "MENU continues")
    b.long(MENU)
    eq(b.pixel("f4"), render.RED, "end offered")
    b.press("f4")
    b.press(OK)
    eq(b.status()["screen"], "end", "end: resign or draw")
    eq((b.pixel("b4"), b.pixel("d4"), b.pixel("f4")),
       (render.PLAYER[0], render.WHITE, render.PLAYER[1]))
    b.press(MENU)
    eq(b.status()["screen"], "pause", "MENU goes back to the pause")
    b.press("f4")
    b.press("f4")
    b.press("b4")            # A resigns
    b.press("b4")
    st = b.status()
    eq((st["screen"], st["result"]["winner"], st["result"]["reason"]), ("game", 1, "resignation"))
    eq(st["message"], "B wins (resignation)")
    rec = b.storage.read_json("games/00001.json")   # the dropped game kept no number
    eq((rec["ended"], rec["result"]["winner"], rec["moves"]), ("resignation", 1, ["L d4"]))
    assert not b.storage.exists("state/current.json")
    assert "game 1 over: B wins (resignation)" in b.events_log()
    b.press(OK)
    eq(b.status()["screen"], "menu", "OK after the end: the menu")


def test_a_draw_agreed_is_recorded():
    b = Board("agreed")
    b.start()
    b.move("d4")
    b.move("e5")
    b.long(MENU)
    b.press("f4")
    b.press(OK)
    b.press("d4")
    b.press(OK)
    st = b.status()
    eq((st["result"]["winner"], st["result"]["reason"], st["to_move"]), (None, "agreement", None))
    rec = b.storage.read_json("games/00001.json")
    eq((rec["ended"], rec["result"]["scores"]), ("agreement", [0, 0]))
    b.wait(250)
    lit = [b.pixel(s) for s in ("d4", "e5")]
    b.wait(250)
    eq(sorted([lit, [b.pixel(s) for s in ("d4", "e5")]]),
       [[render.OFF] * 2, [render.SQUARE[1], render.SQUARE[2]]],
       "a draw: every lit square blinks")
