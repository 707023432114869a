"""firmware/app/core/settings.py: one source of truth for option ranges (the engines'
OPTIONS tables), None as "the engine's default", strict number parsing, safe echoes.
Runs on CPython and on MicroPython."""
from check import eq, raises

from firmware.app.core import settings
from firmware import catalogue
from firmware.hal.storage import Storage
from firmware.rules import fursaz, mabula, mano, masbrur, morbak
from test_app_kit import fresh_dir

ENGINES = {"morbak": morbak, "mabula": mabula, "fursaz": fursaz, "mano": mano, "masbrur": masbrur}


def test_a_games_option_ranges_are_its_engines():
    for game in catalogue.names():
        table = ENGINES[game].OPTIONS
        for name in table:
            key = game + "." + name
            try:
                default, kind, arg = settings.spec(key)
            except ValueError:
                continue  # an option the board sets itself (settings_<game>.HIDDEN)
            if (default, kind, arg) != (None, table[name][1], table[name][2]):
                continue  # one of the board's own keys (settings_<game>.KEYS)
            # The engine accepts its default through the settings, and the settings
            # refuse what the engine refuses.
            eq(settings.check(key, table[name][0]), table[name][0], key)
    eq(settings.spec("mano.target"), (None, "int", mano.OPTIONS["target"][2]))
    eq(settings.spec("masbrur.max_equipment_plies")[2], masbrur.OPTIONS["max_equipment_plies"][2])
    raises(ValueError, settings.spec, "mano.mode")  # the board reads real tiles
    eq(settings.spec("morbak.confirm"), (True, "bool", None))  # the board's own


def test_an_option_set_is_passed_and_one_never_set_is_not():
    s = Storage(fresh_dir("settings-none"))
    cfg = settings.load(s, ("morbak",))
    eq(cfg["morbak.budget"], None, "never set: the engine's default")
    eq(settings.to_text("morbak.budget", None), "default")
    # the menu's pick, the clocks
    board_own = {"lite": False, "game_time_s": 900, "move_time_s": 120}
    eq(settings.game_options(cfg, "morbak"), board_own)
    cfg["morbak.lite"] = settings.parse("morbak.lite", "on")
    cfg["morbak.budget"] = settings.parse("morbak.budget", "7")
    settings.save(s, cfg)
    cfg = settings.load(s, ("morbak",))
    opts = settings.game_options(cfg, "morbak")
    eq(opts, {"lite": True, "budget": 7, "game_time_s": 900, "move_time_s": 120},
       "the player's 7 is kept")
    eq(morbak._options(opts)["budget"], 7)
    cfg["morbak.budget"] = settings.parse("morbak.budget", "default")
    eq(morbak._options(settings.game_options(cfg, "morbak"))["budget"], 6, "Lite's own default")
    # The board's own keys are not engine options.
    cfg["morbak.confirm"] = False
    eq("confirm" in settings.game_options(cfg, "morbak"), False)


def test_numbers_are_ascii_digits_only():
    eq(settings.parse("morbak.game_time_s", " 600 "), 600)
    eq(settings.parse("morbak.game_time_s", "0600"), 600)
    for text in ("\u0666\u0660\u0660", "\uff16\uff10\uff10", "6_00", "+600", "600.0", "6e2",
                 "-600", ""):
        e = raises(ValueError, settings.parse, "morbak.game_time_s", text)
        assert "a number of seconds" in str(e), str(e)
    raises(ValueError, settings.parse, "leds.brightness", "\u0661")
    eq(settings.parse("masbrur.first_offerer", "1"), 1)
    eq(settings.parse("masbrur.first_offerer", "random"), "random")


def test_what_is_echoed_is_quoted_and_short():
    e = str(raises(ValueError, settings.parse, "leds.brightness", "9" * 5000))
    assert len(e) < 120, e
    e = str(raises(ValueError, settings.parse, "sound", "on\nrm -rf /\x1b[2J"))
    assert "\n" not in e and "\x1b" not in e and "'on\\x0arm -rf /\\x1b[2J'" in e, e
    e = str(raises(ValueError, settings.spec, "x\x07" * 100))
    assert "\x07" not in e and len(e) < 120, e
    e = str(raises(ValueError, settings.parse, "sound", "maybe"))
    eq(e, "sound must be on or off, not maybe")


