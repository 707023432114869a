"""The players named as their games name them: Black and White in Fursaz (the seats swap
colours at the pie step) and Mabula, seat letters in Morbak; the final score as text
(explain.status, what the simulator's page shows); Fursaz's score bars in the colours of
the seats' stones."""
from check import eq
from sensor_kit import SensorBoard
from stone_kit import PROFILE5
from test_app_kit import MENU as LIGHT_MENU
from test_app_kit import Board
from test_trace_marble import PROFILE

from firmware.app import explain
from firmware.app.games.fursaz_stone import STONE
from firmware.rules import fursaz, mabula

MENU, OK, PASS, SWAP = 0, 1, 2, 3


def _stones(b, state):
    stones = fursaz.board(state)
    b.frame([".BW".find(stones.get(p, ".")) for p in b.app.play.points])


def _fursaz_to_the_end(b, moves):
    """Play ``moves`` (to the end): the position."""
    b.press(OK)
    s = fursaz.new_game({"size": 5}, 0)
    for m in moves:
        if m in ("pass", "swap"):
            b.press(PASS if m == "pass" else SWAP)
        s = fursaz.play(s, m)
        if m not in ("pass", "swap"):
            _stones(b, s)
    eq(b.status()["moves"], moves, "the game")
    return s


def _lit(b, i):
    return tuple(b.app.frame[3 * i:3 * i + 3])


def test_fursaz_names_colours_and_follows_the_swap():
    b = SensorBoard(PROFILE5, "names-fursaz")
    b.press(OK)
    eq(explain.status(b.app)["players"], ["Black", "White"], "seat A plays Black")
    s = fursaz.play(fursaz.new_game({"size": 5}, 0), "e5")
    _stones(b, s)
    b.press(SWAP)
    st = explain.status(b.app)
    eq(st["players"], ["White", "Black"], "after the swap seat B plays Black")
    eq(st["players"][st["to_move"]], "White", "White to move: seat A")
    eq(st["score"], None, "no score while the game is on")


def test_fursaz_final_score_and_its_bars_in_the_stones_colours():
    # Black (seat A) wins 3-2; after the swap White (seat A) wins 3-2.
    for swap, moves in ((False, ["e5", "c3", "b2", "d4", "a1", "pass", "pass"]),
                        (True, ["e5", "swap", "b2", "a1", "d4", "pass", "pass"])):
        b = SensorBoard(PROFILE5, "score-fursaz")
        s = _fursaz_to_the_end(b, moves)
        res = fursaz.result(s)
        st = explain.status(b.app)
        eq((res["winner"], st["players"][0]), (0, "White" if swap else "Black"), "seat A wins")
        eq(st["score"], "White 3, Black 2" if swap else "Black 3, White 2", "the winner's first")
        b.press(PASS)                                # the scores as bars, seat A's first
        n = len(b.app.play.points) // 2
        stone_a, stone_b = (STONE[2], STONE[1]) if swap else (STONE[1], STONE[2])
        off = (0, 0, 0)
        eq([_lit(b, i) for i in range(4)], [stone_a] * 3 + [off], "seat A's 3 in its colour")
        eq([_lit(b, n + i) for i in range(3)], [stone_b] * 2 + [off], "seat B's 2 in its")


def test_mabula_names_colours_and_morbak_its_seats():
    b = SensorBoard(PROFILE, "names-marble", boot_ms=600)
    b.press(OK)
    b.frame(mabula.occupancy(b.app.play.session.state))
    st = explain.status(b.app)
    eq((st["screen"], st["players"], st["players"][st["to_move"]]),
       ("game", ["White", "Black"], "White"), "White moves first")
    light = Board("names-light")
    light.start()
    light.move("d4")
    eq(explain.status(light.app)["players"], ["A", "B"], "Morbak's seats")
    light.long(LIGHT_MENU)
    for name in ("f4", "f4", "b4", "b4"):             # end; A resigns
        light.press(name)
    st = explain.status(light.app)
    eq((st["result"]["winner"], st["score"]), (1, None), "Morbak's result is the win alone")
