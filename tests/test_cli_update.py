"""firmware/update.py, which finishes a deploy's swap at boot: a power cut before any
change it makes, on CPython and on the real MicroPython, on a file system that renames
over files and on one that cannot (FAT), and the board always ends on the new files."""
import os

from firmware import update

# Runs on both interpreters: ROOT names a folder that stands for the board's /.
SCENARIO = r'''
import os

OLD = {"firmware/a.mpy": "old a", "firmware/sub/b.py": "old b", "boot.py": "old boot",
       "config.json": "{}"}
NEW = {"firmware/update.mpy": "new u", "firmware/a.mpy": "new a",
       "firmware/sub/c.mpy": "new c", "firmware/new/d.mpy": "new d", "boot.py": "new boot"}
PLAN = ('{"move": ["firmware/update.mpy", "firmware/a.mpy", "firmware/sub/c.mpy", '
        '"firmware/new/d.mpy", "boot.py"], "delete": ["firmware/sub/b.py"]}')
WANT = {"firmware/update.mpy": "new u", "firmware/a.mpy": "new a", "firmware/sub/c.mpy": "new c",
        "firmware/new/d.mpy": "new d", "boot.py": "new boot", "config.json": "{}"}


def exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def put(root, files):
    if not exists(root):
        os.mkdir(root)
    for path in files:
        d = root
        for part in path.split("/")[:-1]:
            d += "/" + part
            if not exists(d):
                os.mkdir(d)
        with open(root + "/" + path, "w") as f:
            f.write(files[path])


def tree(root, top=""):
    out = {}
    for name in os.listdir(root + top):
        p = top + "/" + name
        if os.stat(root + p)[0] & 0x4000:
            out.update(tree(root, p))
        else:
            with open(root + p) as f:
                out[p[1:]] = f.read()
    return out


class Cut(Exception):
    pass


class FlakyOs:
    """update.py's os: from the k-th change on, every change fails (the power is gone);
    with fat=True, rename cannot replace an existing file."""

    def __init__(self, k, fat):
        self.left = k
        self.fat = fat

    def _change(self):
        if self.left == 0:
            raise Cut()
        self.left -= 1

    def rename(self, a, b):
        self._change()
        if self.fat and exists(b):
            raise OSError(17)
        os.rename(a, b)

    def remove(self, p):
        self._change()
        os.remove(p)

    def mkdir(self, p):
        self._change()
        os.mkdir(p)

    def rmdir(self, p):
        self._change()
        os.rmdir(p)

    def stat(self, p):
        return os.stat(p)

    def listdir(self, p):
        return os.listdir(p)


def board(n):
    root = ROOT + "/b%d" % n
    os.mkdir(root)
    put(root, OLD)
    put(root + "/.new", NEW)
    with open(root + "/.update", "w") as f:
        f.write(PLAN)
    return root


def every_cut():
    """A cut before each change in turn, then a reboot; returns the number of cuts tried."""
    n = 0
    for fat in (False, True):
        k = 0
        while True:
            n += 1
            root = board(n)
            update.os = FlakyOs(k, fat)
            try:
                update.finish(root)
                done = True
            except Cut:
                done = False
            finally:
                update.os = os
            update.finish(root)  # the next boot
            got = tree(root)
            assert got == WANT, (fat, k, got)
            if done:
                break
            k += 1
    return n


def nothing_planned():
    root = ROOT + "/quiet"
    os.mkdir(root)
    put(root, OLD)
    put(root + "/.new", {"firmware/a.mpy": "half uploaded"})
    assert update.finish(root) is False
    assert tree(root)["firmware/a.mpy"] == "old a"  # an upload without a plan changes nothing


def damaged_plans():
    """An unreadable plan is set aside (kept) with /.new, the files stay, nothing blocks."""
    plans = ['{"move": ["firmware/a.mpy"], "del', "[1, 2]", '{"move": "boot.py", "delete": []}',
             '{"move": ["../../etc/passwd"], "delete": []}', '{"move": [], "delete": [7]}', None]
    for i, plan in enumerate(plans):
        root = ROOT + "/bad%d" % i
        put(root, OLD)
        put(root + "/.new", NEW)
        if plan is None:  # a folder where the plan should be
            os.mkdir(root + "/.update")
        else:
            with open(root + "/.update", "w") as f:
                f.write(plan)
        if i:
            put(root + "/.update.bad", {"old": "an older damaged plan"})
        assert update.finish(root) is False, plan
        got = tree(root)
        if plan is not None:
            assert got.pop(".update.bad") == plan, plan
        assert got == OLD, (plan, got)
        assert not exists(root + "/.new") and not exists(root + "/.update"), plan
        assert update.finish(root) is False
'''


def test_finish_survives_a_cut_before_every_change(tmp_path):
    ns = {"ROOT": str(tmp_path), "update": update}
    exec(SCENARIO, ns)
    cuts = ns["every_cut"]()
    assert cuts > 2 * 12, cuts  # a move is 1-2 changes, plus folders and deletes, in two modes
    ns["nothing_planned"]()
    ns["damaged_plans"]()


def test_finish_survives_a_cut_before_every_change_on_micropython(upy):
    out = upy.run("import firmware.update as update\nROOT = '/upd'\nimport os\nos.mkdir(ROOT)\n"
                  + SCENARIO
                  + "\nprint('cuts', every_cut())\nnothing_planned()\ndamaged_plans()\n")
    cuts = [line.split()[1] for line in out.splitlines() if line.startswith("cuts ")]
    assert int(cuts[0]) > 2 * 12, out
    assert out.count("could not be read; kept as /.update.bad") == 6, out


def test_remove_tree_removes_nested_folders(tmp_path):
    (tmp_path / "a" / "b" / "c").mkdir(parents=True)
    (tmp_path / "a" / "b" / "c" / "f").write_text("x")
    (tmp_path / "a" / "g").write_text("y")
    update.remove_tree(str(tmp_path / "a"))
    assert os.listdir(tmp_path) == []
    update.remove_tree(str(tmp_path / "missing"))  # nothing there: nothing to do
