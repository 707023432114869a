"""A seat played elsewhere (firmware/app/core/seat_outside.py), on each game's board: its
moves come from a feed (feeds.Moves, as `arbiter replay --seat` reads a file of moves), a
person carries out each one as the board shows it (the light board plays it at once), and
on that seat's turn nothing else is taken. For each game: a whole game against the
board's own play gives a record; the same game played again with that seat's moves from
a feed of that record ends with the same record; a wrong move on that seat's turn is
refused, saying why, and the right one is then taken; an undo takes back the outside
move with the person's before it, the same move is then shown again from the feed, and
the game goes on to its end. The seat played elsewhere is B in Morbak and Mano a Mano, A
(White) in Mabula, Fursaz and Masbrur."""
from check import eq
from masbrur_kit import choose
from test_app_kit import MENU, OK, Board
from test_app_mano_opponent import LEFT, RIGHT, Table, play_hand
from test_app_marble import Marble
from test_app_masbrur import Masbrur
from test_app_stone import Stone

from firmware.app.core import feeds, records
from firmware.rules import Rng, fursaz, mabula, mano, masbrur, morbak

_PAUSE_MENU, _PAUSE_OK, _PAUSE_PASS = 0, 1, 2   # the sensor boards' keys (menu, ok, pass)


def _seat(app, game, letters, seat, feed):
    """Before the game starts: seat ``seat`` played by the board's own play at level 1,
    or, given ``feed`` (a feed, or {ply: move} for one), from elsewhere."""
    app.cfg[game + ".level"] = 1
    if feed is None:
        app.cfg[game + ".opponent"] = letters[seat]
    else:
        app.outside = {seat: feed if hasattr(feed, "move") else feeds.Moves(feed)}


def _plies(b):
    return len(b.app.play.session.rec["moves"])


def _to_end(b, seat, carry, person, until=None):
    """Play on to the end (or until ``until`` moves): ``carry(b)`` on ``seat``'s turn
    (its move awaited and carried out as the board shows it), ``person(b)`` on the
    other's; every turn ends in a move. The record."""
    ses = b.app.play.session
    while not ses.over and len(ses.rec["moves"]) != until:
        n = len(ses.rec["moves"])
        (carry if ses.turn == seat else person)(b)
        eq(len(ses.rec["moves"]) > n, True, "ply %d taken" % (n + 1))
    return ses.rec


def _record(b, engine, seat, rec):
    """(``rec``, {ply: move} of ``seat``'s moves in it - what a player elsewhere sends; a
    lead that names its seat, "1:6-6", is that seat's - and (moves, result) as saved)."""
    s = engine.new_game(rec["options"], rec["seed"])
    mine = {}
    ply = 0
    for m in rec["moves"]:
        ply += 1
        who = engine.to_move(s)
        if who == seat or (who is None and m.startswith("%d:" % seat)):
            mine[ply] = m
        s = engine.play(s, m)
    return rec, mine, _saved(b, rec)


def _against_the_board(make, engine, seat, carry, person):
    """A whole game on the board ``make()`` with ``seat`` the board's own play: _record's
    (record, that seat's moves, saved)."""
    b = make()
    return _record(b, engine, seat, _to_end(b, seat, carry, person))


def _same_game_from_a_feed(make, engine, seat, carry, person):
    """The game against the board's own play, then on ``make(feed)`` with ``seat``'s
    moves from a feed of its record: the same game is saved."""
    rec, feed, want = _against_the_board(make, engine, seat, carry, person)
    b = make(feed)
    _to_end(b, seat, carry, person)
    eq(_saved(b, rec), want, "the same moves and result as against the board")


def _saved(b, rec):
    """(moves, result) of the record the board wrote when the game ``rec`` ended."""
    saved = b.app.storage.read_json(records.game_path(rec["id"]))
    return saved["moves"], saved["result"]


def _undo(b):
    """A long MENU, then the pause's undo (PASS selects it on a sensor board), OK."""
    b.long(_PAUSE_MENU)
    b.press(_PAUSE_PASS)
    b.press(_PAUSE_OK)


def _shown(b, after=": "):
    """The move the board says a person is to carry out ("White plays a1-c1: push it
    in"; the board's own play says "the board plays ...")."""
    said = b.status()["message"]
    assert " plays " in said, said
    return said.split(" plays ", 1)[1].split(after, 1)[0]


# ---------------------------------------------------------------- Morbak, light board

