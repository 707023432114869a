"""What the network does to a remote game, each with a real Mosquitto on 127.0.0.1
(docs/contracts.md#remote-play): every test ends with both sides' records equal and the game
going on or ended as the rules say."""
import json
import shutil
import subprocess
import time

import pytest

from firmware.rules import mano
from host_tools.online import protocol
from host_tools.online.hidden import stand_in
from host_tools.online.link import LinkError
from host_tools.online.session import Session
from tests.online_kit import (FakeClock, Kit, Proxy, choose, kill, kit, new_game,  # noqa: F401
                              play_out, player, pump_until, records)


def _raw(kit, user):
    link = kit.link(user)
    link.connect()
    return link


def _publish(link, topic, obj, retain=True):
    link.client.publish(topic, protocol.encode(obj), qos=1, retain=retain).wait_for_publish(5)


def test_broker_restarted_mid_game(kit):
    code, a, b = new_game(kit, "fursaz")
    play_out([a, b], plies=6)
    kit.stop()                        # persistence on: retained plies are saved on the way down
    pump_until([a, b], lambda: not a.link.up and not b.link.up)
    kit.start()
    pump_until([a, b], lambda: a.link.up and b.link.up)
    late = Session(kit.link(None), code)   # a spectator arriving now rebuilds from the broker
    late.link.connect()
    late.watch()
    pump_until([late], lambda: late.started() and len(late.mirror.record) == 6)
    play_out([a, b])
    pump_until([late], lambda: late.ended)
    ra, rb, rl = records(a, b, late)
    assert ra == rb == rl and a.ended and a.stopped is None


def test_player_killed_and_started_again(kit):
    code, a, b = new_game(kit, "mabula")
    play_out([a, b], plies=5)
    kill(b.link)                       # the process dies: no goodbye, the will says offline
    pump_until([a], lambda: a.presence.get("bob") is False)
    b2 = player(kit, "bob", code)      # started again with nothing but the code
    b2.join()
    pump_until([a, b2], lambda: b2.synced is True and a.presence.get("bob") is True)
    assert b2.seat == 1 and records(b2) == records(a)     # all of it, before Bob can move
    play_out([a, b2])
    assert records(a) == records(b2) and a.ended and b2.ended


def test_link_down_60_seconds_charges_nobody(kit):
    """Bob's link goes down for a minute while he is to move, with 30 s on his clock: his
    clock stops with the link, he is not flagged, and the minute is nobody's."""
    clock = FakeClock()
    proxy = Proxy(kit.setup.port)
    try:
        code = protocol.new_code()
        a = player(kit, "alice", code)
        a.create("morbak", {"game_time_s": 30, "move_time_s": None}, 0)
        b = player(kit, "bob", code, port=proxy.port, now=clock)
        b.join()
        # (started, then synced with the broker's record: only then may Alice move)
        pump_until([a, b], lambda: b.started() and a.my_turn())
        a.play(choose(a))
        pump_until([a, b], b.my_turn)
        clock.advance(1.0)
        proxy.cut()
        pump_until([a, b], lambda: not b.link.up and a.presence.get("bob") is False)
        clock.advance(60.0)            # the minute the link is down
        assert b.clock_due() is None
        proxy.restore()
        pump_until([a, b], lambda: b.my_turn() and a.presence.get("bob") is True)
        clock.advance(2.0)
        assert b.clock_due() is None
        move = choose(b)
        b.play(move)
        pump_until([a, b], lambda: len(a.mirror.record) == 2)
        assert a.mirror.record[1].move == move and a.mirror.record[1].think_ms == 3000
        left = a.mirror.record[1].clocks["left_ms"]
        assert left[1] == 27000 and left[0] > 29000     # Alice's real few milliseconds
        assert records(a) == records(b) and a.stopped is None
    finally:
        proxy.close()


def test_both_sides_send_at_once(kit):
    """At ply 3 Bob (not to move) sends a move at the very moment Alice sends hers: both
    sides refuse Bob's, whatever the order it arrives in, and play on."""
    code, a, b = new_game(kit, "morbak")
    play_out([a, b], plies=2)
    rogue = _raw(kit, "bob")
    move = choose(a)
    state = a.mirror.engine.play(a.mirror.state, move)
    bogus = protocol.move(code, 3, 1, "L a1" if move != "L a1" else "L a2",
                          protocol.digest(a.mirror.engine.to_text(state)),
                          a.mirror.clocks(), 0)
    rogue.client.publish(protocol.ply_topic(code, "bob", 3), protocol.encode(bogus), qos=1)
    a.play(move)
    pump_until([a, b], lambda: len(b.mirror.record) == 3)
    assert [e.move for e in a.mirror.record][-1] == move
    assert records(a) == records(b) and a.stopped is None and b.stopped is None
    play_out([a, b], plies=6)
    assert records(a) == records(b) and a.stopped is None


