"""What the sensor boards say is never stale and names players as their game does:
a correction's words go once the board is put right, a flip's once it is made;
Fursaz and Mabula name Black and White everywhere a player reads."""
from board_kit import AnyBoard
from check import eq

from firmware.rules import fursaz


class Stones(AnyBoard):
    def __init__(self, tag, cfg=None):
        AnyBoard.__init__(self, "stone", tag, cfg)
        self.press("ok")
        self.state = fursaz.new_game({"size": 5}, 0)

    def show(self, stones, **odd):
        """The board reads ``stones`` (point: "B" / "W"), and the points of ``odd``
        read what they say (0 empty, 1 black, 2 white, 3 out of range)."""
        points = self.app.play.points
        f = bytearray([".BW".find(stones.get(p, ".")) for p in points])
        for p in odd:
            f[points.index(p)] = odd[p]
        self.step([("frame", bytes(f))])

    def says(self):
        return self.status()["message"]

    def place(self, point):
        """The mover's stone put down on ``point`` (its flips not made yet): the flips."""
        res = fursaz.resolution(self.state, point)
        stones = dict(fursaz.board(self.state))
        stones[point] = res["colour"]
        self.show(stones)
        self.state = fursaz.play(self.state, point)
        return res["net"]


def test_a_correction_is_not_mentioned_once_put_right():
    b = Stones("stale-correction")
    b.show({}, e3=2)                                # a white stone where none may go
    assert "e3" in b.says(), b.says()
    b.show({})                                      # taken off
    eq(b.says(), "Black to move", "nothing about e3 once it is put right")
    b.show({}, b3=3)                                # a sensor out of range
    assert "b3" in b.says(), b.says()
    b.show({})
    eq(b.says(), "Black to move")


def test_a_flip_is_not_asked_for_once_made():
    b = Stones("stale-flip")
    for point in ("e5", "e4", "d5", "c5", "b5"):
        if point == "e4":
            b.press("swap")
            b.state = fursaz.play(b.state, "swap")
        flips = b.place(point)
    eq(flips, ["c5"], "b5 turns c5 over")
    eq(b.says(), "turn over: c5")
    b.show(fursaz.board(b.state))                   # turned
    eq(b.says(), "White to move", "nothing about c5 once it is turned")


def _stone_game(b, swap):
    """A whole game on the stone board (the pie swapped or not): the result said."""
    k = 0
    while not fursaz.is_over(b.state):
        legal = fursaz.legal_moves(b.state)
        m = legal[(7 * k) % len(legal)] if k < 30 else "pass"
        if "swap" in legal:
            m = "swap" if swap else [p for p in legal if p != "swap"][0]
        k += 1
        if m in ("pass", "swap"):
            b.press(m)
            b.state = fursaz.play(b.state, m)
        else:
            b.state = fursaz.play(b.state, m)
            b.show(fursaz.board(b.state))
        if not fursaz.is_over(b.state):
            colour = fursaz.to_text(b.state).split(" ")[1]
            eq(b.says(), ("Black" if colour == "B" else "White") + " to move")
    return fursaz.result(b.state)


def test_fursaz_names_players_by_colour_and_says_the_score():
    for swap in (False, True):
        b = Stones("colours-%d" % swap)
        res = _stone_game(b, swap)
        names = ["White", "Black"] if swap else ["Black", "White"]
        eq(b.status()["players"], names, "seat A plays White once B swapped")
        w, sc = res["winner"], res["scores"]
        want = "draw %d-%d" % tuple(sc) if w is None else "%s wins %d-%d" % (names[w], sc[w], sc[1 - w])
        assert b.says().startswith(want), (b.says(), want)
        for word in (" A ", " B ", "A wins", "B wins"):
            assert word not in " %s " % b.says(), b.says()


def test_mabula_names_players_by_colour():
    from firmware.rules import mabula
    b = AnyBoard("marble", "mabula-colours")
    b.press("ok")
    s = b.app.play.session.state
    b.step([("frame", bytes(mabula.occupancy(s)))])
    eq(b.status()["message"], "White to move")
    s = mabula.play(s, mabula.legal_moves(s)[0])
    b.step([("frame", bytes(mabula.occupancy(s)))])
    eq(b.status()["message"], "Black to move")
    eq(b.status()["players"], ["White", "Black"])


def test_calibrating_without_sensors_to_calibrate_is_refused_in_words():
    b = AnyBoard("stone", "calibrate-none")       # as in a trace's replay: no sensor driver
    menu = b.app.screen
    while menu.sel != menu.entries - 1:           # the last entry: calibrate
        b.press("pass")
    b.press("ok")
    st = b.status()
    eq((st["screen"], st["message"]), ("menu", "no sensors to calibrate here"))
