"""The browser simulator with the light board, in Debian's chromium (docs/architecture.md#layer-5).

The page runs the real firmware on MicroPython; the tests click its keys, move its
manual clock and compare the LEDs drawn (the DOM's data-rgb, and a screenshot) with
what the firmware's own LED driver gives for the colours of firmware/app/core/render.py."""
import json
import os
import random
import re

import pytest

from firmware.app.core import render, settings
from firmware.app.core.device import FRAME_MS
from tests.sim_harness import (ROOT, VIEWPORT, WIDTHS, Sim, browser, legal_moves,  # noqa: F401
                               legend_rows, moves_listed, png_bytes, png_pixels, scaled,
                               serve, sim, until, whole_game, wire)

with open(os.path.join(ROOT, "hardware", "light-pico.json")) as f:
    PROFILE = json.load(f)
BRIGHTNESS = settings.SCHEMA["leds.brightness"][0]
A, B = render.PLAYER
BOOT_MS = 600          # the LED self-test is over
BEAT_MS = 150          # the heartbeat after a turn change (morbak_play.py)


def shown(colour, brightness=BRIGHTNESS):
    return wire(colour, brightness, PROFILE)


OFF = shown(render.OFF)


server = serve("light")




def move(sim, square):
    """Play the move of a press on ``square`` (confirm on: press, press again)."""
    before = len(sim.status()["moves"])
    sim.press(square, square)
    assert len(sim.status()["moves"]) == before + 1, sim.status()["message"]


def log_time(sim, text):
    """Board time of the first /events.log line containing ``text``."""
    for line in sim.files()["events.log"].splitlines():
        if text in line:
            return int(line.split(" ", 1)[0])
    raise AssertionError("%r not in /events.log" % text)


def test_menu_settings_and_brightness(sim):
    assert sim.status()["screen"] == "menu"
    leds = sim.leds()
    assert leds["d4"] == shown(render.GREEN)                  # start
    assert leds["a7"] == shown(A)                             # Morbak, chosen
    assert leds["b7"] == shown(scaled(A, 128))                # Lite, not chosen: half
    assert leds["a1"] == shown(scaled(render.CYAN, 160))      # game time setting
    assert leds["g4"] == OFF
    sim.press("b7")                                           # choose Lite
    leds = sim.leds()
    assert leds["b7"] == shown(A) and leds["a7"] == shown(scaled(A, 128))
    # Brightness: c1 opens it, g7 (the 42nd bar square) is full, OK saves it.
    sim.press("c1")
    assert sim.status()["screen"] == "setting"
    sim.press("g7")
    assert sim.leds()["c1"] == shown(render.WHITE, 255)       # previewed live
    sim.press("OK")
    assert sim.status()["screen"] == "menu"
    assert sim.leds()["d4"] == shown(render.GREEN, 255) == (0, 255, 0)
    config = json.loads(sim.files()["config.json"])
    assert config["leds.brightness"] == 255 and config["morbak.lite"] is True
    assert "set leds.brightness=255" in sim.files()["events.log"]


