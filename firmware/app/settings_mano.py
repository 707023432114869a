"""Mano a Mano on a board: its engine options come from firmware/rules/mano.py's
OPTIONS, except the one the board sets itself. CHOSEN: those the tile board's menu
edits (board_tile.ITEMS), which show a value from the start (the engine's default).
Format: see settings_morbak.py."""
KEYS = {}
HIDDEN = ("mode",)  # a board reads real tiles: always "observed", never a choice
CHOSEN = ("target", "lock", "lock_award", "later_lead")
