"""A seat not at the board in Mano a Mano on the tile board: the board's own play
(setting mano.opponent) or a player elsewhere (core/seats.py); loaded only then. Its tiles
lie face down on the field, A0-D7, on any positions: the board reads them there and
nobody else sees them. The board decides with firmware.ai from them and what everybody
sees (firmware/rules/mano_seat.py), or the player elsewhere sends the move; a person
carries its moves out:

* its tiles: at a hand's start deal it its seven there; until the lead is down it takes
  whatever seven the field holds (the last hand's tiles cleared away, a deal done again),
  and after an undo or a power cut whatever the field holds once the count is right;
* a play (or its lead): its tile's position and the slot it goes on blink in its colour;
  move the tile there. Any other tile put down on its turn is refused;
* a draw: the wall slots (the boneyard's bar) blink in its colour; put the boneyard's top
  tile face down on any free field position;
* a pass it plays itself, and at the end of a hand it shows its own tiles (it read them).

Any other change on the field - one of its tiles lifted, a tile added - blinks (white:
put it back, red: take it away, magenta: a bad reading) and nothing is played until it
is put right. Only positions are named, never its tiles."""
from firmware.app.core import render
from firmware.app.games.mano_tile import SEATS, key_of, tile_name
from firmware.app.boards.tile_positions import EMPTY, FAULT, FIELD, ODD, PAD, WALLS, name
from firmware.rules import mano_observed as observed
from firmware.rules import mano_seat

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_N = const(32)          # field positions
_MISSING = const(1)     # wrong[]: one of its tiles is not there
_EXTRA = const(2)       # a tile that is not one of its tiles
_BADREAD = const(3)
_HELD = const((24, 24, 24))   # dim: its tiles' positions