def test_whole_game_to_a_win(sim):
    sim.press("d4")                                           # start
    status = sim.status()
    assert status["screen"] == "game" and status["to_move"] == 0
    # docs/rules/morbak.md#mkv-3: A wins on the diagonal a1-d4.
    for square in ("a1", "g7", "b2", "g6", "c3", "g5"):
        move(sim, square)
    leds = sim.leds()
    assert [leds[s] for s in ("a1", "b2", "c3")] == [shown(A)] * 3
    assert [leds[s] for s in ("g7", "g6", "g5")] == [shown(B)] * 3
    assert leds["d1"] == OFF
    # The same, on screen: orange, blue and an unlit LED.
    r, g, b = sim.screen_colour("a1")
    assert r > 100 and r > g > b, (r, g, b)
    r, g, b = sim.screen_colour("g7")
    assert b > 100 and b > g > r, (r, g, b)
    assert max(sim.screen_colour("d1")) < 60
    move(sim, "d4")
    status = sim.status()
    assert status["moves"] == ["L a1", "L g7", "L b2", "L g6", "L c3", "L g5", "L d4"]
    assert status["result"]["winner"] == 0 and status["to_move"] is None
    # The winning line blinks white (500 ms period, on for the first 250).
    t = sim.board_time()
    sim.advance_to(t - t % 500 + 600)
    leds = sim.leds()
    assert [leds[s] for s in ("a1", "b2", "c3", "d4")] == [shown(render.WHITE)] * 4
    assert leds["g7"] == shown(B)
    sim.advance(300)
    assert sim.leds()["d4"] == shown(A)
    assert (523, 32768) in sim.tones() and (1047, 32768) in sim.tones()   # the win tune
    files = sim.files()
    record = json.loads(files["games/00001.json"])
    assert record["moves"] == status["moves"] and record["ended"] == "win"
    assert "state/current.json" not in files
    assert "game 1 over: A wins" in files["events.log"]
    sim.advance_to(sim.board_time() // 500 * 500 + 500 + 100)          # line lit for the picture
    sim.screenshot("sim-light.png")


def test_long_press_on_menu_pauses_and_undo_takes_the_move_back(sim):
    sim.press("d4")
    move(sim, "a1")
    sim.hold("MENU", 1000)             # held: the status view; long: the pause screen
    assert ("long", "MENU") in sim.key_events()
    assert sim.status()["screen"] == "pause"
    leds = sim.leds()
    assert (leds["b4"], leds["d4"], leds["f4"]) == (shown(render.GREEN), shown(render.YELLOW),
                                                    shown(render.RED))
    sim.press("d4", "OK")              # undo, confirmed
    status = sim.status()
    assert status["screen"] == "game" and status["moves"] == [] and status["to_move"] == 0
    assert sim.leds()["a1"] == OFF


def test_rejected_press_shows_the_error_and_changes_nothing(sim):
    sim.press("d4")
    move(sim, "d4")    # A L d4
    move(sim, "d4")    # B S d4
    move(sim, "d4")    # A N d4: d4 is dead
    before = sim.status()
    assert before["moves"] == ["L d4", "S d4", "N d4"] and before["to_move"] == 1
    n_tones = len(sim.tones())
    sim.key("d4").click()
    seen = set()
    for _ in range(40):           # the reject flash lasts 600 ms
        sim.advance(20)
        seen.add(sim.leds()["d4"])
    assert shown(render.RED) in seen                    # flashes red ...
    assert shown(render.SQUARE[7]) in seen              # ... over the neutral square
    after = sim.status()
    assert after["moves"] == before["moves"] and after["position"] == before["position"]
    assert after["to_move"] == 1 and after["message"].startswith("rejected d4")
    assert (150, 32768) in sim.tones()[n_tones:]        # the low buzz
    assert "reject d4: d4 is neutralized" in sim.files()["events.log"]


def test_move_timeout_with_a_short_limit_set_in_the_menu(sim):
    sim.press("b1", "a2", "OK")        # move time: one bar square = 10 s
    assert json.loads(sim.files()["config.json"])["morbak.move_time_s"] == 10
    sim.press("d4")
    start = log_time(sim, "new game 1")
    sim.advance_to(start + 10000 - 100)
    status = sim.status()
    assert status["moves"] == [] and status["to_move"] == 0
    assert 100 <= status["move_ms_left"] <= 100 + FRAME_MS     # as of the app's last step
    sim.advance_to(start + 10000 + BEAT_MS // 3)
    status = sim.status()
    assert status["moves"] == ["timeout"] and status["to_move"] == 1
    # The turn passes to B: the heartbeat lights the empty squares in B's colour.
    assert set(sim.leds().values()) == {shown(scaled(B, 100))}
    sim.advance(BEAT_MS)
    assert set(sim.leds().values()) == {OFF}
    assert log_time(sim, "move A timeout") == start + 10000
    assert sim.status()["message"] == "A ran out of move time; B to move"   # who timed out
    sim.advance(500)                   # the timeout tune: 440 Hz, a rest, 330 Hz
    tones = [f for f, duty in sim.tones() if duty]
    assert tones[-2:] == [440, 330]


def clock_text(ms):
    """A clock as the page must show it: minutes, seconds (two digits) and tenths."""
    tenths = (ms + 50) // 100
    return "%d:%02d.%d" % (tenths // 600, tenths // 10 % 60, tenths % 10)


def test_the_clocks_show_minutes_seconds_and_tenths(sim):
    """Seconds under 10 keep their two digits (14:05.0, not 14:5.0), and 59.96 s rounds
    up to the next minute (14:00.0, not 13:60.0)."""
    sim.press("d4")
    start = log_time(sim, "new game 1")
    for after, game, move in ((55000, "14:05.0", "1:05.0"), (60040, "14:00.0", "1:00.0")):
        sim.advance_to(start + after)
        status = sim.status()
        left, move_left = status["clocks_ms"][0], status["move_ms_left"]
        assert (clock_text(left), clock_text(move_left)) == (game, move), (left, move_left)
        assert sim.text("#clocks") == "A %s · B 15:00.0" % game
        assert sim.text("#move-left") == move


def test_reload_resumes_the_saved_game(sim):
    sim.press("d4")
    for square in ("d4", "e5", "c3"):
        move(sim, square)
    sim.reload()                       # power comes back: the board time starts again
    sim.advance(BOOT_MS)
    status = sim.status()
    assert status["screen"] == "resume" and status["moves"] == ["L d4", "L e5", "L c3"]
    sim.press("OK")
    status = sim.status()
    assert status["screen"] == "game" and status["to_move"] == 1
    leds = sim.leds()
    assert (leds["d4"], leds["e5"], leds["c3"], leds["a1"]) == (shown(A), shown(B), shown(A), OFF)
    move(sim, "a1")
    assert sim.status()["moves"] == ["L d4", "L e5", "L c3", "L a1"]
    assert "resume game 1 after 3 moves" in sim.files()["events.log"]


def test_power_cut_loses_only_the_move_being_made(sim):
    sim.press("d4")
    move(sim, "d4")
    sim.press("e5")                    # B selects e5, not confirmed yet
    assert sim.status()["pending"] == "L e5"
    sim.page.click("#power-cut")
    sim.page.wait_for_function("window.arbiter.boardTime() === 0")
    sim.advance(BOOT_MS)
    status = sim.status()
    assert status["screen"] == "resume" and status["moves"] == ["L d4"]
    sim.press("OK")
    status = sim.status()
    assert status["to_move"] == 1 and status["pending"] is None
    assert sim.files()["events.log"].count(" boot\n") == 2


def test_stuck_and_bouncing_keys(sim):
    sim.page.click('[data-fault="stuck"]')
    sim.key("d4").click()              # d4 sticks: pressed for good
    sim.advance(1000)
    assert sim.status()["screen"] == "game"             # it was one press: start
    assert sim.key_events() == [("down", "d4"), ("long", "d4")]
    sim.press("d4")                    # a stuck key cannot be pressed again
    assert sim.key_events() == [("down", "d4"), ("long", "d4")]
    # a1 bounces: its contact chatters on each edge; the firmware's debouncer keeps
    # one press, so the move is selected, not played.
    sim.page.click('[data-fault="bounce"]')
    sim.press("a1")
    assert sim.key_events()[2:] == [("down", "a1"), ("up", "a1")]
    status = sim.status()
    assert status["pending"] == "L a1" and status["moves"] == []
    sim.press("a1")
    assert sim.status()["moves"] == ["L a1"]
    assert "a1 bouncing" in sim.page.text_content("#faults")
    sim.page.click("#clear-faults")
    sim.advance(100)
    assert sim.key_events()[-1] == ("up", "d4")
    assert sim.page.text_content("#faults") == "none"


def test_damaged_saved_files(sim):
    sim.press("d4")
    move(sim, "d4")
    key = "arbiter-sim/" + PROFILE["name"]
    # A torn game file on the flash: the firmware discards it and says so.
    sim.page.evaluate("""key => {
        const saved = JSON.parse(localStorage.getItem(key));
        saved.files["state/current.json"] = '{"version": 1, "id": 1, "mov';
        localStorage.setItem(key, JSON.stringify(saved));
    }""", key)
    sim.reload()
    sim.advance(BOOT_MS)
    assert sim.status()["screen"] == "menu"
    said = "state: unreadable /state/current.json: not a JSON object; discarded"
    assert said in sim.files()["events.log"]
    # What the browser kept is itself unreadable: the board starts with an empty flash.
    sim.page.evaluate("key => localStorage.setItem(key, '{broken')", key)
    sim.reload()
    sim.advance(BOOT_MS)
    assert sim.status()["screen"] == "menu"
    assert sim.files()["events.log"] == "0 boot\n"
    assert "unreadable" in sim.page.text_content("#warnings")


def test_real_time_clock(browser, server):
    context = browser.new_context(viewport=VIEWPORT)
    try:
        sim = Sim(context.new_page(), server.url, manual=False)
        sim.open()
        page = sim.page
        page.wait_for_function("window.arbiter.status().screen === 'menu'", timeout=10000)
        sim.key("d4").click()
        page.wait_for_function("window.arbiter.status().screen === 'game'", timeout=10000)
        left = sim.status()["clocks_ms"][0]
        page.wait_for_function("ms => window.arbiter.status().clocks_ms[0] <= ms - 300", arg=left,
                               timeout=10000)
        assert sim.key_events()[:2] == [("down", "d4"), ("up", "d4")]
        assert page.evaluate("window.arbiter.error()") is None and not sim.errors
    finally:
        context.close()


def test_a_stuck_key_stays_closed_across_a_power_cut(sim):
    sim.page.click('[data-fault="stuck"]')
    sim.key("c1").click()              # c1 sticks (in the menu: brightness)
    sim.advance(200)
    sim.page.evaluate("window.arbiter.powerCut()")
    sim.advance(BOOT_MS)
    events = sim.key_events()
    # The board powers up with c1 already closed: its driver reports it down again.
    assert events.count(("down", "c1")) == 2, events


# ---------------------------------------------------------------- a board that explains itself


def legend(sim):
    """The legend as the page shows it: [(cells, text)] and {key: text}."""
    cells = sim.page.eval_on_selector_all(
        "#legend-cells li", "els => els.map(e => [e.querySelector('.cells').textContent, "
                                          "e.lastChild.textContent])")
    keys = sim.page.eval_on_selector_all("#legend-keys dt",
                                         "els => els.map(e => [e.textContent, "
                                         "e.nextSibling.textContent])")
    return [tuple(c) for c in cells], dict(keys)


def test_the_legend_follows_the_screen(sim):
    cells, keys = legend(sim)
    assert ("a7", "Morbak (the full game) - chosen") in cells
    assert ("d4", "start a game") in cells
    assert ("f7", "colours: standard or colour-blind: now standard") in cells
    assert keys["OK"] == "start a game"
    lit = {name for name, rgb in sim.leds().items() if rgb != OFF}
    assert {c for c, _ in cells} == lit, "a line for every lit square"
    assert sim.page.text_content("#legend-says") == sim.status()["message"]
    sim.press("b1")                                           # the move time editor
    cells, keys = legend(sim)
    assert ("a2–g7", "the value: as many squares as are lit; press one to set it") in cells
    assert ("g1", "off") in cells and keys["MENU"] == "back to the menu without saving"
    sim.press("MENU", "d4")                                   # start
    move(sim, "c3")
    cells, keys = legend(sim)
    assert ("c3", "the last move (it flashes, then pulses, when played)") in cells
    assert keys["hold MENU"] == "pause: continue, undo, or end the game"
    sim.press("MENU")
    assert sim.page.text_content("#legend-screen") == "(status)"
    cells, _ = legend(sim)
    assert ("a1–g1", "A's game time left") in cells and ("a7–g7", "B's game time left") in cells
    sim.press("MENU")
    sim.hold("MENU", 1000)
    cells, keys = legend(sim)
    assert cells == [("b4", "continue the game"), ("d4", "take the last move back"),
                     ("f4", "end the game: resign or agree a draw")]
    assert keys["MENU"] == "continue the game"


def test_budgets_and_clocks_stay_until_dismissed(sim):
    sim.press("d4")
    move(sim, "d4")
    move(sim, "d4")                                           # B switches d4
    assert sim.page.text_content("#budgets") == ("A 7 switches/blocks, 1 neutralization · "
                                                 "B 6 switches/blocks, 1 neutralization")
    assert sim.page.text_content("#clocks").startswith("A 14:5")   # both clocks, always
    assert " · B 14:5" in sim.page.text_content("#clocks")
    sim.press("MENU")
    sim.advance(5000)                                         # it stays: a player can read it
    status = sim.status()
    assert status["screen"] == "status" and "budgets and clocks" in status["message"]
    leds = sim.leds()
    assert [leds[f + "6"] for f in "abcdefg"] == [shown(B)] * 6 + [OFF]      # B's budget: 6
    assert [leds[f + "2"] for f in "abcdefg"] == [shown(A)] * 7              # A's: 7
    sim.press("OK")
    assert sim.status()["screen"] == "game"
    assert sim.leds()["d4"] == shown(render.SQUARE[4])        # the board is back: d4 B's, switched


def test_resign_and_draw_are_recorded(sim):
    sim.press("d4")
    move(sim, "d4")
    sim.hold("MENU", 1000)
    sim.press("f4", "f4")                                     # end: resign or draw
    assert sim.status()["screen"] == "end"
    cells, _ = legend(sim)
    assert cells == [("b4", "A resigns: B wins"), ("d4", "draw agreed"),
                     ("f4", "B resigns: A wins")]
    sim.press("b4", "OK")                                     # A resigns
    status = sim.status()
    assert status["result"] == {"winner": 1, "scores": [0, 1], "reason": "resignation"}
    assert sim.page.text_content("#result") == "B wins (resignation)"
    record = json.loads(sim.files()["games/00001.json"])
    assert record["ended"] == "resignation" and record["result"]["winner"] == 1
    sim.press("OK")                                           # the menu; a new game
    sim.press("d4")
    move(sim, "a1")
    sim.hold("MENU", 1000)
    sim.press("f4", "f4", "d4", "d4")                         # a draw agreed
    assert sim.page.text_content("#result") == "draw (agreement)"
    record = json.loads(sim.files()["games/00002.json"])
    assert record["ended"] == "agreement" and record["result"]["winner"] is None


def test_a_match_to_two_wins(sim):
    sim.press("e7", "b2", "OK")                               # match: first to 2 wins
    assert json.loads(sim.files()["config.json"])["morbak.match_wins"] == 2
    sim.press("d4")
    # Game 1: A starts and resigns (b4); game 2: the loser A starts, B resigns (f4).
    for game, (loser_cell, first) in enumerate([("b4", 0), ("f4", 0)]):
        status = sim.status()
        assert status["to_move"] == first and status["match"]["game"] == game + 1
        move(sim, "c3")
        sim.hold("MENU", 1000)
        sim.press("f4", "f4", loser_cell, "OK")               # a resignation
        sim.press("OK")
        if game == 0:
            assert sim.status()["screen"] == "match"
            assert sim.status()["message"] == ("match after game 1: A 0, B 1, draws 0; "
                                               "OK = next game (A starts), MENU = leave the match")
            assert sim.leds()["a7"] == shown(B)               # B's win, top row
            sim.press("OK")                                   # the next game: the loser A starts
    assert sim.status()["message"] == ("match after game 2: A 1, B 1, draws 0; "
                                       "OK = next game (B starts), MENU = leave the match")
    assert sim.page.text_content("#match") == "game 2 (first to 2 wins): A 1, B 1, draws 0"
    records = [json.loads(sim.files()["games/%05d.json" % i]) for i in (1, 2)]
    assert [r["match"]["score"] for r in records] == [[0, 0, 0], [0, 1, 0]]


def test_the_last_move_is_marked(sim):
    sim.press("d4")
    move(sim, "c3")
    assert sim.page.get_attribute('[data-name="c3"]', "class").split().count("last-move") == 1
    assert sim.page.text_content("#last") == "A L c3"
    sim.press("e5")                                           # B selects e5 ...
    sim.key("e5").click()                                     # ... and plays it
    looks = []
    for _ in range(20):                                       # 400 ms, 20 ms apart
        sim.advance(20)
        looks.append(sim.leds()["e5"])
    assert shown(scaled(B, 48)) in looks, "the pulse: the square dims"
    assert looks[-1] == shown(B) and shown(render.WHITE) in looks
    assert "last-move" not in sim.page.get_attribute('[data-name="c3"]', "class")
    assert "last-move" in sim.page.get_attribute('[data-name="e5"]', "class")
    assert sim.page.text_content("#last") == "B L e5"


def test_the_message_is_never_stale(sim):
    sim.press("d4")
    sim.key("c3").click()
    sim.advance(100)
    assert sim.status()["message"] == "A: light c3? (press again or OK; MENU cancels)"
    sim.press("MENU")
    assert sim.status()["message"] == "A to move"
    sim.hold("MENU", 1000)
    assert sim.page.text_content("#message").startswith("paused")


# Colour-vision deficiencies simulated on the screenshots: Machado, Oliveira and
# Fernandes (2009), severity 1, applied to linear RGB; distances are CIE76 ΔE in Lab.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
APART = 20        # ΔE: clearly different colours at a glance


def _linear(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _srgb(v):
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(px, matrix):
    lin = [_linear(v) for v in px]
    return tuple(_srgb(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def lab(px):
    r, g, b = (_linear(v) for v in px)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))


def closest(colours, matrix):
    """(ΔE, role, role) of the two roles that look most alike through ``matrix``."""
    seen = {role: lab(simulate(px, matrix) if matrix else px) for role, px in colours.items()}
    roles = sorted(seen)
    return min((sum((a - b) ** 2 for a, b in zip(seen[p], seen[q])) ** 0.5, p, q)
               for i, p in enumerate(roles) for q in roles[i + 1:])


def _until(sim, name, colour, steps=40):
    for _ in range(steps):
        if sim.leds()[name] == colour:
            return
        sim.advance(10)
    raise AssertionError("%s never showed %s" % (name, colour))


def roles_on_screen(sim, square, palette):
    """The on-screen colours of the players (lit, switched), the accept flash and the
    rejection flash, taken from screenshots of a game played for them; the board as it
    stands and as a deuteranope sees it go to test-artifacts/."""
    sim.press("d4")
    for name in ("a1", "g7", "g7", "a1", "c3", "e5"):  # A lit, B lit, A switches g7, B a1, ...
        move(sim, name)
    sim.advance(1300)                                  # past the turn's heartbeat and pulse
    colours = {"A": sim.screen_colour("c3"), "B": sim.screen_colour("e5"),
               "A switched": sim.screen_colour("g7"), "B switched": sim.screen_colour("a1")}
    path, png = sim.screenshot("sim-light-%s.png" % palette)
    write_simulated(png, DEUTERANOPIA, path.replace(".png", "-deuteranopia.png"))
    sim.key("g7").click()                              # A's own switched square: rejected
    _until(sim, "g7", shown(square["rejected"]))
    colours["rejected"] = sim.screen_colour("g7")
    sim.advance(700)
    sim.key("b2").click()
    sim.advance(300)
    sim.key("b2").click()                              # confirmed: the white flash
    _until(sim, "b2", shown(render.WHITE))
    colours["played"] = sim.screen_colour("b2")
    return colours


def test_the_colour_blind_palette_stays_apart_under_simulated_deficiencies(browser, server):
    found = {}
    for palette, square in (("standard", {"rejected": render.RED}),
                            ("colour-blind", {"rejected": (255, 120, 255)})):
        context = browser.new_context(viewport=VIEWPORT)
        try:
            sim = Sim(context.new_page(), server.url)
            sim.open()
            sim.advance(BOOT_MS)
            if palette != "standard":
                # the palette setting: c4 standard, e4 colour-blind
                sim.press("f7", "e4", "OK")
                assert json.loads(sim.files()["config.json"])["leds.palette"] == palette
            found[palette] = roles_on_screen(sim, square, palette)
        finally:
            context.close()
    std, cb = found["standard"], found["colour-blind"]
    # The standard palette's flaw: under deuteranopia the rejection looks like A's colour.
    assert closest(std, DEUTERANOPIA)[0] < 10, closest(std, DEUTERANOPIA)
    for matrix in (None, DEUTERANOPIA, PROTANOPIA):
        assert closest(cb, matrix)[0] >= APART, closest(cb, matrix)


def write_simulated(png, matrix, path):
    """The screenshot as someone with the deficiency sees it (an artifact to look at)."""
    width, height, rows = png_pixels(png)
    cache = {}
    out = []
    for row in rows:
        line = bytearray([0])
        for px in row:
            if px not in cache:
                cache[px] = bytes(simulate(px, matrix))
            line += cache[px]
        out.append(bytes(line))
    with open(path, "wb") as f:
        f.write(png_bytes(width, height, b"".join(out)))


def test_night_mode_dims_and_greys_the_flashes(sim):
    sim.press("g7", "e4", "OK")                        # night mode on
    assert json.loads(sim.files()["config.json"])["leds.night"] is True
    assert sim.leds()["d4"] == shown(render.GREEN, 32)  # the brightness is capped at 32
    sim.press("d4")
    sim.key("c3").click()
    sim.advance(300)
    sim.key("c3").click()
    _until(sim, "c3", shown((60, 60, 60), 32))        # the accept flash is grey, not white
    seen = set()
    for _ in range(20):
        sim.advance(10)
        seen.add(sim.leds()["c3"])
    assert shown(render.WHITE, 32) not in seen


def test_the_page_fits_a_phone_in_portrait(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        sim = Sim(context.new_page(), server.url)
        sim.open()
        sim.advance(BOOT_MS)
        page = sim.page
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, \
            "no sideways scrolling"
        for name in [f + r for f in "abcdefg" for r in "1234567"] + ["MENU", "OK"]:
            box = sim.key(name).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
            assert box["width"] >= 36, "a square a finger can press"
        board = page.locator(".light-board").bounding_box()
        legend_box = page.locator("#legend").bounding_box()
        panel = page.locator("#panel").bounding_box()
        assert legend_box["y"] >= board["y"] + board["height"]
        assert panel["y"] >= legend_box["y"] + legend_box["height"]
        sim.key("d4").tap()
        sim.advance(300)
        assert sim.status()["screen"] == "game"
        sim.screenshot("sim-light-phone.png")
        assert not sim.errors
    finally:
        context.close()


# ---------------------------------------------------------------- whole games, as a person plays


def press_legend(sim, wanted):
    """Press the square the legend gives to the line ``wanted(text)`` picks (a person
    reads the legend to find it): that line's text."""
    for cells, text in legend_rows(sim):
        if cells and wanted(text):
            sim.press(cells.split()[0])
            return text
    raise AssertionError("no line of the legend fits: %s" % legend_rows(sim))


def play_morbak(sim, rng, lite, opponent):
    """A whole game of Morbak (or Lite) from the menu, hot seat or against the board
    playing seat ``opponent``, each move picked at random from the legal moves the page
    lists, pressed on its square and confirmed with OK, as a person does."""
    if lite:
        assert press_legend(sim, lambda t: t.startswith("Morbak Lite")).startswith("Morbak Lite")
    if opponent:
        press_legend(sim, lambda t: t.startswith("the seat the board plays"))
        assert sim.text("#screen") == "setting"
        press_legend(sim, lambda t: t.split(" ")[0] == opponent)
        sim.press("OK")
    assert sim.text("#screen") == "menu"
    press_legend(sim, lambda t: t == "start a game")
    assert sim.text("#screen") == "game"
    assert sim.text("#turn") in ("A", "A (the board: thinking…)")
    budgets = ("A 6 switches · B 6 switches" if lite else
               "A 7 switches/blocks, 1 neutralization · B 7 switches/blocks, 1 neutralization")
    assert sim.text("#budgets") == budgets
    while not sim.text("#result"):
        listed = moves_listed(sim)
        if "the board" in sim.text("#turn"):
            until(sim, lambda: len(moves_listed(sim)) > len(listed) or sim.text("#result"))
            assert moves_listed(sim)[len(listed)].startswith(opponent + " ")
            continue
        mover = sim.text("#turn")
        assert sim.text("#message") == "%s to move" % mover, sim.text("#message")
        move = rng.choice(legal_moves(sim))
        sim.press(move.split(" ")[1], "OK")
        assert moves_listed(sim)[len(listed)] == "%s %s" % (mover, move), moves_listed(sim)
        assert sim.text("#legend-says") == sim.text("#message")
    result = sim.text("#result")
    assert re.fullmatch(r"(A wins|B wins|draw) \(.+\)", result), result
    assert sim.text("#message").startswith(result.split(" (")[0]), "the board says who won"
    return result


# Each game at both widths, each way of playing at both widths.
@pytest.mark.parametrize("lite, opponent, width", [
    (False, None, 1280), (False, "B", 390), (True, None, 390), (True, "A", 1280)])
def test_whole_morbak_games_through_the_page(browser, server, lite, opponent, width):
    name = "sim-light-%s-%s" % ("lite" if lite else "full", opponent or "hot-seat")
    whole_game(browser, server, width, name,
               lambda sim: play_morbak(sim, random.Random(width + lite), lite, opponent))


def _hue(rgb):
    import colorsys
    return 360 * colorsys.rgb_to_hsv(*[v / 255 for v in rgb])[0]


def test_dim_leds_keep_their_colour_on_screen(browser, server):
    """At brightness 16 A's orange goes on the wire as 1,1,0 (a dim yellow) and was drawn
    a dark olive, a red as a brown: the page draws the colour the firmware asked for, as
    light as a lit LED needs to be recognised; the wire values stay the data."""
    from tests.sim_harness import configure, page_at
    with page_at(browser, server, VIEWPORT["width"]) as sim:
        configure(sim, {"leds.brightness": 16})
        sim.press("d4")                                           # start
        move(sim, "c3")
        sim.advance(1300)                                         # past the pulse
        assert sim.leds()["c3"] == shown(A, 16) == (1, 1, 0), "the data: the wire's values"
        on_screen = sim.screen_colour("c3")                      # A's orange, as at full power
        assert max(on_screen) >= 150, ("light enough to be a colour", on_screen)
        assert abs(_hue(on_screen) - _hue(A)) < 8, (on_screen, A)


SWATCHES_JS = """() => [...document.querySelectorAll('#legend-cells li')].map(li => {
    const sw = li.querySelector('.swatch');
    const style = getComputedStyle(sw);
    const blinks = sw.classList.contains('blinks');
    const colour = blinks ? style.borderTopColor : style.backgroundColor;
    return [li.lastChild.textContent, blinks, colour.match(/\\d+/g).map(Number)];
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_every_legend_entry_looks_apart_from_the_others(browser, server, width):
    """The legend's dots, as a person sees them at a desktop's and a phone's width: A's
    square and A's switched square (half strength) looked alike, drawn at full brightness;
    now each is drawn as the board draws it, and a colour that comes and goes (a flash,
    the heartbeat) is a ring, not a dot."""
    from tests.sim_harness import page_at
    with page_at(browser, server, width) as sim:
        sim.press("d4")                                           # start
        for square in ("d4", "e5", "e5", "c3"):                   # ... A switches e5
            move(sim, square)
        rows = sim.page.evaluate(SWATCHES_JS)
        sim.screenshot("sim-light-legend-%d.png" % width)
    texts = [r[0] for r in rows]
    assert "A's square, switched by A" in texts, texts
    assert [t for t in texts if t.startswith("the empty squares glow")], texts
    for i, (text, blinks, rgb) in enumerate(rows):
        for other, other_blinks, other_rgb in rows[:i]:
            apart = max(abs(a - b) for a, b in zip(rgb, other_rgb))
            if "last move" in text or "last move" in other:
                continue                  # names its square: it looks like that square
            assert blinks != other_blinks or apart >= 40, (text, rgb, other, other_rgb)


def _rgb(css):
    return tuple(int(v) for v in re.findall(r"\d+", css)[:3])


def _delta(a, b):
    return sum((x - y) ** 2 for x, y in zip(lab(a), lab(b))) ** 0.5


# The page's own drawing (leds.js) of each pair that must look apart, at every brightness.
TONES_JS = """async (pairs) => {
    const { swatch } = await import("./leds.js");
    const out = [];
    for (let level = 0; level <= 255; level++) {
        out.push(pairs.map(([a, b]) => [swatch(a, level), swatch(b, level)]));
    }
    return out;
}"""


def test_a_switched_square_looks_apart_from_its_owners_at_every_brightness(sim):
    """A's switched square is A's colour at half strength: at brightness 255 it was drawn
    almost as A's own (ΔE 9). Now at every brightness 0-255, in both palettes, each
    player's switched square and plain square are drawn clearly apart."""
    from firmware.app.core import menu
    pairs = []
    for palette in (render.STANDARD, menu._COLOUR_BLIND):
        pairs += [(palette[1], palette[3]), (palette[2], palette[4])]
    for level, drawn in enumerate(sim.page.evaluate(TONES_JS, [list(map(list, p))
                                                                 for p in pairs])):
        for (a, b), (pa, pb) in zip(drawn, pairs):
            assert _delta(_rgb(a), _rgb(b)) >= APART, (level, pa, a, pb, b)


@pytest.mark.parametrize("brightness, width", [(1, 1280), (128, 1280), (255, 1280),
                                               (255, 390)])
def test_switched_squares_look_apart_on_the_board_and_in_the_legend(browser, server,
                                                                    brightness, width):
    """A game at brightness 1 (the dimmest lit: 0 is dark), 128 and 255 (and 255 on a
    phone): each player's switched square, on the board (a screenshot) and as the
    legend's dot, looks clearly apart from their plain square."""
    from tests.sim_harness import configure, page_at
    with page_at(browser, server, width) as sim:
        configure(sim, {"leds.brightness": brightness})
        sim.press("d4")                                           # start
        for name in ("a1", "g7", "g7", "a1", "c3", "e5"):        # A switches g7, B a1
            move(sim, name)
        sim.advance(1300)                                         # past the pulse
        board = {role: sim.screen_colour(square) for role, square in
                 (("A", "c3"), ("A switched", "g7"), ("B", "e5"), ("B switched", "a1"))}
        legend = {text: rgb for text, _blinks, rgb in sim.page.evaluate(SWATCHES_JS)}
        sim.screenshot("sim-light-switched-%d-%d.png" % (brightness, width))
    for seat in "AB":
        plain, switched = board[seat], board[seat + " switched"]
        assert _delta(plain, switched) >= APART, (seat, plain, switched)
        plain = tuple(legend["%s's square" % seat])
        switched = tuple(legend["%s's square, switched by %s" % (seat, seat)])
        assert _delta(plain, switched) >= APART, (seat, plain, switched)
