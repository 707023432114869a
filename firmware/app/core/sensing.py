"""The shape of a sensor board's controller (marble, stone, tile): a controller
(controller.py) that compares what the board reads with what it should read."""
from firmware.app.core import render
from firmware.app.core.controller import Play


class Sensing(Play):
    """A sensor board's controller (marble, stone, tile): what it reads against what it
    should read, cell by cell. ``seen`` the last stable frame, ``wrong`` why each cell
    disagrees (0: it agrees; the codes are the controller's), ``wrongs`` how many do,
    ``have_seen`` whether a frame came yet, and the cells last reported, so that a
    correction is said once, when it changes (``report``)."""

    def __init__(self, app, rec, now, engine, cells):
        self.seen = bytearray(cells)
        self.wrong = bytearray(cells)
        self.wrongs = 0
        self.have_seen = False
        self.noted = ""
        Play.__init__(self, app, rec, now, engine)

    def count(self):
        """``wrongs`` from ``wrong``."""
        n = 0
        for w in self.wrong:
            if w:
                n += 1
        self.wrongs = n
        return n

    def report(self, now, names, said=None):
        """``names`` (the cells to put right, a string) as the board says it: once when
        it changes - noted for traces, logged, a reject tone, and ``said`` (else "put the
        board right: NAMES"); an empty ``names`` clears it. True when it was new."""
        if names == self.noted:
            return False
        self.noted = names
        if names:
            app = self.app
            app.note("correction", now, names)
            app.log(now, "correction: %s" % names)
            app.beep(render.REJECT)
            app.say(said or "put the board right: %s" % names)
        return True
