"""Every number a board's menu edits stays within the setting's range, the same one
`arbiter config` checks (settings.spec): a level is 1-5 on every board, however long
the board's bar, and no value pressed in an editor crashes the board."""
from board_kit import KINDS, AnyBoard
from check import eq

from firmware.app.core import settings


def _numbers(b):
    """The board's menu items edited as a number on a bar: (item, key)."""
    return [(k, item[0]) for k, item in enumerate(b.app.board.ITEMS) if item[3] is not None]


def _offered(b):
    """Every value the open editor shows with PASS (or a press on each cell), in order."""
    board = b.app.board
    seen = [b.app.screen.value]
    if board.DIRECT:
        first, cells = board.BAR
        for cell in list(range(first, first + cells)) + [board.OFF]:
            b.press(cell)
            seen.append(b.app.screen.value)
        return seen
    for _ in range(board.BAR[1] + 2):
        b.press("pass")
        seen.append(b.app.screen.value)
    return seen


def test_every_number_offered_is_in_the_settings_range():
    for kind in KINDS:
        b = AnyBoard(kind, "ranges-" + kind)
        for k, key in _numbers(b):
            b.open_item(k)
            eq(b.status()["screen"], "setting", key)
            default, nature, (lo, hi) = settings.spec(key)
            for v in _offered(b):
                if v is None:                  # off, or the rules' default
                    assert nature == "limit" or default is None, (kind, key)
                else:
                    assert lo <= v <= hi, (kind, key, v)
            b.press("menu")


def test_a_level_is_one_to_five_on_every_board():
    for kind in KINDS:
        b = AnyBoard(kind, "levels-" + kind)
        for k, key in _numbers(b):
            if not key.endswith(".level"):
                continue
            b.open_item(k)
            eq(sorted(set(_offered(b))), [1, 2, 3, 4, 5], (kind, key))
            b.press("menu")


def test_from_three_down_to_one_takes_three_passes():
    for kind in ("marble", "stone", "tile"):
        b = AnyBoard(kind, "level-down-" + kind)
        k = [k for k, key in _numbers(b) if key.endswith(".level")][0]
        key = b.app.board.ITEMS[k][0]
        b.app.cfg[key] = 3
        b.open_item(k)
        for _ in range(3):
            b.press("pass")
        eq(b.app.screen.value, 1, kind)
        b.press("ok")
        eq(b.app.cfg[key], 1, kind)


def test_pressing_past_the_level_on_the_light_board_changes_nothing():
    b = AnyBoard("light", "level-42")
    b.press(6)                         # g1: the board's level
    b.press(48)                        # g7: the bar's 42nd square, no level
    eq(b.app.screen.value, 3, "unchanged")
    b.press(11)                        # e2: the 5th square
    b.press("ok")
    eq((b.status()["screen"], b.app.cfg["morbak.level"]), ("menu", 5), "saved, no crash")
    b.press(6)
    lit = [i for i in range(7, 49) if b.app.frame[3 * i] or b.app.frame[3 * i + 1]]
    eq(lit, [7, 8, 9, 10, 11], "the bar: five squares, a2 to e2")


def test_every_value_saved_from_every_editor_starts_a_game():
    for kind in KINDS:
        b = AnyBoard(kind, "saved-" + kind)
        for k, key in _numbers(b):
            b.open_item(k)
            for _ in range(3):
                b.press("pass" if "pass" in b.app.keys else b.app.board.BAR[0] + 2)
            b.press("ok")
            eq(b.status()["screen"], "menu", (kind, key))
            settings.check(key, b.app.cfg[key])
        eq(settings.load(b.storage, b.app.games), b.app.cfg, kind + ": saved as set")


def _extremes(key):
    """The values of ``key`` at the edges: its lowest and highest, off or the rules'
    default, every choice."""
    default, kind, arg = settings.spec(key)
    out = [default]
    if kind in ("int", "limit"):
        out += [arg[0], arg[1]]
    elif kind == "bool":
        out += [False, True]
    elif kind == "choice":
        out += list(arg)
    if kind == "limit" or default is None:
        out.append(None)
    return out


def test_a_game_starts_or_is_refused_in_words_at_every_edge_of_every_setting():
    for kind in KINDS:
        b = AnyBoard(kind, "edges-" + kind)
        for key in sorted(settings.schema(b.app.games)):
            if key.startswith("leds.") or key == "sound":
                continue
            for value in _extremes(key):
                cfg = {key: value}
                if key.startswith("masbrur."):   # the tile board's start then plays Masbrur
                    cfg["game"] = "masbrur"
                b = AnyBoard(kind, "edge", cfg)
                b.press("ok")                   # start (the selection starts on it)
                b.wait(1500)
                st = b.status()
                assert st["screen"] in ("game", "setup") or "no valid game" in st["message"], (
                    kind, key, value, st["screen"], st["message"])
