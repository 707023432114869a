"""Mano a Mano on a board: its engine options come from firmware/rules/mano.py's
OPTIONS, except the one the board sets itself. Format: see settings_morbak.py."""
KEYS = {}
HIDDEN = ("mode",)  # a board reads real tiles: always "observed", never a choice
