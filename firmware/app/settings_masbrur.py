"""Masbrur on a board: its engine options come from firmware/rules/masbrur.py's OPTIONS,
plus the tile board's own keys. Format: see settings_morbak.py."""
KEYS = {
    # The tile board's start plays Masbrur (on) or Mano a Mano (off): its menu's L5 / L6.
    "masbrur.selected": (False, "bool", None),
    # The seat the board plays (A offers first unless first_offerer says otherwise), and
    # how hard it thinks (on a board each level's time limit cuts it short: session.py).
    "masbrur.opponent": ("off", "choice", ("off", "A", "B")),
    "masbrur.level": (1, "int", (1, 5)),
}
