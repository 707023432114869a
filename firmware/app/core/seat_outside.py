"""A player elsewhere in a seat (seats.py): their moves come from a feed (feeds.py)."""
from firmware.app.core.seats import Person


class Outside(Person):
    """A player elsewhere: their moves come from ``feed`` (see the module's text)."""
    at_board = False

    def __init__(self, feed):
        self.feed = feed
        self.undo = getattr(feed, "undo", True)

    def ask(self, ses, now, view=None):
        return self.feed.move(len(ses.rec["moves"]) + 1)

    def played(self, ses, ply, move):
        tell = getattr(self.feed, "tell", None)
        if tell is not None:
            tell(ply, move)
