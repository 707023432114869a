"""The player elsewhere in a remote Mano a Mano game on the tile board (core/link.py);
loaded only then. Nothing of theirs lies on this board: their hand is far away, and the
tiles nobody has seen (their hand and the boneyard) stay in the box. The computer (its
dealer) tells the board what this board's player may know, and the board tells the person:

* ``hand TILES``: the person's own tiles, dealt or drawn - "your tiles: ... take them
  from the box", "you drew 3-4: take it from the box"; at a hand's end, the tiles left
  to show on the pad P. A tile the person plays or shows must be one of them;
* ``lead SEAT``: who leads the hand (the rules' highest double: the dealer knows);
* the far player's moves (the link's feed): a tile they play blinks its slot in their
  colour - "B (elsewhere) plays 3-4: take it from the box and put it on L2" (past the
  track's 13 slots: show it on the pad P); only that tile there is taken on their turn.
  Their draws, passes and the tiles they show at a hand's end need no hands: played
  at once.

The field shows both hands' counts as bars, the walls the boneyard."""
from firmware.app.core import render
from firmware.app.games.mano_tile import SEATS, tile_name
from firmware.app.boards.tile_positions import PAD, name

_FIELD = 28


class FarSeat:
    wrongs = 0     # nothing of theirs lies on this board to put right

    def __init__(self, play, seat):
        self.play = play
        self.seat = seat
        self.player = play.session.players[seat]
        self.who = SEATS[seat] + " (elsewhere)"
        self.move = None       # their move to carry out
        self.key = -1          # its tile's key
        self.dst = -1          # where it goes: a track cell or PAD
        self.hand = None       # the link's "hand" line last told the person

    def turn(self):
        p = self.play
        t = p.session.turn
        return t == self.seat or (p.phase == "lead" and t < 0 and p.leader == self.seat)

    def frame(self, frame, now):
        pass

    def moved(self, now):
        self.move = None
        self.key = self.dst = -1

    def carried(self, cell, key):
        return cell == self.dst and key == self.key

    def allows(self, move, cell, now):
        """Their turn: only their tile, where it goes. The person's turn: only their own
        tiles (as the computer told them)."""
        p = self.play
        if self.turn():
            if (cell >= 0 and self.carried(cell, p.seen[cell])) or (
                    cell < 0 and move == self.move and self.carried(PAD, p.pad)):
                if p.session.turn < 0:   # their lead: the time they took, not the carrying
                    p.session.clock.used = p.app.link.feed.spent(len(p.session.rec["moves"]) + 1)
                return True
            why = self.asking() if self.move else "waiting for %s's move" % self.who
        else:
            hand = p.app.link.hand
            tile = move[-3:]
            if move == "draw" or move == "pass" or hand is None or tile in hand.split(" "):
                return True
            why = "%s is not one of your tiles (%s)" % (tile, hand)
        p.app.beep(render.REJECT)
        p.refuse(move, cell, why, now)
        return False

    def asking(self):
        """What the person does for their move."""
        if self.dst == PAD:
            return "%s plays %s: take it from the box, show it on P" % (
                self.who, tile_name(self.key))
        return "%s plays %s: take it from the box and put it on %s" % (
            self.who, tile_name(self.key), name(self.dst))

    def tick(self, now):
        p = self.play
        link = p.app.link
        if link.lead is not None and p.phase == "lead" and p.session.turn < 0:
            p.leader = link.lead
            link.lead = None
            self.hand = None            # said again, with who leads
        if link.hand is not self.hand:
            self._tell(link.hand)
        if p.wrongs or self.move is not None or not self.turn():
            return
        move = self.player.ask(p.session, now)
        if move is None:
            return
        if move == "draw" or move == "pass" or move[:1] == "r":
            p.try_move(move, now, -1, True)   # nothing to carry: their hand is far away
            return
        t = move[-3:]
        a, b = int(t[0]), int(t[2])
        self.key = a * 8 + b
        self.dst = 0 if p.phase == "lead" else p.next_l if move[0] == "L" else p.next_r
        if self.dst < 0:
            self.dst = PAD
        self.move = move
        p.app.say(self.asking())

    def _tell(self, hand):
        """Say the person's tiles when the computer sends them anew."""
        old, self.hand = self.hand, hand
        p = self.play
        if hand is None:
            return
        if p.phase == "reveal":
            text = "show your tiles on P, one at a time: " + hand
        elif old is not None and len(hand) == len(old) + 4:
            text = "you drew %s: take it from the box" % [
                t for t in hand.split(" ") if t not in old][0]
        elif old is not None and len(hand) < len(old):
            return                      # a tile played
        else:
            text = "your tiles: %s - take them from the box" % hand
        if p.phase == "lead" and p.leader >= 0:
            text += "; you lead" if p.leader != self.seat else "; %s leads" % self.who
        p.app.say(text)

    def thinking(self):
        return False

    def draw(self, f, now, blink):
        """Both hands' counts on the field; the slot their tile goes on blinking in their
        colour. True when their move is what to show."""
        s = self.play.session.state
        render.bar(f, _FIELD, 16, s.h[0], 16, render.PLAYER[0])
        render.bar(f, _FIELD + 16, 16, s.h[1], 16, render.PLAYER[1])
        if self.dst >= 0:
            if blink:
                render.put(f, self.dst, render.PLAYER[self.seat])
            return True
        return self.turn()

    def status(self):
        return {"seat": self.seat, "asks": self.move,
                "to": name(self.dst) if self.dst >= 0 else None}
