"""`arbiter games list|export`: the game records on the board (/games/NNNNN.json,
written by firmware/app/records.py), as JSON and as a readable move list in RULES.md
notation: one numbered line per move with the seat that made it (replayed through the
game's engine), the time the move took and the clocks after it."""
import importlib
import json
import os
import sys

from firmware.app.records import valid as is_record
from host_tools.board_link import Board
from host_tools.errors import UsageError

SEATS = {"morbak": ("A", "B"), "mabula": ("W", "B")}  # RULES.md's names; others: 1 and 2
CURRENT = "/state/current.json"


def _seat_names(game):
    return SEATS.get(game, ("1", "2"))


def seats_of(rec):
    """The seat that made each move, replayed through the engine; None if it cannot be."""
    if not rec["game"].isidentifier():
        return None
    try:
        engine = importlib.import_module("firmware.rules." + rec["game"])
        state = engine.new_game(rec["options"], rec["seed"])
        seats = []
        for move in rec["moves"]:
            seats.append(engine.to_move(state))
            state = engine.play(state, move)
        return seats
    except (ImportError, ValueError, KeyError, TypeError):
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
             "result: %s" % result_text(rec), ""]
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


def _load(board, paths):
    out = []
    for path, data in sorted(board.read_files(paths).items()):
        if data is None:
            continue
        try:
            rec = json.loads(data)
        except ValueError:
            rec = None
        if not is_record(rec):  # the firmware's own check of what it reads back
            print("warning: %s is unreadable; skipped" % path, file=sys.stderr)
            continue
        out.append(rec)
    return out


def list_(port):
    with Board(port) as board:
        board.require_arbiter()
        recs = _load(board, _record_paths(board) + [CURRENT])  # the game in progress last
    if not recs:
        print("no games recorded on the board yet")
        return 0
    print("%-6s %-10s %5s  %s" % ("id", "game", "moves", "result"))
    for rec in recs:
        print("%05d  %-10s %5d  %s" % (rec["id"], rec["game"], len(rec["moves"]), result_text(rec)))
    return 0


def export(port, game_id=None, out_dir="."):
    if game_id is not None and (not game_id.isdecimal() or not 0 < int(game_id) < 100000):
        raise UsageError("a game id is a number from 1 to 99999, not %r" % game_id)
    try:  # before the board is opened: a folder that cannot be written is bad input
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise UsageError("cannot make the folder %s: %s" % (out_dir, e.strerror))
    if not os.access(out_dir, os.W_OK):
        raise UsageError("no permission to write in %s" % out_dir)
    with Board(port) as board:
        board.require_arbiter()
        paths = _record_paths(board)
        if game_id is not None:
            want = "/games/%05d.json" % int(game_id)
            if want not in paths:
                raise UsageError("there is no game %s on the board (`arbiter games list` shows them)"
                                 % game_id)
            paths = [want]
        recs = _load(board, paths)
    for rec in recs:
        base = os.path.join(out_dir, "game-%05d" % rec["id"])
        with open(base + ".json", "w") as f:
            json.dump(rec, f, indent=1)
            f.write("\n")
        with open(base + ".txt", "w") as f:
            f.write(move_list(rec))
        print("%s.json and .txt" % base)
    if not recs:
        print("no games recorded on the board yet")
    return 0