def _morbak(feed=None):
    """A light board with Morbak started: B the board's own play, or from ``feed``."""
    b = Board("out-morbak", {"morbak.confirm": False})
    _seat(b.app, "morbak", "AB", 1, feed)
    b.start()
    return b


def _morbak_press(b):
    """The person's move: a press on the first square that means a move."""
    s = b.app.play.session.state
    for i in range(49):
        if morbak.press_action(s, i) is not None:
            b.press(i)
            return
    raise AssertionError("no square to press")


def _morbak_wait(b):
    """B's move: played by the board once it comes."""
    b.wait(800)


_MORBAK = (_morbak, morbak, 1, _morbak_wait, _morbak_press)


def test_morbak_a_whole_game_with_b_played_elsewhere():
    _same_game_from_a_feed(*_MORBAK)


def test_morbak_a_press_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _against_the_board(*_MORBAK)
    b = _morbak(feed)
    _morbak_press(b)
    b.press("g7")                                 # on B's turn, before its move comes
    st = b.status()
    eq(st["moves"], rec["moves"][:1], "nothing taken")
    eq(st["message"], "rejected g7: B moves elsewhere", "the board says why")
    b.wait(800)
    eq(b.status()["moves"], rec["moves"][:2], "B's move, played at once")


def test_morbak_an_undo_takes_back_the_outside_move_with_the_persons():
    rec, feed, want = _against_the_board(*_MORBAK)
    b = _morbak(feed)
    _morbak_press(b)
    b.wait(800)
    eq(b.status()["moves"], rec["moves"][:2], "A's move and B's from elsewhere")
    b.long(MENU)
    b.press("d4")                                 # undo, then OK
    b.press(OK)
    st = b.status()
    eq((st["moves"], st["to_move"]), ([], 0), "both taken back: A to move")
    assert "undone: %s %s" % tuple(rec["moves"][:2]) in st["message"], st["message"]
    _to_end(b, 1, _morbak_wait, _morbak_press)
    eq(_saved(b, rec), want, "B's move again from the feed, and on to the end")


def test_morbak_a_move_from_elsewhere_the_rules_refuse_is_not_played():
    feed = feeds.Moves({2: "L a1"})
    b = _morbak(feed)
    _morbak_press(b)                              # A lights a1
    b.wait(800)
    st = b.status()
    eq(st["moves"], ["L a1"], "B's move is not played")
    eq(st["message"], "B's move from elsewhere, L a1, is refused: a1 is not empty",
       "the board says why")
    assert "is refused" in b.events_log()
    eq(feed.refused, (2, "L a1", "a1 is not empty"), "the feed hears of it")
    feed.moves[2] = "L b2"                        # another move of that ply comes
    b.wait(800)
    eq(b.status()["moves"], ["L a1", "L b2"], "it is played")


class _FarAway(feeds.Moves):
    """Moves from someone far away, who is not asked to take one back (seats.py)."""
    undo = False


def test_morbak_against_someone_far_away_no_undo_is_offered():
    rec, feed, _ = _against_the_board(*_MORBAK)
    b = _morbak(_FarAway(feed))
    _morbak_press(b)
    b.wait(800)
    b.long(MENU)
    eq(b.status()["screen"], "pause", "paused")
    eq(b.pixel("d4"), (0, 0, 0), "the undo cell is dark")
    b.press("d4")
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["moves"]), ("game", rec["moves"][:2]), "nothing taken back")


# ---------------------------------------------------------------- Mabula, marble board

def _mabula(feed=None):
    """A marble board with Mabula set up (White first): White the board's own play, or
    from ``feed``."""
    b = Marble()
    _seat(b.app, "mabula", "WB", 0, feed)
    b.press(_PAUSE_OK)                            # start
    b.frame(mabula.occupancy(b.state()))          # set up
    return b


def _mabula_person(b):
    """The person's push: the first legal one."""
    s = b.state()
    b.frame(mabula.occupancy(mabula.play(s, mabula.legal_moves(s)[0])))


def _mabula_carry(b):
    """Carry out the push the board shows."""
    b.step([])
    b.frame(mabula.occupancy(mabula.play(b.state(), _shown(b))))


_MABULA = (_mabula, mabula, 0, _mabula_carry, _mabula_person)


def test_mabula_a_whole_game_with_white_played_elsewhere():
    _same_game_from_a_feed(*_MABULA)


