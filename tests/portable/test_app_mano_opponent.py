"""Mano a Mano against the board on the tile board (firmware/app/games/mano_tile_seat.py): its
tiles face down on the field, its moves shown and carried out by a person, nothing else
taken on its turn, its draws, passes and reveals; whole hands against a scripted player
whose moves, with the board's, are legal in the dealt game of the same tiles."""
from check import eq
from sensor_kit import SensorBoard
from tile_kit import PROFILE

from firmware.app.boards import tile as board_tile
from firmware.rules import mano

MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK = 0, 1, 2, 3, 4, 5, 6
NAMES = board_tile.names()
FIELD = ["%s%d" % (c, r) for r in range(8) for c in "ABCD"]


class Table(SensorBoard):
    """A tile board against the board (seat B, or ``seat`` 0: A) - or against a player
    elsewhere on that seat, whose moves come from ``outside`` (a feed: core/feeds.py) -
    and the tiles on and around it: a dealt game of the engine gives the hands and the
    boneyard's order."""

    def __init__(self, seed, tag, level=1, options=None, seat=1, outside=None):
        SensorBoard.__init__(self, PROFILE, tag)
        self.seat = seat
        if outside is None:
            self.app.cfg["mano.opponent"] = "AB"[seat]
        else:                                          # a player elsewhere: its feed
            self.app.outside = {seat: outside}
        self.app.cfg["mano.level"] = level
        for k in options or {}:
            self.app.cfg["mano." + k] = options[k]
        self.dealt = mano.new_game(options, seed)      # the true tiles, and the rules' game
        self.on = {}                                   # position name -> tile
        self.hand = mano._names(self.dealt.h[1 - seat])   # the person's tiles in hand
        self.bone = [mano._name(t) for t in self.dealt.bone]
        self.ends = {"L": 0, "R": 0}
        self.press(OK)

    def show(self, **places):
        for name in places:
            if places[name] is None:
                self.on.pop(name, None)
            else:
                self.on[name] = places[name]
        cells = bytearray([8] * 128)
        for name in self.on:
            c = NAMES.index(name)
            cells[2 * c] = int(self.on[name][0])
            cells[2 * c + 1] = int(self.on[name][2])
        self.frame(cells)

    def board(self):
        st = self.status()
        assert "board" in st, "the board plays no seat (%s)" % "AB"[self.seat]
        return st["board"]

    def deal_board(self):
        """Its seven tiles face down on the field."""
        for name, t in zip(FIELD, mano._names(self.dealt.h[self.seat])):
            self.show(**{name: t})

    def free(self):
        return [p for p in FIELD if p not in self.on][0]

    def carry(self):
        """Carry out the move the board asks for; returns it (dealt-mode notation)."""
        b = self.board()
        tile = self.on[b["from"]]
        self.show(**{b["from"]: None})
        self.show(**{b["to"]: tile})
        return b["to"], tile

    def follow(self, move):
        """Play ``move`` on the dealt game of the same tiles (IllegalMove: the rules refuse)."""
        self.dealt = mano.play(self.dealt, move)


def _slot(t, side):
    t.ends[side] += 1
    return "%s%d" % (side, t.ends[side])


