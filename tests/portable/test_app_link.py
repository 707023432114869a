"""A remote game's link on the board (firmware/app/core/link.py): the computer speaks to the
running firmware in lines over the USB serial (docs/contracts.md#a-board-over-usb). The
board opens the remote game it is sent, reports every move made at it, plays or shows
the far seat's moves, charges the far player exactly the time their side counted, stops
its own player's clock while its link is down, shows both links on its last cell, refuses
an undo and lets only its own seat resign, and after a power cut tells the computer the
game it holds so both sides go on from the same ply."""
from check import eq
from link_kit import Linked
from test_app_kit import sq

from firmware.app.core import records
from firmware.rules import mabula, morbak

CODE = "K7Q2MX"
MORBAK = {"morbak.confirm": False}


def _morbak(tag, far=1):
    """A light board in a remote Morbak game (10 minutes each), ``far`` played elsewhere."""
    b = Linked("light", tag, MORBAK)
    b.send("hello")
    board = b.answer("board")
    assert '"kind": "light"' in board and '"game": null' in board, board
    b.send("options morbak")
    opts = b.answer("options")
    assert '"game_time_s": 900' in opts, opts
    b.start(CODE, "morbak", {"game_time_s": 600, "move_time_s": None}, far)
    eq(b.answer("game"), "%s 0" % CODE, "the board opened the game")
    b.send("link 1")
    b.send("peer 1")
    return b


def _first_move(s):
    for i in range(49):
        m = morbak.press_action(s, i)
        if m is not None:
            return i, m
    raise AssertionError("no move")


def test_moves_go_both_ways_with_the_time_each_side_counted():
    b = _morbak("link-moves")
    i, move = _first_move(b.session().state)
    b.run(2000)                                   # A thinks two seconds
    b.press(i)
    moved = b.answer("moved").split(" ", 2)
    eq((moved[0], moved[2]), ("1", move), "A's move reported with its ply")
    assert 2000 <= int(moved[1]) <= 2300, moved
    _, reply = _first_move(b.session().state)
    b.press(sq("g7"))                             # on B's turn: refused, nothing sent
    eq(b.session().rec["moves"], [move], "a press on the far seat's turn does nothing")
    assert "moves elsewhere" in b.status()["message"], b.status()["message"]
    b.send("move 2 4321 %s" % reply, 800)         # B's move as the far side timed it
    eq(b.session().rec["moves"], [move, reply], "played at once on the light board")
    eq(b.answer("moved").split(" ")[0], "2", "the far move is reported as played")
    eq(b.session().rec["move_ms"][1], 4321, "B is charged what B's side counted")
    eq(b.session().rec["clock_ms"][1][1], 600000 - 4321, "B's clock after it")


def test_the_players_clock_stands_still_while_the_link_is_down():
    b = _morbak("link-down")
    before = b.session().clock.used
    b.send("link 0", 5000)                        # the computer lost its broker
    eq(b.session().clock.used, before, "no time counted while the link is down")
    st = b.status()
    eq(st["online"]["link"], False, "the board knows its link is down")
    assert [c for c in st["legend"]["cells"] if c[0] == [48] and "link" in c[2]], st["legend"]
    b.send("link 1", 1000)
    assert 900 <= b.session().clock.used - before <= 1100, b.session().clock.used
    b.run(7000)                                   # the computer went silent
    used = b.session().clock.used
    assert used < 7500, "a silent computer stops the clock too (%d)" % used
    assert b.status()["online"]["link"] is False


def test_the_last_cell_blinks_red_while_the_other_player_is_offline():
    b = _morbak("link-peer")
    b.send("peer 0")
    lit = set()
    for _ in range(50):
        b.run(20)
        lit.add(bytes(b.app.frame[-3:]))
    assert b"\xff\x00\x00" in lit and b"\x00\x00\x00" in lit, lit
    st = b.status()
    assert [c for c in st["legend"]["cells"] if c[0] == [48] and "offline" in c[2]], st["legend"]
    eq(st["online"], {"code": CODE, "far": 1, "link": True, "peer": False}, "for tools")


def test_no_undo_against_someone_far_away_and_only_the_own_seat_resigns():
    b = _morbak("link-end")
    i, move = _first_move(b.session().state)
    b.press(i)
    b.hold("menu")                                # the pause
    legend = [c[2] for c in b.status()["legend"]["cells"]]
    assert not [t for t in legend if "back" in t], legend
    b.press(sq("f4"))                             # end
    b.press(sq("f4"))
    st = b.status()
    eq(st["screen"], "end", "the end's choices")
    eq([c[2] for c in st["legend"]["cells"]], ["A resigns: B wins"], "only A may resign here")
    b.press(sq("b4"))
    b.press(sq("b4"))
    eq(b.session().result["reason"], "resignation", "A resigned")
    assert "resign 0" in b.heard(), "the computer is told"


