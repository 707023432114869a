"""Dominó Mano a Mano on the tile board: what the track and the pad read and what the
LEDs show (the game itself - record, saving, undo - is the session's: session.py).

The board cannot see the hands or the boneyard, so the engine runs in its observed mode
(firmware/rules/mano_observed.py): hands are counts, a draw is the DRAW button, a pass
the PASS button, and a play is a tile read on the track. The lead lies on the start slot
S; a tile played on the left end goes on the next free slot leftwards (L1, L2, ...), on
the right end rightwards (R1, ...), so where it lies says which end, and the value it
matches says which way round. The board takes a frame only once every contact has read
the same for the settle time (a tile being set down bounces).

A tile on an end's next slot is played at that end. The board refuses - and says why,
the slot lit red until the tile is taken away - a tile that does not fit (lighting the
other end's slot green when it fits there), a tile already in the line, a tile that is
no double-six tile, and a tile put down when no tile may be (the hand over, or two at
once: one of them out of turn). Anything else that differs from the line - a tile
lifted (its slot blinks white until it is back), a tile on another slot, a contact that
reads outside every window (named, lit magenta: never taken for the nearest value) - is
corrected the same way; nothing is played until the track matches the line again.
When an end has used its 13 slots, its tiles go on beyond the track: show the tile on
the pad P and press LEFT or RIGHT.

Who leads: the board cannot know who holds the highest double; LEFT names seat A and
RIGHT seat B, before or after the lead is put on S. (With later leads by the winner,
the engine names the seat.) When a hand ends - a domino, or a dead line (announced with
the blocker named) - the tiles left in hand are shown on the pad one at a time, seat A's
first; with the last one the hand is scored, the scores shown as bars over the field
against the target, and the next hand starts once the track is cleared: a lead is taken
only on a track that has read empty since the line was (the last hand's lead can lie alone
on S while the tiles are taken off). Every draw of the hand, and a lead the highest-double
rule gives, is then checked against the tiles the seats played and showed
(rec["draw_checks"], rec["lead_checks"]: [ply, seat, "fine" |
"held a tile that fit" | "held a higher tile" | "cannot tell"]:
firmware/app/games/mano_tile_checks.py).

A seat not at the board (the board's own play, setting mano.opponent, or a player
elsewhere whose moves come from a file): its tiles lie face down on the field and
firmware/app/games/mano_tile_seat.py carries its moves out; on its turn only the move it
asks for is taken. In a remote game (core/link.py) the player elsewhere holds their tiles
far away: BoardSeat is then firmware/app/games/mano_tile_far.py's FarSeat.

LEDs: the line's tiles dim white; the slots of both ends blink in the mover's colour;
the field shows each seat's hand count (A on rows 0-3, B on rows 4-7; against the board,
its tiles instead) and the walls the boneyard; between hands and at the end, the scores.
Game over: OK or MENU returns to the menu."""
from firmware import native
from firmware.app.core import render
from firmware.app.core.sensing import Sensing
from firmware.app.boards.tile_positions import EMPTY, FAULT, ODD, PAD, name, reading, slot
from firmware.rules import IllegalMove
from firmware.rules import mano as engine

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SEATS = "AB"   # (Play.SEATS: mano_tile_seat.py and mano_tile_checks.py name them too)
_TRACK = const(27)      # slots S, L1-L13, R1-R13: cells 0-26
_FIELD = const(28)
_WALLS = const(60)
MISSING = const(1)      # wrong[]: the line's tile is not there
EXTRA = const(2)        # a tile where none should be
BADREAD = const(3)      # a contact that reads nothing valid
REFUSED = const(4)      # a tile the rules refuse, on an end's slot
_GUIDE = const((40, 40, 40))  # a tile of the line


def options(cfg, settings, profile):
    opts = settings.game_options(cfg, "mano")
    opts["mode"] = "observed"   # real tiles: the board never deals
    return opts


def seed(cfg, now):
    return 0


def key_of(frame, cell):
    """What a position reads: a tile as low * 8 + high, or EMPTY, FAULT, ODD."""
    k = reading(frame, cell)
    if k < ODD and k >> 3 > k & 7:
        return (k & 7) * 8 + (k >> 3)
    return k


def tile_name(key):
    return "%d-%d" % (key >> 3, key & 7)


def keys_in(frame, seen, n):
    """seen[c] = key_of(frame, c) for the first ``n`` positions (native twin:
    mano_tile_native.keys_in: the track's 27 take ~4 ms as byte-code on a Pico, on every
    frame the board reads)."""
    for c in range(n):
        seen[c] = key_of(frame, c)


