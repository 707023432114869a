"""A light board that explains itself: the legend of every screen (status()["legend"]),
a message that is never stale, the colour-blind palette and night mode, the last
move's pulse."""
from check import eq
from test_app_kit import MENU, OK, Board, sq

from firmware.app.core import render, settings


def _texts(legend):
    return {tuple(c[0]): c[2] for c in legend["cells"] if c[0]}


def _keys(legend):
    return dict(legend["keys"])


def test_the_legend_follows_the_screen():
    b = Board("legend")
    leg = b.status()["legend"]
    cells = _texts(leg)
    eq(cells[(sq("a7"),)], "Morbak (the full game) - chosen")
    eq(cells[(sq("d4"),)], "start a game")
    eq(cells[(sq("a1"),)], "game time per player (a square = 1 minute): now 900 s")
    eq(cells[(sq("f7"),)], "colours: standard or colour-blind: now standard")
    eq(cells[(sq("g7"),)], "night mode: dim, no white flashes: now off")
    eq(_keys(leg)["OK"], "start a game")
    lit = set(b.lit())
    eq({c[0][0] for c in leg["cells"]}, lit,
       "one line for every lit square, none for the others")
    b.press("b1")                                   # the move time editor
    leg = b.status()["legend"]
    cells = _texts(leg)
    eq(cells[(sq("b1"),)], "time for one move (a square = 10 s): 120 s")
    eq(cells[(sq("g1"),)], "off")
    eq(len([c for c in leg["cells"] if len(c[0]) == 42]), 1, "the bar: a2 to g7")
    eq(_keys(leg)["OK"], "save it")
    b.press("f7")                                   # the value: 41 squares (a2 = 1)
    eq(b.status()["message"], "time for one move (a square = 10 s): 410 s; change it on the "
                              "lit squares; OK saves, MENU goes back", "its title, never its key")
    b.press(MENU)
    b.start()
    b.move("d4")
    leg = b.status()["legend"]
    eq(_texts(leg)[(sq("d4"),)], "the last move (it flashes, then pulses, when played)")
    eq(_keys(leg)["hold MENU"], "pause: continue, undo, or end the game")
    colours = [tuple(c[1]) for c in leg["cells"] if not c[0]]
    for colour in (render.PLAYER[0], render.PLAYER[1], render.REJECTED):
        assert colour in colours
    b.press(MENU)
    cells = _texts(b.status()["legend"])
    eq(cells[tuple(range(7))], "A's game time left")
    eq(cells[tuple(range(42, 49))], "B's game time left")
    b.press(MENU)
    b.long(MENU)
    eq(sorted(_texts(b.status()["legend"]).values()),
       ["continue the game", "end the game: resign or agree a draw", "take the last move back"])


def test_every_screen_change_replaces_the_message():
    b = Board("says", {"morbak.move_time_s": 10})
    eq(b.status()["message"], "menu: press a lit square to choose it (see the legend); OK starts")
    b.start()
    eq(b.status()["message"], "A to move")
    b.press("d4")
    eq(b.status()["message"], "A: light d4? (press again or OK; MENU cancels)")
    b.press(MENU)
    eq(b.status()["message"], "A to move", "a cancelled press asks for nothing more")
    b.move("d4")
    b.move("d4")                                    # B switches d4
    b.press("d4")                                   # A: N d4 selected
    b.press(OK)
    b.press("d4")                                   # B: d4 is dead
    assert b.status()["message"].startswith("rejected d4"), b.status()["message"]
    b.long(MENU)
    eq(b.status()["message"],
       "paused (clocks stopped): continue, undo or end the game; MENU continues",
       "the pause does not show the old rejection")
    b.press("d4")
    b.press(OK)                                     # undo N d4
    assert b.status()["message"].startswith("undone: N d4"), b.status()["message"]
    b.wait(6000)
    eq(b.status()["message"], "A to move", "the note on the undo goes after a few seconds")
    b.wait(5000)                                    # A's 10 s run out
    eq(b.status()["moves"][-1], "timeout")
    eq(b.status()["message"], "A ran out of move time; B to move", "a timeout says who timed out")


