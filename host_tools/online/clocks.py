"""Remote clocks (docs/contracts.md#clocks): each side keeps its own player's time and nobody
else's. Its thinking time runs from the moment the position is shown to the player until the
player's move is made, and stands still while the side's link to the broker is down; the
move carries that time (``think_ms``) and both clocks after it, which every other side
recomputes and must find the same. Time a move spends on the wire is thus nobody's, and a
player whose link is down is neither charged nor flagged: only the player's own side, with
its clock stopped, could flag it."""
try:
    from time import monotonic
except ImportError:   # MicroPython (the simulator page): seconds from its tick counter
    from time import ticks_ms

    def monotonic():
        return ticks_ms() / 1000


def clocks_after(clocks, seat, think_ms):
    """Both clocks after ``seat`` took ``think_ms`` on a move: used time, and time left
    (None when the game has no time limit; never below 0)."""
    used = list(clocks["used_ms"])
    used[seat] += think_ms
    left = clocks["left_ms"]
    if left is not None:
        left = list(left)
        left[seat] = max(0, left[seat] - think_ms)
    return {"used_ms": used, "left_ms": left}


class TurnTimer:
    """The thinking time of this side's player on the current turn, with the link's down
    time taken out. ``now`` is seconds (monotonic, or a test's clock)."""

    def __init__(self, now=monotonic):
        self.now = now
        self.spent = 0.0
        self.turn = False     # this side's player is to move
        self.down = False     # the link to the broker is down
        self.since = None     # when the running stretch began; None while stopped

    def _halt(self):
        if self.since is not None:
            self.spent += self.now() - self.since
            self.since = None

    def _run(self):
        if self.turn and not self.down and self.since is None:
            self.since = self.now()

    def start(self):
        """The position is shown to this side's player, who is to move."""
        self.spent, self.since, self.turn = 0.0, None, True
        self._run()

    def stop(self):
        """The move is made: the milliseconds it took."""
        ms = self.elapsed_ms()
        self.spent, self.since, self.turn = 0.0, None, False
        return ms

    def link(self, up):
        """The link to the broker came back (True) or went down (False)."""
        self.down = not up
        if up:
            self._run()
        else:
            self._halt()

    def running(self):
        return self.since is not None

    def elapsed_ms(self):
        s = self.spent + (self.now() - self.since if self.since is not None else 0.0)
        return int(s * 1000)


def due(clocks, limits, seat, think_ms):
    """What this side's own clock calls for now: "flag" (its game time is used up),
    "timeout" (its move took longer than the move limit) or None."""
    left = clocks["left_ms"]
    if left is not None and left[seat] - think_ms <= 0:
        return "flag"
    move_ms = limits[1]
    if move_ms is not None and think_ms > move_ms:
        return "timeout"
    return None