class BoardSeat:
    def __new__(cls, play, seat):
        # A remote game's player elsewhere: nothing of theirs lies on this field. Chosen
        # here, not in mano_tile.py, so that a game at the board interns no name for it.
        if "online" in play.session.rec:
            from firmware.app.games.mano_tile_far import FarSeat
            return FarSeat(play, seat)
        return object.__new__(cls)

    def __init__(self, play, seat):
        self.play = play
        self.seat = seat
        self.player = play.session.players[seat]   # core/seats.py: who decides its moves
        # How messages name it: "A (the board)", or "A (elsewhere)" for a player elsewhere.
        self.who = "%s (%s)" % (SEATS[seat], "the board" if hasattr(self.player, "level")
                                else "elsewhere")
        self.held = bytearray(_N)       # each field position's tile as the board took its hand
        self.seen = bytearray(_N)
        self.wrong = bytearray(_N)
        for i in range(_N):
            self.held[i] = self.seen[i] = EMPTY
        self.known = False              # held is its hand
        self.wrongs = 0
        self.asks = None                # None, "tiles", "lead", "play", "draw"
        self.said = -1                  # the field's tile count last said, asking for tiles
        self.noted = ""                 # the field positions last said to be put right
        self.move = None                # the move it asks a person to carry out
        self.src = -1                   # the field cell of the tile to carry
        self.dst = -1                   # where it goes: a track cell or PAD
        ses = play.session
        self.plies = len(ses.rec["moves"])
        self.hand = ses.state.hand

    # ------------------------------------------------------------ what it holds

    def need(self):
        """How many tiles it should hold on the field now."""
        return observed.owed(self.play.session.state, self.seat)

    def tiles(self):
        return [tile_name(k) for k in self.held if k != EMPTY]

    def turn(self):
        """Is the next move its own? (Its lead too, once a person named it the leader.)"""
        p = self.play
        t = p.session.turn
        return t == self.seat or (p.phase == "lead" and t < 0 and p.leader == self.seat)

    def frame(self, frame, now):
        for i in range(_N):
            self.seen[i] = key_of(frame, FIELD + i)
        self.check(now)

    def moved(self, now):
        """After every change of position: an undo or a new hand makes it read its hand
        afresh; its own tile carried out leaves its hand."""
        ses = self.play.session
        n = len(ses.rec["moves"])
        if n < self.plies or ses.state.hand != self.hand:
            self.known = False
        elif self.src >= 0 and n > self.plies:
            self.held[self.src] = EMPTY     # its tile, carried out (nothing else is taken then)
        self.plies = n
        self.hand = ses.state.hand
        self.asks = self.move = None
        self.src = self.dst = -1
        self.check(now)

    def check(self, now):
        """Compare the field with its hand: wrong[], wrongs; take its hand or a drawn tile."""
        p = self.play
        if p.phase == "over":
            self.wrongs = 0
            return
        seen, held, wrong = self.seen, self.held, self.wrong
        tiles = bad = 0
        for i in range(_N):
            k = seen[i]
            if k == FAULT or k == ODD:
                bad += 1
            elif k != EMPTY:
                tiles += 1
        # Before the lead its hand is whatever the field holds (a deal can be done again).
        if p.phase == "lead" and self.src < 0 and not self._deciding():
            self.known = False
        if not self.known:
            if not bad and tiles == self.need() and not self._in_line():
                for i in range(_N):
                    held[i] = seen[i]
                self.known = True
                if self.asks == "tiles":
                    self.asks = None
                    p.app.say("%s has its tiles" % self.who)
            else:
                for i in range(_N):
                    k = seen[i]
                    wrong[i] = _BADREAD if k == FAULT or k == ODD else 0
                self.wrongs = bad
                self._ask_tiles(tiles)
                return
        n = extra = 0
        for i in range(_N):
            k, e = seen[i], held[i]
            w = 0
            if k == FAULT or k == ODD:
                w = _BADREAD
            elif k != e:
                w = _EXTRA if k != EMPTY else _MISSING
                if w == _MISSING and i == self.src:
                    w = 0          # its tile, on its way to the slot
                elif w == _EXTRA and e == EMPTY:
                    extra = i + 1
            wrong[i] = w
            n += w != 0
        self.wrongs = n
        if n == 1 and extra and self.asks == "draw":
            held[extra - 1] = seen[extra - 1]
            self.wrongs = 0
            wrong[extra - 1] = 0
            if not p.try_move("draw", now, -1, True):
                held[extra - 1] = EMPTY
            return
        if n:
            names = " ".join([name(FIELD + i) for i in range(_N) if wrong[i]])
            if names != self.noted:
                self.noted = names
                p.app.note("correction", now, names)
                p.app.beep(render.REJECT)
                p.app.say(self.why_not())
        else:
            self.noted = ""

    def _in_line(self):
        """Does the field show a tile of the line (lifted from the track)?"""
        expect = self.play.expect
        for k in self.seen:
            if k != EMPTY:
                for e in expect:
                    if e == k:
                        return True
        return False

    def _ask_tiles(self, tiles):
        """Say what the field needs (when the count there changes)."""
        if self.asks == "tiles" and self.said == tiles:
            return
        self.asks = "tiles"
        self.said = tiles
        n = self.need()
        text = "%s holds %d tile%s: put them face down on the field (%d there)" % (
            self.who, n, "" if n == 1 else "s", tiles)
        later = self.play.app.later
        if later is None:
            self.play.app.say(text)
        else:   # after the words the step left for after its frame (a hand's score)
            later.append((_say, self.play.app, text))

    # ------------------------------------------------------------ its move

    def tick(self, now):
        """On its turn, with the track and the field right: decide (a slice at a time) and
        ask for the move, or play what needs no hands (a pass, its reveal)."""
        p = self.play
        if not self.known or self.wrongs or p.wrongs or self.move is not None or not self.turn():
            return
        ses = p.session
        if p.phase == "reveal":
            p.try_move("reveal %d %s" % (self.seat, " ".join(self.tiles())), now, -1, True)
            return
        if p.phase == "lead" and ses.turn < 0 and hasattr(self.player, "level"):
            # The board's lead is the rules': its highest double, else its heaviest tile
            # (a player elsewhere sends theirs).
            self._ask("%d:%s" % (self.seat, mano_seat.own_lead(self.tiles())), now)
            return
        move = self.player.ask(ses, now, self._view)
        if move is None:
            return
        if move == "pass":
            p.try_move(move, now, -1, True)
        else:
            self._ask(move, now)

    def _view(self):
        return mano_seat.seat_view(self.play.session.state, self.seat, self.tiles())

    def _ask(self, move, now):
        p = self.play
        who = self.who
        self.move = move
        if move == "draw":
            self.asks = "draw"
            p.app.say("%s draws: put the boneyard's top tile face down on the field" % who)
            return
        tile = move[move.find(":") + 1:] if p.phase == "lead" else move[1:]
        a, b = int(tile[0]), int(tile[2])
        key = a * 8 + b if a <= b else b * 8 + a
        self.src = -1
        for i in range(_N):
            if self.held[i] == key:
                self.src = i
        if self.src < 0:        # decided on tiles it no longer holds: decide again
            self._decide_again()
            self.move = None
            return
        if p.phase == "lead":
            self.asks, self.dst = "lead", 0
        else:
            self.asks = "play"
            self.dst = p.next_l if move[0] == "L" else p.next_r
            if self.dst < 0:
                self.dst = PAD
        p.app.say(
            "%s plays %s: carry it from %s to %s"
            % (who, tile_name(key), name(FIELD + self.src), name(self.dst))
        )

    def thinking(self):
        return self.move is None and self.turn() and self._deciding()

    def _deciding(self):
        return getattr(self.player, "thought", None) is not None

    def _decide_again(self):
        if hasattr(self.player, "forget"):
            self.player.forget()

    def allows(self, move, cell, now):
        """May a person's ``move`` (a tile put at ``cell``, or a button) be played? Not
        before it holds its tiles, nor while they are not as it left them, nor on its turn
        unless it is its move carried out: then say why (the slot lit red)."""
        p = self.play
        if (
            self.known
            and not self.wrongs
            and (
                not self.turn()
                or (cell >= 0 and self.carried(cell, p.seen[cell]))
                or (cell < 0 and move == self.move and self.carried(PAD, p.pad))
            )
        ):
            return True
        p.app.beep(render.REJECT)
        p.refuse(move, cell, self.why_not(), now)
        return False

    def carried(self, cell, key):
        """Is a tile ``key`` put down at ``cell`` the move it asked for?"""
        return cell == self.dst and self.src >= 0 and key == self.held[self.src]

    def why_not(self):
        """What to say when a move is refused."""
        if self.wrongs:
            return "%s's tiles on the field: put right %s" % (self.who, self.noted)
        if self.asks == "lead" or self.asks == "play":
            return "%s plays: carry its tile from %s to %s" % (
                self.who, name(FIELD + self.src), name(self.dst))
        if self.asks == "draw":
            return "%s draws: put the boneyard's top tile face down on the field" % self.who
        if self.asks == "tiles":
            return "%s has no tiles yet: put its %d face down on the field" % (
                self.who, self.need())
        return (
            "%s is thinking" % self.who
            if hasattr(self.player, "level")
            else "waiting for %s's move" % self.who
        )

    # ------------------------------------------------------------ display (no allocation)

    def draw(self, f, now, blink):
        """Its tiles' positions dim (breathing in its colour while it thinks); what it asks
        for blinking in its colour (a free position for a tile it is dealt or draws), what
        is wrong on the field as on the track. True when its move is what to show."""
        colour = render.PLAYER[self.seat]
        thinking = self.thinking()
        level = self.play.session.breath(now, 120) if thinking else 0
        for i in range(_N):
            w = self.wrong[i]
            if w:
                if w == _BADREAD:
                    render.put(f, FIELD + i, render.MAGENTA)
                elif blink:
                    render.put(f, FIELD + i, render.WHITE if w == _MISSING else render.RED)
            elif self.known and self.held[i] != EMPTY:
                if thinking:
                    render.put_scaled(f, FIELD + i, colour, level)
                else:
                    render.put(f, FIELD + i, _HELD)
        if self.asks == "draw" or self.asks == "tiles":
            if blink:       # a free position for the tile (any is taken), and the boneyard
                i = 0
                while i < _N and (self.seen[i] != EMPTY or self.wrong[i]):
                    i += 1
                if i < _N:
                    render.put(f, FIELD + i, colour)
                if self.asks == "draw":
                    for c in range(WALLS, WALLS + 4):
                        render.put(f, c, colour)
            return True
        if self.src >= 0:
            if blink:
                render.put(f, FIELD + self.src, colour)
                render.put(f, self.dst, colour)
            return True
        return self.turn()

    def status(self):
        return {"seat": self.seat, "holds": self.need(), "asks": self.asks,
                "from": name(FIELD + self.src) if self.src >= 0 else None,
                "to": name(self.dst) if self.dst >= 0 else None,
                "wrong": [name(FIELD + i) for i in range(_N) if self.wrong[i]]}


def _say(app, text):
    app.say(text)
