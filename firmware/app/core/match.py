"""Matches (settings <game>.match_games and <game>.match_wins): games in a row between
the same two players, the score kept in every game's record (records.py: "match").
The menu starts a match (menu.py); the score screen between games (screens.Score)
uses this module to count it and to start the next game.

rec["match"] = {"game": the game's number in the match (1, 2, ...), "games": games in
all or None, "wins": wins that take the match or None, "score": [A's wins, B's wins,
draws] before this game, "first": the seat that started this game}. The match is over
when a player has ``wins`` wins or ``games`` games have been played. The next game is
started by the loser of the last one; after a draw, by the player who did not start it
(Morbak's rule, option next_first "loser")."""
from firmware.rules import is_int

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_MAX = const(99999)  # games in a match: no count on the board comes near


def valid(m):
    """True when ``m`` is a match as this module writes it (one read back from the
    flash is checked before it is counted)."""
    if not isinstance(m, dict) or not isinstance(m.get("score"), list) or len(m["score"]) != 3:
        return False
    for v in m["score"] + [m.get("game")]:
        if not (is_int(v) and 0 <= v <= _MAX):
            return False
    for v in (m.get("games"), m.get("wins")):
        if v is not None and not (is_int(v) and 0 < v <= _MAX):
            return False
    first = m.get("first")
    return (
        is_int(first)
        and 0 <= first <= 1
        and (m.get("games") is not None or m.get("wins") is not None)
    )


def score(rec):
    """[A's wins, B's wins, draws] once ``rec``'s game is counted (a game without a
    result - abandoned - counts for nobody)."""
    m = rec["match"]
    out = [m["score"][0], m["score"][1], m["score"][2]]
    res = rec.get("result")
    if res is not None:
        w = res.get("winner")
        out[2 if w is None else w] += 1
    return out


def over(rec):
    """True when ``rec``'s game ended the match."""
    m = rec["match"]
    s = score(rec)
    return ((m["wins"] is not None and max(s[0], s[1]) >= m["wins"])
            or (m["games"] is not None and s[0] + s[1] + s[2] >= m["games"]))


def leader(rec):
    """The seat ahead after ``rec``'s game, or None when level."""
    s = score(rec)
    return None if s[0] == s[1] else (0 if s[0] > s[1] else 1)


def following(rec):
    """The match record of the game after ``rec``'s: the loser starts it; after a
    draw, the player who did not start this one."""
    m = rec["match"]
    w = rec["result"].get("winner")
    return {"game": m["game"] + 1, "games": m["games"], "wins": m["wins"],
            "score": score(rec), "first": 1 - m["first"] if w is None else 1 - w}
