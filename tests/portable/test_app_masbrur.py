"""Masbrur on the tile board's app with frames handed in directly (the filter, drivers,
bounces and whole rounds are tested by the traces, test_trace_masbrur): the game chosen
on the menu, walls never shown before combat, what ATTACK and a wrong selection do, the
die and the round's medals on the LEDs, and drawing that allocates nothing."""
from check import eq
from masbrur_kit import Table, choose, oriented
from sensor_kit import SensorBoard
from tile_kit import PROFILE

from firmware.app.boards import tile as board_tile
from firmware.rules import Rng
from firmware.rules import masbrur
from firmware.rules import masbrur_form as mf

MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK = 0, 1, 2, 3, 4, 5, 6
NAMES = board_tile.names()
KEYS = {"menu": MENU, "ok": OK, "pass": PASS, "draw": DRAW, "left": LEFT, "right": RIGHT,
        "attack": ATTACK}
WALL_CELLS = (60, 61, 62, 63)


class Live(Table):
    """masbrur_kit's table, carried out on the app at once instead of written down."""

    def __init__(self, board, state):
        self.board = board
        self.seen = []              # (phase, LEDs of the wall slots) after every change
        Table.__init__(self, state)

    def write(self):
        cells = bytearray([8] * 128)
        for name in self.cells:
            c = NAMES.index(name)
            cells[2 * c] = int(self.cells[name][0])
            cells[2 * c + 1] = int(self.cells[name][2])
        if self.pad:
            cells[2 * board_tile.PAD] = int(self.pad[0])
            cells[2 * board_tile.PAD + 1] = int(self.pad[2])
        self.board.frame(cells)
        self._look()

    def press(self, name):
        self.board.press(KEYS[name])
        self._look()

    def _look(self):
        self.board.wait(600)        # through a blink period
        self.seen.append((self.board.state().phase, [self.board.lit(c) for c in WALL_CELLS]))


class Masbrur(SensorBoard):
    def __init__(self, outside=None, **settings):
        """Masbrur started with ``settings`` (masbrur.KEY: value); ``outside``: {seat:
        feed} of seats played elsewhere (core/feeds.py)."""
        SensorBoard.__init__(self, PROFILE, "masbrurapp")
        self.app.cfg["game"] = "masbrur"      # the menu's L6
        self.app.outside = outside
        for key in settings:
            self.app.cfg["masbrur." + key] = settings[key]
        self.press(OK)
        self.table = Live(self, self.state())

    def lit(self, cell):
        return tuple(self.app.frame[3 * cell:3 * cell + 3])

    def message(self):
        return self.status()["message"]


def _play_round(b, seed):
    rng = Rng(seed)
    s = b.state()
    moves = []
    while s.round == 1:
        m = choose(rng, s)
        b.table.act(s, m)
        s = masbrur.play(s, m)
        moves.append(m)
    return moves


def test_a_game_with_the_longest_selections_resumes_after_a_power_cut():
    """A formation selection runs to 134 characters (three formations of eight uses, as in
    this round's combat): the game saved with it is offered for resuming when the power
    comes back, not dropped as unreadable."""
    b = Masbrur()
    moves = _play_round(b, 11)
    assert max([len(m) for m in moves]) == 134
    again = SensorBoard(PROFILE, None, root=b.root)
    st = again.status()
    eq(st["screen"], "resume")
    eq(st["moves"], moves)


def test_the_menu_chooses_the_game():
    b = SensorBoard(PROFILE, "masbrurmenu")
    eq(b.app.cfg["game"], "mano", "Mano a Mano unless Masbrur is chosen")
    entries = 3 + len(board_tile.ITEMS)     # the two picks, start, the settings
    for _ in range(entries - 1):            # PASS from start round to L6 (Masbrur)
        b.press(PASS)
    b.press(OK)
    eq(b.app.cfg["game"], "masbrur", "L6 chose Masbrur")
    b.press(PASS)                           # on to start
    b.press(OK)
    eq(b.status()["game"], "masbrur", "started from the menu")
    eq(b.app.play.session.state.phase, "pie_offer", "the first round's pie offer")


