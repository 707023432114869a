"""What the Masbrur table's status() tells tools (the simulator's page, tests) beyond
the session's: a board loads it only when a tool asks for its status.

- ``legal(ses)``: the equipment phase's legal moves without the engine's list, which
  runs to thousands after an uneven pie split (23,258 with 19 tiles against 1): pass,
  A, then the first _LISTED active turns in the engine's order (each with its +A right
  after it where the pushed hand attacks), as (moves, count), the count None when turns
  were left out. Worked out once per position.
- ``add(play, out)``: the phase, the tiles shown on the pad so far (``group`` in the pie
  offer, then the offered group 1; ``forms`` and ``steal`` as [tile, square] pairs), the
  arsenals (public) and, against a seat not at the board, its seat and the push it asks for."""
from firmware.rules import masbrur as engine
from firmware.rules import masbrur_form as mf

_LISTED = 12
_last = [None, None]     # the position last listed, and its listing


def legal(ses):
    s = ses.state
    if _last[0] is s:
        return _last[1]
    p = ses.turn
    ars = s.ars[p]
    moves = ["pass"]
    if mf.attack(engine.hand(s, p)):
        moves.append("A")
    wall = s.wall[p]
    if s.opt["wall_mode"] == "fixed" and wall is not None:
        walls = [wall]
    else:
        walls = [[ars[i], ars[j]] for i in range(len(ars)) for j in range(i + 1, len(ars))]
    _last[0] = s
    _last[1] = _turns(s, ars, walls, moves)
    return _last[1]


def _turns(s, ars, walls, moves):
    """``moves`` and the active turns with these walls after them, up to _LISTED."""
    pushes = [engine.pushes(s, t) for t in ars]
    turns = 0
    for w in walls:
        for k in range(len(ars)):
            t = ars[k]
            if t in w:
                continue
            for text, ejected in pushes[k]:
                if turns == _LISTED:
                    return moves, None
                turns += 1
                move = "W%s,%s %s" % (mf.name(w[0]), mf.name(w[1]), text)
                moves.append(move)
                if mf.attack([u for u in ars if u != t and u not in w] + [ejected]):
                    moves.append(move + "+A")
    return moves, len(moves)


def _name(t):
    return "%d-%d" % (t >> 3, t & 7)


def add(play, out):
    ses = play.session
    s = ses.state
    out["phase"] = play.phase
    out["group"] = [_name(t) for t in (play.group if play.phase == "pie_offer" else s.group1)]
    out["forms"] = [[row, [[_name(t), v] for t, v in uses]] for row, uses in play.forms]
    out["steal"] = [[_name(t), v] for t, v in play.steal]
    out["arsenals"] = [[_name(t) for t in s.ars[p]] for p in (0, 1)]
    seat = [p for p in (0, 1) if not ses.players[p].at_board]
    out["board"] = {"seat": seat[0], "push": play.shown} if seat else None
    if seat and ses.player(seat[0]) != "the board":
        out["thinking"] = False        # a player elsewhere: waited for, not thought for here
