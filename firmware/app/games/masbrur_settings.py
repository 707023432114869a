"""Masbrur on a board: its engine options come from firmware/rules/masbrur.py's OPTIONS,
plus the tile board's own keys. Format: see morbak_settings.py."""
KEYS = {
    # The seat the board plays (A offers first unless first_offerer says otherwise), and
    # how hard it thinks (on a board each level's time limit cuts it short: session.py).
    "masbrur.opponent": ("off", "choice", ("off", "A", "B")),
    "masbrur.level": (1, "int", (1, 5)),
}