def test_mabula_a_push_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _against_the_board(*_MABULA)
    b = _mabula(feed)
    b.step([])
    s = b.state()
    eq(_shown(b), rec["moves"][0], "White's push from elsewhere, to carry out")
    other = [m for m in mabula.legal_moves(s) if m != rec["moves"][0]][0]
    b.frame(mabula.occupancy(mabula.play(s, other)))
    st = b.status()
    eq(st["moves"], [], "another push is not taken")
    assert st["wrong"] and st["message"].startswith("put the board right: "), st["message"]
    b.frame(mabula.occupancy(s))                  # put back
    b.frame(mabula.occupancy(mabula.play(s, rec["moves"][0])))
    eq(b.status()["moves"], rec["moves"][:1], "the push shown, carried out")


def test_mabula_an_undo_takes_back_the_outside_push_with_the_persons():
    rec, feed, want = _against_the_board(*_MABULA)
    b = _mabula(feed)
    _to_end(b, 0, _mabula_carry, _mabula_person, 3)
    eq(b.status()["moves"], rec["moves"][:3], "White's pushes from elsewhere, Black's")
    _undo(b)
    st = b.status()
    eq((st["moves"], st["to_move"]), (rec["moves"][:1], 1), "two pushes back: Black to move")
    assert st["wrong"], "the marbles to put back are lit"
    b.frame(mabula.occupancy(b.state()))
    eq(b.status()["wrong"], [], "put back")
    _to_end(b, 0, _mabula_carry, _mabula_person)
    eq(_saved(b, rec), want, "White's push again from the feed, and on to the end")


# ---------------------------------------------------------------- Fursaz, stone board

def _fursaz(feed=None):
    """A stone board (size 5) with Fursaz started: A the board's own play, or from
    ``feed``."""
    b = Stone()
    _seat(b.app, "fursaz", "AB", 0, feed)
    b.press(_PAUSE_OK)                            # start
    b.show(b.state())
    return b


def _fursaz_put(b, point):
    """A stone of the mover's colour put on ``point``, then the stones the board asks
    for turned over."""
    s = b.state()
    stones = fursaz.board(s)
    stones[point] = fursaz.to_text(s).split(" ")[1]
    b.frame([".BW".find(stones.get(p, ".")) for p in b.app.play.points])
    b.show(fursaz.play(s, point))


def _fursaz_person(b):
    """The person's move: a stone on the first point the rules allow."""
    _fursaz_put(b, [m for m in fursaz.legal_moves(b.state()) if m not in ("pass", "swap")][0])


def _fursaz_carry(b):
    """Wait for the move from elsewhere: the board plays a pass or a swap itself, else
    says where the stone goes, and a person puts it there (and turns the flips)."""
    n = _plies(b)
    b.wait(800)
    if _plies(b) == n:
        _fursaz_put(b, _shown(b, ":"))


_FURSAZ = (_fursaz, fursaz, 0, _fursaz_carry, _fursaz_person)


def test_fursaz_a_whole_game_with_a_played_elsewhere():
    _same_game_from_a_feed(*_FURSAZ)


def test_fursaz_a_stone_elsewhere_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _against_the_board(*_FURSAZ)
    first = rec["moves"][0]
    b = _fursaz(feed)
    b.wait(800)
    s = b.state()
    eq(b.status()["message"], "Black plays %s: put a black stone there" % first,
       "A's stone from elsewhere, to put down")
    other = [m for m in fursaz.legal_moves(s) if m not in ("pass", "swap", first)][0]
    b.show(fursaz.play(s, other))
    st = b.status()
    eq(st["moves"], [], "a stone elsewhere is not taken")
    eq(st["message"], "Black plays %s" % first, "the board says where it goes")
    b.show(s)                                     # taken away
    _fursaz_put(b, first)
    eq(b.status()["moves"], [first], "the stone shown, put down")


def test_fursaz_an_undo_takes_back_the_outside_stone_with_the_persons():
    rec, feed, want = _against_the_board(*_FURSAZ)
    b = _fursaz(feed)
    _to_end(b, 0, _fursaz_carry, _fursaz_person, 3)
    eq(b.status()["moves"], rec["moves"][:3], "A's moves from elsewhere, B's")
    _undo(b)
    st = b.status()
    eq((st["moves"], st["to_move"]), (rec["moves"][:1], 1), "two moves back: B to move")
    assert st["wrong"], "the stones to take away are lit"
    b.show(b.state())
    eq(b.status()["wrong"], [], "taken away")
    _to_end(b, 0, _fursaz_carry, _fursaz_person)
    eq(_saved(b, rec), want, "A's move again from the feed, and on to the end")


