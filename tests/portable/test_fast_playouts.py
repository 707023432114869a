"""The fast random playouts beside the API (mabula_playout.playout, morbak_playout.playout,
mano.playout_hand) play exactly the games of legal_moves + play driven by the
same Rng: same moves, same final position, same result, every option set."""
from firmware.rules import Rng
import firmware.rules.mabula as mabula
import firmware.rules.mabula_playout as mabula_playout
import firmware.rules.mano as mano
import firmware.rules.morbak as morbak
import firmware.rules.morbak_playout as morbak_playout

from check import eq


def _api_game(engine, s, rng, stop):
    log = []
    while not stop(s):
        moves = engine.legal_moves(s)
        m = moves[rng.below(len(moves))]
        log.append(m)
        s = engine.play(s, m)
    return log, s


def test_mabula_playout_is_the_api_game():
    for options in (None, {"first": "B", "scoring": "product"}, {"count_edge_marbles": True}):
        for g in range(12):
            start = mabula.new_game(options, 40 + g)
            log, end = _api_game(mabula, start, Rng(g), mabula.is_over)
            fast = []
            got = mabula_playout.playout(start, Rng(g), -1, fast)
            eq(fast, log, "moves")
            eq(mabula.to_text(got), mabula.to_text(end), "position")
            eq(mabula.result(got), mabula.result(end), "result")
            eq(mabula.to_text(start), mabula.to_text(mabula.new_game(options, 40 + g)), "untouched")


def test_mabula_playout_limit_stops_after_that_many_plies():
    start = mabula.new_game(None, 3)
    log = []
    got = mabula_playout.playout(start, Rng(9), 5, log)
    eq(len(log), 5)
    s = start
    for m in log:
        s = mabula.play(s, m)
    eq(mabula.to_text(got), mabula.to_text(s))


def test_morbak_playout_is_the_api_game():
    for options in (None, {"switch_limit": "per_player"}, {"budget_scope": "separate"},
                    {"lite": True}, {"switch_limit": "per_player", "budget_scope": "separate",
                                     "neutralizations": 3}, {"budget": 20, "neutralizations": 5}):
        for g in range(8):
            start = morbak.new_game(options, g)
            log, end = _api_game(morbak, start, Rng(100 + g), morbak.is_over)
            fast = []
            got = morbak_playout.playout(start, Rng(100 + g), -1, fast)
            eq(fast, log, "moves")
            eq(morbak.to_text(got), morbak.to_text(end), "position")
            eq(morbak.result(got), morbak.result(end), "result")


def test_morbak_playout_from_a_full_board_and_a_finished_game():
    s = morbak.from_text("BAAABAB/ABBAAAB/ABABBAA/AAABABB/BBAAABA/BABBAAA/AABABBA A 7 7 1 1")
    log, end = _api_game(morbak, s, Rng(5), morbak.is_over)
    eq(morbak.to_text(morbak_playout.playout(s, Rng(5))), morbak.to_text(end))
    eq(morbak.to_text(morbak_playout.playout(end, Rng(5))), morbak.to_text(end))


def test_mano_playout_hand_is_the_api_hand():
    for options in (None, {"lock": "play_out"}, {"lock_award": "both", "no_double": "redeal"},
                    {"later_lead": "winner", "target": 100}):
        for g in range(15):
            start = mano.new_game(options, g)
            hand = start.hand
            log, end = _api_game(mano, start, Rng(g), lambda s: s.hand != hand or mano.is_over(s))
            fast = []
            got = mano.playout_hand(start, Rng(g), fast)
            eq(fast, log, "moves")
            eq(got, end.hist[-1], "hand result")


def test_mano_playout_hand_from_mid_hand_and_a_later_lead():
    s = mano.new_game({"later_lead": "winner"}, 7)
    rng = Rng(1)
    while s.hand == 1:
        moves = mano.legal_moves(s)
        s = mano.play(s, moves[rng.below(len(moves))])
    for k in range(3):
        moves = mano.legal_moves(s)
        s = mano.play(s, moves[rng.below(len(moves))])
    log, end = _api_game(mano, s, Rng(2), lambda t: t.hand != 2 or mano.is_over(t))
    eq(mano.playout_hand(s, Rng(2)), end.hist[-1])


def test_mano_deal_unseen_keeps_what_the_seat_sees():
    s = mano.new_game(None, 5)
    s = mano.play(s, mano.legal_moves(s)[0])   # the lead: the hands now look free
    seat = mano.to_move(s)
    for k in range(5):
        d = mano.deal_unseen(s, seat, Rng(k))
        eq(mano.public_view(d, seat), mano.public_view(s, seat), "seat's view")
        mano.from_text(mano.to_text(d))  # a whole, valid state
