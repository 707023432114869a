"""Whole remote games of all five games through a real Mosquitto, terminal against terminal:
each side is the terminal of `arbiter online` (host_tools/online/terminal.py) in its own
thread, typing the computer's moves, each checking the other's moves with its engine."""
import threading

import pytest

from host_tools.online import protocol, terminal
from host_tools.online.session import Session
from tests.online_kit import choose, kit, new_game, player, pump_until, records  # noqa: F401


def _terminal(session, screen):
    """Run one side's terminal; it types what the computer would play."""
    result = {}

    def read(prompt):
        screen.append(prompt)
        return choose(session)

    def side():
        result["status"] = terminal.run(session, read, screen.append)

    t = threading.Thread(target=side, daemon=True)
    t.start()
    return t, result


@pytest.mark.parametrize("game", ["morbak", "mabula", "fursaz", "mano", "masbrur"])
def test_whole_game_terminal_against_terminal(kit, game):
    options = {"target": 20} if game == "mano" else {}
    code, a, b = new_game(kit, game, options)
    assert (a.seat, b.seat) == (0, 1)
    watcher = Session(kit.link(None), code)     # `arbiter online watch`, anonymous
    watcher.link.connect()
    watcher.watch()
    screens = ([], [], [])
    runs = [_terminal(s, screen) for s, screen in zip((a, b, watcher), screens)]
    for t, result in runs:
        t.join(180)
        assert result.get("status") == 0
    assert a.stopped is None and b.stopped is None and a.ended and b.ended
    ra, rb, rw = records(a, b, watcher)
    assert ra == rb == rw and len(ra) > 4
    assert "Watching " in "".join(screens[2]) and "ply %d: " % len(ra) in "".join(screens[2])
    assert a.mirror.result() == b.mirror.result()
    for screen in screens:
        text = "".join(screen)
        assert "Result: " in text and "Not accepted" not in text
    if game in ("mano", "masbrur"):   # the dealer showed its deal; both checked every move
        pump_until([a, b], lambda: a.audited and b.audited)
        assert a.stopped is None and b.stopped is None


def test_a_game_made_after_the_link_came_up_can_be_played(kit):
    """A side whose link was up before it made its game (the page's seat waits for its
    board's options first) still gets to move: its sync echo comes through."""
    code = protocol.new_code()
    a = player(kit, "alice", code)
    a.pump(0.3)                       # the link is up, nothing subscribed yet
    a.create("morbak", {}, 0)
    b = player(kit, "bob", code)
    b.join()
    pump_until([a, b], lambda: a.started() and b.started() and a.my_turn(), seconds=10)


def test_a_watcher_reads_the_fursaz_swap_by_the_colours_then(kit):
    """`arbiter online watch` names each move's player as they were when they made it: the
    swap is White's, and says what it made of them."""
    code, a, b = new_game(kit, "fursaz", {"size": 5})
    watcher = Session(kit.link(None), code)
    watcher.link.connect()
    watcher.watch()
    shown = []
    screen = terminal.Screen(watcher, shown.append)
    for s, move in ((a, "e5"), (b, "swap"), (a, "c3")):
        pump_until([a, b], s.my_turn)
        s.play(move)
    pump_until([a, b], lambda: (screen.show(watcher.pump(0.02)) or
                                "ply 3: " in "".join(shown)))
    text = "".join(shown)
    assert "ply 1: Black plays e5\n" in text
    assert "ply 2: White plays swap (now Black)\n" in text
    assert "ply 3: White plays c3\n" in text