# ---------------------------------------------------------------- Mano a Mano, tile board

_MANO_SEED = 2   # its deal: A holds the highest double and leads; B answers with a play


def _mano(feed=None):
    """A tile board with a one-hand match of Mano a Mano (target 1) started: seat B the
    board's own play at level 1, or from ``feed``; its tiles lie face down on the field."""
    return Table(_MANO_SEED, "out-mano", options={"target": 1},
                 outside=None if feed is None else feeds.Moves(feed))


def _mano_match(t):
    """The hand to its end (test_app_mano_opponent.play_hand), the person's tiles left
    in hand shown on the pad (B shows its own): the match is over."""
    play_hand(t)
    t.wait(100)
    for tile in t.hand:
        t.show(P=tile)
        t.show(P=None)
    ses = t.app.play.session
    eq(ses.over, True, "a one-hand match")
    return ses.rec


def _mano_record():
    t = _mano()
    return _record(t, mano, 1, _mano_match(t))


def _mano_lead(t):
    """B's tiles dealt, A named and leading: B's turn."""
    t.deal_board()
    t.press(LEFT)
    lead = mano.legal_moves(t.dealt)[0]
    t.hand.remove(lead)
    t.show(S=lead)
    t.follow(lead)
    t.step([])


def test_mano_a_whole_match_with_b_played_elsewhere():
    rec, feed, want = _mano_record()
    t = _mano(feed)
    _mano_match(t)
    eq(_saved(t, rec), want, "the same moves and result as against the board")


def test_mano_a_tile_of_the_persons_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _mano_record()
    t = _mano(feed)
    _mano_lead(t)
    b = t.board()
    eq(b["asks"], "play", "B's play from elsewhere, to carry out")
    t.show(**{b["to"]: t.hand[0]})                # one of A's tiles there instead
    st = t.status()
    eq(st["moves"], rec["moves"][:1], "refused")
    assert "carry its tile from %s to %s" % (b["from"], b["to"]) in st["message"], st["message"]
    t.show(**{b["to"]: None})
    t.carry()
    eq(t.status()["moves"], rec["moves"][:2], "B's tile, carried out")


def test_mano_the_outside_seats_lead_comes_from_its_feed():
    """B holds the highest double (6-6) and is named to lead, but leads 3-3 from
    elsewhere: that is the lead asked for (the rules' lead is the board's own choice;
    a lead against the rules is noted when the hand is checked, as a person's is)."""
    t = Table(1, "out-mano-lead", outside=feeds.Moves({1: "1:3-3"}))
    t.deal_board()
    t.press(RIGHT)                                # B leads
    t.step([])
    b = t.board()
    eq((b["asks"], t.on[b["from"]], b["to"]), ("lead", "3-3", "S"), "its 3-3 to S")
    t.carry()
    eq(t.status()["moves"], ["1:3-3"], "led by B")


def test_mano_an_undo_takes_back_the_outside_play_with_the_persons():
    rec, feed, want = _mano_record()
    t = _mano(feed)
    dealt, hand, bone = t.dealt, list(t.hand), list(t.bone)
    _mano_lead(t)
    b = t.board()
    src, dst, tile = b["from"], b["to"], t.on[b["from"]]
    t.carry()
    eq(t.status()["moves"], rec["moves"][:2], "A's lead, B's play from elsewhere")
    _undo(t)
    eq(t.status()["moves"], [], "both taken back")
    eq(t.board()["asks"], "tiles", "B's tiles to read again")
    t.show(**{dst: None})                         # the tiles back where they lay
    t.show(S=None)
    t.show(**{src: tile})
    eq(t.board()["asks"], None, "B holds its seven again")
    t.dealt, t.hand, t.bone, t.ends = dealt, hand, bone, {"L": 0, "R": 0}
    _mano_match(t)
    eq(_saved(t, rec), want, "B's play again from the feed, and on to the end")


# ---------------------------------------------------------------- Masbrur, tile board

# A offers first; four plies of equipment a round; at level 2 the board pushes (at level 1
# it attacks at once, and a push from elsewhere, carried out by a person, is the tile
# board's own path).
_MASBRUR_SETTINGS = {"first_offerer": 0, "max_equipment_plies": 4, "level": 2}


