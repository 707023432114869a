"""Mano a Mano figures for the benchmark runner (portable: CPython and MicroPython).

Complete random hands per second (the deal, then every legal_moves + play up
to the hand's end), the time of new_game (one deal: the PRNG works on 32-bit
values, long integers on MicroPython) and the mean time of one legal_moves +
play outside new_game, for both lock options and for the observed mode (a
hand there ends with the reveals). The random choices come from one seeded
stream."""
import time

from firmware.rules import Rng
from firmware.rules import mano

try:
    _ticks, _diff, _SCALE = time.ticks_us, time.ticks_diff, 0.001
except AttributeError:
    _ticks, _diff, _SCALE = time.perf_counter, (lambda a, b: a - b), 1000.0


def _hands(options, hands, seed):
    """Play ``hands`` random hands, each the first hand of a new match.
    Returns (ms in total, ms in new_game, plies)."""
    rng = Rng(seed)
    plies = 0
    deal = 0
    t0 = _ticks()
    for g in range(hands):
        t1 = _ticks()
        s = mano.new_game(options, seed + g)
        deal += _diff(_ticks(), t1)
        while s.hand == 1 and not mano.is_over(s):
            moves = mano.legal_moves(s)
            s = mano.play(s, moves[rng.below(len(moves))])
            plies += 1
    return _diff(_ticks(), t0) * _SCALE, deal * _SCALE, plies


def figures(hands=60):
    out = {}
    for label, options in (("immediate", None), ("play_out", {"lock": "play_out"}),
                           ("observed", {"mode": "observed"})):
        _hands(options, 10, 1000)  # warm up: the first hands of a run are slower on MicroPython
        ms, deal_ms, plies = _hands(options, hands, 1)
        out["mano %s: hands/s" % label] = hands * 1000.0 / ms
        out["mano %s: new_game (ms)" % label] = deal_ms / hands
        # The hand-ending play deals the next hand, so a deal is inside this mean too.
        out["mano %s: mean legal_moves+play (ms)" % label] = (ms - deal_ms) / plies
        out["mano %s: plies/hand" % label] = plies / hands
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
