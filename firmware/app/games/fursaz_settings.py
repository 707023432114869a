"""Fursaz on a board: its engine options come from firmware/rules/fursaz.py's OPTIONS
(the stone board plays at its own size, its profile's, whatever fursaz.size says).
KEYS: the board plays a seat (opponent, level). CHOSEN: those the stone board's menu edits
(boards/stone.py ITEMS), which show a value from the start (the engine's default) and are always
passed. See morbak_settings.py."""
KEYS = {
    # The seat the board plays: A places the first stone (black, unless B swaps).
    "fursaz.opponent": ("off", "choice", ("off", "A", "B")),
    "fursaz.level": (3, "int", (1, 5)),
    "fursaz.stages": (False, "bool", None),   # show the flips stage by stage, not only the net
}
CHOSEN = ("pie", "territory", "cycle_rule", "tie")
TITLES = {
    "fursaz.pie": "the pie rule: the second player may take the first stone's colour",
    "fursaz.territory": "territory: every run of empty points, or only the midpoint ones",
    "fursaz.cycle_rule": "an endless chain of flips: illegal, or stopped at its repetition",
    "fursaz.tie": "equal scores: a draw, or White wins",
    "fursaz.stages": "flips shown stage by stage (off: only the net result)",
}
VALUES = {"fursaz.tie": {"white": "White wins"}}
