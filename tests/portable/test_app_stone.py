"""The stone board's app with frames handed in directly (the filter and drivers are tested
by the traces): the pie step's SWAP, PASS, a broken sensor, the end with territory and
scores, and drawing that allocates nothing."""
from check import eq
from sensor_kit import SensorBoard
from stone_kit import PROFILE5

from firmware.rules import fursaz

MENU, OK, PASS, SWAP = 0, 1, 2, 3


class Stone(SensorBoard):
    def __init__(self, root=None):
        SensorBoard.__init__(self, PROFILE5, "stoneapp", root)

    def show(self, state):
        """The board as the engine's position has it."""
        stones = fursaz.board(state)
        self.frame([".BW".find(stones.get(p, ".")) for p in self.app.play.points])


def to_f2(b):
    """Play, on board ``b``, the moves after which a stone at f2 flips f5 over and back
    (two stages; its net colour is unchanged); the position."""
    s = fursaz.new_game({"size": 5}, 0)
    for m in ("d7", "f5", "c6", "d1", "d3", "b5", "d8", "g3", "b4", "pass", "c1", "e1",
              "f8", "pass", "c4", "d5", "c7", "h5"):
        s = fursaz.play(s, m)
        if m == "pass":
            b.press(PASS)
        else:
            b.show(s)
    return s


def test_pie_swap_pass_and_a_broken_sensor():
    b = Stone()
    b.press(OK)
    eq(b.status()["screen"], "game", "started")
    s = fursaz.new_game({"size": 5}, 0)
    b.press(SWAP)
    eq(b.status()["moves"], [], "no swap before the first stone")
    s = fursaz.play(s, "e5")
    b.show(s)
    eq(b.status()["moves"], ["e5"], "Black's first stone")
    b.press(SWAP)
    eq(b.status()["moves"], ["e5", "swap"], "swapped")
    s = fursaz.play(s, "swap")
    eq(b.status()["position"], fursaz.to_text(s), "the same position")
    frame = bytearray([".BW".find(fursaz.board(s).get(p, ".")) for p in b.app.play.points])
    frame[0] = 3                                  # a1's sensor reads out of range
    b.step([("frame", bytes(frame))])
    eq(b.status()["wrong"], ["a1"], "a broken sensor is lit")
    assert "out of range at a1" in b.status()["message"], b.status()["message"]
    b.press(PASS)
    eq(b.status()["moves"], ["e5", "swap"], "no pass while the board is wrong")
    b.show(s)
    b.press(PASS)
    eq(b.status()["moves"], ["e5", "swap", "pass"], "pass")


def test_a_whole_game_ends_with_territory_and_scores():
    b = Stone()
    b.press(OK)
    s = fursaz.new_game({"size": 5}, 0)
    k = 0
    while not fursaz.is_over(s):
        legal = fursaz.legal_moves(s)
        m = legal[(7 * k) % len(legal)] if k < 30 else "pass"
        k += 1
        if m == "pass":
            b.press(PASS)
        elif m == "swap":
            b.press(SWAP)
        s = fursaz.play(s, m)
        if m not in ("pass", "swap"):
            b.show(s)
    st = b.status()
    eq(st["position"], fursaz.to_text(s), "the same game")
    eq(st["result"], fursaz.result(s), "its result")
    land = fursaz.territory(s)
    owned = [p for p in land if land[p]]
    lit = [p for i, p in enumerate(b.app.play.points) if max(b.app.frame[3 * i:3 * i + 3])]
    eq(sorted(lit), sorted(owned), "the territory lights, point by point")
    b.press(PASS)
    b.press(OK)
    eq(b.status()["screen"], "menu", "back to the menu")


def test_drawing_allocates_nothing():
    from test_app_heap import _render_locked
    b = Stone()
    b.press(OK)
    s = fursaz.play(fursaz.new_game({"size": 5}, 0), "e5")
    b.show(s)
    _render_locked(b, 3200)                       # the turn's heartbeat
    s2 = fursaz.play(s, "e4")
    b.show(s2)
    frame = bytearray([".BW".find(fursaz.board(s2).get(p, ".")) for p in b.app.play.points])
    frame[10] = 1
    b.step([("frame", bytes(frame))])
    _render_locked(b)                             # correction


def test_a_stone_flipped_twice_is_not_lit():
    b = Stone()
    b.press(OK)
    s = to_f2(b)                                  # f5's net colour stays: nothing asked at f5
    res = fursaz.resolution(s, "f2")
    assert [st for st in res["stages"] if "f5" in st["points"]][1:], "f5 flips in two stages"
    placed = bytearray([".BW".find(fursaz.board(s).get(p, ".")) for p in b.app.play.points])
    placed[b.app.play.points.index("f2")] = ".BW".find(res["colour"])
    b.step([("frame", bytes(placed))])
    st = b.status()
    eq(st["moves"][-1], "f2", "placed")
    assert "f5" not in st["owed"], st["owed"]
    turned = ["f2"] if res["final"] != res["colour"] else []   # the placed stone itself
    eq(sorted(st["owed"]), sorted(res["net"] + turned), "only the net flips are owed")


