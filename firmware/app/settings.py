"""The board's settings: one schema shared by the firmware and ``arbiter config``.

Stored in /config.json as a flat object {"version": 1, "<key>": value, ...}; a time
limit that is off is stored as null. Text forms (what people type and see): integers,
``on``/``off`` for booleans, ``off`` for a disabled limit, choice names as written.

Every board has the keys of SCHEMA; each game's own keys (``<game>.<name>``) are in
settings_<game>.py, imported only when used, so a board holds the tables of its own
games alone (RAM is scarce). A key alone (spec, check, parse) finds its game by its
prefix; loading and checking the file take the games wanted: the light board's app
("morbak",), ``arbiter config`` all of GAMES. The stored keys of other games are
neither read nor checked then, and ``save`` keeps them as they are."""
import json

from firmware.rules import is_bool, is_int

VERSION = 1
PATH = "config.json"
GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")

# key: (default, kind, arg). Kinds: "int" arg=(lo, hi); "limit" arg=(lo, hi), None = off;
# "bool"; "choice" arg=tuple of allowed values (strings or ints); "setup" (Mabula ring).
SCHEMA = {
    "leds.brightness": (64, "int", (0, 255)),
    "sound": (True, "bool", None),
}

# Keys that are board settings rather than options of a game's engine.
# The warn_* keys: seconds left on the move / game clock when the board starts warning.
_BOARD_ONLY = ("morbak.confirm", "morbak.warn_move_s", "morbak.warn_game_s")


def _game_keys(game):
    return __import__("firmware.app.settings_" + game, None, None, ("KEYS",)).KEYS


def spec(key):
    """(default, kind, arg) of ``key``; ValueError (one sentence) for an unknown key."""
    if key in SCHEMA:
        return SCHEMA[key]
    game = key.split(".")[0]
    if game in GAMES:
        keys = _game_keys(game)
        if key in keys:
            return keys[key]
    raise ValueError("unknown setting %s" % key)


def schema(games):
    """{key: (default, kind, arg)}: every board's settings, then those of ``games``."""
    out = dict(SCHEMA)
    for game in games:
        out.update(_game_keys(game))
    return out


def defaults(games):
    table = schema(games)
    out = {}
    for key in table:
        out[key] = table[key][0]
    return out


def _describe(kind, arg):
    if kind == "int":
        return "a whole number from %d to %d" % arg
    if kind == "limit":
        return "a number of seconds from %d to %d, or off" % arg
    if kind == "bool":
        return "on or off"
    if kind == "setup":
        return "random, or 24 letters W/B in ring order"
    return "one of " + ", ".join(str(a) for a in arg)


def check(key, value):
    """Return ``value`` if it is valid JSON for ``key``; else raise ValueError (one sentence)."""
    _default, kind, arg = spec(key)
    if kind == "bool":
        ok = is_bool(value)
    elif kind == "int" or kind == "limit":
        ok = (value is None and kind == "limit") or (is_int(value) and arg[0] <= value <= arg[1])
    elif kind == "setup":
        ok = isinstance(value, str) and (value == "random" or (
            len(value) == 24 and not [c for c in value if c not in "WB"]))
    else:
        ok = False
        for a in arg:
            if value == a and is_int(value) == is_int(a):
                ok = True
    if not ok:
        raise ValueError("%s must be %s, not %s" % (key, _describe(kind, arg), to_text(key, value)))
    return value


def parse(key, text):
    """The value that the text form ``text`` means for ``key`` (raises ValueError)."""
    _default, kind, arg = spec(key)
    t = text.strip()
    low = t.lower()
    if kind == "bool":
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        value = t
    elif kind == "limit" and low == "off":
        return None
    elif kind == "int" or kind == "limit" or (kind == "choice" and is_int(arg[0])):
        try:
            value = int(t)
        except ValueError:
            value = t
    else:
        value = t
    return check(key, value)


def to_text(key, value):
    if value is None:
        return "off"
    if is_bool(value):
        return "on" if value else "off"
    return str(value)


def load(storage, games):
    """The settings of ``games`` in effect: defaults overlaid with every valid stored value.

    A missing or corrupt file, or a bad value in it, falls back to the default
    (the board must always start)."""
    cfg = defaults(games)
    stored = storage.read_json(PATH, None)
    if isinstance(stored, dict):
        for key in cfg:
            if key in stored:
                try:
                    cfg[key] = check(key, stored[key])
                except ValueError:
                    pass
    return cfg


def problem(storage, games):
    """Why the stored settings of ``games`` cannot be used as they are (one sentence),
    or None when they are fine or the file is simply missing. The board reports it and
    keeps the file for ``arbiter config`` to fix."""
    text = storage.read_text(PATH)
    if text is None:
        return None
    try:
        stored = json.loads(text)
    except ValueError:
        return "/%s is not valid JSON" % PATH
    if not isinstance(stored, dict):
        return "/%s is not a JSON object" % PATH
    for key in sorted(schema(games)):  # the same key named on every interpreter
        if key in stored:
            try:
                check(key, stored[key])
            except ValueError as e:
                return str(e)
    return None


def save(storage, cfg):
    """Write every key of ``cfg`` (each checked first: ValueError) over the stored file;
    the stored keys not in ``cfg`` (other games') stay as they are."""
    data = storage.read_json(PATH, None)
    if not isinstance(data, dict):
        data = {}
    for key in cfg:
        data[key] = check(key, cfg[key])
    data["version"] = VERSION
    storage.write_json(PATH, data)


def game_options(cfg, game):
    """The engine options of ``game`` (for ``new_game``): only values changed from
    the default are passed, so the engine's own dependent defaults (Lite's budget
    of 6) still apply."""
    prefix = game + "."
    out = {}
    for key in cfg:
        if key.startswith(prefix) and key not in _BOARD_ONLY and cfg[key] != spec(key)[0]:
            out[key[len(prefix):]] = cfg[key]
    return out
