"""Masbrur on the tile board: what the field, the wall slots and the pad read and what
the LEDs show (the game itself - record, saving, undo - is the session's: session.py).
The standard setup only (the field 0-0|0-1 ... 7-7|7-0 laid before the first round).

Each field position keeps its halves apart (half a on the left), so the board reads
every row with its orientation: B shows the row's left tile x|y, C its right tile y|z,
and A and D - the input positions at the row's ends - are empty between turns.

Pie offer: the offerer shows group 1's tiles on the pad P one at a time (a tile shown
again leaves the group) and presses OK; the accepter presses LEFT for group 1 or RIGHT
for the rest. Equipment phase, the mover: set the wall face down on the own wall slots
(WA1 WA2 for A, WB1 WB2 for B: the board reads them but never shows them before
combat), then push - the new tile on the row's input position (A for the left end, D
for the right end), the row shifted, the ejected tile taken from the far end. The board
follows the three steps: the tile at the row end is checked against the end it touches
(red, and why, when it does not), then the tile that will be ejected blinks in the
mover's colour (it goes to the mover's arsenal) until it is gone; the push is played
when the row reads (new tile in, ejected tile gone). ATTACK alone declares the attack
(A); ATTACK while a push is under way adds it to the push (+A). PASS passes.
Combat: a player with no wall sets one on the wall slots and presses OK. Formations are
entered on the pad: LEFT opens an upper-row formation, RIGHT a lower-row one, then each
tile is shown on the pad with the square it gives on the left (a 0 shown after the 7
counts high; the tile just shown, turned round, gives the other square instead of
counting twice, and a pie group's tile turned round stays in); OK closes the entry and
shows the count, a second OK confirms it (PASS starts again). Steals: each tile taken
from the opponent's wall is shown on the pad with the square it adds on the left (the
board finds the formation it lengthens), then OK.

Against the board (settings masbrur.opponent, masbrur.level): on its turn the board thinks
(firmware.ai, which never reads the other wall) and plays its move itself - its pie offer
or choice, its wall (kept in the board: its wall slots stay empty), its formations, its
steal - except a push, which it lights (the row's input position blinks in its colour)
and says, for a person to carry out from its arsenal; another push is refused.

Setup: until the field first reads as the engine's (a new game), the board says what to
lay where, the positions lit as below; it notes setup-ok then, never a correction.
Anything else the field reads differently from the engine's field is corrected: the
positions blink (white: a tile missing, red: a tile that should not be there, magenta:
a contact outside every window, never taken for the nearest value), and nothing is
played until it reads right again.

LEDs: the field's tiles dim white; during the equipment phase the input positions of
every row blink in the mover's colour (breathe, while the board works out its push) and the die is
a yellow bar over L1-L13; between rounds and at the end L1-L6 / R1-R6 show the last round's
half-medals of A / B and L7-L13 / R7-R13 their totals (against the higher one); in combat the wall
slots light in their owner's colour (revealed). Game over: OK or MENU returns to the menu."""
from firmware.app.core import render
from firmware.app.boards.tile_positions import EMPTY, FAULT, ODD, PAD, names
from firmware.app.boards.tile_positions import reading as key_of   # half a first
from firmware.app.core.sensing import Sensing
from firmware.rules import IllegalMove
from firmware.rules import masbrur as engine
from firmware.rules import masbrur_form as mf

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SEATS = "AB"
_FIELD = const(28)      # A0 B0 C0 D0 A1 ... D7: cells 28-59, then the wall slots 60-63
_CELLS = const(36)      # the field and the wall slots
_SLOTS = const(32)      # index of WA1 among them
_MISSING = const(1)     # wrong[]: the field's tile is not there
_EXTRA = const(2)       # a tile where none should be
_BADREAD = const(3)     # a contact that reads nothing valid
_REFUSED = const(4)     # a push the rules refuse
_GUIDE = const((40, 40, 40))  # a tile of the field
_TRACK_L = const(1)     # L1
_TRACK_R = const(14)    # R1


def options(cfg, settings, profile):
    return settings.game_options(cfg, "masbrur")


