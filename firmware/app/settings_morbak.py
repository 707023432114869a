"""The light board's own Morbak settings (its other engine options come from
firmware/rules/morbak.py's OPTIONS): the variant its menu always picks (Morbak or
Lite), the clock limits the board enforces with the ranges the board offers, the
confirm step and when the clocks start warning. Those of them that are engine options
are always passed to the engine (settings.game_options).
Format: settings.SCHEMA; HIDDEN: engine options that are not settings."""
KEYS = {
    "morbak.lite": (False, "bool", None),
    "morbak.game_time_s": (900, "limit", (10, 36000)),
    "morbak.move_time_s": (120, "limit", (5, 3600)),
    "morbak.confirm": (True, "bool", None),
    "morbak.warn_move_s": (10, "limit", (1, 600)),
    "morbak.warn_game_s": (60, "limit", (1, 3600)),
}
HIDDEN = ("next_first",)  # one value only: nothing to choose
