"""What the tile board says and what its lit positions mean in Dominó Mano a Mano (for
explain/: tools only, never loaded by a board). It reads the controller
(games/mano_tile.py's Play, and mano_tile_seat.BoardSeat when the board plays a seat, or
mano_tile_far.FarSeat for a remote game's player elsewhere) as they draw."""
from firmware.app.core import render
from firmware.app.explain import cell, count, filled, lit
from firmware.app.explain.tile import MISSING, misread, names, where, wrong_lines
from firmware.app.boards.tile_positions import EMPTY, FIELD, PAD, WALLS, name

_TRACK = 27
_GUIDE = (40, 40, 40)   # mano_tile.py's: a tile of the line
_HELD = (24, 24, 24)    # mano_tile_seat.py's: the board's tiles, face down


def sentence(app, play):
    ses = play.session
    s = ses.state
    if ses.over:
        return "%s; OK: the menu" % ses.outcome()
    bad = misread(play.wrong)
    if bad:
        return bad
    if play.wrongs:
        if play.phase == "lead" and not where(play.wrong, lambda w: w == MISSING):
            return "%s; clear the track for hand %d (A %d, B %d); the lead goes on S" % (
                play.last_hand, s.hand, s.score[0], s.score[1])
        return "put the track right: %s" % names(where(play.wrong, lambda w: w != 0))
    bot = play.bot
    if _far(bot) and bot.move is not None:
        return bot.asking()
    if bot is not None and not _far(bot) and (bot.wrongs or bot.asks is not None
                                              or bot.thinking()):
        return bot.why_not()
    if play.phase == "reveal":
        return "%s, show your tiles left in hand on the pad P, one at a time" % ses.name(ses.turn)
    if play.phase == "lead":
        if ses.turn < 0 and play.leader < 0:
            return "hand %d: who leads? LEFT for A, RIGHT for B; the lead goes on S" % s.hand
        return "%s leads: put the lead on S" % ses.name(ses.turn if ses.turn >= 0 else play.leader)
    return ("%s to play on %d|%d: a tile on a blinking slot, or DRAW, or PASS; "
            "hands %d-%d, boneyard %d" % (ses.name(s.move), s.le, s.re, s.h[0], s.h[1], s.nb))


def legend(app, play):
    ses = play.session
    s = ses.state
    ph = play.phase
    line = where(play.expect, lambda k: k != EMPTY)
    out = [cell(line, _GUIDE, "dim white: a tile of the line")]
    if ph == "over" or ph == "reveal" or (ph == "lead" and s.hand > 1):
        target = s.o["target"]
        for p in (0, 1):
            first = FIELD + 16 * p
            out.append(cell(range(first, first + filled(s.score[p], target, 16)),
                             render.PLAYER[p], "%s's score: %d of %d (rows %d-%d of the field)"
                             % (ses.name(p), s.score[p], target, 4 * p, 4 * p + 3)))
    else:
        if play.bot is None or _far(play.bot):
            for p in (0, 1):
                first = FIELD + 16 * p
                out.append(cell(range(first, first + filled(s.h[p], 16, 16)), render.PLAYER[p],
                                 "%s's tiles in hand: %d" % (ses.name(p), s.h[p])))
        out.append(cell(range(WALLS, WALLS + filled(s.nb, 14, 4)), render.WHITE,
                         "white: the boneyard, %s" % count(s.nb, "tile")))
    keys = _keys(ses, ph, play)
    if ph == "over":
        return {"cells": lit(out), "keys": keys}
    if _far(play.bot):
        if play.bot.dst >= 0:
            out.append(cell([play.bot.dst], render.PLAYER[play.bot.seat],
                            "blinking: " + play.bot.asking()))
    elif play.bot is not None:
        out += _board_seat(play.bot, ses)
    if play.wrongs:
        out += wrong_lines(play.wrong, missing="a tile of the line is missing here: put it back")
        if play.fits_other >= 0:
            out.append(cell([play.fits_other], render.GREEN,
                             "blinking green: the refused tile fits here"))
        return {"cells": lit(out), "keys": keys}
    if ph == "reveal":
        out.append(cell([PAD], render.PLAYER[ses.turn], "blinking: the pad P: %s shows the "
                         "tiles left in hand" % ses.name(ses.turn)))
    elif ph == "lead":
        seat = ses.turn if ses.turn >= 0 else play.leader
        who = " (%s leads)" % ses.name(seat) if seat >= 0 else ""
        out.append(cell([0], render.PLAYER[seat] if seat >= 0 else render.WHITE,
                         "blinking: S, where the lead goes" + who))
    else:
        ends = [c if c >= 0 else PAD for c in (play.next_l, play.next_r)]
        out.append(cell(ends, render.PLAYER[s.move], "blinking: the next slot at each end "
                         "(P past the track): %s to play" % ses.name(s.move)))
    return {"cells": lit(out), "keys": keys}


def _far(bot):
    """Is the seat not at the board a player elsewhere (mano_tile_far.FarSeat)?"""
    return bot is not None and not hasattr(bot, "held")


def _board_seat(bot, ses):
    """What the board's own tiles on the field show (mano_tile_seat.BoardSeat.draw)."""
    colour = render.PLAYER[bot.seat]
    who = "the board (%s)" % ses.name(bot.seat)
    # "the board's tiles (B)", never "B (the board)'s tiles"
    tiles = "the board's tiles (%s)" % ses.name(bot.seat)
    out = wrong_lines(bot.wrong, FIELD, missing="one of %s is missing here: put it back"
                      % tiles, extra="not one of %s: take it away" % tiles)
    if bot.known:
        held = [FIELD + i for i in range(len(bot.held))
                if bot.held[i] != EMPTY and not bot.wrong[i]]
        out.append(cell(held, _HELD, "%s, face down (breathing while it thinks)" % tiles))
        out.append(cell(held, colour, "breathing: %s is thinking" % who))
    if bot.asks == "draw" or bot.asks == "tiles":
        free = [FIELD + i for i in range(len(bot.seen))
                if bot.seen[i] == EMPTY and not bot.wrong[i]]
        out.append(cell(free[:1], colour, "blinking: put the board's tile (%s) face down "
                         "here (or on any free position)" % ses.name(bot.seat)))
        if bot.asks == "draw":
            out.append(cell(range(WALLS, WALLS + 4), colour,
                             "blinking: %s draws from the boneyard" % who))
    elif bot.src >= 0:
        out.append(cell([FIELD + bot.src, bot.dst], colour, "blinking: carry the board's "
                         "tile (%s) from %s to %s" % (ses.name(bot.seat), name(FIELD + bot.src),
                                                      name(bot.dst))))
    return out


def _keys(ses, ph, play):
    if ph == "over":
        return [["OK", "the menu"], ["MENU", "the menu"]]
    past = play.next_l < 0 or play.next_r < 0
    if ph == "lead" and ses.turn < 0:
        left, right = "seat A leads", "seat B leads"
    elif past:
        left = "the tile on the pad goes on the left end"
        right = "the tile on the pad goes on the right end"
    else:
        left = right = "nothing now (a tile goes on the pad and LEFT or RIGHT only past the track)"
    playing = ph == "play"
    return [["DRAW", "draw a tile from the boneyard" if playing else "nothing now"],
            ["PASS", "pass (when the mover can neither play nor draw)" if playing
             else "nothing now"],
            ["LEFT", left], ["RIGHT", right],
            ["hold MENU", "pause: continue, undo, or end the game"],
            ["MENU", "nothing (hold it to pause)"], ["OK", "nothing during a hand"],
            ["ATTACK", "nothing in Mano a Mano"]]
