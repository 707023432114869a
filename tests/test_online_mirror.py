"""Remote play's rules without a broker: the mirror never takes a ghost move, the clocks
charge only the mover's own thinking, and a stand-in position never depends on a hidden
tile (docs/contracts.md#remote-play)."""
import pytest

from firmware import ai
from firmware.rules import IllegalMove, mano, masbrur
from host_tools.online import protocol
from host_tools.online.clocks import TurnTimer
from host_tools.online.hidden import public_move, stand_in
from host_tools.online.mirror import Disagreement, Mirror

CODE = "K7Q2MX"


def _messages(game, plies, seed=3):
    """The move messages of the first ``plies`` plies of a game, as a player's side makes them."""
    side = Mirror(game, {}, seed)
    out = []
    for _ in range(plies):
        move = ai.choose(game, side.state, 1, len(side.record))
        out.append(side.make(side.to_move(), move, 1000).message(CODE))
    return out


def test_duplicates_ignored_and_out_of_order_waits_for_its_ply():
    msgs = _messages("morbak", 6)
    m = Mirror("morbak", {}, 3)
    assert m.offer(msgs[2], msgs[2]["seat"]) == []          # ply 3 before 1 and 2: kept
    assert m.offer(msgs[1], msgs[1]["seat"]) == []
    taken = m.offer(msgs[0], msgs[0]["seat"])               # ply 1 releases 2 and 3
    assert [e.ply for e in taken] == [1, 2, 3]
    assert m.offer(msgs[1], msgs[1]["seat"]) == []          # a duplicate (QoS 1)
    for msg in msgs[3:]:
        m.offer(msg, msg["seat"])
    assert [e.move for e in m.record] == [x["move"] for x in msgs]


def test_wrong_seat_replay_and_form_are_refused_without_changing_the_game():
    msgs = _messages("mabula", 4)
    m = Mirror("mabula", {}, 3)
    for msg in msgs[:3]:
        m.offer(msg, msg["seat"])
    with pytest.raises(protocol.Refused, match="sent by the player of seat"):
        m.offer(msgs[3], 1 - msgs[3]["seat"])                # posing as the other seat
    with pytest.raises(protocol.Refused, match="already played"):
        m.offer(dict(msgs[1], move=msgs[0]["move"]), msgs[1]["seat"])
    with pytest.raises(protocol.Refused, match="whose turn it is not"):
        m.offer(dict(msgs[3], seat=1 - msgs[3]["seat"]), 1 - msgs[3]["seat"])
    with pytest.raises(protocol.Refused, match="digest"):
        m.offer(dict(msgs[3], digest="xyz"), msgs[3]["seat"])
    assert len(m.record) == 3
    m.offer(msgs[3], msgs[3]["seat"])
    assert len(m.record) == 4


def test_an_illegal_move_or_another_position_is_a_disagreement():
    msgs = _messages("fursaz", 3)
    m = Mirror("fursaz", {}, 3)
    m.offer(msgs[0], msgs[0]["seat"])
    with pytest.raises(Disagreement, match="not legal"):
        m.offer(dict(msgs[1], move=msgs[0]["move"]), msgs[1]["seat"])
    with pytest.raises(Disagreement, match="position differs"):
        m.offer(dict(msgs[1], digest="0" * 16), msgs[1]["seat"])
    with pytest.raises(Disagreement, match="clocks"):
        m.offer(dict(msgs[1], think_ms=5), msgs[1]["seat"])
    assert len(m.record) == 1


def test_the_timer_stops_while_the_link_is_down():
    t = [0.0]
    timer = TurnTimer(lambda: t[0])
    timer.start()
    t[0] += 2
    timer.link(False)
    t[0] += 60
    timer.link(True)
    t[0] += 1
    assert timer.stop() == 3000
    timer.link(False)     # down and back while the other player is to move: nothing runs
    t[0] += 5
    timer.link(True)
    assert not timer.running() and timer.elapsed_ms() == 0


