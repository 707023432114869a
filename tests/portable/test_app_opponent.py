"""Playing against the board (issue 16 on the boards): the board's seat thinks through
firmware.ai and plays (light board) or shows its move for a person to carry out and
accepts only that (marble and stone boards); it thinks a slice per step against a time
limit (a fake clock here), a pause stops it; an undo takes its move back with the
player's."""
from check import eq
import test_app_marble as marble_kit
import test_app_stone as stone_kit
from test_app_kit import MENU, OK, Board

from firmware import ai
from firmware.app.core import settings
from firmware.rules import fursaz, mabula, morbak


def _set(app, key, value):
    app.cfg[key] = value
    settings.save(app.storage, app.cfg)


def test_the_light_board_plays_its_seat():
    b = Board("vs-light", {"morbak.opponent": "B", "morbak.level": 1, "morbak.confirm": False})
    b.start()
    b.press("d4")
    st = b.status()
    eq(st["moves"], ["L d4"], "A's move; the board waits a moment")
    b.wait(800)
    s = morbak.play(morbak.new_game(st["options"], 0), "L d4")
    eq(b.status()["moves"], ["L d4", ai.choose("morbak", s, 1, 1)], "then plays B's move")
    eq(b.status()["to_move"], 0, "A to move again")
    b.press("e5" if "L e5" not in b.status()["moves"] else "c3")
    eq(b.status()["to_move"], 1, "then B, the board")
    b.press(MENU)                                   # A reads the budgets and clocks
    b.wait(800)
    st = b.status()
    eq((len(st["moves"]), st["screen"]), (4, "status"),
       "the board moves all the same; the view stays")


def _marble_vs_board():
    """A marble board where the board plays Black at level 1, White's first push made:
    (the board, the position before it, that push, the position after, Black's answer)."""
    b = marble_kit.Marble()
    _set(b.app, "mabula.opponent", "B")
    _set(b.app, "mabula.level", 1)
    b.press(marble_kit.OK)
    s0 = b.state()
    b.frame(mabula.occupancy(s0))
    m1 = mabula.legal_moves(s0)[0]
    s = mabula.play(s0, m1)
    b.frame(mabula.occupancy(s))
    b.step([])                                    # the board thinks at its next tick
    return b, s0, m1, s, ai.choose("mabula", s, 1, b.app.play.session.rec["seed"] + 1)


def test_the_marble_board_shows_its_push_and_takes_only_that():
    b, _, m1, s, want = _marble_vs_board()
    assert want in b.status()["message"], b.status()["message"]
    other = [m for m in mabula.legal_moves(s) if m != want][0]
    b.frame(mabula.occupancy(mabula.play(s, other)))
    eq(b.status()["moves"], [m1], "another push is not the board's")
    assert b.status()["wrong"], "it is lit to be put right"
    b.frame(mabula.occupancy(s))
    b.frame(mabula.occupancy(mabula.play(s, want)))
    eq(b.status()["moves"], [m1, want], "the board's push, carried out")


def _stone_vs_board():
    """The stone board playing B at level 1, A's first stone e5 down: (board, position)."""
    b = stone_kit.Stone()
    _set(b.app, "fursaz.opponent", "B")
    _set(b.app, "fursaz.level", 1)
    b.press(stone_kit.OK)
    s = fursaz.play(fursaz.new_game({"size": 5}, 0), "e5")
    b.show(s)
    return b, s


