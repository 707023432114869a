"""Morbak's settings: the engine options of RULES.md §3.6 and the light board's own
(confirm, warn_move_s, warn_game_s; see settings._BOARD_ONLY).
Format: settings.SCHEMA."""
KEYS = {
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
}