def _masbrur(feed=None, level=2):
    """A tile board with Masbrur started: A the board's own play at ``level``, or from
    ``feed``."""
    if feed is None:
        return Masbrur(opponent="A", **dict(_MASBRUR_SETTINGS, level=level))
    return Masbrur({0: feeds.Moves(feed)}, **_MASBRUR_SETTINGS)


def _masbrur_push(said):
    """The push the board says a person is to carry out ("A pushes 3-6 into row 5 from
    the right: carry it out"), as the engine writes it: P36R5."""
    tile, _, rest = said.split(" pushes ", 1)[1].partition(" into row ")
    side = "R" if rest[1:].startswith(" from the right") else "L"
    return "P%s%s%s%s" % (tile[0], tile[2], side, rest[0])


def _masbrur_walls(b, s):
    """After a move from ``s``: when it ended the round, the walls taken off their slots."""
    if b.state().round != s.round:
        b.table.clear_walls()


def _masbrur_carry(b):
    """A's move: the board plays it itself, but for a push, which the person carries
    out as the board says."""
    s = b.state()
    n = _plies(b)
    b.wait(800)
    if _plies(b) == n:
        b.table.push(s, _masbrur_push(b.message()), False)
    _masbrur_walls(b, s)


def _masbrur_person(b):
    """The person at the board: the move masbrur_kit.choose gives with the ply's seed."""
    s = b.state()
    b.table.act(s, choose(Rng(_plies(b) + 1), s))
    _masbrur_walls(b, s)


_MASBRUR = (_masbrur, masbrur, 0, _masbrur_carry, _masbrur_person)


def _masbrur_record():
    """The record, A's moves, the saved game, and the ply of A's first push that follows
    a person's move other than a pass (an undo takes a pass back as a forced one), in the
    game of the first level from 2 up whose game has one."""
    for level in (2, 3, 4, 5):
        rec, feed, want = _against_the_board(lambda feed=None: _masbrur(feed, level),
                                             *_MASBRUR[1:])
        pushes = [ply for ply in feed if " P" in feed[ply] and rec["moves"][ply - 2] != "pass"]
        if pushes:
            return rec, feed, want, pushes[0]
    raise AssertionError("the board never pushed after a person's move: %s" % rec["moves"])


def _masbrur_row_back(b, row):
    """Row ``row`` put back as the engine's field has it."""
    f = b.state().field[3 * row:3 * row + 3]
    b.table.put({"A%d" % row: None, "B%d" % row: "%d-%d" % (f[0], f[1]),
                 "C%d" % row: "%d-%d" % (f[1], f[2]), "D%d" % row: None})


def test_masbrur_a_whole_game_with_a_played_elsewhere():
    _same_game_from_a_feed(*_MASBRUR)


def test_masbrur_a_push_on_the_outside_seats_turn_is_refused():
    rec, feed, _, ply = _masbrur_record()
    b = _masbrur(feed)
    _to_end(b, 0, _masbrur_carry, _masbrur_person, ply - 1)
    b.wait(800)
    s = b.state()
    want = _masbrur_push(b.message())
    eq(want, rec["moves"][ply - 1][7:12], "A's push from elsewhere, to carry out")
    other = [m for m in masbrur.legal_moves(s) if m.startswith("W") and m[8:12] != want[1:]][0]
    b.table.push(s, other[7:12], False)
    st = b.status()
    eq(st["moves"], rec["moves"][:ply - 1], "another push is not taken")
    assert st["message"].startswith("A pushes ") and "take this tile back" in st["message"], \
        st["message"]
    _masbrur_row_back(b, int(other[11]))
    eq(b.status()["wrong"], [], "the row put back")
    b.table.push(s, want, False)
    eq(b.status()["moves"], rec["moves"][:ply], "A's push, carried out")


def test_masbrur_an_undo_takes_back_the_outside_push_with_the_persons():
    rec, feed, want, ply = _masbrur_record()
    b = _masbrur(feed)
    _to_end(b, 0, _masbrur_carry, _masbrur_person, ply)
    eq(b.status()["moves"], rec["moves"][:ply], "on to A's push from elsewhere")
    _undo(b)
    st = b.status()
    eq(st["moves"], rec["moves"][:ply - 2], "the push and the person's move before it")
    assert st["wrong"], "the row to put back is lit"
    _masbrur_row_back(b, int(rec["moves"][ply - 1][11]))
    eq(b.status()["wrong"], [], "put back")
    _to_end(b, 0, _masbrur_carry, _masbrur_person)
    eq(_saved(b, rec), want, "A's push again from the feed, and on to the end")
