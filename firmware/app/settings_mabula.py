"""Mabula's settings: the engine options of RULES.md §1.6.
Format: settings.SCHEMA."""
KEYS = {
    "mabula.setup": ("random", "setup", None),
    "mabula.first": ("W", "choice", ("W", "B", "random")),
    "mabula.scoring": ("largest", "choice", ("largest", "product")),
    "mabula.tiebreak": ("draw", "choice", ("draw", "lex")),
    "mabula.count_edge_marbles": (False, "bool", None),
}
