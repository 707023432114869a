"""The check of a game record's every field, type and range (records.problem loads it
when a record is read back; `arbiter games` uses it on every record it reads): what
passes can be replayed or exported without a type error."""
import sys

from firmware import catalogue
from firmware.app.core.records import VERSION
from firmware.rules import is_bool, is_int

MAX_ID = 99999       # ids fit the five digits of a record's file name
_MAX_INT = 0x3FFFFFFF  # times, clocks and scores: small ints on the device
_MAX_TEXT = 64       # an option's name or value, a reason
# A move: the longest is a Masbrur formation selection, three formations of eight uses
# (134 characters: docs/rules/masbrur.md, Notation).
_MAX_MOVE = 160


def _text(v):
    return isinstance(v, str) and 0 < len(v) <= _MAX_TEXT


def _small(v, lo=0):
    return is_int(v) and lo <= v <= _MAX_INT


def _scalar(v):
    return (
        v is None
        or is_bool(v)
        or _small(v, -_MAX_INT)
        or (isinstance(v, str) and len(v) <= _MAX_TEXT)
    )


def _result_problem(res):
    if res is None:
        return None
    if not isinstance(res, dict):
        return "result is not an object"
    if res.get("winner") not in (None, 0, 1) or is_bool(res.get("winner")):
        return "result.winner is not 0, 1 or null"
    scores = res.get("scores")
    if not (isinstance(scores, list) and len(scores) == 2 and _small(scores[0], -_MAX_INT)
            and _small(scores[1], -_MAX_INT)):
        return "result.scores is not a pair of whole numbers"
    if "reason" in res and not (res["reason"] is None or _text(res["reason"])):
        return "result.reason is not a short text"
    return None


def problem(rec):  # noqa: PLR0911 (one phrase per field, said as soon as found)
    """Why ``rec`` is not a game record this firmware wrote (one phrase naming the
    field), or None."""
    if not isinstance(rec, dict):
        return "not a JSON object"
    for key in ("version", "id", "game", "options", "seed", "moves", "move_ms", "clock_ms"):
        if key not in rec:
            return "no %s" % key
    if rec["version"] != VERSION or not is_int(rec["version"]):
        return "version is not %d" % VERSION
    if not (is_int(rec["id"]) and 0 < rec["id"] <= MAX_ID):
        return "id is not a whole number from 1 to %d" % MAX_ID
    if rec["game"] not in catalogue.names():
        return "game is not one of " + ", ".join(catalogue.names())
    opts = rec["options"]
    if not isinstance(opts, dict):
        return "options is not an object"
    for k in opts:
        if not (_text(k) and _scalar(opts[k])):
            return "options has a bad entry"
    if not _small(rec["seed"], -_MAX_INT - 1):
        return "seed is not a whole number"
    moves, times, clocks = rec["moves"], rec["move_ms"], rec["clock_ms"]
    for name, v in (("moves", moves), ("move_ms", times), ("clock_ms", clocks)):
        if not isinstance(v, list):
            return "%s is not a list" % name
    if not len(moves) == len(times) == len(clocks):
        return "moves, move_ms and clock_ms differ in length"
    for m in moves:
        if not (isinstance(m, str) and 0 < len(m) <= _MAX_MOVE):
            return "moves holds something that is not a move"
    for t in times:
        if not _small(t):
            return "move_ms holds something that is not a time"
    for c in clocks:  # [left_A, left_B] in ms, or null with the clocks off
        if c is not None and not (isinstance(c, (list, tuple)) and len(c) == 2
                                  and _small(c[0], -_MAX_INT) and _small(c[1], -_MAX_INT)):
            return "clock_ms holds something that is not a pair of times"
    bad = _result_problem(rec.get("result"))
    if bad:
        return bad
    if rec.get("ended") is not None and not _text(rec["ended"]):
        return "ended is not a short text"
    return None


def once(rec):
    """``problem(rec)``, then this module is forgotten (sys.modules and its package),
    so its code leaves RAM: the board checks a record at boot, never during a game."""
    bad = problem(rec)
    sys.modules.pop(__name__, None)
    package = sys.modules["firmware.app.core"]
    if hasattr(package, "record_check"):
        delattr(package, "record_check")
    return bad
