"""Fursaz on the stone board: what the Hall sensors mean and what the LEDs show (the
game itself - record, saving, undo - is the session's: session.py).

Each point's sensor reads empty, black or white (a magnet in each stone, its poles on the
two faces), and the app gets a frame only once the readings have held for the settle
time, so a stone being turned (edge-on, read as empty or as noise for a moment) is never
taken for anything.

A placement is one empty point turning occupied with the mover's colour, everything else
as it was. The board plays it (docs/rules/fursaz.md#a-turn) and lights the stones whose colour
changes in the end - the **net** flips: a stone flipped twice stays as it is and is not lit -
each blinking in the colour it must show (the placed stone too, if the cascade turns
it); with the setting fursaz.stages, stage by stage instead, as the rules
(docs/rules/fursaz.md#a-turn) resolve them (a stone flipped twice is then turned twice). Nothing
else is accepted until the board shows the new position. A quick hand's frame is the placement too:
the new stone already in the colour the placement leaves it (into a trap), some flips already done
(then only the rest is owed, at once). A stone of the
wrong colour, a stone turned that should not be, a stone removed, a stone where none may
go (an illegal placement, said why): correction mode, the points that disagree blink in
the colour they should show (red where the point should be empty) until the board
matches. A sensor reading out of range is named and lit magenta, never taken as a stone.
PASS passes; at the pie step SWAP takes the first stone's colour
(docs/rules/fursaz.md#the-pie-rule). Whose turn: every 3 s the empty points glow for a moment in
the mover's colour.

A seat not at the board (the board's own play, settings fursaz.opponent and
fursaz.level, or a player elsewhere): on its turn the empty points breathe slowly in its
colour until its move is known, then the board blinks the point where its stone goes (a
pass or a swap it plays itself); a stone put anywhere else, PASS or SWAP, is refused.

The stamps (which stone flipped when) are not on the board: after a power cut the game
is rebuilt from its record and the board checked against it, the last placement's flips
still lit if they are still owed. Game over: each empty point lights in the colour of
whose territory it is; PASS shows the scores as bars (seat A's from a1 on, seat B's from
the middle, each in its colour's stone); OK or MENU returns to the menu."""
from firmware import native
from firmware.app.core import render
from firmware.app.core.sensing import Sensing
from firmware.rules import IllegalMove
from firmware.rules import fursaz as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_FAULT = const(3)
_BEAT_MS = const(150)
STONE = ((0, 0, 0), (60, 90, 255), (255, 200, 140))   # how the LEDs show black and white
_WHICH = ".BW"


def differences(seen, target, wrong, n):
    """wrong[i] = 1 where ``seen`` and ``target`` differ, else 0, for the first ``n``
    points; how many differ (native twin: fursaz_stone_native.differences: 127 points
    take 4 ms as byte-code on a Pico, on every frame the board reads)."""
    k = 0
    for i in range(n):
        if seen[i] != target[i]:
            wrong[i] = 1
            k += 1
        else:
            wrong[i] = 0
    return k


def paint(f, cells, palette, n):
    """Point i of the frame ``f`` in colour ``cells[i]`` of ``palette`` (3 bytes a colour),
    for the first ``n`` points (native twin: fursaz_stone_native.paint: a loop over the
    points takes ~3 ms as byte-code on a Pico, in the step after a move)."""
    for i in range(n):
        c = 3 * cells[i]
        j = 3 * i
        f[j] = palette[c]
        f[j + 1] = palette[c + 1]
        f[j + 2] = palette[c + 2]


_twin = native.load("firmware.app.games.fursaz_stone_native")   # (loaded with the game)
_differences = _twin.differences if _twin else differences
_paint = _twin.paint if _twin else paint


def options(cfg, settings, profile):
    opts = settings.game_options(cfg, "fursaz")
    opts["size"] = profile["size"]   # the board's own
    return opts


def seed(cfg, now):
    return 0


