"""Fursaz on a board: its engine options come from firmware/rules/fursaz.py's OPTIONS.
HIDDEN: the size is the board's own (its profile). CHOSEN: those the stone board's menu
edits (board_stone.ITEMS), which show a value from the start (the engine's default) and
are always passed. See settings_morbak.py."""
KEYS = {}
HIDDEN = ("size",)
CHOSEN = ("pie", "territory", "cycle_rule", "tie")
