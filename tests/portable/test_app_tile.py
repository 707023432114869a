"""The tile board's app with frames handed in directly (the filter, drivers and whole
hands are tested by the traces, test_trace_tile): the menu's start, who leads, undo
through the pause, the LEDs, the match to its target, and drawing that allocates
nothing."""
from check import eq
from sensor_kit import SensorBoard
from tile_kit import PROFILE, hands

from firmware.app.boards import tile as board_tile

MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK = 0, 1, 2, 3, 4, 5, 6
NAMES = board_tile.names()


class Tiles(SensorBoard):
    def __init__(self, target=None, runner=False):
        SensorBoard.__init__(self, PROFILE, "tileapp", runner=runner)
        if target:
            self.app.cfg["mano.target"] = target
        self.track = {}
        self.pad = None
        self.press(OK)                     # start (the menu's selection starts on S)
        self.show()                        # what the sensors read: an empty track

    def show(self, **slots):
        """Tiles put on (a tile) or taken off (None) slots, then the stable frame."""
        for name in slots:
            if slots[name] is None:
                self.track.pop(name, None)
            else:
                self.track[name] = slots[name]
        cells = bytearray([8] * 128)
        for name in self.track:
            c = NAMES.index(name)
            cells[2 * c] = int(self.track[name][0])
            cells[2 * c + 1] = int(self.track[name][2])
        if self.pad:
            cells[2 * board_tile.PAD] = int(self.pad[0])
            cells[2 * board_tile.PAD + 1] = int(self.pad[2])
        self.frame(cells)

    def reveal(self, *tiles):
        for t in tiles:
            self.pad = t
            self.show()
            self.pad = None
            self.show()

    def lit(self, name):
        c = NAMES.index(name)
        return tuple(self.app.frame[3 * c:3 * c + 3])


def test_the_lead_is_named_with_left_or_right():
    b = Tiles()
    st = b.status()
    eq((st["screen"], st["game"]), ("game", "mano"), "started from the menu")
    assert "mode=observed" in st["position"], st["position"]
    b.show(S="6-6")
    eq(b.status()["moves"], [], "nobody named yet")
    assert "who leads" in b.status()["message"], b.status()["message"]
    b.press(DRAW)
    eq(b.status()["moves"], [], "no draw before the lead")
    b.press(RIGHT)
    eq(b.status()["moves"], ["1:6-6"], "B led 6-6")
    b.press(LEFT)                           # A's turn: LEFT takes nothing without the pad
    eq(b.status()["moves"], ["1:6-6"], "nothing")
    b.press(LEFT)
    eq(b.status()["ends"], ["L1", "R1"], "both ends' next slots")


def test_a_new_match_says_how_the_lead_is_named():
    """A newcomer starting Mano a Mano read "either seat to move" for five seconds; the
    board now says at once what it waits for."""
    from firmware.app import explain
    said = explain.status(Tiles().app)["message"]
    eq(said, "hand 1: who leads? LEFT for A, RIGHT for B; the lead goes on S", "at once")


def test_undo_asks_for_the_tile_to_come_off_and_the_leds_say_so():
    b = Tiles()
    b.press(LEFT)
    b.show(S="5-5")
    b.show(L1="3-5")
    eq(b.status()["moves"], ["0:5-5", "L3-5"], "A led, B played")
    b.wait(1000)
    assert b.lit("L2") in ((0, 0, 0), b.lit("R1")), "the ends blink together"
    b.long(MENU)
    eq(b.status()["screen"], "pause", "paused")
    b.press(PASS)                           # continue -> undo
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["moves"], st["wrong"]), ("game", ["0:5-5"], ["L1"]),
       "undone: L1 must come off")
    seen = set()
    for _ in range(30):
        b.wait(40)
        seen.add(b.lit("L1"))
    assert (255, 0, 0) in seen, seen
    b.show(L1=None)
    eq(b.status()["wrong"], [], "the track matches")
    b.show(R1="4-5")
    eq(b.status()["moves"], ["0:5-5", "R4-5"], "B plays again")


def play(b, moves):
    """The board's moves carried out on the board: tiles on the track and the pad, and
    the buttons."""
    ends = {"L": 0, "R": 0}
    for i, m in enumerate(moves):
        if len(b.status()["moves"]) > i:
            continue                        # a forced pass the board played itself
        if ":" in m:
            b.press(LEFT if m[0] == "0" else RIGHT)
            b.show(S=m[2:])
        elif m[0] in "LR":
            ends[m[0]] += 1
            b.show(**{"%s%d" % (m[0], ends[m[0]]): m[1:]})
        elif m.startswith("reveal"):
            b.reveal(m.split()[2])
        else:
            b.press(DRAW if m == "draw" else PASS)


