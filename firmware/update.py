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
the new finish()."""
import json
import os

PLAN = "/.update"
NEW = "/.new"

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


def finish(root=""):
    """Complete the update planned in ``root``/.update, if any (``root``: a folder
    standing for the board's /, for tests). Returns True when a plan was carried out."""
    plan_path = root + PLAN
    if not _exists(plan_path):
        return False
    with open(plan_path) as f:
        plan = json.load(f)
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
