"""Fursaz on a board: its engine options come from firmware/rules/fursaz.py's OPTIONS
(the stone board plays at its own size, its profile's, whatever fursaz.size says).
KEYS: the board plays a seat (opponent, level). CHOSEN: those the stone board's menu edits (board_stone.ITEMS), which show a value from
the start (the engine's default) and are always passed. See settings_morbak.py."""
KEYS = {
    # The seat the board plays: A places the first stone (black, unless B swaps).
    "fursaz.opponent": ("off", "choice", ("off", "A", "B")),
    "fursaz.level": (3, "int", (1, 5)),
    "fursaz.stages": (False, "bool", None),   # show the flips stage by stage, not only the net
}
CHOSEN = ("pie", "territory", "cycle_rule", "tie")