def diff_in(expect, seen, wrong, n, refused):
    """wrong[c]: why the first ``n`` slots' readings ``seen`` disagree with ``expect`` (0:
    they agree; ``refused``: cell * 256 + key of a refused tile still down, or -1); how
    many do (native twin: mano_tile_native.diff_in: ~2 ms as byte-code on a Pico, twice
    in the step that plays a tile)."""
    count = 0
    for c in range(n):
        e, k = expect[c], seen[c]
        w = 0
        if k == FAULT or k == ODD:
            w = BADREAD
        elif k != e:
            w = MISSING if e != EMPTY else EXTRA
        if w == EXTRA and refused == c * 256 + k:
            w = REFUSED
        wrong[c] = w
        if w:
            count += 1
    return count


_twin = native.load("firmware.app.games.mano_tile_native")   # (loaded with the game)
_keys_in = _twin.keys_in if _twin else keys_in
_diff_in = _twin.diff_in if _twin else diff_in
_bar = _twin.bar if _twin else render.bar   # (three bars a frame: ~3 ms as byte-code)


class Play(Sensing):
    SEATS = SEATS

    def __init__(self, app, rec, now):
        if rec["options"].get("mode") != "observed":
            raise ValueError("the tile board plays Mano a Mano with real tiles (mode observed)")
        self.expect = bytearray(_TRACK)    # each slot's tile key, or EMPTY
        self.line = None                   # the engine's line that expect shows
        # wrong[]: 0 or why the slot disagrees (MISSING ...)
        self.pad = EMPTY                  # what the pad reads
        self.pad_done = EMPTY             # the pad tile last taken (revealed, played)
        self.fits_other = -1               # the slot a refused tile would fit, or -1
        self.refused = -1                  # cell * 256 + tile key of a refused play still down
        self.leader = -1                   # the seat named to lead, before the lead is down
        self.next_l = self.next_r = 0      # the cells of the ends' next slots (-1 past the track)
        self.left = 0                      # how many of the line's tiles lie left of the lead
        self.phase = ""
        self.cleared = False               # the track has read empty (this game, this hand)
        self.last_hand = "a new match"     # the last hand's result, as said when it was scored
        Sensing.__init__(self, app, rec, now, engine, _TRACK)
        ses = self.session
        self.hands = len(engine.hand_history(ses.state))
        self.bot = None                    # the seat not at the board (mano_tile_seat.py)
        for seat in (0, 1):
            if not ses.players[seat].at_board:
                from firmware.app.games.mano_tile_seat import BoardSeat
                self.bot = BoardSeat(self, seat)
        self.moved(now)

    # ------------------------------------------------------------ position

    def moved(self, now):
        ses = self.session
        s = ses.state
        line = s.line
        if ses.over:
            self.phase = "over"
        elif not line:
            self.phase = "lead"
        elif s.phase == engine._REVEAL:   # (its move list would take ~20 ms on a Pico)
            self.phase = "reveal"
        else:
            self.phase = "play"
        hands = len(s.hist)   # (hand_history makes every hand's dict: only the last is said)
        if hands > self.hands:
            self.cleared = False           # the hand's tiles lie on the track
            _tell(self, ("scored", engine.hand_history(s)[-1], s, now))
        self.hands = hands
        if line is not self.line:   # (a hand's reveals leave it: ~3 ms on a Pico)
            moves = ses.rec["moves"]
            end = moves[-1][:1] if moves else ""
            if self.line is not None and len(line) == len(self.line) + 1 and end in ("L", "R"):
                # The move just played put one tile at an end: only its slot (the lead's
                # place is known; counting it back through the record takes ~2 ms on a Pico).
                if end == "L":
                    self.left += 1
                first = 0 if end == "L" else len(line) - 1
                last = first + 1
            else:
                self.left = self._lead_index(len(line))
                self.expect[:] = b"\xff" * _TRACK   # EMPTY everywhere, copied, not looped
                first, last = 0, len(line)
            self.line = line
            left = self.left
            for i in range(first, last):
                c = slot(i - left)
                if c >= 0:
                    t = line[i]
                    a, b = t >> 3, t & 7
                    self.expect[c] = a * 8 + b if a <= b else b * 8 + a
            self.next_l = slot(-left - 1) if line else 0
            self.next_r = slot(len(line) - left) if line else 0
        if self.have_seen:
            self._diff()
            self._correct(now)
        if self.phase == "reveal" and self.hands == hands:
            _tell(self, ("announce_end", s, now))
        elif self.phase == "play" and not self.wrongs:
            self._say_turn()
        if self.bot is not None:
            self.bot.moved(now)

    def _lead_index(self, n):
        """How many of the line's ``n`` tiles lie left of the lead: the hand's L plays,
        counted back through the record."""
        moves = self.session.rec["moves"]
        left = 0
        k = len(moves) - 1
        need = n - 1
        while need > 0 and k >= 0:
            c = moves[k][:1]
            if c == "L" or c == "R":
                need -= 1
                if c == "L":
                    left += 1
            k -= 1
        return left

    def _say_turn(self):
        s = self.session.state
        self.app.say("%s to play on %d|%d; hands %d-%d, boneyard %d" % (
            SEATS[s.move], s.le, s.re, s.h[0], s.h[1], s.nb))


    # ------------------------------------------------------------ frames

    def reading(self, frame, now):
        _keys_in(frame, self.seen, _TRACK)
        self.have_seen = True
        if self.phase == "lead" and self._track_empty():
            self.cleared = True
        bot = self.bot
        if bot is not None:
            bot.frame(frame, now)
        pad = key_of(frame, PAD)
        if pad != self.pad:
            self.pad = pad
            if pad == EMPTY:
                self.pad_done = EMPTY
            elif pad == FAULT or pad == ODD:
                _tell(self, ("bad_pad",))
            elif bot is not None and bot.carried(PAD, pad):
                self.pad_done = pad
                self.try_move(bot.move, now)   # its tile beyond the track, to the end it chose
                return
            elif pad != self.pad_done and self.phase == "reveal":
                self.pad_done = pad
                self.try_move("reveal %d %s" % (self.session.turn, tile_name(pad)), now)
                return
        if self.session.over:
            return
        self._diff()
        c = self._play_slot()
        if c < 0:
            self.refused = -1
            self._correct(now)
            return
        k = self.seen[c]
        if self.refused == c * 256 + k:
            return                       # refused already, still there
        if self.phase == "lead":
            self._lead(k, now)
        else:
            self.try_move(("L" if c == self.next_l else "R") + tile_name(k), now, c)

    def _lead(self, k, now):
        ses = self.session
        seat = ses.turn if ses.turn >= 0 else self.leader
        if seat < 0:
            _tell(self, ("who_leads", k))
            return
        self.try_move(tile_name(k) if ses.turn >= 0 else "%d:%s" % (seat, tile_name(k)), now, 0)

    def try_move(self, move, now, cell=-1, board=False):
        """Play ``move`` (``board``: the board's own, for the seat it plays); when the rules
        refuse it, or it is the board's turn and this is not the move it asked for, say why
        (its slot, if any, red). True when played."""
        ses = self.session
        if self.bot is not None and not board and not self.bot.allows(move, cell, now):
            return False
        try:
            after = engine.play(ses.state, move)
        except IllegalMove as e:
            self.app.beep(render.REJECT)
            self.app.log(now, "reject %s: %s" % (move, e))
            self.refuse(move, cell, str(e), now)
            return False
        if len(after.hist) > self.hands:
            # They replay the match (~0.5 s on a Pico late in it): after the frame when the
            # runner says so (device.py), saved with the move all the same.
            later = self.app.later
            if later is not None:
                later.append((self._check_hands, len(ses.rec["moves"]), move))
            else:
                self._check_hands(len(ses.rec["moves"]), move)
        self.leader = -1
        self.refused = -1
        self.fits_other = -1
        ses.play(move, now, after)   # checked: not played again (~4 ms on a Pico)
        self.app.beep(render.ACCEPT)
        return True

    def _check_hands(self, plies, move):
        """The record's checks of the finished hands, its first ``plies`` moves and ``move``."""
        rec = self.session.rec
        rec["draw_checks"], rec["lead_checks"] = hand_checks(rec, move, plies)

    def refuse(self, move, cell, why, now):
        """The rules refuse ``move`` (its tile on ``cell``, or -1): said, and its slot marked
        refused, after the frame (the frame already shows the tile red, as one not in line)."""
        _tell(self, ("refuse", move, cell, why, now))

    def _diff(self):
        """wrong[] and wrongs: where the track differs from the line."""
        n = self.wrongs = _diff_in(self.expect, self.seen, self.wrong, _TRACK, self.refused)
        if not n:
            self.fits_other = -1

    def _track_empty(self):
        for c in range(_TRACK):
            if self.seen[c] != EMPTY:
                return False
        return True

    def _play_slot(self):
        """The slot of a play the track shows (one new tile, on the slot a play goes
        on, everything else as the line has it), or -1. A lead only on a track that has
        been empty: while the last hand's tiles are taken off, its lead can lie alone on
        S for a while."""
        if self.wrongs != 1 or self.phase == "reveal" or self.phase == "over" or (
                self.bot is not None and self.bot.wrongs) or (
                self.phase == "lead" and not self.cleared):
            return -1
        for c in range(_TRACK):
            if self.wrong[c]:
                if self.wrong[c] != EXTRA and self.wrong[c] != REFUSED:
                    return -1
                if self.phase == "lead":
                    return c if c == 0 else -1
                return c if c == self.next_l or c == self.next_r else -1
        return -1

    def _correct(self, now):
        """Say what to put right, and note a correction, when what is wrong changes."""
        names = (self.wrongs and " ".join([name(c) for c in range(_TRACK) if self.wrong[c]])) or ""
        if names == self.noted:
            return
        self.noted = names
        if not names:
            if self.phase == "play":
                self._say_turn()
            return
        _tell(self, ("correction", names, now))

    # ------------------------------------------------------------ input

    def can_show(self):
        return False   # its tiles and its moves are the seat's own (mano_tile_seat.py)

    def tick(self, now):
        Sensing.tick(self, now)
        if self.bot is not None and not self.session.over:
            self.bot.tick(now)

    def press(self, key, now):
        keys = self.keys
        if key == keys["draw"] or key == keys["pass"]:
            move = "draw" if key == keys["draw"] else "pass"
            if self.phase != "play" or self.wrongs:
                _tell(self, ("no_button", move))
            else:
                self.try_move(move, now)
        elif key == keys["left"] or key == keys["right"]:
            self._side(0 if key == keys["left"] else 1, now)
        elif key == keys["ok"] or key == keys.get("attack"):
            self.app.beep(render.REJECT)     # said, or an earlier key's note would stand for it
            self.app.say("OK does nothing during a hand" if key == keys["ok"]
                    else "ATTACK is for Masbrur")

    def _side(self, side, now):
        """LEFT / RIGHT: the seat that leads, or the end a tile on the pad goes to."""
        app = self.app
        if self.phase == "lead" and self.session.turn < 0:
            self.leader = side
            if self.have_seen and self._play_slot() == 0:
                self._lead(self.seen[0], now)
            else:
                app.say("%s leads: put the lead on S" % SEATS[side])
            return
        end = self.next_l if side == 0 else self.next_r
        if self.phase != "play" or end >= 0 or self.pad >= ODD or self.wrongs:
            _tell(self, ("no_side",))
            return
        self.pad_done = self.pad
        self.try_move(("L" if side == 0 else "R") + tile_name(self.pad), now)

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now, still=False):
        render.clear(f)
        ses = self.session
        s = ses.state
        blink = render.blink(now, 500, 300)
        for c in range(_TRACK):
            if self.expect[c] != EMPTY:
                render.put(f, c, _GUIDE)
        if self.phase == "over" or self.phase == "reveal" or (self.phase == "lead" and s.hand > 1):
            target = s.o["target"]
            _bar(f, _FIELD, 16, s.score[0], target, render.PLAYER[0])
            _bar(f, _FIELD + 16, 16, s.score[1], target, render.PLAYER[1])
        else:
            if self.bot is None:   # else the field holds the board's tiles
                _bar(f, _FIELD, 16, s.h[0], 16, render.PLAYER[0])
                _bar(f, _FIELD + 16, 16, s.h[1], 16, render.PLAYER[1])
            _bar(f, _WALLS, 4, s.nb, 14, render.WHITE)
        if self.phase == "over":
            return
        board = self.bot is not None and self.bot.draw(f, now, blink and not still)
        if self.wrongs:
            for c in range(_TRACK):
                w = self.wrong[c]
                if w == BADREAD:
                    render.put(f, c, render.MAGENTA)
                elif w and blink:
                    render.put(f, c, render.WHITE if w == MISSING else render.RED)
            if self.fits_other >= 0 and blink:
                render.put(f, self.fits_other, render.GREEN)
            return
        if board or still or not blink:
            return
        if self.phase == "reveal":
            render.put(f, PAD, render.PLAYER[ses.turn])
        elif self.phase == "lead":
            seat = ses.turn if ses.turn >= 0 else self.leader
            render.put(f, 0, render.PLAYER[seat] if seat >= 0 else render.WHITE)
        else:
            c = render.PLAYER[s.move]
            render.put(f, self.next_l if self.next_l >= 0 else PAD, c)
            render.put(f, self.next_r if self.next_r >= 0 else PAD, c)

    def details(self, out):
        """The track as read and as expected (mano_tile_status.py: tools only)."""
        from firmware.app.games import mano_tile_status
        mano_tile_status.add(self, out)


def hand_checks(rec, last, plies=None):
    """mano_tile_checks.hand_checks, its code held for the call only (once a hand)."""
    from firmware.app.core import unload
    return unload.once("firmware.app.games.mano_tile_checks").hand_checks(rec, last, plies)


def _tell(play, call):
    """Say ``call`` (a function of mano_tile_words.py by name, and its arguments after
    the play): what the board says seldom (a hand's end and score, a refusal, a
    correction), its code held for the call only. Loading it takes ~0.1 s on a Pico, so
    it is said once the LEDs show the step's frame when the runner says so (device.py)."""
    later = play.app.later
    if later is None:
        _told(play, call)
    else:
        later.append((_told, play, call))


def _told(play, call):
    from firmware.app.core import unload
    getattr(unload.once("firmware.app.games.mano_tile_words"), call[0])(play, *call[1:])
