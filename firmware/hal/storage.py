"""Atomic JSON files and a bounded log on the board's flash (or a folder on a computer).

Every write goes to ``<name>.tmp`` first and is then renamed over ``<name>``, so a
power cut leaves either the old or the new file. Reads tolerate a missing or
corrupt file and fall back to a complete ``.tmp`` left by a cut between the two
steps of a rename on file systems that cannot rename over an existing file. A write
that fails (the flash is full) leaves the old file and no temporary one, and raises.
Logs are rotated: past their bound, ``<name>`` becomes ``<name>.1`` (the one before
is dropped), so a log never holds more than twice its bound and is never read whole
into RAM; a log line that does not fit a full flash is lost, never raised.

Reads are bounded: a file larger than ``limit`` (32 KB unless said) is taken as
unreadable, so a file put on the board by hand can never exhaust the heap. ``free()``
says how many bytes the flash has left (None where the port cannot tell).

``hold()`` ... ``flush()``: the board's runner holds the writes and removes of an app step
until the LEDs show its answer (a flash erase takes ~45 ms per 4 KB sector on a Pico), then
flushes them in order. Anything else that touches the files flushes first, so what a
step reads is what it wrote. A held JSON write is encoded at the flush: what the step left
in the object (a game's record) is what is saved. A held write that fails (the flash is
full) raises nowhere: the rest are dropped and ``failed`` says so, for the runner to have
the app write again its own way (runtime.App.rewrite: records.py makes room)."""
import json
import os

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_MAX_READ = const(32768)   # the largest file read whole (a long match's record: ~10 KB)
_REMOVE = const(-1)        # a held remove (a held write holds None, a held append its bound)
_JSON = const(-2)          # a held JSON write: the object, encoded at the flush


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Storage:
    def __init__(self, root=""):
        # root "" means the current folder (the board's /); tests pass a temporary folder.
        self.root = root.rstrip("/")
        self._holding = False
        self._held = []     # while holding: the writes waiting, in order
        self.failed = False  # a held write failed (the flash is full)

    def hold(self):
        """Queue writes from now until ``flush()`` (allocates nothing)."""
        self._holding = True

    def flush(self):
        """Carry out the queued writes, in order, and stop holding them (a write that
        fails sets ``failed``; the rest are dropped)."""
        self._holding = False
        if not self._held:
            return
        held, self._held = self._held, []
        try:
            for write in held:
                if write[0] is None:
                    self.write_text(write[1], write[2])
                elif write[0] is _REMOVE:
                    self.remove(write[1])
                elif write[0] is _JSON:
                    self.write_json(write[1], write[2])
                else:
                    self.append_log(write[1], write[2], write[0])
        except OSError:
            self.failed = True

    def path(self, name):
        # Every use of the files but a held write comes here: the writes held so far go
        # first (still holding the next ones), so what a step reads is what it wrote.
        if self._held:
            self.flush()
            self._holding = True
        return self.root + "/" + name if self.root else name

    def makedirs(self, name):
        cur = self.root
        for part in name.split("/"):
            if not part:
                continue
            cur = cur + "/" + part if cur else part
            if not _exists(cur):
                os.mkdir(cur)

    def listdir(self, name=""):
        path = self.path(name)
        try:
            return sorted(os.listdir(path if name else (self.root or ".")))
        except OSError:
            return []

    def exists(self, name):
        return _exists(self.path(name))

    def remove(self, name):
        if self._holding:   # a game's end drops the game in progress after its record
            self._held.append((_REMOVE, name, None))
            return
        # The .tmp too: a complete one left by a cut would otherwise bring the file back.
        for path in (self.path(name), self.path(name) + ".tmp"):
            try:
                os.remove(path)
            except OSError:
                pass

    def size(self, name):
        try:
            return os.stat(self.path(name))[6]
        except OSError:
            return 0

    def read_text(self, name, default=None, limit=_MAX_READ):
        # Read the file's own size: read(limit) would first take a buffer of ``limit``
        # bytes, more than a Pico's heap has in one piece once the app is loaded.
        path = self.path(name)
        try:
            size = os.stat(path)[6]
            if size > limit:
                return default
            with open(path) as f:
                text = f.read(size + 1)
        except (OSError, UnicodeError, MemoryError):
            return default
        return default if len(text) > limit else text

    def read_json(self, name, default=None, limit=_MAX_READ):
        for candidate in (name, name + ".tmp"):
            text = self.read_text(candidate, None, limit)
            if text:
                try:
                    return json.loads(text)
                except (ValueError, RuntimeError, MemoryError):  # RuntimeError: nested too deep
                    pass
        return default

    def free(self):
        """Bytes the flash has left, or None when the port cannot say."""
        try:
            st = os.statvfs(self.root or "/")
        except (AttributeError, OSError):
            return None
        return st[1] * st[4]   # fragment size x blocks free to a user

    def write_text(self, name, text):
        if self._holding:
            self._held.append((None, name, text))
            return
        path = self.path(name)
        tmp = path + ".tmp"
        try:
            self._write(tmp, text)
        except OSError:  # the flash is full: the old file stands, the torn copy goes
            self.remove(name + ".tmp")
            raise
        try:
            os.rename(tmp, path)
        except OSError:
            # FAT cannot rename over a file: remove it first; read_json covers the gap.
            os.remove(path)
            os.rename(tmp, path)

    def write_json(self, name, obj):
        if self._holding:   # encoded at the flush, after the frame (a long game's: ~3 ms)
            self._held.append((_JSON, name, obj))
            return
        self.write_text(name, json.dumps(obj))

    def append_log(self, name, text, max_bytes):
        """Append ``text``; when the file would grow past ``max_bytes`` it is first
        rotated to ``<name>.1``. A plain append (no rewrite of the log per line, which
        would wear the flash); a cut mid-append can only leave a torn last line."""
        if self._holding:
            self._held.append((max_bytes, name, text))
            return
        path = self.path(name)
        if self.size(name) + len(text) > max_bytes:
            try:
                os.rename(path, path + ".1")
            except OSError:  # FAT cannot rename over a file: the older one goes first
                try:
                    os.remove(path + ".1")
                    os.rename(path, path + ".1")
                except OSError:
                    pass
        try:
            self._append(path, text[-max_bytes:])
        except OSError:  # a full flash: the line is lost, the board goes on
            pass

    # The only two methods that write bytes, so tests can inject a power cut at any byte.
    def _write(self, path, text):
        with open(path, "w") as f:
            f.write(text)

    def _append(self, path, text):
        with open(path, "a") as f:
            f.write(text)
