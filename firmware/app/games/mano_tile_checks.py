"""What the tile board could not check during a Mano a Mano hand, checked once the
hand's tiles left in hand are shown: the draws, and a lead the highest-double rule
gives (firmware/app/games/mano_tile.py loads this at a hand's end only)."""
from firmware.app.games.mano_tile import SEATS
from firmware.rules import mano as engine


def hand_checks(rec, last, plies=None):
    """What the board could not check at the time, checked once each hand's tiles left in
    hand are shown (the finished hands of ``rec``: its moves, or its first ``plies``, then
    ``last``): (draws, leads), each a list of (ply, seat, verdict) (tuples: half a list's
    RAM, and JSON writes them as lists). Every tile a seat held at some moment is later played or
    shown at the end; so with F the seat's later tiles that would have made the move
    wrong and D its draws from then on, F empty proves the move ("fine"), more tiles in
    F than D proves it wrong, anything else "cannot tell". A draw is wrong when the seat
    held a tile that fit ("held a tile that fit"); a lead the rules give to the highest
    double (a seat named at the lead) when a tile that outranks it was held ("held a
    higher tile": a higher double, or a double or a heavier tile against a tile that is
    none)."""
    draws = []
    leads = []
    s = engine.new_game(rec["options"], rec["seed"])
    hand = []     # this hand's (ply, seat, tile or None for a draw, ends) after the lead
    lead = None   # (ply, seat, tile) of a lead the highest-double rule gives
    shown = [[], []]   # the tiles each seat has shown at the hand's end
    moves = rec["moves"][:plies] + [last]
    for ply in range(1, len(moves) + 1):
        m = moves[ply - 1]
        seat = engine.to_move(s)
        if m == "draw":
            hand.append((ply, seat, None, (s.le, s.re)))
        elif m[:1] == "L" or m[:1] == "R":
            hand.append((ply, seat, m[1:], None))
        elif ":" in m:
            lead = (ply, int(m[0]), m[2:])
        elif m.startswith("reveal"):
            words = m.split()
            shown[int(words[1])] += words[2:]
        n = engine.play(s, m)
        if len(engine.hand_history(n)) > len(engine.hand_history(s)):
            _judge_draws(hand, shown, draws)
            if lead is not None:
                _judge_lead(lead, hand, shown, leads)
            hand = []
            lead = None
            shown = [[], []]
        s = n
    return draws, leads


def _fits(name, ends):
    a, b = int(name[0]), int(name[2])
    return a in ends or b in ends


def _verdict(held, draws, wrong):
    return "fine" if not held else (wrong if held > draws else "cannot tell")


def _judge_draws(hand, shown, out):
    for i in range(len(hand)):
        ply, seat, tile, ends = hand[i]
        if tile is not None:
            continue
        fit = len([t for t in shown[seat] if _fits(t, ends)])
        draws = 0
        for j in range(i, len(hand)):
            if hand[j][1] == seat:
                if hand[j][2] is None:
                    draws += 1
                elif _fits(hand[j][2], ends):
                    fit += 1
        out.append((ply, SEATS[seat], _verdict(fit, draws, "held a tile that fit")))


def _rank(name):
    """Doubles above every other tile, by value; the rest by pip sum, then high end."""
    a, b = int(name[0]), int(name[2])
    return 100 + a if a == b else (a + b) * 8 + b


def _judge_lead(lead, hand, shown, out):
    ply, leader, tile = lead
    worst = "fine"
    for seat in (0, 1):
        later = shown[seat] + [h[2] for h in hand if h[1] == seat and h[2] is not None]
        higher = len([t for t in later if _rank(t) > _rank(tile)])
        draws = len([h for h in hand if h[1] == seat and h[2] is None])
        v = _verdict(higher, draws, "held a higher tile")
        if v != "fine" and worst != "held a higher tile":
            worst = v
    out.append((ply, SEATS[leader], worst))