def test_a_round_with_the_walls_dark_until_combat():
    b = Masbrur()
    moves = _play_round(b, 3)
    eq(b.status()["moves"], moves, "every move")
    before = [lit for phase, lit in b.table.seen
              if phase in ("pie_offer", "pie_accept", "equipment")]
    assert before and all(c == (0, 0, 0) for lit in before
                           for c in lit), "a wall slot lit before combat"
    shown = [lit for phase, lit in b.table.seen if phase in ("combat_select", "combat_steal")]
    assert [lit for lit in shown if lit[0] != (0, 0, 0)], "the walls lit once revealed"
    # The round's medals (half-medals on L1-L6 / R1-R6) and the totals are shown.
    s = b.state()
    h0, h1, c, die = masbrur.last_round(s)
    eq(len([k for k in range(1, 7) if b.lit(k) != (0, 0, 0)]), h0, "A's half-medals")
    eq(len([k for k in range(14, 20) if b.lit(k) != (0, 0, 0)]), h1, "B's half-medals")
    assert "C %d, die %d" % (c, die) in b.message(), b.message()


def _until(b, phase, rng):
    """Random moves (masbrur_kit.choose) carried out on the board until ``phase``."""
    s = b.state()
    while s.phase != phase:
        m = choose(rng, s)
        b.table.act(s, m)
        s = masbrur.play(s, m)
    return s


def _to_equipment(b, seed):
    return _until(b, "equipment", Rng(seed))


def test_attack_without_the_formations_is_refused_and_the_die_shown():
    b = Masbrur()
    s = _to_equipment(b, 3)
    b.press(ATTACK)
    eq(b.status()["moves"][-1][:1] != "A", True, "no attack played")
    assert "no attack" in b.message(), b.message()
    b.wait(600)
    eq(len([k for k in range(1, 14) if b.lit(k) != (0, 0, 0)]), s.die, "the die as a bar")


def test_a_selection_the_rules_refuse_is_entered_again():
    b = Masbrur()
    s = _until(b, "combat_select", Rng(3))
    played = len(b.status()["moves"])
    hand = masbrur.hand(s, masbrur.to_move(s))
    b.press(RIGHT)                          # a lower-row "formation" of two squares
    for t in hand[:2]:
        b.table.show("%d-%d" % (t >> 3, t & 7))
    b.press(OK)
    assert "OK to confirm" in b.message(), b.message()
    b.press(OK)
    eq(len(b.status()["moves"]), played, "refused")
    assert "at least 3" in b.message(), b.message()
    b.table.act(s, masbrur.auto_move(s))    # then the reference selection
    eq(b.status()["moves"][-1], masbrur.auto_move(s), "taken")


def test_drawing_allocates_nothing():
    from test_app_heap import _render_locked
    b = Masbrur()
    _to_equipment(b, 3)
    _render_locked(b, 1200)                 # the row ends blinking, the die
    b.table.put({"D0": "1-5"})              # a push begun (0-1's right end is 1)
    _render_locked(b)
    b.table.put({"D0": None, "B3": None})
    eq(b.status()["wrong"], ["B3"], "a tile lifted")
    _render_locked(b)                       # correction


def test_a_fixed_wall_changed_is_refused_without_naming_it():
    b = Masbrur()
    b.app.cfg["masbrur.wall_mode"] = "fixed"
    b.app.to_menu()                         # the game again, with the fixed wall
    b.press(OK)
    b.table = Live(b, b.state())
    s = _to_equipment(b, 3)
    for _ in range(2):                      # each seat sets its wall with a push
        m = [x for x in masbrur.legal_moves(s) if x.startswith("W")][0]
        b.table.act(s, m)
        s = masbrur.play(s, m)
    p = masbrur.to_move(s)
    kept = s.wall[p]
    other = [t for t in s.ars[p] if t not in kept][:2]
    m = [x for x in masbrur.legal_moves(s) if x.startswith("W")
         and mf.parse_tile(x[8:10]) not in other][0]
    played = len(b.status()["moves"])
    b.table.act(s, "W%s,%s" % (mf.name(other[0]), mf.name(other[1])) + m[6:])
    eq(len(b.status()["moves"]), played, "refused")
    assert "fixed" in b.message(), b.message()
    for t in kept:
        assert mf.name(t) not in b.message(), b.message()


def test_against_the_board_it_plays_its_moves_and_lights_its_pushes():
    """The board plays B (level 3), then A (level 1; a planted bug had the tile board never
    play A): its offers, choices, walls (kept in the board: its wall slots stay empty),
    formations and steals are played at once; each of its pushes is lit and carried out
    by a person, and another push is refused."""
    _against_the_board(1, 3)
    _against_the_board(0, 2)


