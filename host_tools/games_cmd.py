"""`arbiter games list|export`: the game records on the board (/games/NNNNN.json,
written by firmware/app/records.py) and the game in progress (/state/current.json), as
JSON and as a readable move list in the rules' notation (docs/rules/<game>.md#notation): one numbered line per move with
the seat that made it (replayed through the game's engine), the time the move took and
the clocks after it.

A record is read only if the firmware's own check (record_check.problem) passes: a bad one
is named in a warning and skipped, the others are still listed and exported. Exports
are named after the record's file (game-NNNNN), the game in progress after its id with
"-unfinished" added, so no two files of the board can overwrite each other."""
import importlib
import json
import os
import sys

from firmware.app import record_check, records
from host_tools.board_link import Board, Unreadable
from host_tools.errors import BoardError, UsageError, quoted

SEATS = {"mabula": ("W", "B")}  # the rules' names (docs/README.md#players); others: A and B
CURRENT = "/" + records.CURRENT


def _seat_names(game):
    return SEATS.get(game, ("A", "B"))


def seats_of(rec):
    """The seat that made each move, replayed through the engine; None if it cannot be."""
    try:
        engine = importlib.import_module("firmware.rules." + rec["game"])
        state = engine.new_game(rec["options"], rec["seed"])
        seats = []
        for move in rec["moves"]:
            seats.append(engine.to_move(state))
            state = engine.play(state, move)
        return seats
    except Exception:  # a record the engine refuses is still shown, without seats
        return None


def result_text(rec):
    res = rec.get("result")
    if not isinstance(res, dict):
        return rec.get("ended") or "in progress"  # "abandoned" by the players
    names = _seat_names(rec["game"])
    winner = res.get("winner")
    text = "draw" if winner is None else "%s wins" % (names[winner] if winner in (0, 1) else "?")
    scores = res.get("scores")
    if scores and any(scores):
        text += " %s" % "-".join(str(s) for s in scores)
    reason = res.get("reason") or rec.get("ended")
    return text + (" (%s)" % reason if reason else "")


def _clock(ms):
    s = max(0, ms) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def move_list(rec):
    """The readable record: a header, then one line per move."""
    names = _seat_names(rec["game"])
    lines = ["Arbiter game %d: %s" % (rec["id"], rec["game"]),
             "options: %s" % (" ".join("%s=%s" % (k, json.dumps(rec["options"][k]))
                                        for k in sorted(rec["options"])) or "defaults"),
             "seed: %s" % rec["seed"],
             "result: %s" % result_text(rec)]
    match = rec.get("match")
    if isinstance(match, dict) and isinstance(match.get("score"), list) and len(match["score"]) == 3:
        s = match["score"]
        lines.append("match: game %s; before it %s %s, %s %s, draws %s"
                     % (match.get("game"), names[0], s[0], names[1], s[1], s[2]))
    lines.append("")
    seats = seats_of(rec)
    for i, move in enumerate(rec["moves"]):
        line = "%3d. " % (i + 1)
        if seats is not None and seats[i] is not None:
            line += "%s " % names[seats[i]]
        line += "%-8s" % move
        if i < len(rec.get("move_ms", [])):
            line += " %6.1f s" % (rec["move_ms"][i] / 1000)
        clocks = rec.get("clock_ms", [])
        if i < len(clocks) and clocks[i]:
            line += "   %s %s  %s %s" % (names[0], _clock(clocks[i][0]), names[1], _clock(clocks[i][1]))
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _record_paths(board):
    return [p for p in board.files_under("/games")
            if p.endswith(".json") and len(p) == len("/games/00000.json") and p[7:12].isdigit()]


def _parse(path, data):
    """(record, None) or (None, why it cannot be used)."""
    if isinstance(data, Unreadable):
        return None, str(data)
    try:
        rec = json.loads(data)
    except ValueError:  # UnicodeDecodeError too
        return None, "is not valid JSON"
    bad = record_check.problem(rec)  # the firmware's own check of what it reads back
    return (None, "is not a game record: %s" % bad) if bad else (rec, None)


def _load(board, paths):
    """[(name, record)] of the readable ones among ``paths`` (name: game-NNNNN, after
    the file); each unreadable one is named in a warning and skipped. The game in
    progress is left out when its record already exists (it ended at a power cut)."""
    out = []
    for path, data in sorted(board.read_files(paths).items()):
        if data is None:
            continue
        rec, why = _parse(path, data)
        if why:
            print("warning: %s %s; skipped" % (path, why), file=sys.stderr)
            continue
        if path == CURRENT:
            if records.game_path(rec["id"]) in [p[1:] for p in paths]:
                continue
            out.append(("game-%05d-unfinished" % rec["id"], rec))
        else:
            out.append(("game-" + path[7:12], rec))
    return out  # the game in progress last (its path sorts after /games)


def list_(port):
    with Board(port) as board:
        board.require_arbiter()
        recs = _load(board, _record_paths(board) + [CURRENT])
    if not recs:
        print("no games recorded on the board yet")
        return 0
    print("%-6s %-10s %5s  %s" % ("id", "game", "moves", "result"))
    for _name, rec in recs:
        print("%05d  %-10s %5d  %s" % (rec["id"], rec["game"], len(rec["moves"]), result_text(rec)))
    return 0


def _check_out(out_dir):
    """UsageError unless ``out_dir`` is a folder that can be written, or can be made;
    nothing is made here (only once there is something to write)."""
    path = os.path.abspath(out_dir)
    while not os.path.exists(path):
        path = os.path.dirname(path)
    if not os.path.isdir(path):
        raise UsageError("cannot write in %s: %s is a file" % (quoted(out_dir), quoted(path)))
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError("no permission to write in %s" % quoted(path))


def export(port, game_id=None, out_dir="."):
    if game_id is not None and (not game_id.isdigit() or not game_id.isascii()
                                or not 0 < int(game_id) <= record_check.MAX_ID):
        raise UsageError("a game id is a number from 1 to %d, not %s" % (record_check.MAX_ID, quoted(game_id, 24)))
    _check_out(out_dir)  # before the board is opened: a folder that cannot be written is bad input
    with Board(port) as board:
        board.require_arbiter()
        paths = _record_paths(board) + [CURRENT]
        if game_id is None:
            recs = _load(board, paths)
        else:
            recs = _one(board, paths, int(game_id))
    os.makedirs(out_dir, exist_ok=True)
    for name, rec in recs:
        base = os.path.join(out_dir, name)
        with open(base + ".json", "w") as f:
            json.dump(rec, f, indent=1)
            f.write("\n")
        with open(base + ".txt", "w") as f:
            f.write(move_list(rec))
        print("%s.json and .txt" % base)
    if not recs:
        print("no games recorded on the board yet")
    return 0


def _one(board, paths, game_id):
    """[(name, record)] of game ``game_id``: its record, else the game in progress
    when it has that id; a sentence saying why when neither can be exported."""
    want = "/" + records.game_path(game_id)
    if want in paths:
        rec, why = _parse(want, board.read_file(want))
        if why:
            raise BoardError("game %d on the board %s (%s); nothing exported" % (game_id, why, want))
        return [("game-%05d" % game_id, rec)]
    data = board.read_file(CURRENT)
    if data is not None:
        rec, why = _parse(CURRENT, data)
        if rec is not None and rec["id"] == game_id:
            return [("game-%05d-unfinished" % game_id, rec)]
    raise UsageError("there is no game %d on the board (`arbiter games list` shows them)" % game_id)
