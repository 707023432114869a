"""Mano a Mano on a board: its engine options come from firmware/rules/mano.py's
OPTIONS, except the one the board sets itself; KEYS: the seat the board plays and how
hard it thinks (firmware/app/mano_opponent.py). CHOSEN: those the tile board's menu
edits as choices (board_tile.ITEMS), which show a value from the start (the engine's
default); the target stays None (the engine's 50) until set.
Format: see settings_morbak.py."""
KEYS = {
    "mano.opponent": ("off", "choice", ("off", "A", "B")),   # the seat the board plays
    "mano.level": (3, "int", (1, 5)),
}
HIDDEN = ("mode",)  # a board reads real tiles: always "observed", never a choice
CHOSEN = ("lock", "lock_award", "later_lead")
