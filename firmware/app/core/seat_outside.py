"""A player elsewhere in a seat (seats.py): their moves come from a feed (feeds.py).

A move from elsewhere that the rules refuse (a wrong line in a file, a mistake on the
other side of a link) is never played: the board says why, logs it, and waits for
another move of that ply (a link may send one); the feed hears of it when it listens
(``refuse(ply, move, why)``)."""
from firmware.app.core import render
from firmware.app.core.seats import Person
from firmware.rules import IllegalMove


class Outside(Person):
    """A player elsewhere: their moves come from ``feed`` (see the module's text); None
    while a remote game waits for its link (core/link.py): no move comes, none is undone."""
    at_board = False

    def __init__(self, feed):
        self.feed = feed
        self.undo = feed is not None and getattr(feed, "undo", True)
        self.wrong = None       # the move last refused: said once

    def ask(self, ses, now, view=None):
        if self.feed is None:
            return None
        ply = len(ses.rec["moves"]) + 1
        move = self.feed.move(ply)
        if move is None or move == self.wrong:
            return None
        try:
            ses.engine.play(ses.state, move)
        except IllegalMove as e:
            self.wrong = move
            self._refuse(ses, now, ply, move, str(e))
            return None
        return move

    def _refuse(self, ses, now, ply, move, why):
        app = ses.app
        text = "%s's move from elsewhere, %s, is refused: %s" % (
            ses.name(ses.players.index(self)), move, why)
        app.log(now, text)
        app.beep(render.REJECT)
        app.say(text)
        refuse = getattr(self.feed, "refuse", None)
        if refuse is not None:
            refuse(ply, move, why)

    def spent(self, ses):
        """A feed that counts its player's time (a remote game's) gives it with the move;
        without a feed nothing is counted here either."""
        if self.feed is None:
            return 0
        spent = getattr(self.feed, "spent", None)
        return None if spent is None else spent(len(ses.rec["moves"]) + 1)

    def played(self, ses, ply, move):
        tell = getattr(self.feed, "tell", None)
        if tell is not None:
            tell(ply, move)
