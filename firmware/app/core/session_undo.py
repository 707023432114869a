"""Taking back moves (session.py loads it for the call and forgets it)."""
from firmware.app.core import records, render
from firmware.app.core.session import only_pass


def _at_board(ses, state):
    """Is the mover in ``state`` a person at this board (or either seat)?"""
    turn = ses.engine.to_move(state)
    return turn is None or ses.players[turn].at_board


def _undo_point(ses):
    """(how many moves stay, the position after them), or None: the last move a person
    at the board chose is taken back with everything after it - the board's replies and
    the forced passes (a pass the rules leave no choice about goes with the move that
    forced it; a pass a person chose is their move). Against the board, when no move of
    a person is left to take back, its last move (it plays again)."""
    moves = ses.rec["moves"]
    n = len(moves)
    before = ses.before
    if moves[n - 1] != "pass" and before is not None and _at_board(ses, before):
        return n - 1, before          # the common case, without replaying the game
    engine = ses.engine
    state = engine.new_game(ses.rec["options"], ses.rec["seed"])
    best = board = None
    for i in range(n):
        if moves[i] != "pass" or not only_pass(engine, state):
            board = (i, state)
            if _at_board(ses, state):
                best = board
        state = engine.play(state, moves[i])
    return best or board


def undo(ses, now):
    """Take back the last move a person at the board made, with what followed it (the
    board's replies, forced passes: _undo_point). Clocks as they were before. Returns
    the moves taken back (text: forced passes left out), or None."""
    rec = ses.rec
    moves = rec["moves"]
    point = _undo_point(ses) if moves else None
    if point is None:
        return None
    n, state = point
    undone = []
    forced = state
    for m in moves[n:]:
        if m != "pass" or not only_pass(ses.engine, forced):
            undone.append(m)
        forced = ses.engine.play(forced, m)
    _cut(ses, n, state)
    undone = " ".join(undone)
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


def _cut(ses, n, state):
    """Keep the first ``n`` moves of the record; ``state``: the position after them."""
    rec = ses.rec
    for key in ("moves", "move_ms", "clock_ms"):
        del rec[key][n:]
    ses.state = state
    ses.before = None
    for p in ses.players:
        if hasattr(p, "forget"):
            p.forget()
    ses._refresh()