def test_colour_blind_palette_and_night_mode():
    b = Board("palette", {"leds.palette": "colour-blind", "morbak.confirm": False})
    eq(render.PLAYER, ((255, 200, 0), (0, 40, 255)))
    b.start()
    b.press("d4")
    b.wait(300)
    eq(b.pixel("d4"), render.PLAYER[0], "A's square in the palette's colour")
    b.press("d4")                                   # B switches d4
    b.press("d4")                                   # A neutralizes it
    b.press("d4")                                   # B: rejected
    seen = set()
    for _ in range(30):
        b.step()
        seen.add(b.pixel("d4"))
    assert (255, 120, 255) in seen and render.RED not in seen, seen
    eq(b.app.brightness, 64)
    b = Board("night", {"leds.night": True, "leds.brightness": 200, "morbak.confirm": False})
    eq(b.app.brightness, settings.NIGHT_BRIGHTNESS, "night mode caps the brightness")
    eq(render.PLAYER[0], (255, 90, 0), "the standard palette")
    b.start()
    b.press("c3")
    b.step()
    eq(b.pixel("c3"), render.FLASH, "the accept flash")
    assert max(render.FLASH) < 100, "no white flash at night"
    b = Board("day", {"leds.brightness": 200})
    eq((b.app.brightness, render.FLASH), (200, render.WHITE))


def test_night_mode_set_in_the_menu():
    b = Board("nightmenu", {"leds.brightness": 200})
    b.press("g7")                                   # night mode: c4 off, e4 on
    b.press("e4")
    b.press(OK)
    eq(b.status()["message"], "saved: night mode: dim, no white flashes: on",
       "the note says what was saved")
    eq(b.app.brightness, settings.NIGHT_BRIGHTNESS)
    b.press("c1")                                   # brightness, previewed as night mode caps it
    b.press("g7")
    eq(b.app.brightness, settings.NIGHT_BRIGHTNESS)
    b.press(MENU)
    eq(b.status()["message"], "menu: press a lit square to choose it (see the legend); OK starts")
    eq(b.storage.read_json("config.json")["leds.night"], True)
    b.press("f7")                                   # palette: c4 standard, e4 colour-blind
    b.press("e4")
    b.press(OK)
    eq(b.storage.read_json("config.json")["leds.palette"], "colour-blind")
    eq(b.pixel("a7"), render.PLAYER[0], "the menu shows the new palette at once")
    eq(render.PLAYER[0], (255, 200, 0))


def test_the_last_move_pulses():
    b = Board("pulse", {"morbak.confirm": False})
    b.start()
    b.press("c3")                                   # A's move, played at the press
    a = render.SQUARE[1]
    looks = [b.pixel("c3")]
    for _ in range(14):                             # the next 280 ms, 20 ms apart
        b.step()
        looks.append(b.pixel("c3"))
    dim = (a[0] * 48 >> 8, a[1] * 48 >> 8, 0)
    eq(sorted(set(looks)), sorted([render.FLASH, a, dim]),
       "a white flash, then it dims and comes back")
    eq(looks[0], render.FLASH)
    eq(looks[-1], a, "over after 270 ms: the board shows the position")
    b.wait(1000)
    eq(b.pixel("c3"), a)
    eq(b.status()["last"], "c3")


def test_lite_is_named_when_chosen_and_its_legend_shows_only_what_it_has():
    """b7 chosen: the board says "chosen: Morbak Lite" (it said the key, morbak.lite);
    in a Lite game the legend has no blocked squares, which Lite never has, nor the
    neutralized one (none in Lite)."""
    b = Board("lite")
    b.press("b7")
    eq(b.status()["message"], "chosen: Morbak Lite (switches only)", "the game, by name")
    b.press(OK)
    texts = [c[2] for c in b.status()["legend"]["cells"]]
    assert "A's square, switched by A" in texts, texts
    eq([t for t in texts if "blocked" in t or "neutralized" in t], [], "none in Lite")
    b = Board("full")
    b.press("b7")
    b.press("a7")
    eq(b.status()["message"], "chosen: Morbak (the full game)", "the full game")
    b.press(OK)
    texts = [c[2] for c in b.status()["legend"]["cells"]]
    assert "A's square, blocked: it cannot change" in texts, texts
    assert "neutralized: dead for good" in texts, texts


def test_the_winning_line_that_blinks_white_is_in_the_legend():
    """A wins on a1-a4: those four squares blink white, and the legend says so (it
    named only the last move)."""
    b = Board("won")
    b.start()
    for mine, theirs in (("a1", "g1"), ("a2", "g2"), ("a3", "g3"), ("a4", None)):
        b.move(mine)
        if theirs:
            b.move(theirs)
    eq(b.status()["result"]["reason"], "line", "won on a line")
    cells = _texts(b.status()["legend"])
    eq(cells[tuple(sq(s) for s in ("a1", "a2", "a3", "a4"))], "blinking white: A's winning line")
