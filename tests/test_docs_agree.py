"""The docs a newcomer reads agree with each other and with the `arbiter` command: every
board kind is offered wherever a board is chosen, nothing that works is called "to come",
and players are named one way (seat A and seat B, or the game's colours:
docs/README.md#players)."""
import os
import re

import pytest

from firmware.hal.profile import kinds
from host_tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _docs():
    out = {"README.md": None}
    for folder in ("docs", "docs/boards", "docs/rules"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".md"):
                out[folder + "/" + name] = None
    for name in out:
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            out[name] = f.read()
    return out


DOCS = _docs()
BOARDS = [k for k in kinds() if k in ("light", "marble", "stone", "tile")]


def _help(capsys, *argv):
    with pytest.raises(SystemExit):
        cli.main(list(argv) + ["--help"])
    return " ".join(capsys.readouterr().out.split())


def test_every_board_is_offered_where_a_board_is_chosen(capsys):
    assert BOARDS == ["light", "marble", "stone", "tile"]
    for argv in (("play",), ("sim",)):
        text = _help(capsys, *argv)
        for kind in BOARDS:
            assert kind in text, (argv, kind, text)
    row = [line for line in DOCS["README.md"].splitlines() if line.startswith("| `arbiter sim")][0]
    for kind in BOARDS:
        assert "`%s`" % kind in row, row
    for kind in BOARDS:
        assert "(boards/%s.md)" % kind in DOCS["docs/README.md"], kind


def test_nothing_that_works_is_called_to_come():
    for name, text in DOCS.items():
        flat = " ".join(text.split())
        for words in ("not done yet", "to come", "not yet supported", "coming soon"):
            assert words not in flat, (name, words)


def test_players_are_named_one_way():
    said = re.compile(r"\b(Player [12]|[Ss]eats? [012]\b|[Ss]eats [01] and [12])")
    for name, text in DOCS.items():
        if name == "docs/contracts.md":       # for programmers: the engines' seats 0 and 1
            continue
        for line in text.splitlines():
            if "engine" in line or "?seat=" in line:   # the engines' seats 0 and 1, a page's URL
                continue
            assert not said.search(line), (name, line)
    assert "## Players" in DOCS["docs/README.md"]
