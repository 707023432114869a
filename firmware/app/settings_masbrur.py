"""Masbrur on a board: its engine options come from firmware/rules/masbrur.py's OPTIONS,
plus the tile board's choice of game. Format: see settings_morbak.py."""
KEYS = {
    # The tile board's start plays Masbrur (on) or Mano a Mano (off): its menu's L5 / L6.
    "masbrur.selected": (False, "bool", None),
}
