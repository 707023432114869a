"""The marble board's app with frames handed in directly (the filter and drivers are
tested by the traces): its menu driven by buttons, the guided setup, pushes, undo that
waits for the marbles to be put back, the end."""
from check import eq
from sensor_kit import SensorBoard
from test_trace_marble import PROFILE

from firmware.app.core import render
from firmware.rules import mabula

MENU, OK, PASS = 0, 1, 2


class Marble(SensorBoard):
    def __init__(self, root=None):
        SensorBoard.__init__(self, PROFILE, "marble", root, 600)


def test_the_menu_is_worked_with_pass_and_ok_and_saves_settings():
    b = Marble()
    eq(b.status()["screen"], "menu", "after the boot sweep")
    # PASS from start: the first setting (who moves first); OK opens it; PASS: next value.
    b.press(PASS)
    b.press(OK)
    eq(b.status()["screen"], "setting", "editing mabula.first")
    b.press(PASS)
    b.press(OK)
    eq(b.app.cfg["mabula.first"], "B", "W -> B")
    assert '"mabula.first": "B"' in b.app.storage.read_text("config.json"), "saved"
    from firmware.app.boards.marble import ITEMS
    for _ in range(len(ITEMS)):                   # around to start again (start + the items)
        b.press(PASS)
    b.press(OK)
    eq(b.status()["screen"], "setup", "start")
    eq(b.status()["to_move"], 1, "Black moves first")


def test_setup_then_a_push_then_undo_waits_for_the_marbles_to_go_back():
    b = Marble()
    b.press(OK)
    st = b.status()
    eq(st["screen"], "setup", "the board shows the setup")
    start = mabula.occupancy(b.state())
    wrong = bytearray(start)
    wrong[0] = 1 - wrong[0]
    wrong[33] = 1                                 # d5, in the field
    b.frame(wrong)
    eq(b.status()["screen"], "setup", "not yet")
    eq(len(b.status()["wrong"]), 2, "two spaces lit")
    b.frame(start)
    eq(b.status()["screen"], "game", "set up")
    move = mabula.legal_moves(b.state())[0]
    after = mabula.occupancy(mabula.play(b.state(), move))
    b.frame(after)
    eq(b.status()["moves"], [move], "the push")
    b.long(MENU)
    eq(b.status()["screen"], "pause", "paused")
    b.press(PASS)                                 # continue -> undo
    b.press(OK)
    eq(b.status()["moves"], [], "undone")
    eq(b.status()["screen"], "game", "back in the game")
    eq(sorted(b.status()["wrong"]), sorted(move.split("-")),
       "put the marble back: both spaces lit")
    b.frame(after)                                # the board still shows the push: not taken again
    eq(b.status()["moves"], [], "no move before the board is put back")
    b.frame(start)
    eq(b.status()["wrong"], [], "put back")
    b.frame(after)
    eq(b.status()["moves"], [move], "now the push counts again")


def test_a_whole_game_ends_with_the_groups_and_scores():
    b = Marble()
    b.press(OK)
    b.frame(mabula.occupancy(b.state()))
    s = b.state()
    while not mabula.is_over(s):
        m = mabula.legal_moves(s)[-1]
        s = mabula.play(s, m)
        if m != "pass":
            b.frame(mabula.occupancy(s))
    st = b.status()
    eq(st["position"], mabula.to_text(s), "the same game")
    eq(st["result"], mabula.result(s), "its result")
    lit = sum(1 for i in range(60) if max(b.app.frame[3 * i:3 * i + 3]))
    assert lit > 0, "the groups light"
    b.press(PASS)
    b.app.render(b.t)
    eq(sum(1 for i in range(60) if max(b.app.frame[3 * i:3 * i + 3])),
       min(st["result"]["scores"][0], 30) + min(st["result"]["scores"][1], 30),
       "the scores as bars")
    b.press(OK)
    eq(b.status()["screen"], "menu", "back to the menu")
    names = b.app.storage.listdir("games")
    eq(len(names), 1, "recorded")


def test_a_saved_game_resumes_and_the_board_is_checked():
    b = Marble()
    b.press(OK)
    b.frame(mabula.occupancy(b.state()))
    move = mabula.legal_moves(b.state())[2]
    after = mabula.occupancy(mabula.play(b.state(), move))
    b.frame(after)
    again = Marble(b.root)
    eq(again.status()["screen"], "resume", "offered")
    again.press(OK)
    eq(again.status()["moves"], [move], "resumed")
    moved = bytearray(after)
    moved[0] = 1 - moved[0]
    again.frame(moved)
    eq(again.status()["wrong"], [mabula.SPACES[0]], "a marble moved while off is lit")


def test_drawing_allocates_nothing_on_any_screen():
    from test_app_heap import _render_locked
    b = Marble()
    _render_locked(b)                             # menu
    b.press(OK)
    _render_locked(b)                             # setup
    start = mabula.occupancy(b.state())
    b.frame(start)
    _render_locked(b)                             # game: hints
    wrong = bytearray(start)
    wrong[33] = 1
    b.frame(wrong)
    _render_locked(b)                             # correction
    b.frame(start)
    b.long(MENU)
    _render_locked(b)                             # pause
    b.press(MENU)
    s = b.state()
    while not mabula.is_over(s):
        m = mabula.legal_moves(s)[0]
        s = mabula.play(s, m)
        if m != "pass":
            b.frame(mabula.occupancy(s))
    _render_locked(b)                             # groups
    b.press(PASS)
    _render_locked(b)                             # scores


def test_the_push_that_ends_a_game_flashes_at_once_then_the_groups_light():
    # As the board's runner steps (device.py): the push is answered in its frame, like every
    # push (its stop flashes white); the groups, flood fills a Pico takes ~10 ms for, light
    # from the next frame.
    b = Marble()
    b.later = []
    b.press(OK)
    b.frame(mabula.occupancy(b.state()))
    s = b.state()
    while True:
        m = mabula.legal_moves(s)[-1]
        s = mabula.play(s, m)
        if mabula.is_over(s):
            break
        if m != "pass":
            b.frame(mabula.occupancy(s))
    stop = mabula.space_index(m.split("-")[1])
    b.frame(mabula.occupancy(s))
    pixel = lambda i: tuple(b.app.frame[3 * i:3 * i + 3])   # noqa: E731
    eq(b.status()["result"], mabula.result(s), "over at once")
    eq(pixel(stop), render.WHITE, "the last push's stop flashes white")
    eq([i for i in range(60) if i != stop and max(pixel(i))], [], "nothing else yet")
    b.step([])
    b.wait(400)
    grouped = [mabula.space_index(name) for seat in (0, 1) for g in mabula.groups(s, seat)
               for name in g]
    lit = [i for i in range(60) if max(pixel(i))]
    assert lit and not [i for i in lit if i not in grouped], (lit, grouped)
