"""Mano a Mano's settings: the engine options of RULES.md §4.6.
Format: settings.SCHEMA."""
KEYS = {
    "mano.target": (50, "int", (1, 1000)),
    "mano.lock": ("immediate", "choice", ("immediate", "play_out")),
    "mano.lock_award": ("opponent", "choice", ("opponent", "both")),
    "mano.no_double": ("heaviest", "choice", ("heaviest", "redeal")),
    "mano.later_lead": ("highest_double", "choice", ("highest_double", "winner")),
}
