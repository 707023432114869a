"""A game's status for tools (the simulator's page, tests, the host's link): what its
session holds, as JSON-ready data. Loaded only when a tool asks (App.status()), so a
board at play never holds it."""

LEGAL_SHOWN = 200   # a status lists at most this many legal moves (a page shows each one)


def session_status(ses, legal=None):
    """A game session's part of App.status() (core/controller.py's status() starts from
    it).
    "legal": the first LEGAL_SHOWN legal moves at most, in the engine's order;
    "legal_count": how many there are, None where only listing them all would tell.
    ``legal``: (moves, count) from the controller, where the engine's list can be too
    long to build at every status (Masbrur's equipment phase: thousands)."""
    engine, s, c, rec = ses.engine, ses.state, ses.clock, ses.rec
    if legal is None:
        moves = engine.legal_moves(s)
        # An engine's "<free>" (too many to list: docs/contracts.md) is never shown.
        legal = ([], None) if moves and moves[0][:1] == "<" else (moves[:LEGAL_SHOWN], len(moves))
    return {"game": rec["game"], "moves": list(rec["moves"]),
            "legal": legal[0], "legal_count": legal[1], "position": engine.to_text(s),
            "clocks_ms": None if c.left is None else [c.left[0], c.left[1]],
            "move_ms_left": c.move_left if ses.turn >= 0 else None,
            "result": ses.result, "to_move": None if ses.turn < 0 else ses.turn,
            "options": rec["options"], "id": rec["id"], "seats": ses.seats,
            "players": [ses.name(0), ses.name(1)],
            "outcome": ses.outcome() if ses.result is not None else None}