def test_the_stone_board_places_where_it_says():
    b, s = _stone_vs_board()
    b.wait(800)
    want = ai.choose("fursaz", s, 1, 1)
    st = b.status()
    if want == "swap":
        eq(st["moves"], ["e5", "swap"], "the board swapped")
        return
    assert want in st["message"], st["message"]
    other = [p for p in fursaz.legal_moves(s) if p not in ("pass", "swap", want)][0]
    bad = fursaz.board(s)
    bad[other] = "W"
    pts = b.app.play.points
    b.step([("frame", bytes([".BW".find(bad.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"], ["e5"], "a stone elsewhere is refused")
    b.show(s)
    good = fursaz.board(s)
    good[want] = "W"
    b.step([("frame", bytes([".BW".find(good.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"], ["e5", want], "the board's placement")


class Fake:
    """A clock that moves ``per_call`` ms each time it is read (the board's search
    reads it after every sample)."""

    def __init__(self, per_call):
        self.ms = 1000
        self.per_call = per_call
        self.calls = 0

    def __call__(self):
        self.ms += self.per_call
        self.calls += 1
        return self.ms


def _board_first(level, clock):
    """A light board where the board plays A (first) at ``level``, its game started."""
    b = Board("vs-think", {"morbak.opponent": "A", "morbak.level": level, "morbak.confirm": False})
    b.app.clock = clock
    b.start()
    return b


def test_the_board_thinks_in_slices_and_a_pause_stops_it():
    clock = Fake(10)                              # 4 playouts a slice
    b = _board_first(5, clock)
    ses = b.app.play.session
    steps = 0
    while not b.status()["moves"] and steps < 3:
        b.step()
        steps += 1
    eq(b.status()["moves"], [], "still thinking after a few steps")
    assert ses.players[ses.turn].thought is not None and ses.players[ses.turn].thought.move is None
    for kind in ("down", "long", "up"):
        b.step([(kind, MENU)])
    eq(b.status()["screen"], "pause", "MENU pauses while the board thinks")
    assert ses.players[ses.turn].thought.move is None
    calls = clock.calls
    b.wait(3000)
    eq(clock.calls, calls, "no thinking while paused")
    b.press(MENU)                                 # continue
    while not b.status()["moves"] and steps < 500:
        b.step()
        steps += 1
    rec = b.app.play.session.rec
    want = ai.choose("morbak", morbak.new_game(rec["options"], rec["seed"]), 5, rec["seed"])
    eq(b.status()["moves"], [want], "within its limit: the move choose() gives")
    assert steps > 10, "over many steps"


def test_the_time_limit_cuts_the_search_short():
    clock = Fake(100)
    b = _board_first(5, clock)
    ses = b.app.play.session
    while not b.status()["moves"]:
        b.step()
    took = clock.ms - ses.players[0].since              # the clock is read no more once chosen
    assert 1800 <= took <= 1800 + 100, took
    s = morbak.new_game(b.status()["options"], 0)
    assert b.status()["moves"][0] in morbak.legal_moves(s)


def test_no_piece_of_work_is_begun_that_would_end_past_the_limit():
    clock = Fake(400)                             # every piece of work takes 400 ms
    b = _board_first(5, clock)
    ses = b.app.play.session
    while not b.status()["moves"]:
        b.step()
    took = clock.ms - ses.players[0].since
    assert 1800 - 400 <= took <= 1800, took       # the limit kept, less than a piece early


def test_undo_against_the_light_board_takes_back_its_move_too():
    b = Board("vs-undo", {"morbak.opponent": "B", "morbak.level": 1, "morbak.confirm": False})
    b.start()
    b.press("d4")
    b.wait(800)
    moves = b.status()["moves"]
    eq(len(moves), 2, "A's move and the board's")
    b.long(MENU)
    b.press("d4")                                 # undo, then OK
    b.press(OK)
    st = b.status()
    eq(st["moves"], [], "both taken back")
    eq(st["to_move"], 0, "A to move again")
    assert "undo %s" % " ".join(moves) in b.events_log()
    b.press("c3")
    b.wait(800)
    eq(b.status()["moves"][0], "L c3", "the game goes on")
    eq(len(b.status()["moves"]), 2, "and the board answers")


def test_undo_before_the_board_answers_takes_back_the_players_move_only():
    b = Board("vs-undo1", {"morbak.opponent": "B", "morbak.level": 1, "morbak.confirm": False})
    b.start()
    b.press("d4")
    for kind in ("down", "long", "up"):           # paused before the board's move is due
        b.step([(kind, MENU)])
    eq(b.status()["screen"], "pause")
    eq(b.status()["moves"], ["L d4"], "the board has not played")
    b.press("d4")
    b.press(OK)
    eq(b.status()["moves"], [], "A's move taken back")
    eq(b.status()["to_move"], 0, "A to move")


def test_undo_against_the_marble_board_takes_back_both_pushes():
    b, s0, m1, s, want = _marble_vs_board()
    after = mabula.play(s, want)
    b.frame(mabula.occupancy(after))
    eq(b.status()["moves"], [m1, want], "both pushes")
    b.long(marble_kit.MENU)
    b.press(marble_kit.PASS)                      # continue -> undo
    b.press(marble_kit.OK)
    eq(b.status()["moves"], [], "both taken back")
    eq(b.status()["to_move"], 0, "White to move again")
    assert b.status()["wrong"], "the marbles to put back are lit"
    b.frame(mabula.occupancy(s0))
    eq(b.status()["wrong"], [], "put back")
    b.frame(mabula.occupancy(s))
    eq(b.status()["moves"], [m1], "the game goes on")


def test_undo_against_the_stone_board_takes_back_both_stones():
    b = stone_kit.Stone()
    _set(b.app, "fursaz.opponent", "B")
    _set(b.app, "fursaz.level", 1)
    b.press(stone_kit.OK)
    s0 = fursaz.new_game({"size": 5}, 0)
    s = fursaz.play(s0, "e5")
    b.show(s)
    b.wait(800)
    want = ai.choose("fursaz", s, 1, 1)
    if want != "swap":
        b.show(fursaz.play(s, want))
    eq(b.status()["moves"], ["e5", want], "A's stone and the board's move")
    b.long(stone_kit.MENU)
    b.press(stone_kit.PASS)                       # continue -> undo
    b.press(stone_kit.OK)
    eq(b.status()["moves"], [], "both taken back")
    eq(b.status()["to_move"], 0, "A to move again")


def test_undo_after_a_pass_against_the_stone_board_takes_back_the_pass_and_its_answer():
    """A passes by choice and the board answers: an undo takes back the board's stone and
    A's pass - never the board's move before the pass, which A did not make."""
    b, s = _stone_vs_board()
    b.wait(800)
    first = ai.choose("fursaz", s, 1, 1)
    s = fursaz.play(s, first)
    if first != "swap":
        b.show(s)
    moves = ["e5", first]
    eq(b.status()["moves"], moves, "A's stone and the board's move")
    b.press(stone_kit.PASS)                       # A passes by choice
    s = fursaz.play(s, "pass")
    b.wait(800)
    answer = ai.choose("fursaz", s, 1, 3)
    assert answer != "pass", "the board places a stone (a second pass would end the game)"
    b.show(fursaz.play(s, answer))
    eq(b.status()["moves"], moves + ["pass", answer], "the board's answer")
    b.long(stone_kit.MENU)
    b.press(stone_kit.PASS)                       # continue -> undo
    b.press(stone_kit.OK)
    eq(b.status()["moves"], moves, "A's pass and the board's answer taken back")
    eq(b.status()["to_move"], 0, "A to move again")
    log = b.app.storage.read_text("events.log", "")
    assert " undo pass %s\n" % answer in log, log      # what `arbiter logs` shows


def test_a_stone_placed_while_the_board_thinks_is_not_its_move():
    b, s = _stone_vs_board()
    early = fursaz.board(s)
    early["a1"] = "W"
    pts = b.app.play.points
    b.step([("frame", bytes([".BW".find(early.get(p, ".")) for p in pts]))])
    eq(b.status()["moves"], ["e5"], "the board's turn: a stone put down is not taken")
    eq(b.status()["message"], "the board is thinking")


# ---------------------------------------------------------------- the thinking pulse

def _drawn(app, t, i):
    """LED ``i`` of the frame drawn at ``t``, drawn with the heap locked on MicroPython
    (drawing allocates nothing)."""
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):
        lock = unlock = None
    f = app.frame
    if lock is None:
        app.render(t)
    else:
        lock()
        try:
            app.render(t)
        finally:
            unlock()
    return f[3 * i] + f[3 * i + 1] + f[3 * i + 2]


def _breathes(app, t0, i):
    """LED ``i`` stays lit and changes brightness over the first second from ``t0``."""
    seen = [_drawn(app, t0 + ms, i) for ms in range(0, 1000, 100)]
    assert min(seen) > 0, seen
    assert seen[-1] > 2 * seen[0], seen
    return seen


def test_the_light_board_breathes_while_it_thinks():
    b = Board("pulse-light", {"morbak.opponent": "B", "morbak.level": 1, "morbak.confirm": False})
    b.start()
    b.press("d4")
    ses = b.app.play.session
    st = b.status()
    eq((st["moves"], st["thinking"]), (["L d4"], True), "the board's turn: thinking")
    e5 = 4 * 7 + 4
    _breathes(b.app, ses.turn_at, e5)             # an empty square
    b.wait(800)
    st = b.status()
    eq((len(st["moves"]), st["thinking"]), (2, False), "the board has played")
    after = ses.turn_at + 1000                    # between two heartbeats
    eq([_drawn(b.app, after + ms, e5) for ms in range(0, 1000, 100)], [0] * 10,
       "the pulse is gone")


def test_the_marble_board_breathes_until_it_shows_its_push():
    b = marble_kit.Marble()
    _set(b.app, "mabula.opponent", "B")
    _set(b.app, "mabula.level", 5)
    b.app.clock = Fake(10)                        # many slices
    b.press(marble_kit.OK)
    s = b.state()
    b.frame(mabula.occupancy(s))
    s = mabula.play(s, mabula.legal_moves(s)[0])
    b.frame(mabula.occupancy(s))
    play = b.app.play
    eq(b.status()["thinking"], True, "the board thinks over several ticks")
    mine = [i for i in range(60) if play.hint[i]]
    assert mine and all(play.expect[i] == 2 for i in mine), "Black's edge marbles that can move"
    _breathes(b.app, play.session.turn_at, mine[0])
    steps = 0
    while b.status()["thinking"]:
        b.step([])
        steps += 1
    assert steps > 3, steps
    t = b.t + 500 - b.t % 500 + 400               # the push's blink is off
    eq([_drawn(b.app, t, i) for i in range(60)], [0] * 60, "the pulse is gone")


def test_the_stone_board_breathes_while_it_thinks():
    b, s = _stone_vs_board()
    play = b.app.play
    eq(b.status()["thinking"], True, "the board's turn")
    empty = [i for i in range(len(play.expect)) if not play.expect[i]][0]
    _breathes(b.app, play.session.turn_at, empty)
    b.wait(800)
    st = b.status()
    eq(st["thinking"], False, "its move is shown (or played)")
    if st["moves"] == ["e5", "swap"]:
        return
    t = b.t + 500 - b.t % 500 + 400               # the placement's blink is off
    eq([_drawn(b.app, t, i) for i in range(len(play.expect))], [0] * len(play.expect),
       "the pulse is gone")


# ------------------------------------------------------------ the board on either seat

def test_the_light_board_plays_either_seat():
    """Seat A (it moves first) and seat B: the board plays its seat's moves, a person the
    other's (a planted bug had the tile board never play seat A)."""
    for seat in (0, 1):
        b = Board("vs-seat", {"morbak.opponent": "AB"[seat], "morbak.level": 1,
                              "morbak.confirm": False})
        b.start()
        seed = b.app.play.session.rec["seed"]
        s = morbak.new_game(b.status()["options"], seed)
        for ply in range(4):
            b.wait(800)
            moves = b.status()["moves"]
            if morbak.to_move(s) == seat:
                eq(moves[ply:], [ai.choose("morbak", s, 1, seed + ply)], "the board's move")
                s = morbak.play(s, moves[ply])
            else:
                eq(len(moves), ply, "a person's turn: the board waits")
                m = [x for x in morbak.legal_moves(s) if x.startswith("L ")][0]
                b.press(m[2:])
                s = morbak.play(s, m)
        eq(b.status()["position"], morbak.to_text(s), "seat %s" % "AB"[seat])


def _sensor_plies(b, engine, seat, name, carry, seed, plies=4):
    """Plies of a sensor board's game against the board on ``seat``: on its turn it says
    which move to carry out (``carry(state)`` shows the board as after it), a person
    plays the first placement or push of the other seat."""
    s = b.state()
    for ply in range(plies):
        b.wait(800)
        said = b.status()["message"]
        if engine.to_move(s) == seat:
            want = ai.choose(name, s, 1, seed + ply)
            assert "the board plays %s" % want in said, (ply, said)
        else:
            assert "the board plays" not in said, (ply, said)
            want = [m for m in engine.legal_moves(s) if m not in ("pass", "swap")][0]
        s = engine.play(s, want)
        carry(s)
        eq(len(b.status()["moves"]), ply + 1, "ply %d taken" % ply)
    eq(b.status()["position"], engine.to_text(s), "seat %d" % seat)


def test_the_marble_board_plays_either_seat():
    for seat in (0, 1):
        b = marble_kit.Marble()
        _set(b.app, "mabula.opponent", "WB"[seat])
        _set(b.app, "mabula.level", 1)
        b.press(marble_kit.OK)
        b.frame(mabula.occupancy(b.state()))           # set up
        _sensor_plies(b, mabula, seat, "mabula", lambda s: b.frame(mabula.occupancy(s)),
                      b.app.play.session.rec["seed"])


def test_the_stone_board_plays_either_seat():
    for seat in (0, 1):
        b = stone_kit.Stone()
        _set(b.app, "fursaz.opponent", "AB"[seat])
        _set(b.app, "fursaz.level", 1)
        _set(b.app, "fursaz.pie", False)
        b.press(stone_kit.OK)
        b.show(b.state())
        _sensor_plies(b, fursaz, seat, "fursaz", b.show, b.app.play.session.rec["seed"])
