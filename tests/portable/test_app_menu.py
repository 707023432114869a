"""Boot, the on-board menu, the settings editor and a damaged /config.json."""
from check import eq

from firmware.app.core import render, settings
from firmware import catalogue
from firmware.hal.storage import Storage
from test_app_kit import MENU, OK, Board, fresh_dir, sq


def test_boot_self_test_sweep_then_menu():
    b = Board("boot", boot=False)
    eq(b.status()["screen"], "boot")
    eq(b.tones(), list(render.BOOT), "boot chime")
    for rank in range(7):
        b.step(None, 60 if rank else 30)
        eq(b.lit(), list(range(7 * rank, 7 * rank + 7)), "sweep, rank %d" % (rank + 1))
    b.wait(60)
    eq(b.status()["screen"], "menu")
    lit = b.lit()
    for name in ("a7", "b7", "d4", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "d7", "e7", "f7",
                 "g7"):
        assert sq(name) in lit, name
    eq(len(lit), 14, "only the menu's choices are lit (2 variants, start, 11 settings)")
    eq(b.pixel("d4"), render.GREEN, "start")
    eq(b.pixel("a7"), render.PLAYER[0], "Morbak chosen")
    assert "0 boot" in b.events_log()


def test_variant_choice_is_remembered():
    b = Board("variant")
    b.press("b7")
    assert b.pixel("b7") == render.PLAYER[0] and b.pixel("a7") != render.PLAYER[0]
    eq(b.storage.read_json("config.json")["morbak.lite"], True)
    b.press("d4")  # the green square starts, like OK
    eq(b.status()["options"]["lite"], True)
    eq(b.status()["position"].split(" ")[2:4], ["6", "6"], "Lite budgets")
    b = b.reboot()
    eq(b.status()["screen"], "resume")
    b.press(MENU)
    eq(b.status()["screen"], "menu")
    eq(b.pixel("b7"), render.PLAYER[0], "still Lite after a reboot")


def test_game_time_setting_as_a_bar():
    b = Board("gametime")
    b.press("a1")
    eq(b.status()["screen"], "setting")
    # 900 s = 15 minutes = 15 squares from a2: ranks 2 and 3 full, a4 lit.
    bar = [i for i in b.lit() if i >= 7]
    eq(bar, list(range(7, 22)), "15 squares")
    eq(b.pixel("a1"), render.CYAN, "the setting's own square")
    b.press("c2")  # 3 squares = 3 minutes
    eq([i for i in b.lit() if i >= 7], [7, 8, 9])
    b.press(OK)
    eq(b.status()["screen"], "menu")
    eq(b.storage.read_json("config.json")["morbak.game_time_s"], 180)
    assert "set morbak.game_time_s=180" in b.events_log()
    b.press("a1")
    b.press("g1")  # off
    eq([i for i in b.lit() if i >= 7], [], "no bar when off")
    eq(b.pixel("g1"), render.RED)
    b.press(MENU)  # back without saving
    eq(b.storage.read_json("config.json")["morbak.game_time_s"], 180)
    b.press("a1")
    b.press("g1")
    b.press(OK)
    eq(b.storage.read_json("config.json")["morbak.game_time_s"], None)
    b.start()
    eq(b.status()["clocks_ms"], None, "no game clock")


def test_move_time_and_brightness_settings():
    b = Board("movetime")
    b.press("b1")
    eq([i for i in b.lit() if i >= 7], list(range(7, 19)), "120 s = 12 squares of 10 s")
    b.press("c3")  # square 10: 100 s
    b.press(OK)
    eq(settings.load(b.storage, catalogue.games_on("light"))["morbak.move_time_s"], 100)
    b.press("c1")
    eq(b.app.brightness, 64)
    b.press("g7")  # all 42 squares: full brightness, shown at once
    eq(b.app.brightness, 255)
    b.press(MENU)
    eq(b.app.brightness, 64, "cancel restores the brightness")
    b.press("c1")
    b.press("g2")  # 7 squares
    b.press(OK)
    eq(b.app.brightness, 7 * 255 // 42)
    eq(b.storage.read_json("config.json")["leds.brightness"], 7 * 255 // 42)
    b.start()
    eq(b.status()["options"]["move_time_s"], 100)


def test_sound_and_confirm_switches():
    b = Board("sound")
    b.press("d1")
    eq(b.pixel("e4"), render.GREEN, "sound is on")
    b.press("c4")
    eq(b.pixel("c4"), render.RED)
    b.press(OK)
    eq(b.storage.read_json("config.json")["sound"], False)
    b.tones()
    b.press("e1")
    b.press("c4")  # confirm step off
    b.press(OK)
    b.start()
    b.press("d4")
    eq(b.status()["moves"], ["L d4"], "one press plays when confirm is off")
    eq(b.tones(), [], "silent")


def test_damaged_config_is_reported_and_kept():
    root = fresh_dir("badcfg")
    Storage(root).write_text("config.json", '{"sound": fal')
    b = Board(None, root=root)
    eq(b.status()["screen"], "menu", "the board starts anyway")
    eq(b.app.cfg, settings.defaults(catalogue.games_on("light")), "defaults in use")
    assert "config: /config.json is not valid JSON" in b.events_log(), b.events_log()
    eq(b.storage.read_text("config.json"), '{"sound": fal', "left for arbiter config to fix")
    assert "settings file damaged" in b.status()["message"]
    b.start()
    b.move("d4")
    eq(b.status()["moves"], ["L d4"])


def test_bad_value_in_config_uses_the_default_for_it():
    root = fresh_dir("badval")
    Storage(root).write_json("config.json", {"version": 1, "leds.brightness": 999, "sound": False})
    b = Board(None, root=root)
    eq(b.app.brightness, 64)
    eq(b.app.cfg["sound"], False, "the good values are kept")
    assert "leds.brightness must be a whole number from 0 to 255, not 999" in b.events_log()


def test_config_problem_names_the_first_bad_key_in_name_order():
    # Not the first in dict order, which differs between CPython and MicroPython.
    root = fresh_dir("badkeys")
    st = Storage(root)
    st.write_json("config.json", {"version": 1, "sound": "loud", "morbak.lite": 3,
                                  "morbak.warn_move_s": 0})
    said = settings.problem(st, catalogue.games_on("light"))
    assert said.startswith("morbak.lite must be"), said


def test_brightness_cannot_be_switched_off():
    b = Board("bright-off")
    b.press("c1")                      # brightness
    eq(b.pixel("g1"), render.OFF, "no off square for brightness")
    b.press("g1")
    b.press(OK)
    eq(b.app.cfg["leds.brightness"], 64, "unchanged")
    eq(b.status()["screen"], "menu", "saved, no crash")


def test_the_board_as_opponent_is_chosen_in_the_menu():
    b = Board("opponent-menu")
    b.press("f1")                      # the seat the board plays
    eq(b.status()["screen"], "setting", "editing it")
    b.press("g4")                      # off, A, B on c4, e4, g4: B
    b.press(OK)
    b.press("g1")                      # its level: a bar
    b.press("e2")                      # 5 squares
    b.press(OK)
    eq((b.app.cfg["morbak.opponent"], b.app.cfg["morbak.level"]), ("B", 5), "saved")
    eq(b.storage.read_json("config.json")["morbak.opponent"], "B", "in /config.json")
