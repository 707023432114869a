"""The dealer of Mano a Mano and Masbrur without a broker (docs/contracts.md#hidden-information):
it refuses what is not the sender's to play, sends each seat only its own position, and its
game checks against its commitment when shown; a dealer that changed anything does not."""
import json

import pytest

from firmware import ai
from host_tools.online import protocol
from host_tools.online.dealer import Dealer
from host_tools.online.mirror import PublicRecord

CODE = "K7Q2MX"


class Wire:
    """A link that keeps what the dealer publishes."""
    user = protocol.DEALER

    def __init__(self):
        self.sent = []

    def publish(self, topic, payload, retain=False):
        self.sent.append((topic, json.loads(payload)))

    def subscribe(self, pattern):
        pass

    def last(self, topic):
        found = [m for t, m in self.sent if t == topic]
        return found[-1] if found else None


def _dealt(game, tmp_path, options=None):
    wire = Wire()
    dealer = Dealer(wire, str(tmp_path))
    desc = protocol.description(CODE, game, options or {}, ["alice", "bob"], "-", "alice", True)
    dealer._message(protocol.game_topic(CODE, "alice"), protocol.encode(desc))
    return wire, dealer, dealer.tables[CODE]


def _secret(dealer, user, ply, seat, move):
    dealer._message(protocol.secret_topic(CODE, user), protocol.encode(
        {"code": CODE, "ply": ply, "seat": seat, "move": move, "think_ms": 10}))


def _play(wire, dealer, table, plies):
    for _ in range(plies):
        m = table.mirror
        if m.is_over():
            return
        seat = m.to_move()
        move = ai.choose(m.game, m.state, 1, len(m.record))
        move = m.engine.auto_move(m.state) if move == "<free>" else move
        _secret(dealer, table.desc["seats"][seat], len(m.record) + 1, seat, move)


def test_a_move_not_the_senders_to_play_is_refused_with_a_reason(tmp_path):
    wire, dealer, table = _dealt("mano", tmp_path)
    seat = table.mirror.to_move()
    mover, other = table.desc["seats"][seat], table.desc["seats"][1 - seat]
    move = table.mirror.engine.legal_moves(table.mirror.state)[0]
    _secret(dealer, other, 1, seat, move)           # posing as the seat to move
    _secret(dealer, other, 1, 1 - seat, move)       # out of turn
    _secret(dealer, mover, 1, seat, "R9-9")         # not a move
    notes = [m["why"] for t, m in wire.sent if t.endswith("/note")]
    assert notes[0] == "you do not hold that seat"
    assert notes[1] == "it is not your turn" and "is not a tile" in notes[2]
    assert not table.mirror.record and wire.last(protocol.ply_topic(CODE, "dealer", 1)) is None


def test_each_seat_gets_its_own_hand_only(tmp_path):
    wire, dealer, table = _dealt("mano", tmp_path)
    engine = table.mirror.engine
    real = engine.to_text(table.mirror.state)
    for seat, user in enumerate(("alice", "bob")):
        text = wire.last(protocol.private_topic(CODE, user))["state"]
        mine = engine.from_text(text)
        assert engine.public_view(mine, seat) == engine.public_view(table.mirror.state, seat)
        assert text != real
    public = wire.last(protocol.deal_topic(CODE))
    assert "seed" not in public and public["state"] != real


@pytest.mark.parametrize("game", ["mano", "masbrur"])
def test_the_shown_deal_checks_and_a_changed_one_does_not(game, tmp_path):
    wire, dealer, table = _dealt(game, tmp_path)
    _play(wire, dealer, table, 2000)
    assert table.mirror.is_over()
    deal = wire.last(protocol.deal_topic(CODE))
    assert protocol.commitment(str(deal["seed"]), deal["nonce"]) == deal["commit"]
    first = [m for t, m in wire.sent if t == protocol.deal_topic(CODE)][0]
    record = PublicRecord(game, {}, first["state"])
    plies = {m["ply"]: m for t, m in wire.sent if "/dealer/ply/" in t}
    for ply in sorted(plies):
        record.offer(plies[ply], plies[ply]["seat"])
    assert record.is_over() and record.audit(deal["seed"], deal["moves"]) is None
    # another seed is not the one committed to; other moves do not give the published plies
    assert protocol.commitment(str(deal["seed"] + 1), deal["nonce"]) != deal["commit"]
    moves = list(deal["moves"])
    k = next(i for i, m in enumerate(moves) if m not in ("pass", "draw"))
    moves[k] = next(m for m in moves[k + 1:] if m not in ("pass", "draw") and m != moves[k])
    assert "ply %d" % (k + 1) in record.audit(deal["seed"], moves)


