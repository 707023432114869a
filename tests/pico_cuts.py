"""Power cuts checked on the host (tests/test_pico_powercut.py): the flash as a cut left it,
rebuilt from the emulated Pico's journal (host_tools/pico_journal.py), mounted as the port
mounts it, and what the board makes of it when the power comes back, found by the app's
own code (CPython, over a copy of the files): the game it offers to resume, the settings it
loads, the records it keeps.

What a board did is a list of marks, one per input that writes (``["setting", KEY,
VALUE]``, ``["start", ID]``, ``["move", ID, MOVES, OVER]``: what the flash holds once the
input is done). A cut's *progress* is (game id, moves, finished) of the game the board
resumes, or of its newest record when it resumes none. Every cut must give

* a file system the port mounts (else it would format the flash: everything lost);
* a resumed game whose moves are the start of the moves that game was played with, at the
  position the engine gives for them;
* progress that never goes back from one cut to a later one and, at the end of each
  input's writes, is what the mark says: so a cut during an input's writes resumes with
  or without that input, never with less;
* the settings as they were before the input or after it (never the defaults of a torn
  file), and no problem reported with them;
* every record written before the input, byte for byte as it was written."""
import importlib
import json
import os
import shutil
import tempfile

from firmware.app.core import records
from firmware.hal.storage import Storage
from host_tools.pico_journal import Cut, mount
from tests.pico_resume import power_up

IDLE_MS = 5        # a cut between two writes this far apart falls where nothing is written
_UNMOUNTABLE = "the port cannot mount the file system (it would format it)"
_KEPT = ("config.json", "crash")  # besides state/ and games/: what boot reads


class Snapshot:
    """What a board makes of the files a cut left (tests/pico_resume.py's power_up, on
    CPython over a copy of them in ``root``), and the cut's progress."""

    def __init__(self, profile, files, root):
        self.records = {p: d for p, d in files.items() if is_record(p)}
        shutil.rmtree(root, True)
        for path, data in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "wb") as f:
                f.write(data)
        self.seen = power_up(profile, Storage(root))
        self.settings = self.seen["settings"]
        if self.seen["screen"] == "resume":
            self.progress = (self.seen["game"], len(self.seen["moves"]), 0)
        else:
            done = [r for r in map(_parsed, self.records.values()) if not records.problem(r)]
            self.progress = max([(r["id"], len(r["moves"]), 1) for r in done] or [(0, 0, 0)])


def _parsed(data):
    try:
        return json.loads(data)
    except ValueError:
        return None


def is_record(path):
    """A finished game's record as the board lists them (records.next_id: no .tmp)."""
    return path.startswith("games/") and path.endswith(".json")


def read_files(volume):
    """{path: bytes} of what boot reads on a volume; None when the port cannot mount it."""
    try:
        fs = mount(volume)
    except Exception:
        return None
    out = {}
    for top in fs.listdir("/"):
        if top in ("state", "games"):
            for name in fs.listdir(top):
                with fs.open(top + "/" + name, "rb") as f:
                    out[top + "/" + name] = f.read()
        elif top.startswith(_KEPT):
            with fs.open(top, "rb") as f:
                out[top] = f.read()
    return out


def positions(rec):
    """The engine's position text after each number of ``rec``'s moves."""
    engine = importlib.import_module("firmware.rules." + rec["game"])
    s = engine.new_game(rec["options"], rec["seed"])
    out = [engine.to_text(s)]
    for m in rec["moves"]:
        s = engine.play(s, m)
        out.append(engine.to_text(s))
    return out


