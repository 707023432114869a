"""Whole remote games of all five games through a real Mosquitto: two players driven through
the Session the terminal uses, each checking the other's moves with its engine."""
import pytest

from tests.online_kit import kit, new_game, play_out, pump_until, records  # noqa: F401 (fixture)


@pytest.mark.parametrize("game", ["morbak", "mabula", "fursaz", "mano", "masbrur"])
def test_whole_game_both_records_equal(kit, game):
    options = {"target": 20} if game == "mano" else {}
    code, a, b = new_game(kit, game, options)
    assert (a.seat, b.seat) == (0, 1)
    play_out([a, b])
    assert a.stopped is None and b.stopped is None
    assert a.ended and b.ended
    ra, rb = records(a, b)
    assert ra == rb and len(ra) > 4
    assert a.mirror.result() == b.mirror.result()
    if game in ("mano", "masbrur"):   # the dealer showed its deal; both checked every move
        pump_until([a, b], lambda: a.audited and b.audited)
        assert a.stopped is None and b.stopped is None