def _swap_hidden(text, seat):
    """The same public position with the other hand and the boneyard swapped about."""
    get = {}
    order = []
    for word in text.split(" "):
        if "=" in word:
            key, value = word.split("=", 1)
            order.append(key)
            get[key] = value
        else:
            get[order[-1]] += " " + word
    other = "h%d" % (1 - seat)
    hand, bone = get[other].split(" "), get["bone"].split(" ")
    n = min(len(hand), len(bone))
    hand[:n], bone[:n] = bone[:n], hand[:n]
    get[other] = " ".join(sorted(hand, key=lambda t: (int(t[0]), int(t[2]))))
    get["bone"] = " ".join(bone)
    return " ".join("%s=%s" % (k, get[k]) for k in order)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_mano_stand_in_is_the_same_whatever_the_hidden_tiles(seed):
    state = mano.new_game({"no_double": "heaviest"}, seed)
    plies = compared = 0
    while plies < 12 and not mano.is_over(state):
        viewer = mano.to_move(state)
        try:
            other = mano.from_text(_swap_hidden(mano.to_text(state), viewer))
        except ValueError:
            other = None      # a swap the public facts rule out (who leads)
        if other is not None and mano.to_text(other) != mano.to_text(state):
            compared += 1
            for v in (viewer, None):
                assert mano.to_text(stand_in("mano", other, v)) == \
                    mano.to_text(stand_in("mano", state, v))
        state = mano.play(state, ai.choose("mano", state, 1, plies))
        plies += 1
    assert compared >= 6


def test_masbrur_walls_and_sealed_choices_never_leave_their_seat():
    state = masbrur.new_game(None, 3)
    seen_wall = seen_sealed = False
    for _ in range(12):
        seat = masbrur.to_move(state)
        move = ai.choose("masbrur", state, 1, 0)
        move = masbrur.auto_move(state) if move == "<free>" else move
        after = masbrur.play(state, move)
        told = public_move("masbrur", move, after)
        if move.startswith("W") and "??" in masbrur.public_view(after, None):
            seen_wall = True
            assert told.startswith("W??")
            wall = move.split(" ")[0][1:].split(",")
            for viewer in (1 - seat, None):
                text = masbrur.to_text(stand_in("masbrur", after, viewer))
                lines = dict(x.split(" ", 1) for x in text.split("\n") if " " in x)
                arsenal = sorted(lines["arsenal%d" % seat].split())
                assert lines["wall%d" % seat].split() == arsenal[:len(wall)]   # public alone
        if told == "F sealed":
            seen_sealed = True
            text = masbrur.to_text(stand_in("masbrur", after, 1 - seat))
            assert ("select%d F -" % seat) in text
        state = after
    assert seen_wall and seen_sealed


def test_a_finished_match_is_shown_whole():
    """Mano a Mano's last hand is counted in the open: at the end of a match the stand-in is
    the position itself (a locked hand's pip counts name the tiles left)."""
    for seed in range(1, 12):
        state = mano.new_game({"target": 10}, seed)
        ply = 0
        while not mano.is_over(state):
            state = mano.play(state, ai.choose("mano", state, 1, ply))
            ply += 1
        for viewer in (0, 1, None):
            assert mano.to_text(stand_in("mano", state, viewer)) == mano.to_text(state)


def test_a_move_past_its_time_is_the_clock_event():
    """Morbak with 10 s a game: a move that took 11 s is refused on the side that makes it,
    and a side that sent one anyway disagrees with every other; `flag` is the move then."""
    m = Mirror("morbak", {"game_time_s": 10}, 1, limits=(10000, None))
    with pytest.raises(IllegalMove, match="time ran out"):
        m.make(0, "L d4", 11000)
    other = Mirror("morbak", {"game_time_s": 10}, 1, limits=(10000, None))
    late = dict(_messages("morbak", 1, seed=1)[0], think_ms=11000)
    with pytest.raises(Disagreement, match="time ran out"):
        other.offer(late, 0)
    entry = m.make(0, "flag", 11000)
    assert entry.clocks["left_ms"] == [0, 10000] and m.is_over()
