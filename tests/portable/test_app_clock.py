"""Clocks (docs/rules/morbak.md#the-end): the move countdown and the game clocks, driven by now_ms;
timeout / flag reach the engine exactly when a limit expires; warnings; clocks off."""
from check import eq

from firmware.app.core import render
from firmware.app.core.clock import TICK, WARN_GAME, WARN_MOVE, Clock
from test_app_kit import MENU, Board, has


def _started(tag, cfg):
    b = Board(tag, cfg)
    b.start()
    b.tones()
    return b


def test_move_timeout_exactly_at_the_limit():
    b = _started("timeout", {"morbak.move_time_s": 20, "morbak.game_time_s": 600})
    b.wait(b.status()["move_ms_left"] - 1)  # 19 999 ms into A's turn: nothing yet
    eq(b.status()["moves"], [])
    eq(b.status()["move_ms_left"], 1)
    b.step(None, 1)    # 20 000 ms: the turn is forfeited
    st = b.status()
    eq(st["moves"], ["timeout"])
    eq(st["to_move"], 1)
    eq(st["move_ms_left"], 20000, "B's countdown starts full")
    eq(st["clocks_ms"], [600000 - 20000, 600000], "the forfeited turn cost A game time")
    rec = b.storage.read_json("state/current.json")
    eq(rec["move_ms"], [20000])
    eq(rec["clock_ms"], [[580000, 600000]])
    tones = b.tones()
    assert has(tones, render.TIMEOUT)
    # Warning at 10 s left, then a tick at each of the last 4 whole seconds.
    eq(tones.count(render.WARN_MOVE[0]), 1, "one warning")
    eq(tones.count(render.TICK[0]), 4, "four ticks")
    assert "%d move A timeout" % b.t in b.events_log()


def test_one_long_step_plays_each_expiry_in_order():
    b = _started("bigstep", {"morbak.move_time_s": 10, "morbak.game_time_s": 25,
                             "morbak.warn_game_s": None, "morbak.warn_move_s": None})
    b.step(None, 100000)  # one step of 100 s: four timeouts, then A's game clock ends
    st = b.status()
    # A: 10 s, B: 10 s, A: 10 s (A has 5 s left), B: 10 s, A: flag after 5 s.
    eq(st["moves"], ["timeout", "timeout", "timeout", "timeout", "flag"])
    eq(st["result"], {"winner": 1, "scores": [0, 1], "reason": "flag"})
    rec = b.storage.read_json("games/00001.json")
    eq(rec["move_ms"], [10000, 10000, 10000, 10000, 5000])
    eq(rec["clock_ms"][-1], [0, 5000])
    eq(rec["ended"], "flag")
    # The engine heard of each expiry at the time it happened.
    log = b.events_log()
    start = b.t - 100000 - 20  # the game started one step before the big one
    for k, t in enumerate((10000, 20000, 30000, 40000)):
        assert "%d move %s timeout" % (start + t, "AB"[k % 2]) in log, log
    assert "%d move A flag" % (start + 45000) in log


def test_flag_loses_the_game():
    b = _started("flag", {"morbak.move_time_s": None, "morbak.game_time_s": 30})
    b.move("d4")
    b.wait(1000)
    b.move("e5")
    b.wait(b.status()["clocks_ms"][0] - 1)
    eq(b.status()["result"], None)
    b.step(None, 1)
    st = b.status()
    eq(st["moves"], ["L d4", "L e5", "flag"])
    eq(st["result"]["winner"], 1)
    eq(st["clocks_ms"][0], 0)
    tones = b.tones()
    assert has(tones, render.FLAG)
    # The winner's squares blink white.
    seen = set()
    for _ in range(6):
        b.step(None, 100)
        seen.add(b.pixel("e5"))
    assert render.WHITE in seen and render.SQUARE[2] in seen, seen


