"""Atomic JSON files and a bounded log on the board's flash (or a folder on a computer).

Every write goes to ``<name>.tmp`` first and is then renamed over ``<name>``, so a
power cut leaves either the old or the new file. Reads tolerate a missing or
corrupt file and fall back to a complete ``.tmp`` left by a cut between the two
steps of a rename on file systems that cannot rename over an existing file."""
import json
import os


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

    def path(self, name):
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
        try:
            return sorted(os.listdir(self.path(name) if name else (self.root or ".")))
        except OSError:
            return []

    def exists(self, name):
        return _exists(self.path(name))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def read_text(self, name, default=None):
        try:
            with open(self.path(name)) as f:
                return f.read()
        except (OSError, UnicodeError):
            return default

    def read_json(self, name, default=None):
        for candidate in (name, name + ".tmp"):
            text = self.read_text(candidate)
            if text:
                try:
                    return json.loads(text)
                except ValueError:
                    pass
        return default

    def write_text(self, name, text):
        path = self.path(name)
        tmp = path + ".tmp"
        self._write(tmp, text)
        try:
            os.rename(tmp, path)
        except OSError:
            # FAT cannot rename over a file: remove it first; read_json covers the gap.
            os.remove(path)
            os.rename(tmp, path)

    def write_json(self, name, obj):
        self.write_text(name, json.dumps(obj))

    def append_log(self, name, text, max_bytes):
        """Append ``text``; keep only the newest ``max_bytes`` (whole lines)."""
        old = self.read_text(name, "")
        data = old + text
        if len(data) > max_bytes:
            data = data[len(data) - max_bytes:]
            cut = data.find("\n")
            data = data[cut + 1:] if 0 <= cut < len(data) - 1 else data
        self.write_text(name, data)

    def _write(self, path, text):
        # One method so tests can inject a power cut at any byte of a write.
        with open(path, "w") as f:
            f.write(text)
