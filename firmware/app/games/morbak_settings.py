"""The light board's own Morbak settings (its engine options come from
firmware/rules/morbak.py's OPTIONS): the clock limits the board enforces, with the
ranges the board offers, the confirm step and when the clocks start warning.
KEYS: format of settings.SCHEMA. HIDDEN: engine options that are not settings.
CHOSEN: engine options the board's menu always chooses (Morbak or Lite), so they have
a value from the start (the engine's default) and are always passed to the engine.
A match (match.py): ``match_games`` games in all, or until a player has ``match_wins``
wins, whichever comes first (both off: single games)."""
KEYS = {
    "morbak.game_time_s": (900, "limit", (10, 36000)),
    "morbak.move_time_s": (120, "limit", (5, 3600)),
    "morbak.confirm": (True, "bool", None),
    "morbak.warn_move_s": (10, "limit", (1, 600)),
    "morbak.warn_game_s": (60, "limit", (1, 3600)),
    "morbak.opponent": ("off", "choice", ("off", "A", "B")),   # the seat the board plays
    "morbak.level": (3, "int", (1, 5)),
    "morbak.match_games": (None, "limit", (1, 42)),
    "morbak.match_wins": (None, "limit", (1, 42)),
}
HIDDEN = ("next_first",)  # one value only: nothing to choose
CHOSEN = ("lite",)
# The menu's picks of this game (core/menu.py picks): Morbak, then Morbak Lite.
VARIANTS = ((("morbak.lite", False),), (("morbak.lite", True),))
# What people read (the tools' words: firmware/app/explain/): a setting, a variant, a value.
TITLES = {
    "morbak.lite=off": "Morbak (the full game)",
    "morbak.lite=on": "Morbak Lite (switches only)",
    "morbak.game_time_s": "game time per player (a square = 1 minute)",
    "morbak.move_time_s": "time for one move (a square = 10 s)",
    "morbak.confirm": "confirm step (a move is a press, then a second press or OK)",
    "morbak.match_games": "match: number of games (a square = 1 game)",
    "morbak.match_wins": "match: first to this many wins (a square = 1 win)",
}