def test_stage_by_stage_the_stages_are_asked_for_in_turn():
    b = Stone()
    b.app.cfg["fursaz.stages"] = True
    b.press(OK)
    s = to_f2(b)
    res = fursaz.resolution(s, "f2")
    pts = b.app.play.points
    board = fursaz.board(s)
    board["f2"] = res["colour"]
    b.step([("frame", bytes([".BW".find(board.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"][-1], "f2", "placed")
    for k, st in enumerate(res["stages"]):
        eq(sorted(b.status()["owed"]), sorted(st["points"]), "stage %d asked for" % (k + 1))
        for p in st["points"]:
            board[p] = st["colour"]
        b.step([("frame", bytes([".BW".find(board.get(p, ".")) for p in pts]))])
    st = b.status()
    eq((st["owed"], st["wrong"]), ([], []), "all stages done")
    eq(board, fursaz.board(fursaz.play(s, "f2")), "the position after the placement")


def _placed(b, moves, colours):
    """``moves`` played on board ``b``, then the frame of a quick hand: a new stone and
    the turned ones as ``colours`` says ({point: "B" | "W"}); the position before."""
    s = fursaz.new_game({"size": 5}, 0)
    for m in moves:
        s = fursaz.play(s, m)
        b.show(s)
    board = fursaz.board(s)
    board.update(colours)
    b.step([("frame", bytes([".BW".find(board.get(p, ".")) for p in b.app.play.points]))])
    return s


def test_a_stone_put_down_already_turned_into_a_trap_is_the_placement():
    """White e4 and e6; Black puts e5 down already white, as it ends (docs FV-4): the
    board plays e5 and owes nothing (it was refused as the wrong colour)."""
    b = Stone()
    b.press(OK)
    s = _placed(b, ("a1", "e4", "a2", "e6"), {"e5": "W"})
    st = b.status()
    eq(st["moves"][-1], "e5", st["message"])
    eq((st["owed"], st["wrong"]), ([], []), "nothing to turn or put right")
    eq(st["position"], fursaz.to_text(fursaz.play(s, "e5")), "the placement played")
    eq(st["message"], "White to move", "what the board says")


def test_a_placement_with_one_of_its_flips_done_at_once_owes_the_other():
    """Black's e7 turns d7 and e6; a quick hand puts e7 down and turns d7 within the
    settle time: the board plays e7 and asks only for e6."""
    b = Stone()
    b.press(OK)
    _placed(b, ("c7", "e6", "e5", "d7", "h6", "e1"), {"e7": "B", "d7": "B"})
    st = b.status()
    eq(st["moves"][-1], "e7", st["message"])
    eq((st["owed"], st["wrong"]), (["e6"], []), "e6 still to turn")
    eq(st["message"], "turn over: e6", "what the board says")


def test_a_refused_key_is_said_until_the_player_goes_on():
    """"swap is not possible now" used to stay on after OK; OK or MENU now bring back
    what the board waits for, as a stone put down does."""
    from firmware.app import explain
    b = Stone()
    b.press(OK)
    assert explain.status(b.app)["message"].startswith("Black to move")
    for refused in (SWAP, PASS):
        for going_on in (OK, MENU):
            b.press(refused)
            said = explain.status(b.app)["message"]
            assert said.endswith(" is not possible now"), said
            b.press(going_on)
            said = explain.status(b.app)["message"]
            assert said.startswith("Black to move: put a black stone"), said
    eq(b.status()["screen"], "game", "still playing")


def test_an_undo_takes_back_a_pass_alone():
    """White passes (a choice: stones could go down): an undo takes back the pass, and
    only it - Black's stone stays, White is to move again, and the board says so."""
    b = Stone()
    b.press(OK)
    b.show(fursaz.play(fursaz.new_game({"size": 5}, 0), "e5"))
    b.press(PASS)
    eq(b.status()["moves"], ["e5", "pass"], "Black's stone, White's pass")
    b.long(MENU)
    b.press(PASS)                                 # continue -> undo
    b.press(OK)
    eq(b.status()["moves"], ["e5"], "the pass taken back, the stone kept")
    eq(b.status()["to_move"], 1, "White to move again")
    log = b.app.storage.read_text("events.log", "")
    assert " undo pass\n" in log, log                   # what `arbiter logs` shows