class Play(Sensing):
    SEATS = "AB"
    SHOW_MS = 600   # a move not made at the board is shown once the turn is this old

    def __init__(self, app, rec, now):
        size = rec["options"].get("size", 7)
        # The board's layout leaves RAM with the menu: its points are taken, not it.
        from firmware.app.boards.stone import points
        self.points = points(engine, size)
        n = len(self.points)
        if n != len(app.frame) // 3:
            raise ValueError("a size-%d game does not fit this board" % size)
        self.index = {}
        for i in range(n):
            self.index[self.points[i]] = i
        self.expect = bytearray(n)     # the engine's position: 0 empty, 1 black, 2 white
        self.target = bytearray(n)     # what the board should show now (stage by stage: so far)
        self.staged = app.cfg.get("fursaz.stages") is True
        self.stages = None             # the stages still being shown, and which
        self.stage = 0
        self.placing = None            # the resolution of the placement being played
        self.owed = bytearray(n)       # 1 where the last placement's flips are still owed
        self.blank = bytes(n)          # nothing owed, nothing wrong: copied, not looped (Pico)
        # wrong[]: 1 where the board disagrees with the position
        self.asked = ""                # the flips last asked for
        self.refused = -1              # a placement the rules refuse, until it is taken back
        self.land = bytearray(n)       # at the end: whose territory each empty point is
        self.palette = bytearray(9)    # three colours for _paint: by colour, or empty first
        self.shown_at = -1             # the point of a placement shown, for a person to carry out
        self.swapped = 0
        Sensing.__init__(self, app, rec, now, engine, n)
        self.moved(now)
        self._owe_last()

    # ------------------------------------------------------------ position

    def moved(self, now):
        ses = self.session
        self.shown = None
        self.shown_at = -1
        # The colour to move (seats swap colours at the pie step), and the pie's swap: seat
        # A plays White.
        self.mover, self.swapped = engine.sides(ses.state)
        # (the cells are the engine's points; at the end, whose territory each one is)
        engine.board_view(ses.state, self.expect, self.land if ses.over else None)
        if not ses.over:
            self._say_turn()
        self._owe(self.placing)
        self.placing = None
        if self.have_seen:
            self._compare(now)

    def _owe_last(self):
        """After a power cut: the flips of the last placement, if the board still owes them."""
        moves = self.session.rec["moves"]
        if moves and moves[-1] not in ("pass", "swap"):
            self._owe(engine.resolution(self.session.before, moves[-1]))

    def _owe(self, res=None):
        """Owe the flips of placement ``res`` (engine.resolution), or none: the net
        ones at once, or (setting fursaz.stages) one stage at a time."""
        self.owed[:] = self.blank
        self.target[:] = self.expect
        self.stages = None
        if res is None:
            return
        if self.staged and len(res["stages"]) > 1:
            for name in res["net"]:          # the board as it was before the flips
                i = self.index[name]
                self.target[i] = 3 - self.target[i]
            self.target[self.index[res["point"]]] = _WHICH.find(res["colour"])
            self.stages = res["stages"]
            self.stage = 0
            self._show_stage()
            return
        for name in res["net"]:
            self.owed[self.index[name]] = 1
        if res["final"] != res["colour"]:   # the placed stone itself is turned
            self.owed[self.index[res["point"]]] = 1

    def _show_stage(self):
        st = self.stages[self.stage]
        c = _WHICH.find(st["colour"])
        for i in range(len(self.owed)):
            self.owed[i] = 0
        for name in st["points"]:
            i = self.index[name]
            self.target[i] = c
            self.owed[i] = 1

    def _differences(self):
        if self.seen == self.target:
            self.wrong[:] = self.blank
            self.wrongs = 0
            return 0
        n = self.wrongs = _differences(self.seen, self.target, self.wrong, len(self.target))
        return n

    def _compare(self, now):
        n = self._differences()
        while not n and self.stages is not None and self.stage + 1 < len(self.stages):
            self.stage += 1                  # this stage is done: show the next
            self._show_stage()
            n = self._differences()
        if not n:
            self._owe()
            self.refused = -1
        if self.session.over:
            return
        names = []     # the points to put right, and those whose flips are owed
        owed = []
        wrong = self.wrong
        i = wrong.find(b"\x01") if n else -1
        while i >= 0:   # (find skips the points that agree at C speed)
            (owed if self.owed[i] else names).append(self.points[i])
            i = wrong.find(b"\x01", i + 1)
        names = " ".join(names)
        if names != self.noted:
            self.noted = names
            if names:
                self.app.note("correction", now, names)
                faults = [self.points[i] for i in range(len(self.seen)) if self.seen[i] == _FAULT]
                self.app.log(
                    now,
                    "correction: %s%s"
                    % (names, "; sensor out of range: " + " ".join(faults) if faults else ""),
                )
                self.app.beep(render.REJECT)
                if faults:
                    self.app.say("sensor out of range at %s" % " ".join(faults))
                elif self.refused < 0:
                    self.app.say("put the board right: %s" % names)
            else:
                self._say_turn()   # put right: what was said of it holds no more
        owed = "" if names else " ".join(owed)
        if owed:
            self.app.say("turn over: %s" % owed)
        elif self.asked and not names:
            self._say_turn()       # turned: nothing is asked any more
        self.asked = owed

    def _colour(self):
        return "Black" if self.mover == 1 else "White"

    def seat_name(self, seat):
        """The colour a seat plays (session.name): seat A is Black unless B swapped."""
        return "White" if seat ^ self.swapped else "Black"

    def _say_turn(self):
        """Say what the board waits for now that nothing is to be put right."""
        if self.session.over:
            return
        if self.shown_at >= 0:
            self.app.say("%s plays %s: put a %s stone there" % (
                self.session.player(self.session.turn), self.points[self.shown_at],
                self._colour().lower()))
        else:
            self.app.say("%s to move" % self._colour())

    def _placement(self):
        """The point of a placement the frame shows (one empty point now holding a stone,
        all else as expected), or -1."""
        wrong = self.wrong   # (as scratch: every answer to a frame compares it again)
        if _differences(self.seen, self.expect, wrong, len(wrong)) != 1:
            return -1
        p = wrong.find(b"\x01")
        return -1 if self.expect[p] or self.seen[p] not in (1, 2) else p

    def _placed_and_turned(self):
        """The point of a legal placement that a quick hand has already taken further
        within the settle time, or -1: the one new stone shows the mover's colour or the
        colour the placement leaves it (put down already turned, into a trap), and every
        other point either is as it was or already shows the placement's flip."""
        p = -1
        for i in range(len(self.expect)):
            if not self.expect[i] and self.seen[i]:
                if p >= 0:
                    return -1
                p = i
        if p < 0:
            return -1
        try:
            after = engine.board(engine.play(self.session.state, self.points[p]))
        except IllegalMove:
            return -1
        for i in range(len(self.expect)):
            seen = self.seen[i]
            if seen != self.expect[i] and seen != _WHICH.find(after.get(self.points[i], ".")):
                if i != p or seen != self.mover:
                    return -1
        return p

    def reading(self, stones, now):
        seen = self.seen
        seen[:] = stones   # (a frame holds every point)
        self.have_seen = True
        ses = self.session
        if ses.over:
            return
        # A new stone only where the board changed, and nothing owed.
        new = self.owed == self.blank and seen != self.expect
        p = self._placement() if new else -1
        ahead = False
        if new and (p < 0 or seen[p] != self.mover):
            q = self._placed_and_turned()
            if q >= 0:
                p, ahead = q, True
        if p >= 0:
            name = self.points[p]
            if ses.away() and p != self.shown_at:
                self.refused = p   # not the placement shown (or it is not known yet)
                self.app.say(self._away_words())
            elif seen[p] != self.mover and not ahead:
                self.refused = p
                self.app.say("%s is the wrong colour: it is %s's turn" % (name, self._colour()))
            else:
                try:
                    self.placing = engine.resolution(ses.state, name)   # for moved()
                    if ahead:       # flips done ahead: only what is still owed, at once
                        self.placing["stages"] = ()
                    ses.play(name, now)
                    self.app.beep(render.ACCEPT)
                    return
                except IllegalMove as e:
                    self.placing = None
                    self.refused = p
                    self.app.log(now, "reject %s: %s" % (name, e))
                    self.app.say("%s is not a legal move: %s" % (name, e))
        self._compare(now)

    def _away_words(self):
        ses = self.session
        who = ses.player(ses.turn)
        if self.shown_at >= 0:
            return "%s plays %s" % (who, self.points[self.shown_at])
        return "%s is thinking" % who if who == "the board" else "waiting for %s's move" % who

    # ------------------------------------------------------------ input

    def coming(self, move, now):
        if move in ("pass", "swap"):
            self.app.beep(render.ACCEPT)
            self.session.play(move, now)
        else:
            self.shown_at = self.index[move]
            self._say_turn()

    def press(self, key, now):
        app, ses, keys = self.app, self.session, self.keys
        if key == keys["pass"] or key == keys["swap"]:
            move = "pass" if key == keys["pass"] else "swap"
            if ses.away():
                app.beep(render.REJECT)
                app.say(self._away_words())
            elif self.wrongs:
                app.beep(render.REJECT)
                app.say("put the board right first")
            elif move not in engine.legal_moves(ses.state):
                app.beep(render.REJECT)
                app.say("%s is not possible now" % move)
            else:
                app.beep(render.ACCEPT)
                ses.play(move, now)
        elif key == keys["ok"] or key == keys["menu"]:
            app.say(None)   # the player goes on: a note on an earlier key holds no more

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now, still=False):
        render.clear(f)
        ses = self.session
        if ses.over:
            self._draw_end(f)
            return
        blink = render.blink(now, 500, 300)
        if self.wrongs:
            wrong = self.wrong
            i = wrong.find(b"\x01")
            while i >= 0:   # (find skips the points that agree at C speed)
                if blink or self.owed[i]:
                    if self.seen[i] == _FAULT:
                        render.put(f, i, render.MAGENTA)
                    elif self.target[i]:
                        render.put_scaled(f, i, STONE[self.target[i]], 256 if blink else 96)
                    else:
                        render.put(f, i, render.RED)
                i = wrong.find(b"\x01", i + 1)
            return
        if self.shown_at >= 0:
            if blink:
                render.put(f, self.shown_at, STONE[self.mover])
            return
        if still:
            return
        level = 0
        if ses.away():                              # its move not known yet
            level = ses.breath(now, 200)
        elif render.blink(now - ses.turn_at, 3000, _BEAT_MS):
            level = 60
        if level:   # the empty points at ``level``, the stones off
            self._paint(f, self.expect, STONE[self.mover], level)

    def _draw_end(self, f):
        if self.scores:
            sc = self.session.result["scores"]
            n = len(self.expect) // 2
            # Each seat's score in the colour of its stones (the pie may have swapped them).
            render.bar(f, 0, n, min(sc[0], n), n, STONE[1 + self.swapped])
            render.bar(f, n, n, min(sc[1], n), n, STONE[2 - self.swapped])
            return
        self._paint(f, self.land, None, 128)   # each point in its owner's colour, if any

    def _paint(self, f, cells, empty, level):
        """Every point at ``level``/256 in the colour its byte of ``cells`` says: 0 the
        colour ``empty`` (the stones off), or with ``empty`` None, 1 and 2 the stones'."""
        pal = self.palette
        for j in range(3):
            if empty is None:
                pal[j] = 0
                pal[3 + j] = (STONE[1][j] * level) >> 8
                pal[6 + j] = (STONE[2][j] * level) >> 8
            else:
                pal[j] = (empty[j] * level) >> 8
                pal[3 + j] = pal[6 + j] = 0
        _paint(f, cells, pal, len(cells))

    def details(self, out):
        out["expected"] = "".join([_WHICH[e] for e in self.expect])
        out["wrong"] = [
            self.points[i] for i in range(len(self.wrong)) if self.wrong[i] and not self.owed[i]
        ]
        out["owed"] = [
            self.points[i] for i in range(len(self.owed)) if self.owed[i] and self.wrong[i]
        ]