def test_a_resignation_from_elsewhere_ends_the_game():
    b = _morbak("link-resigned", far=0)
    b.send("resign 0", 100)
    res = b.session().result
    eq((res["winner"], res["reason"]), (1, "resignation"), "B wins: A resigned elsewhere")
    assert "resign 1" not in b.heard(), "nothing sent back"
    st = b.status()     # a page still names the seat played elsewhere, no link cell lit
    eq((st["online"]["code"], st["online"]["far"]), (CODE, 0), "the game's end, for tools")
    eq([c for c in st["legend"]["cells"] if c[0] == [48]], [], "no link shown at the end")


def test_after_a_power_cut_the_board_tells_its_game_and_goes_on():
    b = _morbak("link-cut")
    i, move = _first_move(b.session().state)
    b.press(i)
    _, reply = _first_move(b.session().state)
    b.send("move 2 1000 %s" % reply, 800)
    again = Linked("light", cfg=None, root=b.root)   # the power comes back
    eq(again.status()["screen"], "resume", "the saved game is offered")
    again.press("ok")
    _, third = _first_move(again.session().state)
    i3 = [k for k in range(49) if morbak.press_action(again.session().state, k) == third][0]
    if again.session().turn == 1:
        again.press(i3)
        eq(len(again.session().rec["moves"]), 2, "the far seat is not played here")
    again.send("hello")
    board = again.answer("board")
    assert '"code": "%s"' % CODE in board and move in board and reply in board, board
    moves = again.session().rec["moves"]
    again.start(CODE, "morbak", {"game_time_s": 600, "move_time_s": None}, 1, moves,
                move_ms=list(again.session().rec["move_ms"]),
                clock_ms=[list(c) for c in again.session().rec["clock_ms"]])
    eq(again.answer("game"), "%s 2" % CODE, "the same game, at the same ply")
    eq(again.session().rec["id"], b.session().rec["id"], "the same record")


def test_a_stop_keeps_the_agreed_plies_and_says_why():
    b = _morbak("link-stop")
    i, move = _first_move(b.session().state)
    b.press(i)
    rid = b.session().rec["id"]
    b.send("stop 0 after ply 1 the positions differ", 100)
    eq(b.status()["screen"], "menu", "the game is over here")
    assert "the positions differ" in b.status()["message"], b.status()["message"]
    rec = b.storage.read_json(records.game_path(rid))
    eq((rec["moves"], rec["ended"]), ([], "stopped"), "kept up to the agreed ply")


def test_a_game_started_from_the_menu_is_asked_of_the_computer():
    b = Linked("light", "link-menu", MORBAK)
    b.send("menu")
    b.press("ok")                                 # start, from the menu
    new = b.answer("new")
    assert '"game": "morbak"' in new, new
    eq(b.status()["screen"], "online", "the board waits for the other player")
    assert b.storage.read_json(records.CURRENT) is None or True
    b.press("menu")
    assert "cancel" in b.heard(), "MENU gives up"
    eq(b.status()["screen"], "menu", "and opens the menu")


def test_a_far_move_on_the_marble_board_is_carried_out_by_a_person():
    b = Linked("marble", "link-marble")
    b.send("options mabula")
    opts = b.answer("options")
    import json
    options = json.loads(opts)["options"]
    b.start(CODE, "mabula", options, 1, seed=5)
    b.send("link 1")
    s = b.session().state
    b.frame(mabula.occupancy(s), 600)             # set up as the LEDs ask
    mine = mabula.legal_moves(s)[0]
    s = mabula.play(s, mine)
    b.frame(mabula.occupancy(s), 600)
    eq(b.answer("moved").split(" ")[2], mine, "the push is reported")
    theirs = mabula.legal_moves(s)[0]
    b.send("move 2 2500 %s" % theirs, 800)
    said = b.status()["message"]
    assert theirs in said, said
    eq(len(b.session().rec["moves"]), 1, "not played before it is carried out")
    b.frame(mabula.occupancy(mabula.play(s, theirs)), 600)
    eq(b.session().rec["moves"], [mine, theirs], "carried out")
    eq(b.session().rec["move_ms"][1], 2500, "the far player's time as counted there")


def test_a_far_move_the_rules_refuse_is_not_played_and_the_computer_hears_why():
    b = _morbak("link-refused")
    i, move = _first_move(b.session().state)
    b.press(i)
    b.heard()
    b.send("move 2 500 %s" % move, 400)            # the square A just lit: not B's to light
    eq(b.session().rec["moves"], [move], "the refused move is not played")
    no = b.answer("no")
    assert no.startswith("%s at ply 2: " % move), no
    _, reply = _first_move(b.session().state)
    b.send("move 2 500 %s" % reply, 400)           # another move of that ply is
    eq(b.session().rec["moves"], [move, reply], "the next move of that ply is played")


def _track(placed):
    """The tile board's contacts with ``placed`` ({cell: tile}) lying on the track."""
    f = bytearray(b"\x08" * 128)
    for cell, tile in placed.items():
        f[2 * cell] = int(tile[0])
        f[2 * cell + 1] = int(tile[2])
    return f