def test_forged_move_from_a_third_client(kit):
    code, a, b = new_game(kit, "fursaz")
    play_out([a, b], plies=2)
    carol = _raw(kit, "carol")
    move = choose(a)
    state = a.mirror.engine.play(a.mirror.state, move)
    forged = protocol.move(code, 3, 0, move, protocol.digest(a.mirror.engine.to_text(state)),
                           a.mirror.clocks(), 0)
    # Carol writes under Alice's name (the broker's ACL drops it) and under her own.
    _publish(carol, protocol.ply_topic(code, "alice", 3), forged)
    _publish(carol, protocol.ply_topic(code, "carol", 3), forged)
    anonymous = _raw(kit, None)
    _publish(anonymous, protocol.ply_topic(code, "alice", 3), forged)
    deadline = time.monotonic() + 1.5
    seen = []
    while time.monotonic() < deadline:
        seen += b.pump(0.05)
        a.pump(0.01)
    refused = [e for e in seen if e[0] == "refused"]
    assert refused and "holds no seat" in refused[0][1]
    assert len(b.mirror.record) == 2 and b.stopped is None
    play_out([a, b], plies=4)
    assert records(a) == records(b) and a.mirror.record[2].seat == 0 and a.stopped is None


def test_replayed_and_posing_moves_are_refused(kit):
    code, a, b = new_game(kit, "mabula")
    play_out([a, b], plies=4)
    rogue = _raw(kit, "bob")
    old = b.mirror.record[1].message(code)          # Bob's ply 2, sent again as it was
    _publish(rogue, protocol.ply_topic(code, "bob", 2), old)
    _publish(rogue, protocol.ply_topic(code, "bob", 9), old)     # ... and on another topic
    changed = dict(old, move=a.mirror.record[0].move)            # ply 2 rewritten
    _publish(rogue, protocol.ply_topic(code, "bob", 2), changed)
    move = choose(a)
    posing = protocol.move(code, 5, 0, move, "0" * 16, a.mirror.clocks(), 0)   # as Alice
    _publish(rogue, protocol.ply_topic(code, "bob", 5), posing)
    seen = []
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        seen += a.pump(0.05)
        b.pump(0.01)
    why = " | ".join(e[1] for e in seen if e[0] == "refused")
    assert "already played" in why and "sent by the player of seat 1" in why
    assert len(a.mirror.record) == 4 and a.stopped is None
    play_out([a, b], plies=4)
    assert records(a) == records(b) and len(a.mirror.record) == 8 and a.stopped is None


def test_disagreement_stops_both_sides_keeping_the_agreed_plies(kit):
    code, a, b = new_game(kit, "fursaz")
    play_out([a, b], plies=3)            # Bob is to move at ply 4
    rogue = _raw(kit, "bob")
    move = choose(b)
    wrong = protocol.move(code, 4, 1, move, "0123456789abcdef", b.mirror.clocks(), 0)
    _publish(rogue, protocol.ply_topic(code, "bob", 4), wrong)
    pump_until([a, b], lambda: a.stopped is not None and b.stopped is not None)
    assert "position differs" in a.stopped
    assert records(a) == records(b) and len(a.mirror.record) == 3
    with pytest.raises(ValueError):
        b.play(move)


def test_spectator_on_everything_never_sees_a_hidden_tile(kit):
    """During a Mano a Mano hand, a client subscribed to `#` (anonymous, and a user who is
    not seated) receives only the public topics, and no position it receives holds either
    player's real hand."""
    code, a, b = new_game(kit, "mano", {"target": 200})
    spies = []
    for user in (None, "carol"):
        link = _raw(kit, user)
        got = []
        link.client.on_message = lambda c, u, m, got=got: got.append((m.topic, m.payload))
        link.client.subscribe("#", qos=1)
        spies.append(got)
    hands = {}
    for _ in range(16):
        play_out([a, b], plies=1)
        pump_until([a, b], lambda: a.private[0] == b.private[0] == len(a.mirror.record))
        hands[len(a.mirror.record)] = (_hand(a.private[1], 0), _hand(b.private[1], 1))
    time.sleep(0.5)
    for got in spies:
        topics = {t.split("/", 3)[-1] for t, _ in got}
        assert got and not [t for t in topics if "/secret" in t or "/to/" in t]
        plies = {}
        for t, p in got:
            msg = json.loads(p) if p[:1] == b"{" else {}
            if "/dealer/ply/" in t:
                plies[msg["ply"]] = mano.from_text(msg["state"])
        assert set(plies) >= set(hands)
        for ply, state in plies.items():
            # what the spectator holds is made from what anyone sees alone ...
            assert mano.to_text(stand_in("mano", state, None)) == mano.to_text(state)
            assert mano.public_view(state, None) == mano.public_view(a.mirror.state, None) \
                if ply == len(a.mirror.record) else True
            # ... and its hands are not the players' (7 or more tiles each, early in a hand)
            if ply in hands and len(hands[ply][0]) >= 5 and len(hands[ply][1]) >= 5:
                assert (_hand(state, 0), _hand(state, 1)) != hands[ply]
    assert records(a) == records(b) and a.stopped is None


def _hand(state, seat):
    out = []
    for word in mano.to_text(state).split(" h%d=" % seat)[1].split(" "):
        if "=" in word:
            break
        out.append(word)
    return out