def test_game_and_move_time_running_out_together_is_a_flag():
    """Both of A's limits run out at the same instant: the game time decides (``flag``:
    A loses), not the move time (``timeout``: B to move). Reached exactly, and passed in
    one long step."""
    for last, past in ((1, 0), (700, 400)):
        b = _started("together", {"morbak.move_time_s": 10, "morbak.game_time_s": 10})
        eq(b.status()["clocks_ms"][0], b.status()["move_ms_left"], "both limits alike")
        b.wait(b.status()["move_ms_left"] + past - last)
        eq(b.status()["moves"], [], "nothing yet")
        b.step(None, last)
        st = b.status()
        eq(st["moves"], ["flag"], "last step %d ms" % last)
        eq(st["result"], {"winner": 1, "scores": [0, 1], "reason": "flag"})
        assert "A wins" not in st["message"] and "B wins" in st["message"], st["message"]
        eq(b.storage.read_json("games/00001.json")["ended"], "flag")


def test_game_clock_warning():
    b = _started("warn", {"morbak.move_time_s": None, "morbak.game_time_s": 90})
    b.wait(29000)
    eq(b.tones(), [])
    b.wait(2000)  # crosses 60 s left
    eq(b.tones(), list(render.WARN_GAME))


def test_clocks_off():
    b = _started("off", {"morbak.move_time_s": None, "morbak.game_time_s": None})
    b.step(None, 3600000)
    st = b.status()
    eq(st["moves"], [])
    eq(st["clocks_ms"], None)
    eq(st["move_ms_left"], None)
    eq(b.tones(), [])
    b.move("d4")
    rec = b.storage.read_json("state/current.json")
    eq(rec["clock_ms"], [None])
    eq(rec["options"]["game_time_s"], None)
    b.hold(MENU)  # the status view shows the turn as a dim row in B's colour
    eq(b.pixel("a4"), (0, 22, 63))
    eq(b.pixel("a1"), render.OFF, "no game clock bar")


def test_clock_unit():
    c = Clock(60000, 20000, 30000, 10000)
    eq(c.due_ms(0), 20000)
    eq(c.due_is_flag(0), False)
    eq(c.spend(0, 9999), 0)
    eq(c.spend(0, 1), WARN_MOVE, "10 s left on the move")
    eq(c.spend(0, 4999), 0)
    eq(c.spend(0, 1), 0, "5 s left: the ticks count the last 4 whole seconds")
    eq(c.spend(0, 1000), TICK, "4 s left")
    eq(c.left, [44000, 60000])
    c.new_turn()
    eq(c.spend(1, 20000), WARN_MOVE)
    c.new_turn()
    eq(c.spend(0, 15000), WARN_GAME, "30 s of game time left")
    eq(c.due_ms(0), 5000)
    eq(c.due_is_flag(0), False, "the move countdown ends first")
    c.spend(0, 4000)
    c.new_turn()
    eq((c.due_ms(0), c.due_is_flag(0)), (20000, False), "25 s of game time left")
    c.spend(0, 10000)
    c.new_turn()
    eq((c.due_ms(0), c.due_is_flag(0)), (15000, True), "the game clock ends first")
    off = Clock(None, None, 30000, 10000)
    eq(off.due_ms(0), -1)
    eq(off.spend(0, 10 ** 6), 0)
    eq(off.warning(0), False)


def test_a_pause_is_not_charged_to_the_mover():
    b = Board("pause-clock", {"morbak.move_time_s": 30, "morbak.confirm": False})
    b.start()
    b.press("d4")
    b.wait(10000)                      # B thinks for 10 s
    b.long(MENU)
    eq(b.status()["screen"], "pause", "paused")
    b.wait(60000)                      # a minute's pause: no clock runs
    b.press(MENU)                      # continue
    st = b.status()
    eq(st["moves"], ["L d4"], "no timeout")
    assert 18000 <= st["move_ms_left"] <= 20000, st["move_ms_left"]
