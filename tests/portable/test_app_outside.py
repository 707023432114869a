"""A seat played elsewhere (firmware/app/core/seat_outside.py), on each game's board: its
moves come from a feed (feeds.Moves, as `arbiter replay --seat` reads a file of moves), a
person carries out each one as the board shows it (the light board plays it at once), and
on that seat's turn nothing else is taken. For each game: a whole game against the
board's own play (level 1) gives a record; the same game played again with that seat's
moves from a feed of that record ends with the same record; a wrong move on that seat's
turn is refused, saying why, and the right one is then taken; an undo takes back the
outside move with the person's before it, the same move is then shown again from the
feed, and the game goes on to its end."""
from check import eq
from test_app_kit import MENU, OK, Board
from test_app_mano_opponent import LEFT, RIGHT, Table, play_hand
from masbrur_kit import choose
from test_app_marble import Marble
from test_app_masbrur import Masbrur
from test_app_stone import Stone

from firmware.app.core import feeds, records
from firmware.rules import Rng, fursaz, mabula, mano, masbrur, morbak


def _seat_moves(engine, rec, seat):
    """{ply: move} of ``seat``'s moves in the record ``rec``: what a player elsewhere
    sends (a lead that names its seat, "1:6-6", is that seat's)."""
    s = engine.new_game(rec["options"], rec["seed"])
    out = {}
    ply = 0
    for m in rec["moves"]:
        ply += 1
        who = engine.to_move(s)
        if who == seat or (who is None and m.startswith("%d:" % seat)):
            out[ply] = m
        s = engine.play(s, m)
    return out


def _saved(app, game_id):
    """(moves, result) of the record the board wrote when the game ended."""
    rec = app.storage.read_json(records.game_path(game_id))
    return rec["moves"], rec["result"]


# ---------------------------------------------------------------- Morbak, light board

_MORBAK = {"morbak.confirm": False, "morbak.level": 1}


def _morbak(tag, seat, feed=None):
    """A light board with Morbak started: seat ``seat`` played by the board's own play,
    or from ``feed`` (a {ply: move}) when given."""
    cfg = dict(_MORBAK)
    if feed is None:
        cfg["morbak.opponent"] = "AB"[seat]
    b = Board(tag, cfg)
    if feed is not None:
        b.app.outside = {seat: feed if hasattr(feed, "move") else feeds.Moves(feed)}
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


def _morbak_to_end(b, seat):
    """Play on to the end: the person on their turns, the other seat's move awaited."""
    ses = b.app.play.session
    while not ses.over:
        if ses.turn == seat:
            b.wait(800)
        else:
            _morbak_press(b)
    return ses.rec


def _morbak_record(seat):
    b = _morbak("out-morbak-ai", seat)
    rec = _morbak_to_end(b, seat)
    return rec, _seat_moves(morbak, rec, seat), _saved(b.app, rec["id"])


def test_morbak_a_whole_game_with_b_played_elsewhere():
    rec, feed, want = _morbak_record(1)
    assert len(feed) > 2, rec["moves"]
    b = _morbak("out-morbak", 1, feed)
    again = _morbak_to_end(b, 1)
    eq(_saved(b.app, again["id"]), want, "the same moves and result as against the board")


def test_morbak_a_press_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _morbak_record(1)
    b = _morbak("out-morbak-no", 1, feed)
    _morbak_press(b)
    b.press("g7")                                 # on B's turn, before its move comes
    st = b.status()
    eq(st["moves"], rec["moves"][:1], "nothing taken")
    eq(st["message"], "rejected g7: B moves elsewhere", "the board says why")
    b.wait(800)
    eq(b.status()["moves"], rec["moves"][:2], "B's move, played at once")


def test_morbak_an_undo_takes_back_the_outside_move_with_the_persons():
    rec, feed, want = _morbak_record(1)
    b = _morbak("out-morbak-undo", 1, feed)
    _morbak_press(b)
    b.wait(800)
    eq(b.status()["moves"], rec["moves"][:2], "A's move and B's from elsewhere")
    b.long(MENU)
    b.press("d4")                                 # undo, then OK
    b.press(OK)
    st = b.status()
    eq((st["moves"], st["to_move"]), ([], 0), "both taken back: A to move")
    assert "undone: %s %s" % tuple(rec["moves"][:2]) in st["message"], st["message"]
    again = _morbak_to_end(b, 1)
    eq(_saved(b.app, again["id"]), want, "B's move again from the feed, and on to the end")