def _make_certificate(folder):
    def run(*args):
        subprocess.run(["openssl"] + list(args), cwd=folder, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test CA",
        "-keyout", "ca.key", "-out", "ca.pem")
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
        "-keyout", "server.key", "-out", "server.csr")
    with open(folder + "/san.cnf", "w") as f:
        f.write("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-days", "2", "-out", "server.pem", "-extfile", "san.cnf")
    return folder + "/ca.pem", folder + "/server.pem", folder + "/server.key"


def test_tls_with_a_certificate_the_test_makes(tmp_path):
    ca, cert, key = _make_certificate(str(tmp_path))
    k = Kit(str(tmp_path / "broker"), tls=(cert, key))
    k.start()
    try:
        code = protocol.new_code()
        sessions = []
        for user in ("alice", "bob"):
            from host_tools.online.link import Broker, Link
            link = Link(Broker(k.url(user, "mqtts", k.setup.tls_port), ca=ca))
            k.links.append(link)
            link.connect()
            sessions.append(Session(link, code))
        a, b = sessions
        a.create("mabula", {}, 0)
        b.join()
        pump_until([a, b], lambda: a.started() and b.started())
        play_out([a, b], plies=6)
        assert records(a) == records(b) and len(a.mirror.record) == 6
        from host_tools.online.link import Broker, Link
        stranger = Link(Broker(k.url("carol", "mqtts", k.setup.tls_port)))  # no CA: refused
        with pytest.raises(LinkError, match="TLS"):
            stranger.connect()
    finally:
        k.close()


def test_dealer_started_again_mid_game(kit):
    """The dealer of a Masbrur game stops and starts again from its files: the players'
    walls and the game go on where they were."""
    code, a, b = new_game(kit, "masbrur")
    play_out([a, b], plies=5)
    kit.stop_dealer()
    kit.start_dealer()
    play_out([a, b])
    pump_until([a, b], lambda: a.audited and b.audited)
    assert records(a) == records(b) and a.ended and a.stopped is None and b.stopped is None


def test_a_creator_started_again_before_anyone_joined(kit):
    """Alice's program stops while she waits; she starts it again with the code; Bob joins."""
    code = protocol.new_code()
    a = player(kit, "alice", code)
    a.create("morbak", {}, 0)
    pump_until([a], lambda: a.synced is True)
    kill(a.link)
    a2 = player(kit, "alice", code)
    a2.join()
    b = player(kit, "bob", code)
    b.join()
    pump_until([a2, b], lambda: a2.started() and b.started())
    assert (a2.seat, b.seat) == (0, 1)
    play_out([a2, b], plies=4)
    assert records(a2) == records(b) and a2.stopped is None


def test_broker_that_lost_everything_gets_the_game_back_from_the_players(kit):
    """The broker comes back with no saved state at all: the players publish again what is
    theirs (description, join, plies; the dealer its deal), and a spectator arriving then
    sees the whole game."""
    code, a, b = new_game(kit, "mano", {"target": 20})
    play_out([a, b], plies=6)
    kit.stop()
    shutil.rmtree(kit.setup.path("data"))
    pump_until([a, b], lambda: a.synced is None and b.synced is None)   # both saw it go
    kit.start()
    pump_until([a, b], lambda: a.synced is True and b.synced is True)
    late = Session(kit.link(None), code)
    late.link.connect()
    late.watch()
    pump_until([late], lambda: late.started() and len(late.mirror.record) == 6)
    play_out([a, b], plies=6)
    pump_until([late], lambda: len(late.mirror.record) == 12)
    assert records(a) == records(b) == records(late) and a.stopped is None


class _Replayed:
    """A link that hands a session chosen messages in a chosen order (no broker)."""

    def __init__(self, messages):
        import queue
        self.user = None
        self.up = False
        self.events = queue.Queue()
        for topic, payload in messages:
            self.events.put(("msg", topic, payload, True))

    def subscribe(self, pattern):
        pass

    def arrivals(self, seconds=0.0):
        while not self.events.empty():
            yield self.events.get()


def test_plies_that_arrive_before_the_game_are_kept_for_it(kit):
    """Whatever order the broker hands a late side the retained messages in (here the
    dealer's plies first, then its deal, then the description), it rebuilds every ply."""
    code, a, b = new_game(kit, "mano", {"target": 20})
    play_out([a, b], plies=6)
    spy = _raw(kit, None)
    got = []
    spy.client.on_message = lambda c, u, m: got.append((m.topic, m.payload))
    spy.client.subscribe("arbiter/1/%s/#" % code, qos=1)
    deadline = time.monotonic() + 5
    while len([t for t, _ in got if "/ply/" in t]) < 6 and time.monotonic() < deadline:
        time.sleep(0.05)
    order = {"ply": 0, "deal": 1, "game": 2}
    got.sort(key=lambda m: order.get(m[0].split("/")[4], 3))
    late = Session(_Replayed(got), code)
    late.watch()
    late.pump()
    assert late.started() and records(late) == records(a)