def test_engine_checks_through_the_settings():
    e = str(raises(ValueError, settings.parse, "mabula.setup", "WWB"))
    assert "mabula.setup is not valid" in e and "24 letters" in e, e
    eq(settings.parse("mabula.setup", "random"), "random")
    e = str(raises(ValueError, settings.parse, "masbrur.rounds", "5"))
    eq(e, "masbrur.rounds must be one of 4, 6, 8, or default, not 5")
    eq(settings.spec("fursaz.tie"), ("draw", "choice", ("draw", "white")))  # its menu's: a value


def test_save_checks_every_value_itself():
    s = Storage(fresh_dir("settings-save"))
    settings.save(s, {"sound": False})
    raises(ValueError, settings.save, s, {"leds.brightness": 999})
    raises(ValueError, settings.save, s, {"sound": 1})
    eq(s.read_json(settings.PATH), {"sound": False, "version": settings.VERSION},
       "nothing written")


def test_a_config_file_that_cannot_be_read_is_named():
    s = Storage(fresh_dir("settings-folder"))
    s.makedirs(settings.PATH)  # a folder named config.json
    eq(settings.problem(s, ("morbak",)),
       "/config.json cannot be read (a folder, or not UTF-8 text)")
    eq(settings.load(s, ("morbak",)), settings.defaults(("morbak",)))


def test_palette_night_mode_and_match_keys():
    eq(settings.parse("leds.palette", "colour-blind"), "colour-blind")
    eq(str(raises(ValueError, settings.parse, "leds.palette", "pink")),
       "leds.palette must be one of standard, colour-blind, not pink")
    eq(settings.parse("leds.night", "on"), True)
    eq(settings.brightness({"leds.brightness": 200, "leds.night": True}),
       settings.NIGHT_BRIGHTNESS)
    eq(settings.brightness({"leds.brightness": 200, "leds.night": False}), 200)
    eq(settings.parse("morbak.match_wins", "3"), 3)
    eq(settings.parse("morbak.match_games", "off"), None)
    eq(settings.to_text("morbak.match_games", None), "off", "a match that is off, not a default")
    eq(str(raises(ValueError, settings.parse, "morbak.match_games", "0")),
       "morbak.match_games must be a whole number from 1 to 42, or off, not 0")
    d = settings.defaults(("morbak",))
    eq((d["leds.palette"], d["leds.night"], d["morbak.match_games"], d["morbak.match_wins"]),
       ("standard", False, None, None))


def test_a_settings_file_too_large_to_read_falls_back_to_the_defaults():
    """Issue 22, item 3: a large, valid /config.json (say a long note in it) stopped the
    Pico's boot with a MemoryError. It is not read past settings.MAX_BYTES: the defaults
    stand in, the reason is given, and a save (`arbiter config set`, the menu) replaces it."""
    s = Storage(fresh_dir("settings-big"))
    s.write_text(settings.PATH, '{"version": 1, "sound": false, "note": "%s"}' % ("x" * 60000))
    eq(settings.load(s, ("morbak",)), settings.defaults(("morbak",)), "the defaults")
    eq(settings.problem(s, ("morbak",)),
       "/config.json is too large (58 KB; settings take at most 16 KB)")
    cfg = settings.defaults(("morbak",))
    cfg["sound"] = False
    settings.save(s, cfg)
    assert s.size(settings.PATH) < 4096
    eq(settings.load(s, ("morbak",))["sound"], False, "repaired")
    eq(settings.problem(s, ("morbak",)), None)
    s.write_text(settings.PATH, "[" * 5000 + "]" * 5000)   # deep, small: not JSON to the board
    eq(settings.load(s, ("morbak",)), settings.defaults(("morbak",)))
    assert settings.problem(s, ("morbak",)) in ("/config.json is not valid JSON",
                                                 "/config.json is not a JSON object")
