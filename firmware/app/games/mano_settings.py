"""Mano a Mano on a board: its engine options come from firmware/rules/mano.py's
OPTIONS, except the one the board sets itself; KEYS: the seat the board plays and how
hard it thinks (firmware/app/games/mano_tile_seat.py). CHOSEN: those the tile board's menu
edits as choices (boards/tile.py ITEMS), which show a value from the start (the engine's
default); the target stays None (the engine's 50) until set.
Format: see morbak_settings.py."""
KEYS = {
    "mano.opponent": ("off", "choice", ("off", "A", "B")),   # the seat the board plays
    "mano.level": (3, "int", (1, 5)),
}
HIDDEN = ("mode",)  # a board reads real tiles: always "observed", never a choice
CHOSEN = ("lock", "lock_award", "later_lead")
TITLES = {
    "mano.target": "points that win the match (a position = 5; none lit: the rules' 50)",
    "mano.lock": "a locked line: the hand ends at once, or after both have passed",
    "mano.lock_award": "a locked hand's winner scores the other's pips, or both hands'",
    "mano.later_lead": "who leads after the first hand: the highest double, or the winner",
}
VALUES = {"mano.lock": {"immediate": "at once", "play_out": "played out"},
          "mano.lock_award": {"opponent": "the other's pips", "both": "both hands' pips"},
          "mano.later_lead": {"highest_double": "the highest double", "winner": "the winner"}}
