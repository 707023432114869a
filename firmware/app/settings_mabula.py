"""Mabula on a board: its engine options come from firmware/rules/mabula.py's OPTIONS.
CHOSEN: those the marble board's menu edits (board_marble.ITEMS), which show a value
from the start (the engine's default) and are always passed. See settings_morbak.py."""
KEYS = {
    "mabula.opponent": ("off", "choice", ("off", "W", "B")),   # the seat the board plays
    "mabula.level": (3, "int", (1, 5)),
}
CHOSEN = ("first", "scoring", "tiebreak", "count_edge_marbles")
