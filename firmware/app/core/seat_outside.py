"""A player elsewhere in a seat (seats.py): their moves come from a feed (feeds.py)."""
from firmware.app.core.seats import Person


class Outside(Person):
    """A player elsewhere: their moves come from ``feed`` (see the module's text); None
    while a remote game waits for its link (core/link.py): no move comes, none is undone."""
    at_board = False

    def __init__(self, feed):
        self.feed = feed
        self.undo = feed is not None and getattr(feed, "undo", True)

    def ask(self, ses, now, view=None):
        if self.feed is None:
            return None
        return self.feed.move(len(ses.rec["moves"]) + 1)

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
