"""The game in progress (/state/current.json) and finished games (/games/NNNNN.json).

A record: {"version": 1, "id", "game", "options", "seed", "moves",
"move_ms", "clock_ms"} and, once the game has ended, "result" and "ended". The game in
progress is the same record without those two; it is rewritten after every move, so a
power cut loses at most the move being made. A game ends by writing its record and
then removing the current file; a cut between the two leaves a current file whose
record already exists, which ``load_current`` recognises and drops."""

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


def problem(rec):
    """Why ``rec`` is not a game record this firmware wrote (one phrase naming the
    field), or None (record_check.py: loaded for the check, then forgotten)."""
    from firmware.app import record_check
    return record_check.once(rec)


def load_current(storage):
    """The saved game in progress: (record, None), (None, None) when there is none,
    or (None, reason) when the file cannot be used."""
    if not storage.exists(CURRENT) and not storage.exists(CURRENT + ".tmp"):
        return None, None
    rec = storage.read_json(CURRENT)
    if problem(rec):
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
