"""The browser simulator with the light board, in Debian's chromium (DESIGN.md §5 layer 5).

The page runs the real firmware on MicroPython; the tests click its keys, move its
manual clock and compare the LEDs drawn (the DOM's data-rgb, and a screenshot) with
what the firmware's own LED driver gives for the colours of firmware/app/render.py."""
import json
import os

import pytest

from firmware.app import render, settings
from firmware.app.device import FRAME_MS
from tests.sim_harness import ROOT, VIEWPORT, Sim, browser, sim, scaled, serve, wire  # noqa: F401 (fixture)

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
    assert leds["b7"] == shown(scaled(A, 48))                 # Lite, not chosen
    assert leds["a1"] == shown(scaled(render.CYAN, 160))      # game time setting
    assert leds["g4"] == OFF
    sim.press("b7")                                           # choose Lite
    leds = sim.leds()
    assert leds["b7"] == shown(A) and leds["a7"] == shown(scaled(A, 48))
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
    # RULES.md MKV-3: A wins on the diagonal a1-d4.
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
    if os.environ.get("ARBITER_UPDATE_DOCS") == "1":       # the README's picture
        sim.page.screenshot(path=os.path.join(ROOT, "docs", "sim-light.png"))
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
    assert (leds["b4"], leds["d4"], leds["f4"]) == (shown(render.GREEN), shown(render.YELLOW), shown(render.RED))
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
    sim.advance(500)                   # the timeout tune: 440 Hz, a rest, 330 Hz
    tones = [f for f, duty in sim.tones() if duty]
    assert tones[-2:] == [440, 330]


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
    assert "state: unreadable /state/current.json; discarded" in sim.files()["events.log"]
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
