"""Files `arbiter` writes on this computer (`arbiter uf2`, `arbiter games export`,
`arbiter online --record`): each
whole or not at all, never through a symbolic link, a failure said in one sentence.

A file is written to a temporary name in its folder (made new, so no link is followed),
then renamed over the old one: a full disk or a cut leaves the old file as it was and
no temporary one. A symbolic link where the file goes is replaced, not followed."""
import errno
import os
import stat

from host_tools.errors import UsageError, quoted

# What an OSError while writing means, for messages (the rest: the system's own words).
WHY = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
       errno.EFBIG: "the file would be larger than this system allows",
       errno.EACCES: "permission denied", errno.EPERM: "permission denied",
       errno.EROFS: "the disk is read-only", errno.EISDIR: "a folder is in the way",
       errno.ENOTDIR: "a file stands where a folder should be"}


def why(e):
    return WHY.get(e.errno) or (e.strerror or str(e)).lower()


def what_is_at(path):
    """None (nothing), "folder", "link" (a symbolic link, whatever it points at) or
    "file" at ``path``, without following a link."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        return "file"
    if stat.S_ISLNK(mode):
        return "link"
    return "folder" if stat.S_ISDIR(mode) else "file"


def same_content(path, data):
    """Does the regular file ``path`` hold exactly ``data`` (bytes)?"""
    try:
        if os.path.getsize(path) != len(data):
            return False
        with open(path, "rb") as f:
            return f.read() == data
    except OSError:
        return False


def _open_temporary(path):
    """(fd, name) of a new temporary file beside ``path``, or UsageError (one sentence)."""
    if what_is_at(path) == "folder":
        raise UsageError("cannot write %s: a folder of that name is in the way" % quoted(path))
    folder = os.path.dirname(path) or "."
    tmp = os.path.join(folder, ".%s.%d.tmp" % (os.path.basename(path), os.getpid()))
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        return os.open(tmp, flags, 0o666), tmp
    except OSError as e:
        raise UsageError("cannot write in %s: %s" % (quoted(folder), why(e)))


def check(path):
    """UsageError (one sentence) now if ``write(path, ...)`` could not even begin: before
    a command starts what a file it keeps cannot follow."""
    fd, tmp = _open_temporary(path)
    os.close(fd)
    os.remove(tmp)


def write(path, data):
    """Write ``data`` (bytes) to ``path`` whole, or raise UsageError (one sentence) and
    leave what was there."""
    fd, tmp = _open_temporary(path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise UsageError("cannot write %s: %s%s" % (quoted(path), why(e),
                         "; the file there was left as it was" if what_is_at(path) else ""))
