"""Every kind of rejected press: a red flash and a low buzz on the pressed square, the
game unchanged, and the reason (the engine's words) in /events.log."""
from check import eq

from firmware.app.core import render
from test_app_kit import OK, Board, sq

# docs/rules/morbak.md#mkv-2 up to 12 B S d3: A to move, d4 neutral, e5 blocked by B, d3 switched
# by B, A's neutralization used; B's budget 4.
MKV2 = ["d4", "e5", "c3", "d4", "d4", "b2", "e4", "e5", "e3", "f2", "d3", "d3"]


def _rejected(b, name, reason):
    """Press ``name``; check that it is rejected for ``reason`` and nothing changed."""
    before = b.status()
    b.tones()
    b.step([("down", sq(name))])
    after = b.status()
    eq(after["moves"], before["moves"], "moves after pressing " + name)
    eq(after["position"], before["position"], "position after pressing " + name)
    eq(after["pending"], None, "nothing selected")
    eq(b.pixel(name), render.RED, "red flash on " + name)
    eq(b.tones(), list(render.REJECT), "the reject tone")
    line = "reject %s: %s" % (name, reason)
    assert line in b.events_log(), (line, b.events_log())
    b.step([("up", sq(name))])
    # Three flashes over 600 ms, then the square shows itself again.
    seen = []
    for _ in range(15):
        b.step(None, 50)
        seen.append(b.pixel(name) == render.RED)
    eq(seen.count(True) >= 3 and not seen[-1], True, "flashes then stops %r" % seen)


def test_rejects_in_the_full_game():
    b = Board("reject", {"morbak.move_time_s": None})
    b.start()
    for name in MKV2:
        b.move(name)
    _rejected(b, "d4", "d4 is neutralized")
    _rejected(b, "e5", "you have no neutralization left")
    _rejected(b, "d3", "you have no neutralization left")
    b.move("b2")   # A switches b2 (MKV-2 says it may)
    b.move("e3")   # B switches e3
    b.move("c3")   # A blocks c3
    b.move("a7")   # B lights a7
    _rejected(b, "c3", "c3 is already blocked")
    _rejected(b, "b2", "b2 can no longer be switched, there is nothing to block")


def test_rejects_without_budget_and_in_lite():
    b = Board("budget", {"morbak.budget": 0, "morbak.move_time_s": None})
    b.start()
    b.move("d4")
    _rejected(b, "d4", "you have no budget left")       # B may not switch A's square
    b.move("e5")
    _rejected(b, "d4", "you have no budget left")       # A may not block their own
    b = Board("lite", {"morbak.move_time_s": None})
    b.start(lite=True)
    b.move("d4")
    b.move("d4")   # B switches d4
    _rejected(b, "d4", "there are no neutralizations in Lite")
    b.move("e5")
    b.move("a1")
    _rejected(b, "e5", "there are no blocks in Lite")


def test_reject_after_the_game_is_over():
    b = Board("over", {"morbak.confirm": False})
    b.start()
    for name in ["a1", "g7", "b2", "g6", "c3", "g5", "d4"]:
        b.press(name)
    eq(b.status()["result"]["winner"], 0)
    b.wait(1000)
    b.tones()
    b.step([("down", sq("e4"))])
    eq(b.tones(), list(render.REJECT))
    assert "reject e4: the game is over" in b.events_log()
    b.step([("up", sq("e4"))])
    b.press(OK)
    eq(b.status()["screen"], "menu")
