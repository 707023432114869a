"""The game in progress (/state/current.json) and finished games (/games/NNNNN.json).

A record: {"version": 1, "id", "game", "options", "seed", "moves",
"move_ms", "clock_ms"} and, once the game has ended, "result" and "ended". The game in
progress is the same record without those two; it is rewritten after every move, so a
power cut loses at most the move being made. A game ends by writing its record and
then removing the current file; a cut between the two leaves a current file whose
record already exists, which ``load_current`` recognises and drops."""
from firmware.rules import is_int

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


def valid(rec):
    """Whether ``rec`` has the shape of a game record (also used by `arbiter games`)."""
    if not isinstance(rec, dict):
        return False
    for key in ("id", "game", "options", "seed", "moves", "move_ms", "clock_ms"):
        if key not in rec:
            return False
    moves, clocks = rec["moves"], rec["clock_ms"]
    if not (isinstance(moves, list) and isinstance(rec["move_ms"], list) and isinstance(clocks, list)
            and len(moves) == len(rec["move_ms"]) == len(clocks)):
        return False
    for m in moves:
        if not isinstance(m, str):
            return False
    for c in clocks:  # [left_A, left_B], or null with the clocks off
        if c is not None and not (isinstance(c, (list, tuple)) and len(c) == 2):
            return False
    return (is_int(rec["id"]) and isinstance(rec["game"], str) and isinstance(rec["options"], dict)
            and is_int(rec["seed"]))


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


def discard(storage):
    storage.remove(CURRENT)