def test_remote_mano_the_person_takes_the_dealt_tiles_and_the_far_plays_from_the_box():
    """A tile board in a remote Mano a Mano game, seat A elsewhere: the board says which tiles
    its player was dealt and drew (the computer's "hand"), and who leads; a far play is taken
    from the box and put where the board says, nothing else is taken on their turn, a tile
    that is not its player's is refused, and a far draw needs no hands."""
    import json
    b = Linked("tile", "link-mano")
    b.send("options mano")
    b.start(CODE, "mano", json.loads(b.answer("options"))["options"], 0)
    b.send("link 1")
    b.frame(_track({}), 600)
    b.send("hand 0-1 0-4 1-1 2-3 2-5 3-4 4-5")
    b.send("lead 0", 100)
    said = b.status()["message"]
    assert "your tiles: 0-1 0-4 1-1 2-3 2-5 3-4 4-5 - take them from the box" in said, said
    assert "A (elsewhere) leads" in said, said
    b.send("move 1 300 0:6-6", 200)
    said = b.status()["message"]
    eq(said, "A (elsewhere) plays 6-6: take it from the box and put it on S", "the far lead")
    b.frame(_track({0: "5-5"}), 600)                  # another tile: not theirs to play
    eq(b.session().rec["moves"], [], "nothing else is taken on their turn")
    b.frame(_track({}), 600)
    b.frame(_track({0: "6-6"}), 600)
    eq(b.session().rec["moves"], ["0:6-6"], "the far lead, carried out")
    eq(b.session().rec["move_ms"], [300], "the far lead's time as counted there")
    moved = b.answer("moved").split(" ")
    eq((moved[0], moved[2]), ("1", "0:6-6"), "reported as played")
    b.frame(_track({0: "6-6", 14: "5-6"}), 600)       # B's: not one of their tiles
    eq(len(b.session().rec["moves"]), 1, "a tile not dealt to the player is refused")
    assert "5-6 is not one of your tiles" in b.status()["message"], b.status()["message"]
    b.frame(_track({0: "6-6"}), 600)
    b.press("draw", 200)
    eq(b.session().rec["moves"][-1], "draw", "B draws")
    b.send("hand 0-1 0-4 1-1 2-3 2-5 3-4 4-5 4-6", 100)
    eq(b.status()["message"], "you drew 4-6: take it from the box", "the drawn tile named")
    b.frame(_track({0: "6-6", 14: "4-6"}), 600)
    eq(b.session().rec["moves"][-1], "R4-6", "a tile of theirs is played")
    b.send("move 4 100 draw", 200)
    eq(b.session().rec["moves"][-1], "draw", "the far draw is played at once")


def _field(walls=None):
    """The tile board's contacts with Masbrur's standard field laid (and ``walls``:
    {cell: tile} on the wall slots)."""
    placed = {}
    for r in range(8):
        placed[28 + 4 * r + 1] = "%d-%d" % (r, r)
        placed[28 + 4 * r + 2] = "%d-%d" % (r, (r + 1) % 8)
    placed.update(walls or {})
    return _track(placed)


def test_remote_masbrur_the_far_wall_stays_off_the_board_until_combat_names_it():
    """A tile board in a remote Masbrur game, seat A elsewhere: on A's turns the board says
    it waits for a move played elsewhere, A's wall face down elsewhere (its slots stay
    empty, nobody is told it is the board thinking); its person's own wall goes on their
    slots; once combat shows A's wall the computer sends it ("wall A 0-2 0-3") and the board
    names it for the person to put on A's slots."""
    import json
    b = Linked("tile", "link-masbrur")
    b.send("options masbrur")
    options = json.loads(b.answer("options"))["options"]
    options.update(first_offerer=0)
    b.start(CODE, "masbrur", options, 0)
    b.send("link 1")
    b.frame(_field(), 600)
    assert b.status()["message"].startswith("waiting for A's move, played elsewhere"), \
        b.status()["message"]
    b.send("move 1 300 O 02 03 04 05 06 13 14 15 16 17", 800)
    b.press("right", 200)                                   # B takes the other ten
    eq(b.session().rec["moves"][1:], ["C2"], "B's choice")
    st = b.status()
    eq(st["message"], "waiting for A's move, played elsewhere (A's wall: face down, "
                      "elsewhere); die 1", "A's turn, its wall elsewhere")
    assert st["thinking"] is False, "a player elsewhere is not the board thinking"
    assert ["OK", "nothing now: A (elsewhere)'s turn"] in st["legend"]["keys"], st["legend"]
    b.send("move 3 200 pass", 800)
    b.press("pass", 200)                                    # combat: nobody has a wall
    b.send("move 5 200 W02,03", 800)                        # A's, played elsewhere
    b.frame(_field({62: "2-4", 63: "2-5"}), 600)            # B's on B's slots
    b.press("ok", 200)
    eq(b.session().rec["moves"][4:], ["W02,03", "W24,25"], "both walls")
    eq(b.session().state.phase, "combat_select", "the walls shown")
    b.send("wall A 0-2 0-3", 200)
    eq(b.status()["message"], "waiting for A's move, played elsewhere; A's wall (elsewhere): "
                              "0-2 0-3 - put it on WA1 WA2", "A's wall named")
