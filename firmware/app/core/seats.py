"""Who plays each seat of a game: a person at this board, the board itself, or a player
elsewhere whose moves arrive from outside (a file of moves, a link to another board).

One interface for all three. The session (session.py) asks the seat to move
(``ask(ses, now)``: the move, or None while there is none yet) and tells every seat what
was played (``played(ses, ply, move)``). A person at the board (``at_board``) moves
through the board's own keys and sensors, so asking one gives nothing; a move from a seat
that is not at the board is shown by the controller for a person to carry out (the
sensor boards) or played at once (the light board), and on that seat's turn nothing else
is accepted (core/controller.py).

Outside moves come from a feed: ``move(ply)`` the move of ply ``ply`` (1 the first) once
it is known, else None; ``tell(ply, move)`` a move made here; ``refuse(ply, move, why)``
a move of theirs the rules refused (seat_outside.py); ``undo`` whether a move may be taken
back (a file may, someone far away is not asked). App.outside maps a seat to its
feed: set by the runner (``arbiter replay --seat B=FILE``, a link: feeds.py), or by tests.

Person is here; the board's play is seat_machine.py, a player elsewhere seat_outside.py:
a game loads only the kinds it has."""


class Person:
    """A person at this board: their moves come from its keys and sensors."""
    at_board = True
    undo = True

    def ask(self, ses, now, view=None):
        return None

    def spent(self, ses):
        """The ms this seat took on the move under way where they play it, or None:
        counted here (the session's clock)."""
        return None

    def played(self, ses, ply, move):
        pass

    def restart(self):
        pass


def make(app, game, letters, rec=None):
    """The seats of a new session of ``game``: a feed the app was given (App.outside),
    else the board at the seat its setting ``<game>.opponent`` names (``<game>.level``),
    else a person. ``letters``: the seats' one-letter names, as the setting writes them.
    A remote game's record (``rec["online"]``: its code and the seat played elsewhere,
    core/link.py) keeps that seat elsewhere even before its link gives it a feed."""
    cfg = app.cfg
    board = letters.find(cfg.get(game + ".opponent") or "-")
    outside = app.outside or {}
    far = rec["online"][1] if rec is not None and "online" in rec else -1
    out = []
    for seat in range(2):   # (the board's and the outside seats' code only when needed)
        if seat in outside or seat == far:
            from firmware.app.core.seat_outside import Outside
            out.append(Outside(outside.get(seat)))
        elif seat == board:
            from firmware.app.core.seat_machine import Machine
            out.append(Machine(cfg.get(game + ".level") or 3))
        else:
            out.append(Person())
    return out
