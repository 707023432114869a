"""The board's settings: one schema shared by the firmware and ``arbiter config``.

Stored in /config.json as a flat object {"version": 1, "<key>": value, ...}. Text forms
(what people type and see): whole numbers in ASCII digits, ``on``/``off`` for switches,
``off`` for a time limit that is off (stored as null), choice names as written.

Every board has the keys of SCHEMA, and ``game``: which of its games (firmware/catalogue.py)
its start plays. A game's keys (``<game>.<name>``) are its engine's options, ranges and
all, from the engine's own table (its OPTIONS), plus the board's own keys of that game in
its settings module, the catalogue's (KEYS, e.g. Morbak's clock limits and warnings, with
the board's defaults and ranges; HIDDEN names the engine options the board sets itself;
CHOSEN those its menu always chooses, which take the engine's default as theirs).
An engine option's value None (text ``default``) means "the engine's default": only
the options a player set are passed to the engine, so an engine's dependent defaults
(Lite's budget of 6) apply to what was never set, and what was set is kept.

A game's tables are imported only when its keys are wanted (RAM is scarce): a key alone
(spec, check, parse) finds its game by its prefix; loading and checking the file take
the games wanted: the light board's app ("morbak",), ``arbiter config`` every game.
The stored keys of other games are neither read nor checked then, and ``save`` keeps
them as they are."""
import json

from firmware import catalogue
from firmware.rules import is_bool, is_int, take_options

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

VERSION = 1
PATH = "config.json"
_DEFAULT = const("default")  # the text of None for an engine option
_NUMBER_DIGITS = const(10)  # longer digit strings are no setting's value (and stay small ints)
_SHOWN = const(24)          # characters of a bad value echoed in a message
MAX_BYTES = 16384     # the most of /config.json read (every setting and a calibration: ~3 KB)

# key: (default, kind, arg), kinds as in firmware.rules.take_options ("limit": None = off).
# leds.palette: the LED colours ("colour-blind": players, rejection and marks told apart
# under the common colour-vision deficiencies; render.py); leds.night: night mode (the
# brightness held at NIGHT_BRIGHTNESS at most, no white flashes).
SCHEMA = {
    "leds.brightness": (64, "int", (0, 255)),
    "leds.palette": ("standard", "choice", ("standard", "colour-blind")),
    "leds.night": (False, "bool", None),
    "sound": (True, "bool", None),
}
NIGHT_BRIGHTNESS = 32


def brightness(cfg):
    """The LED brightness the settings give (night mode caps it)."""
    b = cfg["leds.brightness"]
    return min(b, NIGHT_BRIGHTNESS) if cfg["leds.night"] else b


def _board_keys(game):
    """The game's board settings (KEYS, HIDDEN, CHOSEN), or empty ones when it has none."""
    mod = catalogue.settings(game)
    if mod is None:
        return {}, (), ()
    return getattr(mod, "KEYS", {}), getattr(mod, "HIDDEN", ()), getattr(mod, "CHOSEN", ())


def _engine(game):
    """The module with ``game``'s OPTIONS: a small one of their own where the engine has it
    (<engine>_options.py: the engine is not loaded for them), else the engine."""
    name = catalogue.row(game)[2]
    try:
        return catalogue.load(name + "_options")
    except ImportError:
        return catalogue.load(name)


def _game_keys(game):
    options = _engine(game).OPTIONS
    keys, hidden, chosen = _board_keys(game)
    out = {}
    for name in options:
        if name not in hidden:
            default, kind, arg = options[name]
            out[game + "." + name] = (default if name in chosen else None, kind, arg)
    out.update(keys)
    return out


def spec(key):
    """(default, kind, arg) of ``key``; ValueError (one sentence) for an unknown key."""
    if key in SCHEMA:
        return SCHEMA[key]
    if key == "game":
        return _game_choice(catalogue.names())
    game = key.split(".")[0]
    if game in catalogue.names():
        keys = _game_keys(game)
        if key in keys:
            return keys[key]
    raise ValueError("unknown setting %s" % shown(key))


def _game_choice(games):
    return (games[0], "choice", tuple(games))


def schema(games):
    """{key: (default, kind, arg)}: every board's settings, ``game`` (one of ``games``),
    then those of ``games``."""
    out = dict(SCHEMA)
    out["game"] = _game_choice(games)
    for game in games:
        out.update(_game_keys(game))
    return out


def defaults(games):
    table = schema(games)
    out = {}
    for key in table:
        out[key] = table[key][0]
    return out