def _against_the_board(seat, level):
    from firmware.app.core import render
    b = Masbrur(opponent="AB"[seat], level=level, first_offerer=0)
    table = b.table
    rng = Rng(1)
    pushes = refused = 0
    while b.state().round == 1:
        s = b.state()
        if masbrur.to_move(s) != seat:
            table.act(s, choose(rng, s))
            continue
        b.wait(800)                         # the board's turn: it thinks
        ai = b.app.play.shown
        if ai is None:
            assert b.state() is not s, "the board played"
            continue
        assert "the board pushes" in b.message(), b.message()
        cell = 28 + 4 * int(ai[11]) + (3 if ai[10] == "R" else 0)
        shown = []
        for _ in range(5):
            b.wait(100)
            shown.append(b.lit(cell))
        assert render.PLAYER[seat] in shown, "the row end the board's push goes on blinks"
        if not refused:                     # first a push the board did not choose
            other = [mv for mv in masbrur.legal_moves(s)
                     if mv.startswith("W") and mv[8:12] != ai[8:12]][0]
            before = len(b.status()["moves"])
            table.push(s, other[7:12], False)
            eq(len(b.status()["moves"]), before, "not the board's push")
            assert "the board pushes" in b.message(), b.message()
            r = int(other[11])
            table.put({"A%d" % r: None, "D%d" % r: None,
                       "B%d" % r: "%d-%d" % tuple(s.field[3 * r:3 * r + 2]),
                       "C%d" % r: "%d-%d" % tuple(s.field[3 * r + 1:3 * r + 3])})
            eq(b.status()["wrong"], [], "the row put back")
            refused += 1
        table.push(s, ai[7:12], False)
        eq(b.status()["moves"][-1], ai, "the board's push, carried out")
        pushes += 1
    assert pushes and refused, (seat, pushes, refused, b.status()["moves"])
    for name in ("W%s1" % "AB"[seat], "W%s2" % "AB"[seat]):
        assert name not in table.cells, "the board's wall stays in the board"


def test_a_push_before_the_wall_waits_for_it():
    b = Masbrur()
    s = _to_equipment(b, 3)
    m = [x for x in masbrur.legal_moves(s) if x.startswith("W") and not x.endswith("+A")][0]
    played = len(b.status()["moves"])
    b.table.push(s, m[7:12], False)         # no wall on the slots yet
    eq(len(b.status()["moves"]), played, "not played without a wall")
    assert b.message().startswith("wall:"), b.message()
    eq(b.status()["wrong"], [], "the push stands")
    b.table.wall(masbrur.to_move(s), [mf.parse_tile(m[1:3]), mf.parse_tile(m[4:6])])
    eq(b.status()["moves"][-1], m, "played once the wall is read")


def test_the_board_breathes_on_the_input_positions_while_it_thinks():
    """Against the board, in the equipment phase: while it works out its push the input
    positions breathe in its colour; once the push is lit they stop."""
    b = Masbrur(opponent="B", level=1, first_offerer=0)
    rng = Rng(2)
    while masbrur.to_move(b.state()) == 0 or b.app.play.phase != "equipment":
        s = b.state()
        if masbrur.to_move(s) == 0:
            b.table.act(s, choose(rng, s))
        else:
            b.wait(800)
    ses = b.app.play.session
    eq(b.status()["thinking"], True, "the board's turn, before its push")
    seen = []
    for ms in range(0, 1000, 100):
        b.app.render(ses.turn_at + ms)
        seen.append(sum(b.app.frame[3 * 28:3 * 28 + 3]))   # A0: row 0's left input
    assert min(seen) > 0 and seen[-1] > 2 * seen[0], seen
    b.wait(800)
    eq(b.status()["thinking"], False, "its push is chosen and lit")


def _pad(b, *tiles):
    """Tiles on the pad one after the other without it reading empty between (a tile
    turned round where it lies), then the pad cleared."""
    for tile in tiles:
        b.table.pad = tile
        b.table.write()
    b.table.pad = None
    b.table.write()


def test_a_tile_turned_round_on_the_pad_gives_its_other_square():
    """A pie group's tile turned round on the pad stays in the group; in a formation
    the tile just shown, turned round, gives the square now on its left instead of
    counting twice: a selection entered with every tile shown the wrong way round
    first, then turned, is the one played."""
    b = Masbrur()
    s = b.state()
    offer = [t for t in masbrur.pool(s) if t >> 3 != t & 7][:2]
    _pad(b, "%d-%d" % (offer[0] >> 3, offer[0] & 7), "%d-%d" % (offer[0] & 7, offer[0] >> 3))
    _pad(b, "%d-%d" % (offer[1] >> 3, offer[1] & 7))
    assert "group 1: 2 tiles" in b.message(), b.message()
    b.press(OK)
    eq(b.status()["moves"], ["O " + mf.tiles_text(offer)], "both tiles offered")
    s = _until(b, "combat_select", Rng(5))
    move = masbrur.auto_move(s)
    for row, zh, uses in mf.parse_selection(move):
        b.press(LEFT if row == 0 else RIGHT)
        for t, v in sorted(uses, key=lambda u: (1 if zh and u[1] == 0 else 0, u[1], u[0])):
            other = (t >> 3) + (t & 7) - v
            _pad(b, "%d-%d" % (other, v), "%d-%d" % (v, other))
            assert b.message().endswith("the last %d" % v), b.message()
    b.press(OK)
    b.press(OK)
    eq(b.status()["moves"][-1], move, "the selection as entered, each tile turned once")


