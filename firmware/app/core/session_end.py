"""The end of a game (session.py loads it for the call and forgets it): its record
written, what the players are told."""
from firmware.app.core import records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# Results whose scores only say who won (Morbak's, a resignation, a draw agreed): said
# without them.
_UNSCORED = const(("line", "flag", "no moves", "resignation", "agreement",
                   "in progress"))


def record_end(ses, now, what):
    """The game is over: write its record (and drop the saved game in progress)."""
    res = ses.engine.result(ses.state)
    reason = res["reason"]
    ended = "flag" if reason == "flag" else ("win" if res["winner"] is not None else "draw")
    records.finish(ses.app.storage, ses.rec, res, ended)
    said = outcome(ses)
    ses.app.log(now, "%s; game %d over: %s" % (what, ses.rec["id"], said))
    ses.app.beep(render.DRAW if ended == "draw" else
                 (render.FLAG if ended == "flag" else render.WIN))
    ses.app.say(said)


def outcome(ses):
    """The result as the players read it ("A wins 3-1")."""
    res = ses.result if ses.result is not None else ses.engine.result(ses.state)
    w, sc, reason = res["winner"], res["scores"], res["reason"]
    if reason == "flag":
        return "%s wins: %s's game time ran out" % (ses.name(w), ses.name(1 - w))
    if reason in _UNSCORED:   # the scores only mark the winner
        return "draw (%s)" % reason if w is None else "%s wins (%s)" % (ses.name(w), reason)
    view = ses.view
    # The scores as the players count them (the controller's score(): Masbrur's
    # half-points as points).
    pts = view.score if view is not None and hasattr(view, "score") else str
    if w is None:
        return "draw %s-%s" % (pts(sc[0]), pts(sc[1]))
    return "%s wins %s-%s%s" % (ses.name(w), pts(sc[w]), pts(sc[1 - w]),
                                "" if reason == "score" else " (%s)" % reason)