def shown(text, limit=_SHOWN):
    """``text`` for a message: a plain word as it is; anything else quoted, its
    control characters escaped, cut to ``limit`` characters (input never reaches a
    terminal raw)."""
    if 0 < len(text) <= limit and not [c for c in text if not ("!" <= c <= "~") or c in "'\\"]:
        return text
    out = ""
    for c in text[:limit]:
        n = ord(c)
        if n < 32 or 127 <= n < 160 or 0x2000 <= n < 0x2070 or n == 0xFEFF:  # bidi, too
            out += "\\x%02x" % n if n < 256 else "\\u%04x" % n
        else:
            out += "\\" + c if c in "'\\" else c
    return "'%s'%s" % (out, "..." if len(text) > limit else "")


def _describe(key, kind, arg, default):
    if kind == "int":
        text = "a whole number from %d to %d" % arg
    elif kind == "limit":  # a time limit (its key ends in _s), or a count that can be off
        text = (
            "a number of seconds" if key.endswith("_s") else "a whole number"
        ) + " from %d to %d, or off" % arg
    elif kind == "bool":
        text = "on or off"
    else:
        text = "one of " + ", ".join(str(a) for a in arg)
    return text + (", or default" if default is None and kind != "limit" else "")


def check(key, value):
    """Return ``value`` if it is valid JSON for ``key``; else raise ValueError (one sentence)."""
    default, kind, arg = spec(key)
    if value is None and default is None:
        return value
    try:
        take_options({key: value}, {key: (default, kind, arg)})  # the engines' own check
        return value
    except ValueError:
        pass
    if kind == "check":  # the engine says what is wrong
        raise ValueError("%s is not valid: %s" % (key, arg(value)))
    raise ValueError("%s must be %s, not %s" % (key, _describe(key, kind, arg, default),
                                                 shown(to_text(key, value))))


def _number(text):
    """The whole number that ``text`` spells in ASCII digits, else ``text`` itself."""
    if 0 < len(text) <= _NUMBER_DIGITS and not [c for c in text if c not in "0123456789"]:
        return int(text)
    return text


def parse(key, text):
    """The value that the text form ``text`` means for ``key`` (raises ValueError)."""
    default, kind, arg = spec(key)
    t = text.strip()
    low = t.lower()
    if default is None and low == _DEFAULT:
        return None
    if kind == "bool":
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        value = t
    elif kind == "limit" and low == "off":
        return None
    elif kind == "int" or kind == "limit" or (kind == "choice" and [a for a in arg if is_int(a)]):
        value = _number(t)
    else:
        value = t
    return check(key, value)


def to_text(key, value):
    if value is None:  # a limit that is off, or an engine option left to its default
        default, kind, _arg = spec(key)
        return _DEFAULT if default is None and kind != "limit" else "off"
    if is_bool(value):
        return "on" if value else "off"
    return str(value)


def load(storage, games):
    """The settings of ``games`` in effect: defaults overlaid with every valid stored value.

    A missing, corrupt or oversized file, or a bad value in it, falls back to the
    default (the board must always start; a file past MAX_BYTES is not read at all)."""
    cfg = defaults(games)
    stored = storage.read_json(PATH, None, MAX_BYTES)
    if isinstance(stored, dict):
        for key in cfg:
            if key in stored:
                try:
                    cfg[key] = check(key, stored[key])
                except ValueError:
                    pass
    if cfg["game"] not in games:   # a game this board does not play
        cfg["game"] = games[0]
    return cfg


def problem(storage, games):
    """Why the stored settings of ``games`` cannot be used as they are (one sentence),
    or None when they are fine or the file is simply missing. The board reports it and
    keeps the file for ``arbiter config`` to fix."""
    size = storage.size(PATH)
    if size > MAX_BYTES:
        return "/%s is too large (%d KB; settings take at most %d KB)" % (PATH, size // 1024,
                                                                          MAX_BYTES // 1024)
    text = storage.read_text(PATH, None, MAX_BYTES)
    if text is None:
        if storage.exists(PATH):
            return "/%s cannot be read (a folder, or not UTF-8 text)" % PATH
        return None
    try:
        stored = json.loads(text)
    except (ValueError, RuntimeError):   # RuntimeError: nested too deep
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
    data = storage.read_json(PATH, None, MAX_BYTES)
    if not isinstance(data, dict):
        data = {}
    for key in cfg:
        data[key] = check(key, cfg[key])
    data["version"] = VERSION
    storage.write_json(PATH, data)


def game_options(cfg, game):
    """The engine options of ``game`` (for ``new_game``) that have a value: those left
    at None take the engine's own default (dependent ones too, like Lite's budget of 6).
    The board's own keys are left out, but for those that are engine options too: the
    game's controller passes their None (a limit that is off) itself."""
    prefix = game + "."
    options = _engine(game).OPTIONS
    out = {}
    for key in cfg:
        name = key[len(prefix):]
        if key.startswith(prefix) and name in options and cfg[key] is not None:
            out[name] = cfg[key]
    return out
