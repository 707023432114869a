"""Mabula on a board: its engine options come from firmware/rules/mabula.py's OPTIONS.
CHOSEN: those the marble board's menu edits (boards/marble.py ITEMS), which show a value
from the start (the engine's default) and are always passed. See morbak_settings.py."""
KEYS = {
    "mabula.opponent": ("off", "choice", ("off", "W", "B")),   # the seat the board plays
    "mabula.level": (3, "int", (1, 5)),
}
CHOSEN = ("first", "scoring", "tiebreak", "count_edge_marbles")
TITLES = {
    "mabula.first": "who moves first",
    "mabula.scoring": "score: the largest group, or the product of all groups",
    "mabula.tiebreak": "equal largest groups: a draw, or the next largest decide (lex)",
    "mabula.count_edge_marbles": "marbles left on the edge count in groups",
}
VALUES = {"mabula.first": {"W": "White", "B": "Black"},
          "mabula.opponent": {"W": "White", "B": "Black", "off": "off (nobody)"}}
