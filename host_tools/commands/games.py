"""`arbiter games list|export|clear`: the game records on the board (/games/NNNNN.json,
written by firmware/app/core/records.py) and the game in progress (/state/current.json), as
JSON and as a readable move list in the rules' notation (docs/rules/<game>.md#notation): one
numbered line per move with the seat that made it (replayed through the game's engine), the time
the move took and the clocks after it.

A record is read only if it can be one the firmware wrote: at most records.MAX_BYTES
(read a batch at a time, so the board never holds more than BATCH_BYTES of them), the
firmware's own check (record_check.problem) passed, its id the number of its file name.
A bad one is named in a warning and skipped, the others are still listed and exported.
Exports are named after the record's file (game-NNNNN), the game in progress after its
id with "-unfinished" added, so no two files of the board can overwrite each other; a
file already there is left alone when it holds the same, and never replaced without
--force (a folder, a read-only file or a symbolic link in the way is said first, and
nothing is written). `arbiter games clear` removes finished records from the board (the
board also removes the oldest itself when its flash is full: docs/contracts.md)."""
import importlib
import json
import os
import sys

from firmware.app.core import record_check, records
from host_tools import local_files
from host_tools.board_link import CHUNK, TOO_LARGE, Board, Unreadable
from host_tools.commands import port_option
from host_tools.errors import BoardError, UsageError, quoted

BATCH_BYTES = 16384   # records fetched in one exchange, at most
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
    score = match.get("score") if isinstance(match, dict) else None
    if isinstance(score, list) and len(score) == 3:
        s = score
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
            line += "   %s %s  %s %s" % (names[0], _clock(clocks[i][0]), names[1],
                                         _clock(clocks[i][1]))
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _record_paths(board):
    """[(path, size)] of the record files in /games (NNNNN.json, ASCII digits)."""
    return [(p, n) for p, n in board.files_sized("/games")
            if p.endswith(".json") and len(p) == len("/games/00000.json")
            and not p[7:12].strip("0123456789")]


def _fetch(board, sized):
    """{path: bytes or Unreadable, None when missing} of [(path, size)]: those too large
    to be a record left unread (Unreadable), the rest in batches of BATCH_BYTES; one past
    that in pieces."""
    out = {}
    batch, total = [], 0
    for path, size in sized + [(None, 0)]:
        if path is None or (batch and total + (size or 0) > BATCH_BYTES):
            out.update(board.read_files(batch))
            batch, total = [], 0
        if path is None:
            break
        if size is not None and size > records.MAX_BYTES:
            out[path] = Unreadable(TOO_LARGE)
        elif size is not None and size > BATCH_BYTES:
            pieces = list(board.read_chunks(path, 0, CHUNK))
            bad = [p for p in pieces if isinstance(p, Unreadable)]
            out[path] = bad[0] if bad else b"".join(pieces)
        else:
            batch.append(path)
            total += size or 0
    return out


def _parse(path, data):
    """(record, None) or (None, why it cannot be used)."""
    if isinstance(data, Unreadable):
        if data.errno == TOO_LARGE:
            kb = records.MAX_BYTES // 1024
            return None, "is too large to be a game record (over %d KB)" % kb
        return None, str(data)
    try:
        rec = json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError too
        return None, "is not valid JSON"
    bad = record_check.problem(rec)  # the firmware's own check of what it reads back
    if bad:
        return None, "is not a game record: %s" % bad
    if path != CURRENT and rec["id"] != int(path[7:12]):
        return None, "holds game %d, not game %d as its name says" % (rec["id"], int(path[7:12]))
    return rec, None


def _load(board, sized):
    """[(name, record)] of the readable ones among [(path, size)] (name: game-NNNNN,
    after the file); each unreadable one is named in a warning and skipped. The game in
    progress is left out when its record already exists (it ended at a power cut)."""
    out = []
    paths = [p for p, _n in sized]
    for path, data in sorted(_fetch(board, sized).items()):
        if data is None:
            continue
        rec, why = _parse(path, data)
        if why:
            print("warning: %s %s; skipped" % (path, why), file=sys.stderr)
            continue
        if path == CURRENT:
            if "/" + records.game_path(rec["id"]) in paths:
                continue
            out.append(("game-%05d-unfinished" % rec["id"], rec))
        else:
            out.append(("game-" + path[7:12], rec))
    return out  # the game in progress last (its path sorts after /games)


def _all(board):
    """[(path, size)] of every record and of the game in progress."""
    return _record_paths(board) + [(CURRENT, board.sizes([CURRENT])[CURRENT])]


def list_(port):
    with Board(port) as board:
        board.require_arbiter()
        recs = _load(board, _all(board))
    if not recs:
        print("no games recorded on the board yet")
        return 0
    print("%-6s %-10s %5s  %s" % ("id", "game", "moves", "result"))
    for _name, rec in recs:
        print("%05d  %-10s %5d  %s"
              % (rec["id"], rec["game"], len(rec["moves"]), result_text(rec)))
    return 0


def _check_out(out_dir):
    """UsageError unless ``out_dir`` is a folder that can be written, or can be made;
    nothing is made here (only once there is something to write)."""
    if not out_dir.strip():
        raise UsageError("--out is empty: give a folder (. for this one)")
    path = os.path.abspath(out_dir)
    while not os.path.exists(path):
        path = os.path.dirname(path)
    if not os.path.isdir(path):
        raise UsageError("cannot write in %s: %s is a file" % (quoted(out_dir), quoted(path)))
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError("no permission to write in %s" % quoted(path))


