"""Fursaz's settings: the engine options of RULES.md §2.6.
Format: settings.SCHEMA."""
KEYS = {
    "fursaz.size": (7, "choice", (5, 7)),
    "fursaz.pie": (True, "bool", None),
    "fursaz.territory": ("run", "choice", ("run", "midpoint")),
    "fursaz.cycle_rule": ("illegal", "choice", ("illegal", "stop")),
    "fursaz.tie": ("draw", "choice", ("draw", "white")),
}
