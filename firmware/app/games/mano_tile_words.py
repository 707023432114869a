"""What the tile board says seldom in a Mano a Mano match - a hand's score and end, a
refused tile, a correction, a misread pad, a lead not yet named, a button that does
nothing now: mano_tile.py loads it for the call and forgets it (its words are not held
while the match is played)."""
from firmware.app.boards.tile_positions import name
from firmware.app.core import render
from firmware.app.games.mano_tile import BADREAD, EXTRA, MISSING, REFUSED, SEATS, tile_name


def _tell(play, now, text):
    """Say it, and keep it in the event log."""
    play.app.say(text)
    play.app.log(now, text)


def scored(play, h, s, now):
    """A hand was scored (``h``: its entry in the hand history): its result is said and
    kept as the last hand's."""
    play.last_hand = "hand %d: %s wins %d (%s)" % (h["hand"], SEATS[h["winner"]],
                                                   h["points"], h["reason"])
    _tell(play, now, "%s; %s %d, %s %d" % (play.last_hand, SEATS[0], s.score[0],
                                            SEATS[1], s.score[1]))


def announce_end(play, s, now):
    """The hand is over: why, and who shows their tiles first."""
    who = SEATS[play.session.turn]
    if s.h[s.last] == 0:
        _tell(play, now, "domino by %s: %s, show your tiles on the pad" % (SEATS[s.last], who))
    elif s.le == s.re and s.passes < 2:
        _tell(play, now, "dead line: both ends %d, all seven %ds down; blocker %s. "
                   "%s, show your tiles on the pad" % (s.le, s.le, SEATS[s.last], who))
    else:
        _tell(play, now, "locked: neither can play; blocker %s. %s, show your tiles on the pad"
                   % (SEATS[s.last], who))


def refuse(play, move, cell, why, now):
    """The rules refuse ``move`` (its tile on ``cell``, or -1): its slot red, why said,
    and the other end lit when the tile would fit there."""
    if cell < 0:
        play.app.say(why)
        return
    play.refused = cell * 256 + play.seen[cell]
    play.wrong[cell] = REFUSED
    play.noted = name(cell)
    play.app.note("correction", now, name(cell))
    play.fits_other = -1
    other = play.next_r if cell == play.next_l else play.next_l
    if cell and other >= 0 and "does not fit" in why:
        s = play.session.state
        end = s.re if cell == play.next_l else s.le
        k = play.seen[cell]
        if k >> 3 == end or k & 7 == end:
            play.fits_other = other
            why += "; it fits the other end: %s" % name(other)
    play.app.say("%s: %s" % (name(cell), why))


def correction(play, names, now):
    """What to put right on the track (``names``, the slots that are wrong), said once."""
    app, wrong = play.app, play.wrong
    if play.phase == "lead" and not _any(wrong, MISSING) and not _any(wrong, BADREAD):
        s = play.session.state
        # (the last hand's result stays said: it went by as its tiles were shown)
        app.say("%s; clear the track for hand %d (%s %d, %s %d); the lead goes on S"
                % (play.last_hand, s.hand, SEATS[0], s.score[0], SEATS[1], s.score[1]))
        return
    faults = " ".join([name(c) for c in range(len(wrong)) if wrong[c] == BADREAD])
    l, r = play.next_l, play.next_r
    if faults:
        why = "a reading out of tolerance at %s: reseat the tile, clean the contacts" % faults
    elif play.phase == "reveal":
        why = "the hand is over: no tile on the track; show the tiles left in hand on the pad"
    elif play.wrongs == 2 and l >= 0 and r >= 0 and wrong[l] == EXTRA and wrong[r] == EXTRA:
        why = "two tiles at once: one of them out of turn; take one away"
    else:
        why = "put the track right: %s" % names
    app.note("correction", now, names)
    app.beep(render.REJECT)
    app.say(why)
    app.log(now, "correction %s: %s" % (names, why))


def _any(wrong, why):
    for w in wrong:
        if w == why:
            return True
    return False


def bad_pad(play):
    play.app.beep(render.REJECT)
    play.app.say("a reading out of tolerance at P: reseat the tile, clean the contacts")


def who_leads(play, k):
    """A lead on S before LEFT or RIGHT said whose it is."""
    play.app.say("%s on S: who leads? LEFT for A, RIGHT for B" % tile_name(k))


def no_button(play, move):
    """DRAW or PASS (``move``) when it cannot be played."""
    play.app.beep(render.REJECT)
    if play.phase != "play":
        play.app.say("no %s now: %s" % (move, "the lead goes on S" if play.phase == "lead"
                                        else "show the tiles left in hand on the pad"))
    else:
        play.app.say("put the track right first")


def no_side(play):
    """LEFT or RIGHT when it names nothing."""
    play.app.beep(render.REJECT)
    play.app.say("LEFT and RIGHT take a tile from the pad only once an end is past the track"
                 if play.phase == "play" else "LEFT and RIGHT name who leads")
