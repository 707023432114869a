"""A stand-in for host_tools.board_link.Board in the commands' tests: files as
{path: bytes, Unreadable, or "dir"}; ``Board(port)`` and ``with`` give the same object."""
from host_tools import board_link


class FakeBoard:
    def __init__(self, files):
        self.files = files
        self.exchanges = 0     # reads made in pieces (read_chunks)

    def __call__(self, port):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def require_arbiter(self):
        pass

    def files_under(self, top):
        return sorted(p for p in self.files if p.startswith(top + "/"))

    def files_sized(self, top):
        return [(p, self.size(p)) for p in self.files_under(top)]

    def sizes(self, paths):
        return {p: self.size(p) for p in paths}

    def remove_files(self, paths):
        for p in paths:
            self.files.pop(p, None)

    def free(self):
        return None

    def read_files(self, paths):
        return {p: self.files.get(p) for p in paths}

    def read_file(self, path):
        return self.files.get(path)

    def size(self, path):
        data = self.files.get(path)
        if isinstance(data, board_link.Unreadable):
            return 1
        return None if data is None else (-1 if data == "dir" else len(data))

    def read_chunks(self, path, start, chunk=4096):
        data = self.files[path]
        if isinstance(data, board_link.Unreadable):
            yield data
            return
        for at in range(start, len(data), chunk):
            self.exchanges += 1
            yield data[at:at + chunk]
