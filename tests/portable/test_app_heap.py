"""Drawing the frame allocates nothing in the steady state (docs/architecture.md#memory-and-speed):
proven on MicroPython with micropython.heap_lock() around App.render for every screen and
overlay a player meets. (CPython has no heap lock: there the test only draws.)"""
from check import eq

from test_app_kit import MENU, OK, Board


def _lock():
    try:
        import micropython
        micropython.heap_lock
        return micropython
    except (ImportError, AttributeError):
        return None


def _render_locked(b, span_ms=1200, every=37):
    """Draw at many instants (every blink phase) with the heap locked."""
    mp = _lock()
    app = b.app
    t = b.t
    stop = t + span_ms
    if mp is None:
        while t < stop:
            app.render(t)
            t += every
        return
    mp.heap_lock()
    try:
        while t < stop:
            app.render(t)
            t += every
    finally:
        mp.heap_unlock()


def test_render_menu_and_settings_without_allocating():
    b = Board("heap-menu", boot=False)
    _render_locked(b, 400)          # the boot sweep
    b.wait(600)
    _render_locked(b)               # the menu
    b.press("a1")
    _render_locked(b)               # a time limit as a bar
    b.press(MENU)
    b.press("d1")
    _render_locked(b)               # on/off
    eq(b.status()["screen"], "setting")


def test_render_game_without_allocating():
    b = Board("heap-game", {"morbak.move_time_s": 30})
    b.start()
    for name in ("d4", "e5", "c3", "d4", "d4"):
        b.move(name)
    _render_locked(b, 3500)         # heartbeat, accept flash
    b.press("e5")
    _render_locked(b)               # a selected square blinking
    b.press(MENU)
    b.press("d4")
    _render_locked(b)               # reject flash
    b.wait(25000)
    _render_locked(b)               # warning: fast heartbeat
    b.press(MENU)
    _render_locked(b)               # status view
    b.press(MENU)
    b.long(MENU)
    b.press("d4")
    _render_locked(b)               # pause, undo selected
    b.press(MENU)
    eq(b.status()["screen"], "game")
    b.press("a1")
    b.press(OK)
    _render_locked(b)               # the last move pulsing
    b.long(MENU)
    b.press("f4")
    b.press(OK)
    b.press("d4")
    _render_locked(b)               # the end screen, draw selected
    eq(b.status()["screen"], "end")


def test_render_a_match_score_without_allocating():
    b = Board("heap-match", {"morbak.match_games": 3, "morbak.confirm": False})
    b.start()
    b.press("d4")
    b.long(MENU)
    b.press("f4")
    b.press(OK)
    b.press("f4")
    b.press(OK)                     # B resigns
    b.press(OK)
    eq(b.status()["screen"], "match")
    _render_locked(b)               # the score, the next starter blinking


def test_render_end_and_resume_without_allocating():
    b = Board("heap-end", {"morbak.confirm": False})
    b.start()
    for name in ("a1", "g7", "b2", "g6", "c3", "g5"):
        b.press(name)
    b2 = b.reboot()
    _render_locked(b2)              # resume offer
    b2.press(OK)
    b2.press("d4")
    eq(b2.status()["result"]["winner"], 0)
    _render_locked(b2)              # the winning line blinking
