"""Masbrur's options (firmware/rules/masbrur.py's OPTIONS) in a module of their own: a
board's settings read them without loading the engine."""

# {name: (default, kind, arg)}, kinds as in firmware.rules.take_options.
OPTIONS = {
    "rounds": (4, "choice", (4, 6, 8)),
    "setup": ("standard", "choice", ("standard", "free")),
    "first_offerer": ("random", "choice", (0, 1, "random")),
    "pie_split": ("any", "choice", ("any", "equal")),
    "wall_mode": ("reselect", "choice", ("reselect", "fixed")),
    "die_start": (1, "int", (0, 99999)),
    "die_reset": (True, "bool", None),
    "max_equipment_plies": (200, "int", (1, 99999)),
    "steal_rule": ("same_blocker", "choice", ("same_blocker", "heights_frozen")),
    "shared_medal": ("half", "choice", ("half", "full", "none")),
    "community_tiles": ("formation", "choice", ("formation", "hand")),
    "community_measure": ("pips", "choice", ("pips", "count")),
    # Formations are sets of uses and the rack can be reordered and tiles
    # turned freely, so any valid selection can be laid out with every
    # formation adjacent (at most 3 formations, one use per tile and row:
    # their overlaps form a path). The option is accepted and changes nothing.
    "contiguous": (False, "bool", None),
}
