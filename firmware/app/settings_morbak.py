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
