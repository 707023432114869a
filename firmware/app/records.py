"""The game in progress (/state/current.json) and finished games (/games/NNNNN.json).

A record: {"version": 1, "id", "game", "options", "seed", "moves",
"move_ms", "clock_ms"} and, once the game has ended, "result" and "ended". The game in
progress is the same record without those two; it is rewritten after every move, so a
power cut loses at most the move being made. A game ends by writing its record and
then removing the current file; a cut between the two leaves a current file whose
record already exists, which ``load_current`` recognises and drops."""
from firmware.rules import is_bool, is_int

VERSION = 1
CURRENT = "state/current.json"


def prepare(storage):
    storage.makedirs("state")
    storage.makedirs("games")


def game_path(game_id):
    return "games/%05d.json" % game_id


def next_id(storage):
    last = 0
    for name in storage.listdir("games"):
        if len(name) == 10 and name.endswith(".json") and name[:5].isdigit():
            last = max(last, int(name[:5]))
    return last + 1


def new_record(game_id, game, options, seed):
    return {"version": VERSION, "id": game_id, "game": game, "options": options,
            "seed": seed, "moves": [], "move_ms": [], "clock_ms": []}


GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")
MAX_ID = 99999       # ids fit the five digits of the file name
_MAX_INT = 0x3FFFFFFF  # times, clocks and scores: small ints on the device
_MAX_TEXT = 64       # a move, an option's name or value, a reason


def _text(v):
    return isinstance(v, str) and 0 < len(v) <= _MAX_TEXT


def _small(v, lo=0):
    return is_int(v) and lo <= v <= _MAX_INT


def _scalar(v):
    return v is None or is_bool(v) or _small(v, -_MAX_INT) or (isinstance(v, str) and len(v) <= _MAX_TEXT)


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


def problem(rec):
    """Why ``rec`` is not a game record this firmware wrote (one phrase naming the
    field), or None. Every field's type and range: the board reads only what passes,
    and `arbiter games` uses the same check."""
    if not isinstance(rec, dict):
        return "not a JSON object"
    for key in ("version", "id", "game", "options", "seed", "moves", "move_ms", "clock_ms"):
        if key not in rec:
            return "no %s" % key
    if rec["version"] != VERSION or not is_int(rec["version"]):
        return "version is not %d" % VERSION
    if not (is_int(rec["id"]) and 0 < rec["id"] <= MAX_ID):
        return "id is not a whole number from 1 to %d" % MAX_ID
    if rec["game"] not in GAMES:
        return "game is not one of " + ", ".join(GAMES)
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
        if not _text(m):
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


def valid(rec):
    return problem(rec) is None


def load_current(storage):
    """The saved game in progress: (record, None), (None, None) when there is none,
    or (None, reason) when the file cannot be used."""
    if not storage.exists(CURRENT) and not storage.exists(CURRENT + ".tmp"):
        return None, None
    rec = storage.read_json(CURRENT)
    if not valid(rec):
        return None, "unreadable /%s" % CURRENT
    if storage.exists(game_path(rec["id"])):
        storage.remove(CURRENT)
        return None, None
    return rec, None


def save_current(storage, rec):
    storage.write_json(CURRENT, rec)


def finish(storage, rec, result, ended):
    """Write the finished game's record, then drop the game in progress."""
    rec["result"] = result
    rec["ended"] = ended
    storage.write_json(game_path(rec["id"]), rec)
    storage.remove(CURRENT)


def set_aside(storage, rec, ended):
    """Keep a game that cannot go on (it cannot be replayed, or it crashed the board
    again and again) in /games, unfinished, with ``ended`` saying why, so
    `arbiter games export` can fetch it for a bug report; drop the game in progress."""
    finish(storage, rec, None, ended)


def discard(storage):
    storage.remove(CURRENT)