def test_the_equipment_phase_status_lists_a_few_moves_without_the_engines_list():
    """After an uneven pie split (one tile against 19) the equipment phase has
    thousands of moves: status() lists pass, A and the first active turns in the
    engine's order, and leaves their number open, without ever asking the engine for
    the whole list."""
    from firmware.app import explain
    b = Masbrur()
    s = b.state()
    t = masbrur.pool(s)[0]
    b.table.act(s, "O " + mf.name(t))
    s = masbrur.play(s, "O " + mf.name(t))
    b.table.act(s, "C2")                            # the accepter takes the 19
    s = b.state()
    eq(s.phase, "equipment", "the equipment phase")
    full = masbrur.legal_moves(s)
    assert len(full) > 2000, len(full)
    listing = masbrur.legal_moves

    def refused(state):
        raise AssertionError("the whole list asked for")
    masbrur.legal_moves = refused
    try:
        st = b.status()
        again = explain.status(b.app)
    finally:
        masbrur.legal_moves = listing
    legal = st["legal"]
    assert 2 <= len(legal) <= 2 + 2 * 12, legal
    eq(legal, full[:len(legal)], "the engine's first moves, in its order")
    eq(st["legal_count"], None, "the number left open")
    eq(again["legal"], legal, "the page's status the same")


def test_against_the_board_it_thinks_over_several_ticks():
    """Level 3 with a live clock: the board's choice of a pie group takes several ticks
    of thinking (no move meanwhile, nothing crashes), then it is played."""
    from test_app_opponent import Fake
    b = Masbrur(opponent="B", level=3, first_offerer=0)
    b.app.clock = Fake(100)                  # a live clock: a piece of work per tick
    s = b.state()
    for tile in masbrur.pool(s)[:10]:        # the offer shown, OK pressed: its turn at once
        b.table.show(oriented(tile >> 3, tile & 7))
    b.press(OK)
    ticks = 0
    while len(b.status()["moves"]) == 1 and ticks < 500:
        b.step([])                          # a tick raising would fail the test here
        ticks += b.status()["thinking"]
    assert ticks > 2, ticks
    eq(b.app.play.session.state.phase, "equipment", "its choice played")
    eq(b.status()["moves"][1] in ("C1", "C2"), True, "a group chosen")


def test_the_pie_offer_lists_no_free_choice_move():
    """The engine's "<free>" (a choice too large to list) is never shown to a player: the
    page's legal-moves panel showed it."""
    b = Masbrur()
    eq(b.state().phase, "pie_offer", "the offer")
    st = b.status()
    eq((st["legal"], st["legal_count"]), ([], None), "nothing listed, not counted")


def test_a_refused_key_says_why_never_what_an_earlier_key_said():
    """Keys pressed when they do nothing, in the pie offer and the equipment phase: each
    is refused with its own reason (the note an earlier key left was shown instead)."""
    b = Masbrur()
    b.press(ATTACK)
    assert "ATTACK is for the equipment phase" in b.message(), b.message()
    for key, words in ((PASS, "PASS passes in the equipment phase"),
                       (DRAW, "DRAW is not used in Masbrur"),
                       (LEFT, "LEFT and RIGHT choose a pie group")):
        b.press(key)
        assert words in b.message(), (key, b.message())
    eq(b.status()["moves"], [], "nothing played")
    _to_equipment(b, 3)
    b.press(DRAW)
    b.press(OK)
    assert "no OK now: push, PASS or ATTACK" in b.message(), b.message()


