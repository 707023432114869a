"""The game in progress (/state/current.json) and finished games (/games/NNNNN.json).

A record: {"version": 1, "id", "game", "options", "seed", "moves",
"move_ms", "clock_ms"} and, once the game has ended, "result" and "ended". The game in
progress is the same record without those two; it is rewritten after every move, so a
power cut loses at most the move being made. A game ends by writing its record and
then removing the current file; a cut between the two leaves a current file whose
record already exists, which ``load_current`` recognises and drops.

A full flash (a board holds ~150-240 records) never stops a game: when a game starts,
the oldest finished records are removed until RESERVE bytes are free (enough for the
game's saves, the logs and the settings), the newest always kept so ids go on rising;
a save that still finds the flash full removes the oldest record and tries again. What
cannot be saved even so is not raised: the game goes on, the last save stands (a
finished game's record stays the game in progress, recorded at the next boot).
`arbiter games export` fetches the records first, `arbiter games clear` removes them.
A record is read only up to MAX_BYTES: a bigger file is no record this board wrote."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x


VERSION = 1
CURRENT = "state/current.json"
MAX_BYTES = 32768   # a Mano a Mano match to 100 points takes ~10 KB
RESERVE = 65536     # bytes kept free when a game starts (16 blocks of a Pico's flash)
_ENOSPC = const(28)   # the board's OSError for a full flash


def prepare(storage):
    """The folders of the records (on a full flash: once there is room, make_room)."""
    try:
        storage.makedirs("state")
        storage.makedirs("games")
    except OSError:
        pass


def game_path(game_id):
    return "games/%05d.json" % game_id


def ids(storage):
    """The ids of the finished records in /games, in order (file names NNNNN.json,
    ASCII digits only)."""
    out = []
    for name in storage.listdir("games"):
        digits = name[:5]
        if len(name) == 10 and name.endswith(".json") and not digits.strip("0123456789"):
            out.append(int(digits))
    out.sort()
    return out


def next_id(storage):
    found = ids(storage)
    return found[-1] + 1 if found else 1


def make_room(storage, reserve=RESERVE):
    """Remove the oldest finished records (never the newest) until ``reserve`` bytes of
    the flash are free; the ids removed. Nothing when the port cannot tell what is free."""
    gone = []
    free = storage.free()
    if free is None:
        return gone
    found = ids(storage)
    while free < reserve and len(found) > 1:
        storage.remove(game_path(found[0]))
        gone.append(found.pop(0))
        free = storage.free()
    prepare(storage)
    return gone


def _write(storage, name, rec):
    """Write ``rec`` to ``name``; on a full flash remove the oldest record (never the
    newest, nor ``rec``'s own) and try again. The ids removed, or None when it could
    not be written (the old file stands)."""
    gone = []
    while True:
        try:
            storage.write_json(name, rec)
            return gone
        except OSError as e:
            found = [i for i in ids(storage) if i != rec["id"]]
            if not e.args or e.args[0] != _ENOSPC or len(found) < 2:
                return None
            storage.remove(game_path(found[0]))
            gone.append(found[0])


def new_record(game_id, game, options, seed):
    return {"version": VERSION, "id": game_id, "game": game, "options": options,
            "seed": seed, "moves": [], "move_ms": [], "clock_ms": []}




def problem(rec):
    """Why ``rec`` is not a game record this firmware wrote (one phrase naming the
    field), or None (record_check.py: loaded for the check, then forgotten)."""
    from firmware.app.core import record_check
    return record_check.once(rec)


def load_current(storage):
    """The saved game in progress: (record, None), (None, None) when there is none,
    or (None, reason) when the file cannot be used."""
    if not storage.exists(CURRENT) and not storage.exists(CURRENT + ".tmp"):
        return None, None
    rec = storage.read_json(CURRENT, None, MAX_BYTES)
    why = problem(rec)
    if why:
        return None, "unreadable /%s: %s" % (CURRENT, why)
    if storage.exists(game_path(rec["id"])):
        storage.remove(CURRENT)
        return None, None
    return rec, None


def save_current(storage, rec):
    """Save the game in progress: the ids of records removed to make room, or None when
    the flash had no room even so (the last save stands)."""
    return _write(storage, CURRENT, rec)


def finish(storage, rec, result, ended):
    """Write the finished game's record, then drop the game in progress: the ids of
    records removed to make room, or None when the record could not be written (then
    the game in progress is saved with its last move if it fits, for the next boot
    to record)."""
    rec["result"] = result
    rec["ended"] = ended
    gone = _write(storage, game_path(rec["id"]), rec)
    if gone is None:
        _write(storage, CURRENT, rec)
    else:
        storage.remove(CURRENT)
    return gone


def set_aside(storage, rec, ended):
    """Keep a game that cannot go on (it cannot be replayed, or it crashed the board
    again and again) in /games, unfinished, with ``ended`` saying why, so
    `arbiter games export` can fetch it for a bug report; drop the game in progress."""
    finish(storage, rec, None, ended)


def discard(storage):
    storage.remove(CURRENT)