def play_hand(t):
    """One hand, the person by a simple rule (the first legal move in the dealt game),
    the other seat the board's; every move is checked legal in the dealt game. Returns
    the board's moves."""
    board = []
    t.deal_board()
    hand = t.dealt.hand
    lead_seat = mano.to_move(t.dealt)
    t.press(LEFT if lead_seat == 0 else RIGHT)
    if lead_seat != t.seat:
        lead = mano.legal_moves(t.dealt)[0]
        t.hand.remove(lead)
        t.show(S=lead)
        t.follow(lead)
    else:
        eq((t.board()["asks"], t.board()["to"]), ("lead", "S"), "the board leads")
        slot, tile = t.carry()
        t.follow(tile if tile in mano.legal_moves(t.dealt) else tile[2] + "-" + tile[0])
        board.append(tile)
    while t.dealt.hand == hand and not mano.is_over(t.dealt):
        st = t.status()
        eq(st["wrong"], [], "the track as the line")
        seat = mano.to_move(t.dealt)
        if seat != t.seat:
            move = mano.legal_moves(t.dealt)[0]
            t.follow(move)
            if move == "draw":
                t.hand.append(t.bone.pop(0))
                t.press(DRAW)
            elif move == "pass":
                t.press(PASS)
            else:
                t.hand.remove(move[1:] if move[1:] in t.hand else move[3] + "-" + move[1])
                slot = _slot(t, move[0])
                if slot in NAMES:
                    t.show(**{slot: move[1:]})
                else:                       # beyond the track: on the pad, LEFT or RIGHT
                    t.show(P=move[1:])
                    t.press(LEFT if move[0] == "L" else RIGHT)
                    t.show(P=None)
            continue
        t.step([])                          # the board decides at its next tick
        b = t.board()
        if b["asks"] == "draw":
            t.show(**{t.free(): t.bone.pop(0)})
            t.follow("draw")
            board.append("draw")
        elif b["asks"] == "play":
            slot, tile = t.carry()
            if slot == "P":                 # beyond the track: the end it chose
                slot = t.status()["moves"][-1]
                t.show(P=None)
            t.ends[slot[0]] += 1
            move = slot[0] + tile
            if move not in mano.legal_moves(t.dealt):
                move = slot[0] + tile[2] + "-" + tile[0]
            t.follow(move)
            board.append(move)
        else:
            eq(st["moves"][-1], "pass", "the board passed itself")
            t.follow("pass")
            board.append("pass")
        eq(len(st["moves"]) < len(t.status()["moves"]), True, "the board's move was taken")
    return board


def test_a_hand_against_the_board_follows_the_rules_of_the_tiles_dealt():
    """The board on seat B, and on seat A (a planted bug had it never play A)."""
    for seed, seat in ((1, 1), (2, 1), (7, 1), (11, 1), (1, 0), (2, 0)):
        t = Table(seed, "vs-mano-%d" % seed, seat=seat)
        moves = play_hand(t)
        assert moves, "the board moved"
        t.wait(100)                         # the board shows its tiles itself
        for tile in t.hand:                 # the person shows those left in hand on the pad
            t.show(P=tile)
            t.show(P=None)
        eq(mano.hand_history(t.app.play.session.state), mano.hand_history(t.dealt),
           "seed %d: the hand scored as the dealt game" % seed)
        for p in FIELD:
            t.show(**{p: None})
        eq((t.status()["screen"], t.board()["asks"]), ("game", "tiles"),
           "then the next hand: its tiles")


def test_on_its_turn_only_its_move_is_taken():
    t = Table(1, "vs-mano-only")
    t.deal_board()
    t.press(RIGHT)                                   # the board named to lead
    b = t.board()
    eq(b["asks"], "lead", "it asks for its lead")
    assert b["from"] in FIELD and b["to"] == "S", b
    mine = mano._names(t.dealt.h[0])[0]
    t.show(S=mine)                                   # A's tile on S instead
    st = t.status()
    eq(st["moves"], [], "refused")
    assert "carry its tile from %s to S" % b["from"] in st["message"], st["message"]
    t.show(S=None)
    t.press(DRAW)
    eq(t.status()["moves"], [], "no draw on its turn")
    t.carry()
    eq(len(t.status()["moves"]), 1, "its lead, carried out")
    eq(t.status()["moves"][0][:2], "1:", "led by B")