def _points(halves):
    return "%d%s" % (halves // 2, ".5" if halves % 2 else "")


def test_the_end_says_the_score_in_points_not_half_points():
    """A whole game to its end: the board says the winner and the score in points, as
    the round messages and the result count them (it said the engine's half-points,
    double the totals)."""
    b = Masbrur()
    s = _until(b, "over", Rng(5))
    res = masbrur.result(s)
    w, sc = res["winner"], res["scores"]
    assert w is not None, "a seed whose game has a winner"
    want = "%s wins %s-%s" % ("AB"[w], _points(sc[w]), _points(sc[1 - w]))
    assert b.message().startswith(want), (b.message(), want)
    from firmware.app import explain
    shown = explain.status(b.app)["public_position"]       # the simulator's Position
    assert shown.startswith("over after 4 rounds; die "), shown


def test_after_an_undo_the_board_says_which_tile_goes_where():
    """A push taken back (pause, S, OK): the row as pushed is wrong, and the board says
    what each position of it should hold again (it said only 'B0 C0', and the legend that a
    tile was missing where another lay)."""
    b = Masbrur()
    s = _to_equipment(b, 3)
    move = [m for m in masbrur.legal_moves(s) if m[0] == "W" and not m.endswith("+A")][0]
    b.table.act(s, move)
    eq(b.status()["moves"][-1], move, "pushed")
    b.long(MENU)
    b.press(PASS)
    b.press(OK)
    assert move not in b.status()["moves"], "undone"
    row = int(move[11])
    x, y, z = s.field[3 * row:3 * row + 3]
    said = b.message()
    assert said.startswith("put the field right: "), said
    assert "B%d %d-%d" % (row, x, y) in said and "C%d %d-%d" % (row, y, z) in said, said


def test_an_undo_after_a_pass_takes_back_the_pass_and_the_boards_answer_only():
    """Against the board, A passes by choice in the equipment phase and the board pushes:
    an undo takes back that push and A's pass - A's own last move and the board's answer -
    and nothing before them (it took the move before A's pass too, as if the pass had
    been forced)."""
    b = Masbrur(opponent="B", level=3, first_offerer=0)
    rng = Rng(3)
    while True:
        s = b.state()
        if masbrur.to_move(s) == 1:
            b.wait(800)
            ai = b.app.play.shown
            if ai is not None:                  # its push, carried out by a person
                b.table.push(s, ai[7:12], False)
            continue
        moves = b.status()["moves"]
        if s.phase == "equipment" and moves[-1] not in ("pass", "A"):
            break
        if s.phase == "equipment":              # A pushes, so that the board answers
            m = [x for x in masbrur.legal_moves(s) if x[0] == "W" and x[-2:] != "+A"][0]
        elif s.phase == "pie_offer":            # halves: both arsenals can push
            m = "O " + mf.tiles_text(sorted(masbrur.pool(s)[:10]))
        else:
            m = choose(rng, s)
        b.table.act(s, m)
    b.press(PASS)                               # A passes, a choice: A could push
    eq(b.status()["moves"], moves + ["pass"], "A's pass")
    s = b.state()
    b.wait(800)
    ai = b.app.play.shown
    assert ai is not None, ("the board pushes", b.status()["moves"][len(moves):])
    b.table.push(s, ai[7:12], False)
    eq(b.status()["moves"], moves + ["pass", ai], "the board's push, carried out")
    eq(b.status()["to_move"], 0, "A to move")
    b.long(MENU)
    b.press(PASS)                               # continue -> undo
    b.press(OK)
    eq(b.status()["moves"], moves, "A's pass and the board's push taken back")
    eq(b.status()["to_move"], 0, "A to move again")
    log = b.app.storage.read_text("events.log", "")
    assert " undo pass %s\n" % ai in log, log  # what `arbiter logs` shows


def test_between_rounds_both_players_medals_and_totals_show():
    """After round 1, L1-L6 / R1-R6 show A's / B's half-medals and L7-L13 / R7-R13 their
    totals (B's were wiped by the empty bar of the next offer's group) until the offerer
    shows group 1's first tile: R1 on then counts the group."""
    for seed in range(3, 12):
        b = Masbrur()
        _play_round(b, seed)
        s = b.state()
        h0, h1, _c, _die = masbrur.last_round(s)
        if h1:
            break
    assert h1, "a seed where B won half-medals"
    lit = [k for k in range(14, 27) if b.lit(k) != (0, 0, 0)]
    eq(lit[:min(h1, 6)], list(range(14, 14 + min(h1, 6))), "B's half-medals on R1-R6")
    assert [k for k in lit if k >= 20], ("B's total on R7-R13", lit)
    eq(len([k for k in range(1, 7) if b.lit(k) != (0, 0, 0)]), min(h0, 6), "A's half-medals")
    tile = masbrur.pool(s)[0]
    b.table.show(oriented(tile >> 3, tile & 7))  # the offerer's first tile of group 1
    eq([k for k in range(14, 27) if b.lit(k) != (0, 0, 0)], [14], "R1: group 1, 1 tile")