def test_a_match_to_its_target_with_the_scores_shown():
    lines, moves, table, o = hands(1)       # test vector DV-3 (seed 1): B dominoes, A holds 4-5: 9
    b = Tiles(target=5)
    play(b, moves)
    st = b.status()
    eq(st["moves"], moves, "the hand")
    eq(st["result"], {"winner": 1, "scores": [0, 9], "reason": "target reached"}, "B reached 5")
    b.wait(600)
    field = [max(b.app.frame[3 * c:3 * c + 3]) for c in range(28, 60)]
    eq([c for c in range(32) if field[c]], list(range(16, 32)), "B's score bar, full; A's empty")
    b.press(OK)
    eq(b.status()["screen"], "menu", "back to the menu")


def test_drawing_allocates_nothing():
    from test_app_heap import _render_locked
    b = Tiles()
    b.press(LEFT)
    b.show(S="5-5")
    b.show(R1="5-6")
    _render_locked(b, 1200)                 # the ends blinking
    b.show(L3="0-1")
    eq(b.status()["wrong"], ["L3"], "a tile on a far slot")
    _render_locked(b)                       # correction


def test_leads_and_draws_checked_from_the_tiles_played_and_shown():
    from firmware.app.games import mano_tile_checks
    out = []
    # A led 5-5; B then played 6-6 without drawing first: B held it at the lead.
    mano_tile_checks._judge_lead((1, 0, "5-5"), [(2, 1, "6-6", None)], [[], []], out)
    # B drew first: the 6-6 may be the tile it drew.
    mano_tile_checks._judge_lead((1, 0, "5-5"), [(2, 1, None, (5, 5)), (3, 1, "6-6", None)],
                                 [[], []], out)
    # A led 2-3 with no double anywhere, the heaviest tile: B showed 1-3 at the end.
    mano_tile_checks._judge_lead((1, 0, "2-3"), [], [["0-1"], ["1-3"]], out)
    eq(out, [(1, "A", "held a higher tile"), (1, "A", "cannot tell"), (1, "A", "fine")], "leads")
    out = []
    # B drew on ends 1|4 and showed 1-2 and 3-4 at the end: two tiles that fit, one draw.
    mano_tile_checks._judge_draws([(5, 1, None, (1, 4))], [[], ["1-2", "3-4"]], out)
    mano_tile_checks._judge_draws([(5, 1, None, (1, 4))], [[], ["1-2", "3-5"]], out)
    mano_tile_checks._judge_draws([(5, 1, None, (1, 4))], [[], ["0-2", "3-5"]], out)
    eq(out, [(5, "B", "held a tile that fit"), (5, "B", "cannot tell"), (5, "B", "fine")], "draws")


def test_the_hands_result_stays_said_while_its_tiles_are_cleared():
    """A newcomer saw "hand 1: B wins 9" replaced at once by "clear the track for hand 2":
    the result must stay said while the hand's tiles are taken off. The same when the
    board says it once the LEDs show (its runner: the words' code loads after the frame)."""
    for runner in (False, True):
        lines, moves, table, o = hands(1)       # DV-3: B dominoes, A holds 4-5: 9
        b = Tiles(runner=runner)                # the rules' target of 50: the match goes on
        play(b, moves)
        eq(b.status()["result"], None, "the match goes on")
        b.show(S=None)                          # the first tile of the line taken off
        eq(b.status()["message"], "hand 1: B wins 9 (domino); clear the track for hand 2 "
                                  "(A 0, B 9); the lead goes on S", "the result, still said")


def test_a_refused_tile_is_lit_red_with_the_end_it_fits_and_said_why():
    for runner in (False, True):
        b = Tiles(runner=runner)
        b.press(LEFT)
        b.show(S="5-5")                     # A leads 5-5
        b.show(R1="5-6")                    # B: the ends are 5 | 6
        b.show(L1="1-6")                    # A: 1-6 fits the right end only
        eq(b.status()["moves"], ["0:5-5", "R5-6"], "refused")
        eq(b.status()["message"], "L1: 1-6 does not fit the left end (5); it fits the other "
                                  "end: R2", "why, and where it fits")
        b.wait(500 - b.t % 500)             # the blink's on half
        eq((b.lit("L1"), b.lit("R2")), ((255, 0, 0), (0, 255, 0)), "L1 red, R2 green")


def test_a_refused_key_says_why_never_what_an_earlier_key_said():
    """Before the lead, PASS is refused with its reason; OK and ATTACK, which do nothing
    in a hand, say so themselves (PASS's note was left standing for them)."""
    b = Tiles()
    b.press(PASS)
    eq(b.status()["message"], "no pass now: the lead goes on S", "PASS")
    b.press(OK)
    eq(b.status()["message"], "OK does nothing during a hand", "OK")
    b.press(ATTACK)
    eq(b.status()["message"], "ATTACK is for Masbrur", "ATTACK")
    eq(b.status()["moves"], [], "nothing played")