class Check:
    """The cuts of one run: ``journal`` (pico_journal.Journal), ``marks`` (as above, one per
    mark in the journal); the games' moves are those the run left on the flash."""

    def __init__(self, profile, journal, marks):
        assert len(journal.marks) == len(marks), (len(journal.marks), len(marks))
        final = read_files(journal.volume(Cut(len(journal.ops))))
        self.profile, self.journal, self.marks = profile, journal, marks
        self.games = {}
        for path, data in final.items():
            if is_record(path) or path == "state/current.json":
                rec = json.loads(data)
                self.games[rec["id"]] = (rec, positions(rec))
        self.final_records = {p: d for p, d in final.items() if is_record(p)}
        self.root = tempfile.mkdtemp(prefix="arbiter-cuts-")
        self.seen = {}          # snapshot files -> Snapshot
        self.counts = {}        # what the board was doing -> cuts
        self.outcomes = {}      # (input, "with it" / "without it" / ...) -> cuts
        self.failures = []
        self.results = []

    def close(self):
        shutil.rmtree(self.root, True)

    def windows(self):
        """[(mark index, first operation, end)]: the operations of each input (-1: those
        of the power-up, before the first mark), end excluded."""
        starts = [0] + self.journal.marks
        ends = self.journal.marks + [len(self.journal.ops)]
        return [(j - 1, starts[j], ends[j]) for j in range(len(starts))]

    def snapshot(self, cut):
        files = read_files(self.journal.volume(cut))
        if files is None:
            return None
        key = tuple(sorted(files.items()))
        if key not in self.seen:
            self.seen[key] = Snapshot(self.profile, files, self.root)
        return self.seen[key]

    def run(self):
        """Check every instant between two operations and the middle of every operation.
        ``results``: [(cut, what the board was doing, outcome, Snapshot)]."""
        lo = self.snapshot(Cut(0))
        for j, first, end in self.windows():
            mark = self.marks[j] if j >= 0 else "(power-up)"
            hi = self.snapshot(Cut(end))
            if lo is None or hi is None:
                self.fail("the end of mark %d %s" % (j, mark), _UNMOUNTABLE)
                return self
            cuts = [Cut(k, self.journal.ops[k].length // 2) for k in range(first, end)]
            cuts += [Cut(k) for k in range(first + 1, end + 1)]
            last = lo
            for cut in sorted(cuts, key=lambda c: (c.op, c.done)):
                snap = self.snapshot(cut)
                where = "%r, during mark %d %s" % (cut, j, mark)
                if snap is None:
                    self.fail(where, _UNMOUNTABLE)
                    continue
                self.check(snap, lo, hi, last, where)
                last = snap
                self.count(cut, j, snap, lo, hi)
            if j >= 0:
                self.check_end(hi, self.marks[j], "the end of mark %d %s" % (j, mark))
            lo = hi
        return self

    def count(self, cut, j, snap, lo, hi):
        """Count the cut by what the board was doing and what it resumes: "with it" (the
        input being made) or "without it"."""
        ops = self.journal.ops
        k = cut.op
        kind = self.marks[j][0] if j >= 0 else None
        if cut.done == 0 and (k == len(ops) or ops[k].ms - ops[k - 1].ms > IDLE_MS):
            what = "between writes"
        elif kind is None:
            what = "power-up"
        elif kind == "move" and self.marks[j][3]:
            what = "a game's end"
        else:
            what = {"setting": "the settings write", "start": "a game's start",
                    "move": "a move's save"}[kind]
        self.counts[what] = self.counts.get(what, 0) + 1
        out = None
        if kind is not None and (lo.progress, lo.settings) != (hi.progress, hi.settings):
            done = (snap.progress, snap.settings) == (hi.progress, hi.settings)
            out = "with it" if done else "without it"
            self.outcomes[(kind, out)] = self.outcomes.get((kind, out), 0) + 1
        self.results.append((cut, what, out, snap))

    def fail(self, where, why):
        self.failures.append("%s: %s" % (where, why))

    def check(self, snap, lo, hi, last, where):
        if not lo.progress <= last.progress <= snap.progress <= hi.progress:
            self.fail(where, "resumes %s after %s (from %s to %s)"
                      % (snap.progress, last.progress, lo.progress, hi.progress))
        if snap.settings not in (lo.settings, hi.settings):
            self.fail(where, "settings: %s" % _diff(lo.settings, snap.settings))
        seen = snap.seen
        if seen["config_problem"]:
            self.fail(where, "settings: %s" % seen["config_problem"])
        if seen["screen"] == "resume":
            rec, pos = self.games.get(seen["game"], ({"moves": []}, []))
            n = len(seen["moves"])
            if n >= len(pos) or seen["moves"] != rec["moves"][:n]:
                self.fail(where, "resumed moves %s are not the game's" % seen["moves"][-3:])
            elif seen["position"] != pos[n]:
                self.fail(where, "resumed at %s, not %s" % (seen["position"], pos[n]))
        for path, data in snap.records.items():
            if self.final_records.get(path) != data:
                self.fail(where, "the record %s is not the one written" % path)
        for path in lo.records:
            if path not in snap.records:
                self.fail(where, "the record %s is gone" % path)

    def check_end(self, snap, mark, where):
        """Once an input's writes are done the flash holds what its mark says."""
        if mark[0] == "setting":
            if snap.settings.get(mark[1]) != mark[2]:
                self.fail(where, "%s is %r, not %r"
                          % (mark[1], snap.settings.get(mark[1]), mark[2]))
            return
        want = (mark[1], 0, 0) if mark[0] == "start" else (mark[1], mark[2], 1 if mark[3] else 0)
        if snap.progress != want:
            self.fail(where, "holds %s, not %s" % (snap.progress, want))


def _diff(a, b):
    return ", ".join("%s %r -> %r" % (k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b))
                     if a.get(k) != b.get(k))