def test_morbak_a_move_from_elsewhere_the_rules_refuse_is_not_played():
    feed = feeds.Moves({2: "L a1"})
    b = _morbak("out-morbak-bad", 1, feed)
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
    rec, feed, _ = _morbak_record(1)
    b = _morbak("out-morbak-far", 1, _FarAway(feed))
    _morbak_press(b)
    b.wait(800)
    b.long(MENU)
    eq(b.status()["screen"], "pause", "paused")
    eq(b.pixel("d4"), (0, 0, 0), "the undo cell is dark")
    b.press("d4")
    b.press(OK)
    st = b.status()
    eq((st["screen"], st["moves"]), ("game", rec["moves"][:2]), "nothing taken back")


def _shown(b, after=": "):
    """The move the board says a person is to carry out ("White plays a1-c1: push it
    in" - the board's own play says "the board plays ...")."""
    said = b.status()["message"]
    assert " plays " in said, said
    return said.split(" plays ", 1)[1].split(after, 1)[0]


# ---------------------------------------------------------------- Mabula, marble board

def _mabula(tag, seat, feed=None):
    """A marble board with Mabula set up (White first): seat ``seat`` the board's own
    play at level 1, or from ``feed``."""
    b = Marble()
    cfg = b.app.cfg
    cfg["mabula.level"] = 1
    if feed is None:
        cfg["mabula.opponent"] = "WB"[seat]
    else:
        b.app.outside = {seat: feeds.Moves(feed)}
    b.press(1)                                    # OK: start
    b.frame(mabula.occupancy(b.state()))          # set up
    return b


def _mabula_person(b):
    """The person's push: the first legal one."""
    s = b.state()
    b.frame(mabula.occupancy(mabula.play(s, mabula.legal_moves(s)[0])))


def _mabula_carry(b):
    """Carry out the push the board shows."""
    b.step([])
    move = _shown(b)
    b.frame(mabula.occupancy(mabula.play(b.state(), move)))
    return move


def _mabula_to_end(b, seat):
    ses = b.app.play.session
    while not ses.over:
        n = len(ses.rec["moves"])
        if ses.turn == seat:
            _mabula_carry(b)
        else:
            _mabula_person(b)
        eq(len(ses.rec["moves"]) > n, True, "ply %d taken" % (n + 1))
    return ses.rec


def _mabula_record(seat):
    b = _mabula("out-mabula-ai", seat)
    rec = _mabula_to_end(b, seat)
    return rec, _seat_moves(mabula, rec, seat), _saved(b.app, rec["id"])


def test_mabula_a_whole_game_with_white_played_elsewhere():
    rec, feed, want = _mabula_record(0)
    b = _mabula("out-mabula", 0, feed)
    again = _mabula_to_end(b, 0)
    eq(_saved(b.app, again["id"]), want, "the same moves and result as against the board")


def test_mabula_a_push_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _mabula_record(0)
    b = _mabula("out-mabula-no", 0, feed)
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
    rec, feed, want = _mabula_record(0)
    b = _mabula("out-mabula-undo", 0, feed)
    for _ in range(3):                            # White, Black, White
        _mabula_carry(b) if b.status()["to_move"] == 0 else _mabula_person(b)
    eq(b.status()["moves"], rec["moves"][:3], "White's pushes from elsewhere, Black's")
    b.long(0)                                     # MENU: pause
    b.press(2)                                    # PASS: continue -> undo
    b.press(1)                                    # OK
    st = b.status()
    eq((st["moves"], st["to_move"]), (rec["moves"][:1], 1), "two pushes back: Black to move")
    assert st["wrong"], "the marbles to put back are lit"
    b.frame(mabula.occupancy(b.state()))
    eq(b.status()["wrong"], [], "put back")
    again = _mabula_to_end(b, 0)
    eq(_saved(b.app, again["id"]), want, "White's push again from the feed, and on to the end")


# ---------------------------------------------------------------- Fursaz, stone board

def _fursaz(tag, seat, feed=None):
    """A stone board (size 5) with Fursaz started: seat ``seat`` the board's own play
    at level 1, or from ``feed``."""
    b = Stone()
    cfg = b.app.cfg
    cfg["fursaz.level"] = 1
    if feed is None:
        cfg["fursaz.opponent"] = "AB"[seat]
    else:
        b.app.outside = {seat: feeds.Moves(feed)}
    b.press(1)                                    # OK: start
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
    n = len(b.status()["moves"])
    b.wait(800)
    if len(b.status()["moves"]) == n:
        _fursaz_put(b, _shown(b, ":"))


