"""The board's settings: one schema shared by the firmware and ``arbiter config``.

Stored in /config.json as a flat object {"version": 1, "<key>": value, ...}; a time
limit that is off is stored as null. Text forms (what people type and see): integers,
``on``/``off`` for booleans, ``off`` for a disabled limit, choice names as written."""
import json

from firmware.rules import is_bool, is_int

VERSION = 1
PATH = "config.json"

# key: (default, kind, arg). Kinds: "int" arg=(lo, hi); "limit" arg=(lo, hi), None = off;
# "bool"; "choice" arg=tuple of allowed values (strings or ints); "setup" (Mabula ring).
SCHEMA = {
    "leds.brightness": (64, "int", (0, 255)),
    "sound": (True, "bool", None),
    "morbak.game_time_s": (900, "limit", (10, 36000)),
    "morbak.move_time_s": (120, "limit", (5, 3600)),
    "morbak.lite": (False, "bool", None),
    "morbak.confirm": (True, "bool", None),
    "morbak.warn_move_s": (10, "limit", (1, 600)),
    "morbak.warn_game_s": (60, "limit", (1, 3600)),
    "morbak.budget": (7, "int", (0, 49)),
    "morbak.budget_scope": ("combined", "choice", ("combined", "separate")),
    "morbak.neutralizations": (1, "int", (0, 49)),
    "morbak.switch_limit": ("per_square", "choice", ("per_square", "per_player")),
    "morbak.first": (0, "choice", (0, 1, "random")),
    "mabula.setup": ("random", "setup", None),
    "mabula.first": ("W", "choice", ("W", "B", "random")),
    "mabula.scoring": ("largest", "choice", ("largest", "product")),
    "mabula.tiebreak": ("draw", "choice", ("draw", "lex")),
    "mabula.count_edge_marbles": (False, "bool", None),
    "fursaz.size": (7, "choice", (5, 7)),
    "fursaz.pie": (True, "bool", None),
    "fursaz.territory": ("run", "choice", ("run", "midpoint")),
    "fursaz.cycle_rule": ("illegal", "choice", ("illegal", "stop")),
    "fursaz.tie": ("draw", "choice", ("draw", "white")),
    "mano.target": (50, "int", (1, 1000)),
    "mano.lock": ("immediate", "choice", ("immediate", "play_out")),
    "mano.lock_award": ("opponent", "choice", ("opponent", "both")),
    "mano.no_double": ("heaviest", "choice", ("heaviest", "redeal")),
    "mano.later_lead": ("highest_double", "choice", ("highest_double", "winner")),
    "masbrur.rounds": (4, "choice", (4, 6, 8)),
    "masbrur.setup": ("standard", "choice", ("standard", "free")),
    "masbrur.first_offerer": ("random", "choice", (0, 1, "random")),
    "masbrur.pie_split": ("any", "choice", ("any", "equal")),
    "masbrur.wall_mode": ("reselect", "choice", ("reselect", "fixed")),
    "masbrur.die_start": (1, "int", (0, 1000)),
    "masbrur.die_reset": (True, "bool", None),
    "masbrur.max_equipment_plies": (200, "int", (2, 10000)),
    "masbrur.steal_rule": ("same_blocker", "choice", ("same_blocker", "heights_frozen")),
    "masbrur.shared_medal": ("half", "choice", ("half", "full", "none")),
    "masbrur.community_tiles": ("formation", "choice", ("formation", "hand")),
    "masbrur.community_measure": ("pips", "choice", ("pips", "count")),
    "masbrur.contiguous": (False, "bool", None),
}

# Keys that are board settings rather than options of a game's engine.
# The warn_* keys: seconds left on the move / game clock when the board starts warning.
_BOARD_ONLY = ("morbak.confirm", "morbak.warn_move_s", "morbak.warn_game_s")


def defaults():
    out = {}
    for key in SCHEMA:
        out[key] = SCHEMA[key][0]
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
    if key not in SCHEMA:
        raise ValueError("unknown setting %s" % key)
    kind, arg = SCHEMA[key][1], SCHEMA[key][2]
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
    if key not in SCHEMA:
        raise ValueError("unknown setting %s" % key)
    kind, arg = SCHEMA[key][1], SCHEMA[key][2]
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


def load(storage):
    """The settings in effect: defaults overlaid with every valid stored value.

    A missing or corrupt file, or a bad value in it, falls back to the default
    (the board must always start)."""
    cfg = defaults()
    stored = storage.read_json(PATH, None)
    if isinstance(stored, dict):
        for key in SCHEMA:
            if key in stored:
                try:
                    cfg[key] = check(key, stored[key])
                except ValueError:
                    pass
    return cfg


def problem(storage):
    """Why the stored settings file cannot be used as it is (one sentence), or None
    when it is fine or simply missing. The board reports it and keeps the file for
    ``arbiter config`` to fix."""
    text = storage.read_text(PATH)
    if text is None:
        return None
    try:
        stored = json.loads(text)
    except ValueError:
        return "/%s is not valid JSON" % PATH
    if not isinstance(stored, dict):
        return "/%s is not a JSON object" % PATH
    for key in SCHEMA:
        if key in stored:
            try:
                check(key, stored[key])
            except ValueError as e:
                return str(e)
    return None


def save(storage, cfg):
    data = {"version": VERSION}
    for key in SCHEMA:
        data[key] = check(key, cfg[key]) if key in cfg else SCHEMA[key][0]
    storage.write_json(PATH, data)


def game_options(cfg, game):
    """The engine options of ``game`` (for ``new_game``): only values changed from
    the default are passed, so the engine's own dependent defaults (Lite's budget
    of 6) still apply."""
    prefix = game + "."
    out = {}
    for key in SCHEMA:
        if key.startswith(prefix) and key not in _BOARD_ONLY and cfg[key] != SCHEMA[key][0]:
            out[key[len(prefix):]] = cfg[key]
    return out
