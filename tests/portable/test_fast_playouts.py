"""The fast random playouts beside the API (mabula_playout.playout, morbak_playout.playout,
mano.playout_hand) play exactly the games of legal_moves + play driven by the
same Rng: same moves, same final position, same result, every option set, and the
generator left where the API game leaves it (the playouts draw inline)."""
from firmware.rules import Rng
from firmware.rules import mabula
from firmware.rules import mabula_playout
from firmware.rules import mano
from firmware.rules import morbak
from firmware.rules import morbak_playout

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
            after = Rng(g)
            log, end = _api_game(mabula, start, after, mabula.is_over)
            fast = []
            rng = Rng(g)
            got = mabula_playout.playout(start, rng, -1, fast)
            eq(fast, log, "moves")
            eq(rng.state, after.state, "generator after the game")
            eq(mabula.to_text(got), mabula.to_text(end), "position")
            eq(mabula.result(got), mabula.result(end), "result")
            eq(mabula.to_text(start), mabula.to_text(mabula.new_game(options, 40 + g)),
               "untouched")


def test_mabula_playout_limit_stops_after_that_many_plies():
    start = mabula.new_game(None, 3)
    log = []
    rng = Rng(9)
    got = mabula_playout.playout(start, rng, 5, log)
    eq(len(log), 5)
    after = Rng(9)
    s = start
    for k in range(5):
        moves = mabula.legal_moves(s)
        eq(log[k], moves[after.below(len(moves))], "ply %d" % k)
        s = mabula.play(s, log[k])
    eq(mabula.to_text(got), mabula.to_text(s), "position")
    eq(rng.state, after.state, "generator after 5 plies")


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
            _same_hand(mano.new_game(options, g), g)


def test_mano_playout_hand_is_the_api_hand_in_many_deals():
    # Equal ends (a double at an end, or both ends showing one value) and locked
    # hands come up here, where a tile can be a move at both ends.
    equal = locked = 0
    for g in range(120):
        log, end = _same_hand(mano.new_game(None, 1000 + g), 500 + g)
        s = mano.new_game(None, 1000 + g)
        for m in log:
            if s.le == s.re and s.le >= 0:
                equal += 1
            s = mano.play(s, m)
        locked += end.hist[-1][2] == "locked"
    assert equal > 50 and locked > 3, (equal, locked)


def _same_hand(start, seed):
    hand = start.hand
    after = Rng(seed)
    log, end = _api_game(mano, start, after, lambda s: s.hand != hand or mano.is_over(s))
    fast = []
    rng = Rng(seed)
    got = mano.playout_hand(start, rng, fast)
    eq(fast, log, "moves")
    eq(got, end.hist[-1], "hand result")
    eq(rng.state, after.state, "generator after the hand")
    return log, end


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


def test_mano_deal_is_a_shuffle_of_the_28_tiles():
    # mano_dealt.deal inlines Rng.shuffle: every hand's deal, a redeal for want of
    # a double included, is the shuffle's hands and boneyard, the stream after it kept.
    redealt = 0
    for options in (None, {"no_double": "redeal"}):
        for g in list(range(40)) + [423]:   # 423: no double in its first deal
            s = mano.new_game(options, g)
            rng = Rng(g)
            hand = 0
            while not mano.is_over(s) and s.hand <= 3:
                if s.hand != hand:
                    hand = s.hand
                    shuffles = 0
                    while True:
                        tiles = list(range(28))
                        rng.shuffle(tiles)
                        shuffles += 1
                        h0 = mano._mask(tiles[:7])
                        h1 = mano._mask(tiles[7:14])
                        if options is None or (h0 | h1) & mano._DOUBLES:
                            break
                    redealt += shuffles > 1
                    eq((s.h, list(s.bone), s.rng), ((h0, h1), tiles[14:], rng.state),
                       "seed %d hand %d" % (g, hand))
                moves = mano.legal_moves(s)
                s = mano.play(s, moves[g % len(moves)])
    assert redealt > 0


def test_mano_deal_keeps_a_rejected_draw():
    # Stream states whose draw q (below(28 - q)) reads 0xFFFFFFFF, always rejected,
    # found by running the generator back (rng_jump.back).
    from firmware.rules import mano_dealt
    from firmware.rules.rng_jump import back
    for q in (0, 3, 13, 20, 21, 22, 23, 25, 26):   # 21 to 25: below(7) .. below(3)
        hi, lo = 0xFFFF, 0xFFFF
        for k in range(q + 1):
            hi, lo = back(hi, lo)
        s = mano.new_game({"no_double": "redeal"}, 1)
        s.rng = (hi << 16) | lo
        rng = Rng(s.rng)
        mano_dealt.deal(s)
        while True:
            tiles = list(range(28))
            rng.shuffle(tiles)
            if mano._mask(tiles[:14]) & mano._DOUBLES:
                break
        eq((s.h, list(s.bone), s.rng), ((mano._mask(tiles[:7]), mano._mask(tiles[7:14])),
                                        tiles[14:], rng.state), "draw %d rejected" % q)
