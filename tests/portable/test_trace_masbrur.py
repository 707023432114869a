"""Masbrur on the tile board judged by traces (DESIGN.md §3): the resistor of every tile
half on the field, the wall slots and the pad read through the board's own mux driver,
filter and controller. Every move carried out on the board is taken, and nothing else."""
from check import eq
from masbrur_kit import Table, accepted, corrections, noisy, rounds
from test_app_kit import fresh_dir
from tile_kit import PROFILE

from firmware.app import trace
from firmware.hal.storage import Storage
from firmware.rules import masbrur

MASBRUR = {"masbrur.selected": "on"}


def run(lines, seed, storage=None, new=True):
    if storage is None:
        storage = Storage(fresh_dir("masbrur"))
    return trace.replay(PROFILE, storage, lines, seed, MASBRUR, new)


def position(out):
    return "\n".join([x[9:] for x in out if x.startswith("position ")])


def test_a_whole_round_from_the_engine_is_every_move_and_nothing_else():
    lines, moves, s = rounds(3)
    out = run(lines, 3)
    eq(accepted(out), moves, "the round's moves")
    eq(corrections(out), [], "no correction")
    assert s.round == 2