def _plan(out_dir, recs, force):
    """[(path, bytes, what was there)] to write; UsageError (nothing written) when
    something is in the way of one of them."""
    plan = []
    for name, rec in recs:
        base = os.path.join(out_dir, name)
        for path, data in ((base + ".json", (json.dumps(rec, indent=1) + "\n").encode()),
                           (base + ".txt", move_list(rec).encode())):
            there = local_files.what_is_at(path)
            if there == "folder":
                raise UsageError("a folder is in the way of %s; nothing was exported"
                                 % quoted(path))
            if there == "file" and local_files.same_content(path, data):
                there = "same"
            elif there == "file" and not os.stat(path).st_mode & 0o222:
                raise UsageError("%s is read-only; nothing was exported" % quoted(path))
            elif there in ("file", "link") and not force:
                raise UsageError("%s is already there and differs (a %s); nothing was exported: "
                                 "--force replaces it, or choose another --out"
                                 % (quoted(path), "symbolic link" if there == "link" else
                                    "record of another board?"))
            plan.append((path, data, there))
    return plan


def export(port, game_id=None, out_dir=".", force=False):
    if game_id is not None and (not game_id.isdigit() or not game_id.isascii()
                                or not 0 < int(game_id) <= record_check.MAX_ID):
        raise UsageError("a game id is a number from 1 to %d, not %s"
                         % (record_check.MAX_ID, quoted(game_id, 24)))
    _check_out(out_dir)  # before the board is opened: a folder that cannot be written is bad input
    with Board(port) as board:
        board.require_arbiter()
        sized = _all(board)
        if game_id is None:
            recs = _load(board, sized)
        else:
            recs = _one(board, sized, int(game_id))
    plan = _plan(out_dir, recs, force)
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise UsageError("cannot make the folder %s: %s" % (quoted(out_dir), local_files.why(e)))
    for path, data, there in plan:
        if there != "same":
            local_files.write(path, data)
        if path.endswith(".txt"):
            said = {"same": " (already there)", "file": " (replaced)", "link": " (replaced)"}
            print("%s.json and .txt%s" % (path[:-4], said.get(there, "")))
    if not recs:
        print("no games recorded on the board yet")
    return 0


def _one(board, sized, game_id):
    """[(name, record)] of game ``game_id``: its record, else the game in progress
    when it has that id; a sentence saying why when neither can be exported."""
    want = "/" + records.game_path(game_id)
    mine = [(p, n) for p, n in sized if p == want]
    if mine:
        rec, why = _parse(want, _fetch(board, mine)[want])
        if why:
            raise BoardError("game %d on the board %s (%s); nothing exported"
                             % (game_id, why, want))
        return [("game-%05d" % game_id, rec)]
    current = [(p, n) for p, n in sized if p == CURRENT and n is not None]
    if current:
        rec, why = _parse(CURRENT, _fetch(board, current)[CURRENT])
        if rec is not None and rec["id"] == game_id:
            return [("game-%05d-unfinished" % game_id, rec)]
    raise UsageError("there is no game %d on the board (`arbiter games list` shows them)"
                     % game_id)


def clear(port, ids=(), everything=False):
    """Remove finished records from the board: ``ids`` (each must be there), or all with
    ``everything``; never the game in progress."""
    if not ids and not everything:
        raise UsageError("say which games to remove: their ids (`arbiter games list`), or --all")
    if ids and everything:
        raise UsageError("give ids or --all, not both")
    wanted = []
    for text in ids:
        if not (text.isdigit() and text.isascii() and 0 < int(text) <= record_check.MAX_ID):
            raise UsageError("a game id is a number from 1 to %d, not %s"
                             % (record_check.MAX_ID, quoted(text, 24)))
        wanted.append(int(text))
    with Board(port) as board:
        board.require_arbiter()
        there = [int(p[7:12]) for p, _n in _record_paths(board)]
        missing = [i for i in wanted if i not in there]
        if missing:
            raise UsageError("there is no finished game %d on the board (`arbiter games list` "
                             "shows them); nothing was removed" % missing[0])
        gone = sorted(set(wanted)) if ids else there
        board.remove_files(["/" + records.game_path(i) for i in gone])
        free = board.free()
    if not gone:
        print("no finished games on the board to remove")
    else:
        print("removed %d game%s: %s" % (len(gone), "" if len(gone) == 1 else "s",
                                         " ".join("%05d" % i for i in gone)))
    if free is not None:
        print("the board's flash has %d KB free" % (free // 1024))
    return 0


def add(subparsers):
    p = subparsers.add_parser("games", description="The games recorded on the board.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = actions.add_parser("list", help="one line per recorded game")
    port_option(a)
    a = actions.add_parser("export", help="save records as JSON and as readable move lists",
                           description="Write game-NNNNN.json (the record) and game-NNNNN.txt "
                                       "(the moves in the rules' notation, with times and "
                                       "clocks).")
    a.add_argument("id", nargs="?", metavar="ID", help="one game (default: all)")
    a.add_argument("--out", default=".", metavar="DIR", help="folder to write to (default: .)")
    a.add_argument("--force", action="store_true",
                   help="replace files in DIR that differ (else nothing is written)")
    port_option(a)
    a = actions.add_parser("clear", help="remove finished games from the board (export them "
                                         "first)",
                           description="Remove the records of finished games from the board, "
                                       "to make room on its flash; the game in progress stays. "
                                       "A board whose flash is full removes its oldest records "
                                       "itself.")
    a.add_argument("ids", nargs="*", metavar="ID", help="the games to remove")
    a.add_argument("--all", action="store_true", help="remove every finished game")
    port_option(a)
    p.set_defaults(func=run)


def run(args):
    if args.action == "list":
        return list_(args.port)
    if args.action == "clear":
        return clear(args.port, args.ids, args.all)
    return export(args.port, args.id, args.out, args.force)
