"""Whole remote games of all five games through a real Mosquitto, terminal against terminal:
each side is the terminal of `arbiter online` (host_tools/online/terminal.py) in its own
thread, typing the computer's moves, each checking the other's moves with its engine."""
import threading

import pytest

from host_tools.online import terminal
from tests.online_kit import choose, kit, new_game, pump_until, records  # noqa: F401


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
    screens = ([], [])
    runs = [_terminal(s, screen) for s, screen in zip((a, b), screens)]
    for t, result in runs:
        t.join(180)
        assert result.get("status") == 0
    assert a.stopped is None and b.stopped is None and a.ended and b.ended
    ra, rb = records(a, b)
    assert ra == rb and len(ra) > 4
    assert a.mirror.result() == b.mirror.result()
    for screen in screens:
        text = "".join(screen)
        assert "Result: " in text and "Not accepted" not in text
    if game in ("mano", "masbrur"):   # the dealer showed its deal; both checked every move
        pump_until([a, b], lambda: a.audited and b.audited)
        assert a.stopped is None and b.stopped is None
