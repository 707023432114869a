"""Masbrur's settings: the engine options of RULES.md §5.10.
Format: settings.SCHEMA."""
KEYS = {
    "masbrur.rounds": (4, "choice", (4, 6, 8)),
    "masbrur.setup": ("standard", "choice", ("standard", "free")),
    "masbrur.first_offerer": ("random", "choice", (0, 1, "random")),
    "masbrur.pie_split": ("any", "choice", ("any", "equal")),
    "masbrur.wall_mode": ("reselect", "choice", ("reselect", "fixed")),
    "masbrur.die_start": (1, "int", (0, 1000)),
    "masbrur.die_reset": (True, "bool", None),
    "masbrur.max_equipment_plies": (200, "int", (2, 10000)),
    "masbrur.steal_rule": ("same_blocker", "choice", ("same_blocker", "heights_frozen")),
    "masbrur.shared_medal": ("half", "choice", ("half", "full", "none")),
    "masbrur.community_tiles": ("formation", "choice", ("formation", "hand")),
    "masbrur.community_measure": ("pips", "choice", ("pips", "count")),
    "masbrur.contiguous": (False, "bool", None),
}
