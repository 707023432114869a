"""The player elsewhere in a remote Masbrur game on the tile board (core/link.py): what
the board says of them; loaded only then. Their arsenal is public (the person keeps it
beside the board and carries out their pushes from it), their wall never lies here: the
computer hears of it only once combat shows it, and tells the board ("wall B 0-5 1-4"),
which names it for the person to put on that player's wall slots."""


def words(play):
    """What the board says on the far player's turn (then None: said), or what it adds to
    its player's turn ("" or the far wall, once combat shows it)."""
    ses = play.session
    s = ses.state
    wall = play.app.link.wall
    named = ""
    if wall and s.phase in ("combat_select", "combat_steal"):
        named = "; %s's wall (elsewhere): %s - put it on W%s1 W%s2" % (
            wall[0], wall[2:], wall[0], wall[0])
    if not ses.away():
        return named
    who = play.SEATS[ses.turn]
    text = "waiting for %s's move, played elsewhere" % who
    if s.phase == "equipment":
        text += " (%s's wall: face down, elsewhere); die %d" % (who, s.die)
    play.app.say(text + named)
    return None
