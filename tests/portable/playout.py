"""Seeded random playouts through the public engine API, reduced to a checksum.

The same call on CPython and MicroPython must give the same figures: any
difference in move generation, order, notation or results shows up here."""
from firmware.rules import Rng


def _fnv(h, text):
    for ch in text:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


def trace(engine, seed, games, options=None):
    """Play ``games`` random games; return 'games plies checksum' as one string."""
    rng = Rng(seed)
    h = 2166136261
    plies = 0
    for g in range(games):
        s = engine.new_game(options, seed + g)
        h = _fnv(h, engine.to_text(s))
        while not engine.is_over(s):
            moves = engine.legal_moves(s)
            move = moves[rng.below(len(moves))]
            h = _fnv(h, "%d|%s|" % (len(moves), move))
            s = engine.play(s, move)
            plies += 1
        r = engine.result(s)
        h = _fnv(h, "%s %s %s|%s" % (r["winner"], r["scores"][0], r["scores"][1], r["reason"]))
        h = _fnv(h, engine.to_text(s))
    return "%d %d %08x" % (games, plies, h)
