"""Taking back moves (session.py loads it for the call and forgets it)."""
from firmware.app.core import records, render


def _undo_point(ses, n):
    """How many moves stay when the last of the first ``n`` is taken back with the
    forced passes that follow it; -1 when there is none."""
    moves = ses.rec["moves"]
    while n and moves[n - 1] == "pass":
        n -= 1
    return n - 1


def undo(ses, now):
    """Take back the last move (and the forced passes that followed it); against the
    board, when that leaves the board to move, its move and the player's before it
    too. Clocks as they were before. Returns the moves taken back (text), or None."""
    rec = ses.rec
    moves = rec["moves"]
    n = _undo_point(ses, len(moves))
    if n < 0:
        return None
    cut = _undo_point(ses, n)
    undone = moves[n:]
    # The position before the last move stays known when no forced pass follows it.
    _cut(ses, n, ses.before if n == len(moves) - 1 else None)
    if cut >= 0 and ses.away():
        undone = moves[cut:n] + undone
        _cut(ses, cut, ses.before if cut == n - 1 else None)
    undone = " ".join([m for m in undone if m != "pass"])
    c = ses.clock
    if c.left is not None:
        prev = rec["clock_ms"][-1] if moves else None
        c.left = [c.game_ms, c.game_ms] if prev is None else [prev[0], prev[1]]
    c.new_turn()
    ses.turn_at = ses.last = now
    ses.app.saved(records.save_current(ses.app.storage, rec), now)
    ses.app.log(now, "undo %s" % undone)
    ses.app.beep(render.UNDO)
    ses.app.say("undone: %s; %s to move" % (undone, ses.who(ses.turn)))
    ses._moved(now)
    return undone


def _cut(ses, n, state=None):
    """Keep the first ``n`` moves of the record; ``state``: the position after them
    when known (else they are replayed)."""
    rec = ses.rec
    for key in ("moves", "move_ms", "clock_ms"):
        del rec[key][n:]
    if state is None:
        ses.state = ses.replay()
    else:
        ses.state = state
        ses.before = None
    for p in ses.players:
        if hasattr(p, "forget"):
            p.forget()
    ses._refresh()