def seed(cfg, now):
    """The first offerer's draw: the instant the game starts."""
    return now % 1000000


def tile_text(key):
    return "%d-%d" % (key >> 3, key & 7)


def tile_of(key):
    """The engine's tile (low * 8 + high) of an oriented key."""
    return mf.tile(key >> 3, key & 7)


class Play(Sensing):
    SEATS = "AB"
    SHOW_MS = 600   # a move not made at the board is taken once the turn is this old

    def __init__(self, app, rec, now):
        if rec["options"].get("setup", "standard") != "standard":
            raise ValueError("the tile board plays Masbrur's standard setup")
        self.names = names()
        self.expect = bytearray(_CELLS)    # each field position's key, or EMPTY
        # wrong[]: 0 or why the position disagrees (_MISSING ...)
        self.pad = EMPTY                  # what the pad reads
        self.pad_done = EMPTY             # the pad tile last taken, until the pad is clear
        self.push = None                   # (row, side, new key, step) of a push under way
        self.refused = -1                  # row * 256 + new key of a refused push still down
        self.attack = False                # ATTACK pressed during the push under way
        self.group = []                    # pie offer: the tiles shown for group 1
        self.forms = []                    # combat: [row, [(tile, value), ...]] being entered
        self.steal = []                    # combat: (tile, value) shown to steal
        self.ready = None                  # a selection entered, waiting for its OK
        self.phase = ""
        self.setup = not rec["moves"]      # the field not yet read as laid
        Sensing.__init__(self, app, rec, now, engine, _CELLS)
        self.moved(now)

    # ------------------------------------------------------------ position

    def moved(self, now):
        ses = self.session
        s = ses.state
        self.phase = "over" if ses.over else s.phase
        f = s.field
        for i in range(_CELLS):
            self.expect[i] = EMPTY
        for r in range(8):
            self.expect[4 * r + 1] = f[3 * r] * 8 + f[3 * r + 1]
            self.expect[4 * r + 2] = f[3 * r + 1] * 8 + f[3 * r + 2]
        self.push = None
        self.refused = -1
        self.attack = False
        self.shown = None
        self.group = []
        self.forms = []
        self.steal = []
        self.ready = None
        self._say_turn()
        if self.have_seen:
            self._diff()
            self._correct(now)

    def told(self, word):
        if word == "wall":   # the far wall combat showed: where to lay it (masbrur_tile_far)
            self._say_turn()

    def _say_turn(self):
        ses = self.session
        s = ses.state
        if ses.over:
            return
        who = self.SEATS[ses.turn]
        ph = s.phase
        far = ""
        if "online" in ses.rec:   # a remote game: the player elsewhere (masbrur_tile_far.py)
            from firmware.app.games import masbrur_tile_far
            far = masbrur_tile_far.words(self)
            if far is None:
                return
        last = engine.last_round(s)
        news = ""
        if last is not None and ph == "pie_offer":
            news = "round %d: medals A %s, B %s; C %d, die %d; totals A %s, B %s. " % (
                s.round - 1, _halves(last[0]), _halves(last[1]), last[2], last[3],
                _halves(s.score[0]), _halves(s.score[1]))
        if ph == "pie_offer":
            text = (news + "round %d, %s offers: show group 1 on the pad, tile by tile, then OK"
                    % (s.round, who))
        elif ph == "pie_accept":
            text = "%s: LEFT takes group 1 (%s), RIGHT the other %d" % (
                who, _count(len(s.group1), "tile"), 20 - len(s.group1))
        elif ph == "equipment":
            text = "%s: wall on your slots, then push, PASS or ATTACK; die %d" % (who, s.die)
        elif ph == "combat_wall":
            text = "%s: set your wall on your slots, then OK" % who
        elif ph == "combat_select":
            text = ("%s: your formations: LEFT upper row, RIGHT lower row, tiles on the pad, OK"
                    % who)
        elif ph == "combat_steal":
            text = "%s: show the tiles you take from %s's wall on the pad, then OK (none: OK)" % (
                who, self.SEATS[1 - ses.turn])
        else:
            return
        self.app.say(text + far)

    # ------------------------------------------------------------ frames

    def reading(self, frame, now):
        for i in range(_CELLS):
            self.seen[i] = key_of(frame, _FIELD + i)
        self.have_seen = True
        pad = key_of(frame, PAD)
        if pad != self.pad:
            self.pad = pad
            if pad == EMPTY:
                self.pad_done = EMPTY
            elif pad == FAULT or pad == ODD:
                self.app.beep(render.REJECT)
                self.app.say(
                    "a reading out of tolerance at P: reseat the tile, clean the contacts"
                )
            elif pad != self.pad_done and not self.session.over:
                # The same tile turned round where it lies is not shown anew.
                turned = self.pad_done != EMPTY and tile_of(pad) == tile_of(self.pad_done)
                self.pad_done = pad
                self._shown(pad, now, turned)
        if self.session.over:
            return
        self._diff()
        if self.phase == "equipment":
            self._pushing(now)
        self._correct(now)

    def _diff(self):
        """wrong[] and wrongs: where the field differs from the engine's (the wall slots
        are the players' and never wrong)."""
        n = 0
        for i in range(_SLOTS):
            e, k = self.expect[i], self.seen[i]
            w = 0
            if k == FAULT or k == ODD:
                w = _BADREAD
            elif k != e:
                w = _MISSING if e != EMPTY else _EXTRA
            self.wrong[i] = w
            if w:
                n += 1
        self.wrongs = n

    def _pushing(self, now):
        """Follow a push in the one row that differs: a tile at a row end, the row
        shifted, the ejected tile gone (then it is played)."""
        row = -1
        for i in range(_SLOTS):
            if self.wrong[i]:
                if (row >= 0 and i >> 2 != row) or self.wrong[i] == _BADREAD:
                    self.push = None
                    return
                row = i >> 2
        if row < 0:                 # the field as it was: no push under way
            self.push = None
            self.refused = -1
            self.attack = False
            return
        q = 4 * row
        a, b, c, d = self.seen[q], self.seen[q + 1], self.seen[q + 2], self.seen[q + 3]
        ob, oc = self.expect[q + 1], self.expect[q + 2]
        x, z = ob >> 3, oc & 7
        push = None
        if a == EMPTY and b == ob and c == oc and d != EMPTY:
            push = (row, 1, d, 0)                     # at the right end
        elif d == EMPTY and b == ob and c == oc and a != EMPTY:
            push = (row, 0, a, 0)                     # at the left end
        elif b == oc and c != EMPTY and d == EMPTY and (a == ob or a == EMPTY):
            push = (row, 1, c, 1 if a == ob else 2)   # shifted left (ejected gone)
        elif c == ob and b != EMPTY and a == EMPTY and (d == oc or d == EMPTY):
            push = (row, 0, b, 1 if d == oc else 2)   # shifted right
        if push is None:
            self.push = None
            return
        new = push[2]
        if self.refused == row * 256 + new:
            self._refuse(row, new, None, now)        # refused already, still there
            return
        end = z if push[1] else x
        touching = new >> 3 if push[1] else new & 7
        if touching != end:
            self._refuse(row, new, "%s does not touch the %s end of row %d, which shows %d"
                         % (tile_text(new), "right" if push[1] else "left", row, end), now)
            return
        if self.push is None or self.push[:3] != push[:3]:
            ejected = ob if push[1] else oc
            self.app.say("%s: %s into row %d; %s goes to %s" % (
                self.SEATS[self.session.turn], tile_text(new), row, tile_text(ejected),
                self.SEATS[self.session.turn]))
        self.push = push
        for i in range(q, q + 4):
            self.wrong[i] = 0
        self.wrongs = 0
        if push[3] == 2:
            self._push_done(now)

    def _push_done(self, now):
        row, side, new, _step = self.push
        text = "P%s%s%d" % (mf.name(tile_of(new)), "R" if side else "L", row)
        ai = self.shown
        if ai is not None:
            if ai[7:12] != text:
                self._refuse(row, new, "%s pushes %s: take this tile back" % (
                    self.session.player(self.session.turn), _push_words(ai)), now)
            elif not self._try(ai, now):
                self._refuse(row, new, None, now)
            return
        wall = self._wall(self.session.turn)
        if wall is None or len(wall) != 2:
            # Not refused: the push stands, and is played once the wall is read.
            if not (self.app.said or "").startswith("wall:"):
                self.app.beep(render.REJECT)
                self.app.say("wall: set two tiles face down on your wall slots, the push stands")
            return
        move = "W%s,%s %s%s" % (
            mf.name(wall[0]),
            mf.name(wall[1]),
            text,
            "+A" if self.attack else "",
        )
        if not self._try(move, now):
            self._refuse(row, new, None, now)

    def _refuse(self, row, new, why, now):
        """A push the rules refuse: its row is put back as it was (red until then)."""
        self.refused = row * 256 + new
        self.push = None
        self.attack = False
        for i in range(4 * row, 4 * row + 4):
            if self.seen[i] != self.expect[i]:
                self.wrong[i] = _REFUSED
        if why is not None:
            self.app.beep(render.REJECT)
            self.app.say(why)
            self.app.log(now, "reject push %s row %d: %s" % (tile_text(new), row, why))
        names = self._wrong_names(0)
        if names != self.noted:    # the reason stays on the display, not "put right"
            self.noted = names
            self.app.note("correction", now, names)

    def _wall(self, seat):
        """The tiles on ``seat``'s wall slots (tile order), or None when a slot reads
        nothing valid or the same tile twice."""
        out = []
        for i in (_SLOTS + 2 * seat, _SLOTS + 2 * seat + 1):
            k = self.seen[i]
            if k == FAULT or k == ODD:
                return None
            if k != EMPTY:
                t = tile_of(k)
                if t in out:
                    return None
                out.append(t)
        out.sort()
        return out or None

    def _correct(self, now):
        """Say what to put right, and note a correction, when what is wrong changes;
        while the field is being laid (setup), what to lay, and no correction."""
        names = self._wrong_names(0)
        if self.setup:
            self._laying(names, now)
            return
        if names == self.noted:
            return
        self.noted = names
        if not names:
            self._say_turn()
            return
        self.app.note("correction", now, names)
        self.app.log(now, "correction: %s" % names)
        self.app.beep(render.REJECT)
        if not self._misread():
            self.app.say("put the field right: %s" % self.put_right())

    def _laying(self, names, now):
        """The setup: the field laid as the positions ask, until it reads right."""
        if not names:
            self.setup = False
            self.noted = ""
            self.app.note("setup-ok", now)
            self.app.log(now, "setup ok")
            self.app.beep(render.ACCEPT)
            self._say_turn()
        elif names != self.noted:
            self.noted = names
            if not self._misread():
                self.app.say("lay the field: %s" % self.put_right())

    def _misread(self):
        """Say where a contact reads outside every window, if one does."""
        faults = self._wrong_names(_BADREAD)
        if faults:
            self.app.say(
                "a reading out of tolerance at %s: reseat the tile, clean the contacts" % faults
            )
        return faults

    def put_right(self):
        """What each wrong field position should hold, as a person reads it: after an
        undo the tiles are not all missing, some are other tiles ('B0 0-0, D0 empty')."""
        return ", ".join(["%s %s" % (self.names[_FIELD + i], "empty" if self.expect[i] == EMPTY
                                     else tile_text(self.expect[i]))
                          for i in range(_SLOTS) if self.wrong[i]])

    def _wrong_names(self, why):
        """The names of the positions that are wrong (for that reason, if ``why``)."""
        return " ".join([self.names[_FIELD + i] for i in range(_SLOTS)
                         if self.wrong[i] and (not why or self.wrong[i] == why)])

    # ------------------------------------------------------------ the pad

    def _shown(self, key, now, turned=False):
        """A tile set down on the pad: a pie group's tile, a formation's use, a steal.
        The tile just shown, shown again (``turned``: turned round on the pad) gives the
        square now on its left instead: no use or steal of it twice."""
        ph = self.phase
        t = tile_of(key)
        app = self.app
        if ph == "pie_offer":
            if turned:
                return
            if t not in engine.pool(self.session.state):
                app.beep(render.REJECT)
                app.say("%s is not one of the 20 tiles to share" % tile_text(key))
                return
            if t in self.group:
                self.group.remove(t)
            else:
                self.group.append(t)
            app.beep(render.CLICK)
            app.say("group 1: %s; OK to offer" % _count(len(self.group), "tile"))
        elif ph == "combat_select" and self.ready is None:
            if not self.forms:
                app.beep(render.REJECT)
                app.say("first LEFT (upper row) or RIGHT (lower row) opens a formation")
                return
            uses = self.forms[-1][1]
            _use(uses, t, key >> 3)
            app.beep(render.CLICK)
            app.say("%s row formation: %s, the last %d" % (
                "upper" if self.forms[-1][0] == 0 else "lower", _count(len(uses), "square"),
                key >> 3))
        elif ph == "combat_steal":
            _use(self.steal, t, key >> 3)
            app.beep(render.CLICK)
            app.say("%s to take, the last adding %d; OK" % (_count(len(self.steal), "tile"),
                                                           key >> 3))

    def _selection(self):
        """The selection entered, as the engine writes it ("F -" when none)."""
        forms = []
        for row, uses in self.forms:
            vals = [v for t, v in uses]
            # A 0 shown after the 7 counts high.
            zh = 0 in vals and 7 in vals and vals.index(0) > vals.index(7)
            forms.append((row, zh, uses))
        return mf.canonical(forms)[0]

    def _steal_move(self):
        """The steal as a move: each use goes to the first formation it lengthens
        legally, in the canonical order the engine counts."""
        s = self.session.state
        if not self.steal:
            return "T -"
        n = len(s.sel[self.session.turn])
        picked = []
        for t, v in self.steal:
            for k in range(1, n + 1):
                trial = picked + ["%s/%d@%d" % (mf.name(t), v, k)]
                if engine.is_legal(s, "T " + ",".join(trial)):
                    picked = trial
                    break
            else:
                return None
        return "T " + ",".join(picked)

    # ------------------------------------------------------------ moves

    def _try(self, move, now):
        """Play ``move``; when the rules refuse it, say why. True when played."""
        ses = self.session
        try:
            engine.play(ses.state, move)
        except IllegalMove as e:
            self.app.beep(render.REJECT)
            self.app.log(now, "reject %s: %s" % (move, e))
            why = str(e)
            if "fixed" in why:      # the engine names the kept wall: never on the display
                why = "your wall is fixed: set the wall you chose first back on your slots"
            self.app.say(why)
            return False
        ses.play(move, now)
        self.app.beep(render.ACCEPT)
        return True

    # ------------------------------------------------------------ a seat not at the board

    def can_show(self):
        return not self.wrongs

    def coming(self, move, now):
        """Played at once, but for a push, which a person carries out."""
        if move == engine.FREE:
            move = engine.auto_move(self.session.state)
        if move[0] == "W" and self.phase == "equipment":
            self.shown = move
            self.app.say("%s pushes %s%s: carry it out" % (
                self.session.player(self.session.turn), _push_words(move),
                ", then attacks" if move.endswith("+A") else ""))
            return
        self._try(move, now)

    # ------------------------------------------------------------ input

    def press(self, key, now):
        app, ses, keys = self.app, self.session, self.keys
        if self.wrongs:
            if key != keys["menu"]:
                app.beep(render.REJECT)
                app.say("lay the field first" if self.setup else "put the field right first")
            return
        if ses.away():
            app.beep(render.REJECT)
            app.say("%s's turn" % ses.player(ses.turn))
            return
        ph = self.phase
        # A refused key always says why: a note left by an earlier key would be stale.
        if key == keys["pass"]:
            if ph == "equipment" and self.push is None:
                self._try("pass", now)
            elif ph == "combat_select":
                self.forms = []
                self.ready = None
                self._say_turn()
            else:
                app.beep(render.REJECT)
                app.say("no pass during a push" if ph == "equipment" else
                        "PASS passes in the equipment phase")
        elif key == keys["attack"]:
            if ph != "equipment":
                app.beep(render.REJECT)
                app.say("ATTACK is for the equipment phase")
            elif self.push is None:
                self._try("A", now)
            else:
                self.attack = True
                app.beep(render.CLICK)
                app.say("attack after this push")
        elif key == keys["left"] or key == keys["right"]:
            side = 0 if key == keys["left"] else 1
            if ph == "pie_accept":
                self._try("C%d" % (side + 1), now)
            elif ph == "combat_select" and self.ready is None:
                self.forms.append([side, []])
                app.beep(render.CLICK)
                app.say(
                    "%s row formation: show its tiles on the pad"
                    % ("upper" if side == 0 else "lower")
                )
            else:
                app.beep(render.REJECT)
                app.say("OK confirms, PASS starts again" if ph == "combat_select" else
                        "LEFT and RIGHT choose a pie group, then open formations")
        elif key == keys["ok"]:
            self._ok(now)
        elif key == keys.get("draw"):
            app.beep(render.REJECT)
            app.say("DRAW is not used in Masbrur")

    def _ok(self, now):
        ph = self.phase
        app = self.app
        if ph == "pie_offer":
            if self.group:
                self.group.sort()
                self._try("O " + mf.tiles_text(self.group), now)
            else:
                app.beep(render.REJECT)
                app.say("show group 1's tiles on the pad first")
        elif ph == "combat_wall":
            wall = self._wall(self.session.turn)
            if wall is None:
                app.beep(render.REJECT)
                app.say("set your wall on your slots")
            else:
                self._try("W" + ",".join([mf.name(t) for t in wall]), now)
        elif ph == "combat_select":
            if self.ready is None:
                self.ready = self._selection()
                app.beep(render.CLICK)
                app.say("%s, %s: OK to confirm, PASS to start again"
                        % (_count(len(self.forms), "formation"),
                           _count(sum([len(f[1]) for f in self.forms]), "square")))
            elif not self._try(self.ready, now):
                self.forms = []
                self.ready = None
        elif ph == "combat_steal":
            move = self._steal_move()
            if move is None:
                app.beep(render.REJECT)
                app.say("those tiles lengthen none of your formations as the rules allow; "
                        "show them again")
                self.steal = []
            elif not self._try(move, now):
                self.steal = []
        else:
            app.beep(render.REJECT)
            app.say("LEFT or RIGHT takes a group" if ph == "pie_accept" else
                    "no OK now: push, PASS or ATTACK")

    # ------------------------------------------------------------ display (no allocation)

    def scores_shown(self):
        """Do L1-L13 / R1-R13 show the medals and totals? At the end, and between rounds
        until the offerer shows group 1's first tile (R1-R13 then count the group)."""
        ph = self.phase
        if ph == "over":
            return True
        last = self.session.state.last is not None
        return last and (ph == "pie_accept" or (ph == "pie_offer" and not self.group))

    def draw(self, f, now, still=False):  # noqa: C901, PLR0912 (one pass, no allocation)
        render.clear(f)
        ses = self.session
        s = ses.state
        blink = render.blink(now, 500, 300)
        for i in range(_SLOTS):
            if self.expect[i] != EMPTY:
                render.put(f, _FIELD + i, _GUIDE)
        ph = self.phase
        scores = self.scores_shown()
        if scores:
            _scores(f, s)
        if ph == "over":
            return
        if self.wrongs:
            for i in range(_SLOTS):
                w = self.wrong[i]
                if w == _BADREAD:
                    render.put(f, _FIELD + i, render.MAGENTA)
                elif w and blink:
                    render.put(f, _FIELD + i, render.WHITE if w == _MISSING else render.RED)
            return
        seat = ses.turn
        colour = render.PLAYER[seat]
        if ph == "equipment":
            render.bar(f, _TRACK_L, 13, s.die if s.die < 13 else 13, 13, render.YELLOW)
            if self.push is not None:
                row, side, _new, step = self.push
                if step == 0:      # the tile that will go: the far end's
                    far = 4 * row + (1 if side else 2)
                else:              # shifted: the ejected tile sits on the far input
                    far = 4 * row + (0 if side else 3)
                if blink:
                    render.put(f, _FIELD + far, colour)
            elif self.shown is not None:
                if blink or still:  # the input position the board's push goes on
                    m = self.shown
                    render.put(
                        f, _FIELD + 4 * (ord(m[11]) - 48) + (3 if m[10] == "R" else 0), colour
                    )
            elif ses.away():   # its move not known yet: the input positions breathe
                level = ses.breath(now, 120)
                for r in range(8):
                    render.put_scaled(f, _FIELD + 4 * r, colour, level)
                    render.put_scaled(f, _FIELD + 4 * r + 3, colour, level)
            elif blink and not still:
                for r in range(8):
                    render.put(f, _FIELD + 4 * r, colour)
                    render.put(f, _FIELD + 4 * r + 3, colour)
        elif ph == "combat_select" or ph == "combat_steal" or ph == "combat_wall":
            for p in (0, 1):
                if ph != "combat_wall" and s.wall[p]:
                    render.put(f, _FIELD + _SLOTS + 2 * p, render.PLAYER[p])
                    render.put(f, _FIELD + _SLOTS + 2 * p + 1, render.PLAYER[p])
            if blink and not still:
                render.put(f, PAD, colour)
        elif ph == "pie_offer":
            if not scores:    # (R1-R13 held B's medals and total, wiped by an empty bar)
                render.bar(f, _TRACK_R, 13, len(self.group), 20, colour)
            if blink and not still:
                render.put(f, PAD, colour)
        elif ph == "pie_accept" and blink and not still:
            render.put(f, _TRACK_L, colour)
            render.put(f, _TRACK_R, colour)

    def score(self, halves):
        """A score as the players count it (session.outcome): the engine counts halves."""
        return _halves(halves)

    def legal(self):
        if self.phase != "equipment":
            return None
        from firmware.app.games import masbrur_tile_status
        return masbrur_tile_status.legal(self.session)

    def details(self, out):
        """The field as read and as expected, what is wrong, and masbrur_tile_status.py's
        part (tools only, like all of status())."""
        from firmware.app.games import masbrur_tile_status
        out["field"] = " ".join(["%s:%s" % (self.names[_FIELD + i], tile_text(self.seen[i]))
                                 for i in range(_SLOTS) if self.seen[i] < ODD])
        out["expected"] = " ".join(["%s:%s" % (self.names[_FIELD + i], tile_text(self.expect[i]))
                                    for i in range(_SLOTS) if self.expect[i] != EMPTY])
        out["wrong"] = [self.names[_FIELD + i] for i in range(_SLOTS) if self.wrong[i]]
        masbrur_tile_status.add(self, out)


def _use(uses, t, value):
    """Add tile ``t`` giving ``value`` to ``uses``; the tile of the last use again
    replaces that use (turned round, it gives the other square)."""
    if uses and uses[-1][0] == t:
        uses[-1] = (t, value)
    else:
        uses.append((t, value))


def _push_words(move):
    """'W05,14 P36R5' -> '3-6 into row 5 from the right'."""
    return "%s-%s into row %s from the %s" % (move[8], move[9], move[11],
                                             "right" if move[10] == "R" else "left")


def _count(n, word):
    """'1 tile', '2 tiles'."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _halves(h):
    return "%d%s" % (h // 2, ".5" if h % 2 else "")


def _scores(f, s):
    """The last round's half-medals on L1-L6 / R1-R6, the totals on L7-L13 / R7-R13."""
    last = s.last
    top = max(s.score[0], s.score[1], 1)
    for p in (0, 1):
        first = _TRACK_L if p == 0 else _TRACK_R
        if last is not None:
            render.bar(f, first, 6, last[p], 6, render.PLAYER[p])
        render.bar(f, first + 6, 7, s.score[p], top, render.PLAYER[p])
