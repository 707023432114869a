"""Every setting's range and values are those the docs give a player (the Options table
of each page in docs/rules/, the settings paragraph of docs/contracts.md, the README and
the board guides on the board's level), and the same hold through `arbiter config` (what
it accepts and what it refuses, exit 2) and through every board's menu (what its editors
offer)."""
import os
import re

import pytest
from board_kit import KINDS, AnyBoard

from firmware import catalogue
from firmware.app.core import settings
from host_tools import cli
from tests.test_cli_errors import nowhere  # noqa: F401 (a fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RANGE = re.compile(r"^(\d+)–(\d+)( seconds)?(, `off`)?$")


def _read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def _documented():
    """{key: values as the docs write them}: the rules pages' Options tables and the
    board-wide settings in docs/contracts.md."""
    out = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "docs", "rules"))):
        for line in _read(os.path.join("docs", "rules", name)).splitlines():
            m = re.match(r"^\| `([a-z_]+\.[a-z_]+)` \| ([^|]+) \|", line)
            if m:
                out[m.group(1)] = m.group(2).strip()
    text = " ".join(_read("docs/contracts.md").split())
    for key in [*settings.SCHEMA, "game"]:
        m = re.search(r"`%s` \(([^)]*)\)" % re.escape(key), text)
        assert m, "docs/contracts.md gives no values of %s" % key
        out[key] = m.group(1).split(", default")[0].replace("/", ", ")
    return out


DOCS = _documented()
KEYS = sorted(settings.schema(catalogue.names()))


def _meaning(text):
    """What a documented value list says: ("range", lo, hi, off allowed) or ("words",
    set of the words), or None for a form this test does not read (a fixed setup)."""
    m = RANGE.match(text.replace(" (A)", "").replace(" (B)", ""))
    if m:
        return ("range", int(m.group(1)), int(m.group(2)), bool(m.group(4)))
    words = re.findall(r"`([^`]+)`", text) or [w.strip() for w in text.split(",")]
    if "letters" in text:
        return None
    return ("words", {w for w in words if w != "default"})


def test_every_setting_is_documented():
    assert [k for k in KEYS if k not in DOCS] == []
    assert [k for k in DOCS if k not in KEYS] == [], "documented settings the board does not have"


@pytest.mark.parametrize("key", KEYS)
def test_the_documented_values_are_the_settings(key):
    default, kind, arg = settings.spec(key)
    said = _meaning(DOCS[key])
    if said is None:
        return
    if kind in ("int", "limit"):
        assert said == ("range", arg[0], arg[1], kind == "limit"), (key, DOCS[key], arg)
    elif kind == "bool":
        assert said == ("words", {"on", "off"}), (key, DOCS[key])
    elif kind == "choice":
        assert said == ("words", {str(a) for a in arg}), (key, DOCS[key], arg)


def test_every_level_is_one_to_five_wherever_it_is_written():
    levels = [k for k in KEYS if k.endswith(".level")]
    assert len(levels) == 5
    for key in levels:
        assert DOCS[key] == "1–5", key
        assert settings.spec(key)[2] == (1, 5), key
    assert re.search(r"its level\s+\(1-5\b", _read("README.md"))
    for name in os.listdir(os.path.join(ROOT, "docs", "boards")):
        for m in re.finditer(r"level, (\d)–(\d)", _read(os.path.join("docs", "boards", name))):
            assert m.groups() == ("1", "5"), name


def _config_set(capsys, nowhere, pair):
    code = cli.main(["config", "set", pair, "--port", nowhere])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("key", [k for k in KEYS if settings.spec(k)[1] in ("int", "limit")])
def test_arbiter_config_takes_the_documented_range_and_nothing_past_it(key, capsys, nowhere):
    _kind, lo, hi, off = _meaning(DOCS[key])
    for value in (lo, hi) + (("off",) if off else ()):
        code, err = _config_set(capsys, nowhere, "%s=%s" % (key, value))
        assert code == 1, "%s=%s passes the checks, then finds no board: %s" % (key, value, err)
    for value in (hi + 1, lo - 1) if lo > 0 else (hi + 1,):
        code, err = _config_set(capsys, nowhere, "%s=%s" % (key, value))
        assert code == 2 and "from %d to %d" % (lo, hi) in err and err.count("\n") == 1, (key, err)


@pytest.mark.parametrize("kind", KINDS)
def test_every_board_menu_offers_the_documented_range(kind):
    b = AnyBoard(kind, "documented-" + kind)
    board = b.app.board
    for k, item in enumerate(board.ITEMS):
        key, unit = item[0], item[3]
        said = _meaning(DOCS[key])
        b.open_item(k)
        offered = set()
        if board.DIRECT and unit is not None:
            first, cells = board.BAR
            for cell in range(first, first + cells):
                b.press(cell)
                offered.add(b.app.screen.value)
        elif board.DIRECT:
            for cell in board.CHOICES:
                b.press(cell)
                offered.add(b.app.screen.value)
        else:
            for _ in range(board.BAR[1] + 2):
                b.press("pass")
                offered.add(b.app.screen.value)
        b.press("menu")
        offered.discard(None)
        if said[0] == "range":
            assert min(offered) >= said[1] and max(offered) <= said[2], (key, sorted(offered))
            if key.endswith(".level"):
                assert offered == set(range(said[1], said[2] + 1)), (key, sorted(offered))
        else:
            shown = {settings.to_text(key, v) for v in offered}
            assert shown == said[1], (key, shown, said[1])