def _fursaz_to_end(b, seat):
    ses = b.app.play.session
    while not ses.over:
        n = len(ses.rec["moves"])
        if ses.turn == seat:
            _fursaz_carry(b)
        else:
            _fursaz_person(b)
        eq(len(ses.rec["moves"]) > n, True, "ply %d taken" % (n + 1))
    return ses.rec


def _fursaz_record(seat):
    b = _fursaz("out-fursaz-ai", seat)
    rec = _fursaz_to_end(b, seat)
    return rec, _seat_moves(fursaz, rec, seat), _saved(b.app, rec["id"])


def test_fursaz_a_whole_game_with_a_played_elsewhere():
    rec, feed, want = _fursaz_record(0)
    b = _fursaz("out-fursaz", 0, feed)
    again = _fursaz_to_end(b, 0)
    eq(_saved(b.app, again["id"]), want, "the same moves and result as against the board")


def test_fursaz_a_stone_elsewhere_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _fursaz_record(0)
    first = rec["moves"][0]
    b = _fursaz("out-fursaz-no", 0, feed)
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
    rec, feed, want = _fursaz_record(0)
    b = _fursaz("out-fursaz-undo", 0, feed)
    for _ in range(3):                            # A, B, A
        _fursaz_carry(b) if b.status()["to_move"] == 0 else _fursaz_person(b)
    eq(b.status()["moves"], rec["moves"][:3], "A's moves from elsewhere, B's")
    b.long(0)                                     # MENU: pause
    b.press(2)                                    # PASS: continue -> undo
    b.press(1)                                    # OK
    st = b.status()
    eq((st["moves"], st["to_move"]), (rec["moves"][:1], 1), "two moves back: B to move")
    assert st["wrong"], "the stones to take away are lit"
    b.show(b.state())
    eq(b.status()["wrong"], [], "taken away")
    again = _fursaz_to_end(b, 0)
    eq(_saved(b.app, again["id"]), want, "A's move again from the feed, and on to the end")


# ---------------------------------------------------------------- Mano a Mano, tile board

_MANO_SEED = 2   # its deal: A holds the highest double and leads; B answers with a play


