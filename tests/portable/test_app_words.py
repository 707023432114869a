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
        if w is None:
            want = "draw %d-%d" % tuple(sc)
        else:
            want = "%s wins %d-%d" % (names[w], sc[w], sc[1 - w])
        assert b.says().startswith(want), (b.says(), want)
        eq(b.status()["outcome"], want, "the result in words, for a page to show")
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


def test_the_game_not_chosen_keeps_its_colour_on_the_leds():
    from firmware.hal.leds import Leds, RecordingStrip
    from legend_kit import shade_of
    b = AnyBoard("light", "unchosen")               # Morbak chosen: Lite (b7) is not
    spec = {"count": 49, "width": 7, "height": 7, "map": list(range(49))}
    leds = Leds(spec, RecordingStrip(49))
    leds.show(b.app.frame, b.app.brightness)        # the default brightness, 64
    lite = tuple(leds.displayed()[3 * 43:3 * 43 + 3])
    assert lite[0] > lite[1] and lite[2] == 0, "orange, dim, not olive: %r" % (lite,)
    line = [c for c in b.status()["legend"]["cells"] if c[0] == [43]][0]
    eq(line[2], "Morbak Lite (switches only)")
    f = b.app.frame
    drawn, chosen = tuple(f[3 * 43:3 * 43 + 3]), list(f[3 * 42:3 * 42 + 3])
    assert shade_of(line[1], drawn) and line[1] != chosen, "the legend gives it as drawn"


def test_lite_counts_switches_only():
    b = AnyBoard("light", "lite-words", {"morbak.lite": True})
    b.press("ok")
    eq(b.status()["budgets"]["counts"], "switches")
    b.press("menu")                                 # budgets and clocks
    texts = [c[2] for c in b.status()["legend"]["cells"]]
    assert "A's switches left" in texts and "B's switches left" in texts, texts
    b = AnyBoard("light", "full-words")
    b.press("ok")
    eq(b.status()["budgets"]["counts"], "switches and blocks")


def test_the_confirm_step_and_the_resume_offer_speak_plainly():
    b = AnyBoard("light", "plain-words", {"morbak.confirm": True})
    b.press("ok")
    b.press(24)                                      # d4: light it?
    eq(b.status()["message"], "A: light d4? (press again or OK; MENU cancels)")
    b.press(24)
    b.press(24)                                      # B: switch d4?
    eq(b.status()["message"], "B: switch d4? (press again or OK; MENU cancels)")
    b.press(24)
    b.app = __import__("firmware.app.core.runtime", None, None, ("make_app",)).make_app(
        b.app.profile, b.storage, 0)                 # the power comes back
    b.t = 0
    b.wait(800)
    st = b.status()
    eq(st["screen"], "resume")
    eq(st["message"], "resume game 1? OK = resume, MENU = end it and open the menu")
    eq(dict(st["legend"]["keys"])["MENU"], "end it and open the menu", "the legend says the same")


def test_no_count_of_one_in_the_plural():
    from legend_kit import plural_slip
    assert plural_slip("group 1: 1 tiles; OK to offer")
    assert not plural_slip("group 1: 1 tile; OK to offer") and not plural_slip("2 tiles")


def test_one_tile_offered_is_one_tile():
    from test_app_masbrur import Masbrur
    b = Masbrur()
    b.table.pad = "0-2"                              # a tile of the 20 to share, on the pad
    b.table.write()
    eq(b.app.said, "group 1: 1 tile; OK to offer")