def test_its_tiles_are_watched_and_never_named():
    t = Table(2, "vs-mano-watch")
    eq(t.board()["asks"], "tiles", "it waits for its tiles")
    t.show(B3="1-1")
    said = t.status()["message"]
    assert "holds 7 tiles: put them face down on the field (1 there)" in said, said
    t.show(B3=None)
    t.press(LEFT)
    lead = mano._names(t.dealt.h[0])[-1]
    t.show(S=lead)
    eq(t.status()["moves"], [], "no lead before the board holds its tiles")
    assert "has no tiles yet" in t.status()["message"], t.status()["message"]
    t.show(S=None)
    t.deal_board()
    eq(t.board()["asks"], None, "it has them")
    t.show(S=lead)
    eq(t.status()["moves"], ["0:" + lead], "A led")
    t.step([])
    t.carry()                                        # the board's answer
    eq(len(t.status()["moves"]), 2, "B played")
    held = [p for p in FIELD if p in t.on]
    tile = t.on[held[0]]
    t.show(**{held[0]: None})                        # one of its tiles lifted
    eq(t.board()["wrong"], [held[0]], "put back where it lay")
    t.press(DRAW)
    eq(len(t.status()["moves"]), 2, "nothing played until its tiles are right")
    assert "put right %s" % held[0] in t.status()["message"], t.status()["message"]
    for w in mano._names(t.dealt.h[1]):
        assert w not in t.status()["message"], t.status()["message"]
    t.show(**{held[0]: tile})
    eq(t.board()["wrong"], [], "back")
    from firmware.app import explain
    texts = [line[2] for line in explain.status(t.app)["legend"]["cells"]]
    assert "the board's tiles (B), face down (breathing while it thinks)" in texts, texts
    assert not [x for x in texts if "(the board)'s" in x], texts     # "B (the board)'s"


def test_before_the_lead_a_deal_can_be_done_again():
    t = Table(3, "vs-mano-redeal")
    t.deal_board()
    eq(t.board()["asks"], None, "seven tiles: its hand")
    for p in FIELD[:7]:
        t.show(**{p: None})                          # collected again
    eq((t.board()["asks"], t.board()["wrong"]), ("tiles", []), "no correction before the lead")
    other = [n for n in mano._names(0xFFFFFFF) if n not in t.on.values()][:7]
    for p, n in zip(FIELD[8:15], other):
        t.show(**{p: n})
    eq(t.board()["asks"], None, "the new seven")
    eq(sorted(t.app.play.bot.tiles()), sorted(other), "its hand is the new deal")


def test_an_undo_against_the_board_takes_its_move_back_and_reads_its_tiles_again():
    t = Table(1, "vs-mano-undo")
    t.deal_board()
    t.press(LEFT)
    t.show(S=mano._names(t.dealt.h[0])[-1])
    t.step([])
    b = t.board()
    eq(b["asks"], "play", "the board plays")
    src, tile = b["from"], t.on[b["from"]]
    t.carry()
    eq(len(t.status()["moves"]), 2, "its play")
    t.long(MENU)
    t.press(PASS)
    t.press(OK)                                      # undo: its play and A's lead
    eq(t.status()["moves"], [], "both taken back")
    eq(t.board()["asks"], "tiles", "it reads its tiles again")
    t.show(**{b["to"]: None})
    t.show(S=None)
    t.show(**{src: tile})
    eq(t.board()["asks"], None, "its seven are back")
    t.press(LEFT)
    t.show(S=mano._names(t.dealt.h[0])[-1])
    t.step([])
    eq(t.board()["asks"], "play", "and it plays again")


def _lit(t, name):
    c = NAMES.index(name)
    return tuple(t.app.frame[3 * c:3 * c + 3])


def _seen(t, name, ms=1200):
    out = set()
    for _ in range(ms // 40):
        t.wait(40)
        out.add(_lit(t, name))
    return out


def test_the_leds_show_what_it_asks_and_drawing_allocates_nothing():
    from test_app_heap import _render_locked
    from firmware.app.core import render
    b_colour = render.PLAYER[1]
    t = Table(1, "vs-mano-leds")
    assert b_colour in _seen(t, "A0"), "a free field position blinks for its tiles"
    _render_locked(t)
    t.deal_board()
    t.press(LEFT)
    t.show(S=mano._names(t.dealt.h[0])[-1])
    t.step([])
    b = t.board()
    assert b_colour in _seen(t, b["from"]) and b_colour in _seen(t, b["to"]), "its move blinks"
    _render_locked(t)
    t.show(D7="0-0" if "0-0" not in t.on.values() else "6-6")    # a tile that is not its own
    eq(t.board()["wrong"], ["D7"], "to take away")
    assert (255, 0, 0) in _seen(t, "D7"), "red"
    _render_locked(t)
