"""What the tile board's Mano a Mano controller tells tools in its status() (the
simulator's page, tests) beyond the session's: a board loads it only when a tool asks
for its status. The track as read and as expected, what is wrong, the ends' next
slots, the hands' checks, and the board's own seat when it plays one."""
from firmware.app.boards.tile_positions import EMPTY, ODD, name
from firmware.app.games.mano_tile import tile_name


def add(play, out):
    track = range(len(play.expect))
    out["track"] = " ".join(["%s:%s" % (name(c), tile_name(play.seen[c]))
                             for c in track if play.seen[c] < ODD])
    out["expected"] = " ".join(["%s:%s" % (name(c), tile_name(play.expect[c]))
                                for c in track if play.expect[c] != EMPTY])
    out["wrong"] = [name(c) for c in track if play.wrong[c]]
    out["ends"] = [name(c) if c >= 0 else "P" for c in (play.next_l, play.next_r)]
    out["draw_checks"] = play.session.rec.get("draw_checks", [])
    out["lead_checks"] = play.session.rec.get("lead_checks", [])
    if play.bot is not None:
        out["board"] = play.bot.status()
        out["thinking"] = play.bot.thinking()
