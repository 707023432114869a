"""Finish a firmware update that `arbiter deploy` started (called by boot.py).

A deploy uploads the new files into /.new/ (same layout as /), checks their hashes,
then writes the plan /.update atomically: {"move": [paths], "delete": [paths]}.
Writing the plan is the commit point. ``finish()`` then moves each new file over the
old one and deletes the files the new firmware no longer has. Every step can be done
again, so a power cut at any moment is harmless: before the plan exists the old
firmware is intact (a stale /.new/ is ignored); once it exists the next boot (or the
next deploy) completes the swap. boot.py calls it before anything imports the app:

    import firmware.update; firmware.update.finish()

The deploy moves this module first and boot.py last, so a new boot.py always finds
the new finish(). A plan that cannot be read (a torn or hand-edited file) is set aside
as /.update.bad, kept for a bug report, with /.new/: the files in place are then the
old firmware or a mix that the next deploy repairs, which it can, since nothing
blocks it any more."""
import json
import os

PLAN = "/.update"
NEW = "/.new"
BAD = PLAN + ".bad"

# Self-contained on purpose (no firmware.hal.storage): it runs while the other
# firmware files are being swapped, so it must not import any of them.


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _is_dir(path):
    return os.stat(path)[0] & 0x4000 != 0


def _makedirs(path):
    cur = ""
    for part in path.split("/")[:-1]:
        if part:
            cur += "/" + part
            if not _exists(cur):
                os.mkdir(cur)


def _replace(src, dst):
    try:
        os.rename(src, dst)
    except OSError:
        # FAT cannot rename over a file: remove it first (a cut here leaves src, so
        # the next finish() moves it again).
        os.remove(dst)
        os.rename(src, dst)


def remove_tree(path):
    """Delete ``path`` and everything under it (no recursion: an explicit stack)."""
    if not _exists(path):
        return
    stack = [path]
    dirs = []
    while stack:
        p = stack.pop()
        if _is_dir(p):
            dirs.append(p)
            for name in os.listdir(p):
                stack.append(p + "/" + name)
        else:
            os.remove(p)
    for p in reversed(dirs):  # children were found after their parents
        os.rmdir(p)


def _paths(plan, key):
    """The list of relative paths ``plan[key]``, or None when it is not one."""
    paths = plan.get(key) if isinstance(plan, dict) else None
    if not isinstance(paths, list):
        return None
    for p in paths:
        if not isinstance(p, str) or not p or p[0] == "/" or ".." in p.split("/"):
            return None
    return paths


def read_plan(root=""):
    """The plan in ``root``/.update: {"move": [...], "delete": [...]}, or None when
    it cannot be used."""
    try:
        with open(root + PLAN) as f:
            plan = json.load(f)
    except (OSError, ValueError):  # a folder, torn JSON, bytes that are not text
        return None
    if _paths(plan, "move") is None or _paths(plan, "delete") is None:
        return None
    return plan


def set_aside(root=""):
    """Keep an unusable plan as .update.bad (replacing an older one); drop /.new/."""
    remove_tree(root + BAD)
    os.rename(root + PLAN, root + BAD)
    remove_tree(root + NEW)
    print("update: %s could not be read; kept as %s" % (PLAN, BAD))


def finish(root=""):
    """Complete the update planned in ``root``/.update, if any (``root``: a folder
    standing for the board's /, for tests). Returns True when a plan was carried out."""
    plan_path = root + PLAN
    if not _exists(plan_path):
        return False
    plan = read_plan(root)
    if plan is None:
        set_aside(root)
        return False
    for path in plan["move"]:
        src = root + NEW + "/" + path
        if _exists(src):
            dst = root + "/" + path
            _makedirs(dst)
            _replace(src, dst)
    for path in plan["delete"]:
        if _exists(root + "/" + path):
            os.remove(root + "/" + path)
    os.remove(plan_path)
    remove_tree(root + NEW)
    return True