def _mano(tag, feed=None):
    """A tile board with a one-hand match of Mano a Mano (target 1) started: seat B the
    board's own play at level 1, or from ``feed``; its tiles lie face down on the field."""
    return Table(_MANO_SEED, tag, options={"target": 1},
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
    t = _mano("out-mano-ai")
    rec = _mano_match(t)
    return rec, _seat_moves(mano, rec, 1), _saved(t.app, rec["id"])


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
    t = _mano("out-mano", feed)
    again = _mano_match(t)
    eq(_saved(t.app, again["id"]), want, "the same moves and result as against the board")


def test_mano_a_tile_of_the_persons_on_the_outside_seats_turn_is_refused():
    rec, feed, _ = _mano_record()
    t = _mano("out-mano-no", feed)
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
    t = _mano("out-mano-undo", feed)
    dealt, hand, bone = t.dealt, list(t.hand), list(t.bone)
    _mano_lead(t)
    b = t.board()
    src, dst, tile = b["from"], b["to"], t.on[b["from"]]
    t.carry()
    eq(t.status()["moves"], rec["moves"][:2], "A's lead, B's play from elsewhere")
    t.long(0)                                     # MENU: pause
    t.press(2)                                    # PASS: continue -> undo
    t.press(1)                                    # OK
    st = t.status()
    eq(st["moves"], [], "both taken back")
    eq(t.board()["asks"], "tiles", "B's tiles to read again")
    t.show(**{dst: None})                         # the tiles back where they lay
    t.show(S=None)
    t.show(**{src: tile})
    eq(t.board()["asks"], None, "B holds its seven again")
    t.dealt, t.hand, t.bone, t.ends = dealt, hand, bone, {"L": 0, "R": 0}
    again = _mano_match(t)
    eq(_saved(t.app, again["id"]), want, "B's play again from the feed, and on to the end")


# ---------------------------------------------------------------- Masbrur, tile board

# A offers first; four plies of equipment a round; at level 2 the board pushes (once: at
# level 1 it attacks at once, and the push from elsewhere a person carries out is the
# tile board's own path).
_MASBRUR = {"first_offerer": 0, "max_equipment_plies": 4, "level": 2}


def _masbrur(seat, feed=None):
    """A tile board with Masbrur started: seat ``seat`` the board's own play, or from
    ``feed``."""
    if feed is None:
        return Masbrur(opponent="AB"[seat], **_MASBRUR)
    return Masbrur({seat: feeds.Moves(feed)}, **_MASBRUR)


def _masbrur_push(said):
    """The push the board says a person is to carry out ("A pushes 3-6 into row 5 from
    the right: carry it out"), as the engine writes it: P36R5."""
    tile, _, rest = said.split(" pushes ", 1)[1].partition(" into row ")
    side = "R" if rest[1:].startswith(" from the right") else "L"
    return "P%s%s%s%s" % (tile[0], tile[2], side, rest[0])


def _choosing(rng):
    """A person who chooses a move by ``rng`` (masbrur_kit.choose)."""
    def pick(s, ply):
        return choose(rng, s)
    return pick


def _following(moves):
    """A person who makes the moves of a record."""
    def pick(s, ply):
        return moves[ply - 1]
    return pick


def _masbrur_to_end(b, seat, pick, until=None):
    """Play on (to the end, or until ``until`` moves): the person's moves ``pick(state,
    ply)``; on the other seat's turn the board plays its moves itself but for a push,
    which the person carries out as the board says."""
    ses = b.app.play.session
    table = b.table
    while not ses.over and len(ses.rec["moves"]) != until:
        s = ses.state
        n = len(ses.rec["moves"])
        if masbrur.to_move(s) == seat:
            b.wait(800)
            if len(ses.rec["moves"]) == n:
                table.push(s, _masbrur_push(b.message()), False)
        else:
            table.act(s, pick(s, n + 1))
        eq(len(ses.rec["moves"]) > n, True, "ply %d taken" % (n + 1))
        if ses.state.round != s.round:
            table.clear_walls()
    return ses.rec


def _masbrur_record(seat):
    b = _masbrur(seat)
    rec = _masbrur_to_end(b, seat, _choosing(Rng(1)))
    feed = _seat_moves(masbrur, rec, seat)
    pushes = [ply for ply in feed if " P" in feed[ply]]
    assert pushes, "the board pushed: %s" % rec["moves"]
    return rec, feed, _saved(b.app, rec["id"]), pushes[0]


def _masbrur_row_back(b, row):
    """Row ``row`` put back as the engine's field has it."""
    f = b.state().field[3 * row:3 * row + 3]
    b.table.put({"A%d" % row: None, "B%d" % row: "%d-%d" % (f[0], f[1]),
                 "C%d" % row: "%d-%d" % (f[1], f[2]), "D%d" % row: None})


def test_masbrur_a_whole_game_with_a_played_elsewhere():
    rec, feed, want, _ = _masbrur_record(0)
    b = _masbrur(0, feed)
    again = _masbrur_to_end(b, 0, _choosing(Rng(1)))
    eq(_saved(b.app, again["id"]), want, "the same moves and result as against the board")


def test_masbrur_a_push_on_the_outside_seats_turn_is_refused():
    rec, feed, _, ply = _masbrur_record(0)
    b = _masbrur(0, feed)
    _masbrur_to_end(b, 0, _following(rec["moves"]), ply - 1)
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
    rec, feed, want, ply = _masbrur_record(0)
    b = _masbrur(0, feed)
    _masbrur_to_end(b, 0, _following(rec["moves"]), ply)
    eq(b.status()["moves"], rec["moves"][:ply], "on to A's push from elsewhere")
    row = int(rec["moves"][ply - 1][11])
    b.long(0)                                     # MENU: pause
    b.press(2)                                    # PASS: continue -> undo
    b.press(1)                                    # OK
    st = b.status()
    eq(st["moves"], rec["moves"][:ply - 2], "the push and the person's move before it")
    assert st["wrong"], "the row to put back is lit"
    _masbrur_row_back(b, row)
    eq(b.status()["wrong"], [], "put back")
    again = _masbrur_to_end(b, 0, _following(rec["moves"]))
    eq(_saved(b.app, again["id"]), want, "A's push again from the feed, and on to the end")