def test_a_dealer_started_again_goes_on_from_its_files(tmp_path):
    wire, dealer, table = _dealt("masbrur", tmp_path)
    _play(wire, dealer, table, 7)
    again = Dealer(Wire(), str(tmp_path))
    t2 = again.tables[CODE]
    assert t2.full == table.full and t2.seed == table.seed and t2.commit == table.commit
    assert t2.mirror.position_text() == table.mirror.position_text()


def _through_a_hand(tmp_path):
    """A Mano a Mano game dealt and played until its first hand has ended."""
    wire, dealer, table = _dealt("mano", tmp_path, {"target": 200})
    while not table.mirror.engine.hand_history(table.mirror.state):
        _play(wire, dealer, table, 1)
    return wire, dealer, table


def test_a_hands_last_tiles_are_shown_to_both_seats_only(tmp_path):
    """When a Mano a Mano hand ends, each seat's word from the dealer carries the tiles left
    in both hands (as the rules show them for counting: a tile board's reveals), and they
    add up to the pips the hand was scored with; the public ply does not carry them."""
    wire, dealer, table = _through_a_hand(tmp_path)
    pips = table.mirror.engine.hand_history(table.mirror.state)[0]["pips"]
    for user in ("alice", "bob"):
        shown = wire.last(protocol.private_topic(CODE, user))["shown"]
        assert len(shown) == 1
        assert [sum(int(t[0]) + int(t[2]) for t in hand) for hand in shown[0]] == pips
    ply = len(table.mirror.record)
    assert "shown" not in wire.last(protocol.ply_topic(CODE, protocol.DEALER, ply))


def test_a_tile_boards_record_is_the_dealt_one_with_its_leads_and_reveals(tmp_path):
    """The board's record of the game (host_tools/online/board_mano.py) is the agreed moves
    with a lead the rules gave to a seat written SEAT:TILE and, after the hand, both seats'
    tiles shown; a move of the board's player out of turn is a conflict."""
    from types import SimpleNamespace

    from host_tools.online.board_game import Conflict, board_game
    wire, dealer, table = _through_a_hand(tmp_path)
    desc = table.desc
    first = wire.last(protocol.deal_topic(CODE))["state"]
    mirror = PublicRecord("mano", desc["options"], first)
    for ply in range(1, len(table.mirror.record) + 1):
        msg = wire.last(protocol.ply_topic(CODE, protocol.DEALER, ply))
        mirror.offer(msg, msg["seat"])
    seat = 1 - mirror.to_move()      # the board's player does not lead the next hand
    private = wire.last(protocol.private_topic(CODE, desc["seats"][seat]))
    session = SimpleNamespace(code=CODE, desc=desc, seat=seat, mirror=mirror,
                              shown=private["shown"], private=None)
    game = board_game(session)
    game.from_agreed()
    agreed = [e.move for e in mirror.record]
    lead = "%d:%s" % (mirror.record[0].seat, agreed[0])
    assert game.moves[0] == lead
    assert [m.split(":")[-1] for m in game.moves if not m.startswith("reveal")] == agreed
    reveals = [m for m in game.moves if m.startswith("reveal")]
    assert reveals and len(game.engine.hand_history(game.state)) == 1
    held = [" ".join(tiles) for tiles in private["shown"][0] if tiles]
    assert [r.split(" ", 2)[2] for r in reveals] == held
    assert game.engine.hand_history(game.state)[0]["pips"] == \
        table.mirror.engine.hand_history(table.mirror.state)[0]["pips"]
    with pytest.raises(Conflict):
        game.board_moved(len(game.moves) + 1, 100, "%d:6-6" % seat)
