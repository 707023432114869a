"""Morbak's position text is read by morbak_text.py, which copies morbak.py's const()
values (on MicroPython they are not module attributes): they must stay the same."""
import sys

from firmware.rules import morbak
from firmware.rules import morbak_text
from check import eq


def test_morbak_text_constants_are_the_engines():
    if sys.implementation.name == "micropython":
        return  # const() names are inlined there; CPython holds both copies to compare
    for name in ("_EMPTY", "_NEUTRAL", "_BLK", "_NEU", "_LITE", "_SEPARATE", "_PER_PLAYER",
                 "_GAME_CLOCK", "_MOVE_CLOCK", "_LINE", "_FLAG"):
        eq(getattr(morbak_text, name), getattr(morbak, name), name)


def test_from_text_reads_what_to_text_writes():
    s = morbak.new_game({"switch_limit": "per_player", "budget_scope": "separate"}, 0)
    for move in ("L d4", "L e5", "S e5"):
        s = morbak.play(s, move)
        eq(morbak.to_text(morbak.from_text(morbak.to_text(s))), morbak.to_text(s), move)
