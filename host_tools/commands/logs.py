"""`arbiter logs`: the board's crash log (/crash.log, tracebacks written by
firmware/app/core/crash.py) and event log (/events.log, "<ms> <event>" lines), each after
its older part (<name>.1: the firmware rotates its logs, firmware/hal/storage.py).

Streamed a piece at a time, and at most the newest SHOW_BYTES of each file (an old
firmware's logs could grow without bound); what is not text is shown escaped, so a
damaged log can neither flood nor drive the terminal."""
import codecs
import sys

from host_tools.board_link import Board, Unreadable
from host_tools.commands import port_option

LOGS = (("/crash.log", "no crash recorded"), ("/events.log", "no events logged"))
SHOW_BYTES = 32 * 1024


def printable(text):
    """``text`` (decoded with backslashreplace) with control characters other than
    newline and tab shown as \\xNN."""
    out = []
    for c in text:
        n = ord(c)
        out.append("\\x%02x" % n if (n < 32 and c not in "\n\t") or 127 <= n < 160 else c)
    return "".join(out)


def _show(board, path, out):
    """Print ``path`` (and its rotated part), newest SHOW_BYTES; False when both are missing."""
    parts = [(p, board.size(p)) for p in (path + ".1", path)]
    total = sum(size for _, size in parts if size and size > 0)
    if total == 0 and not [p for p, size in parts if size is not None and size < 0]:
        return False
    skip = max(0, total - SHOW_BYTES)
    out.write("--- %s (%d bytes%s)\n"
              % (path, total, ", the newest %d shown" % SHOW_BYTES if skip else ""))
    ends_in_newline = True
    for p, size in parts:
        if size is None:
            continue
        if size < 0:
            out.write("%s is a folder, not a log\n" % p)
            continue
        start = min(skip, size)
        skip -= start
        decoder = codecs.getincrementaldecoder("utf-8")("backslashreplace")
        for piece in board.read_chunks(p, start):
            if isinstance(piece, Unreadable):
                out.write("%s %s\n" % (p, piece))
                break
            text = printable(decoder.decode(piece).replace("\r\n", "\n"))
            out.write(text)
            out.flush()
            ends_in_newline = text.endswith("\n") if text else ends_in_newline
        out.write(printable(decoder.decode(b"", True)))
    if not ends_in_newline:
        out.write("\n")
    return True


def show(port):
    with Board(port) as board:
        board.require_arbiter()
        for path, empty in LOGS:
            if not _show(board, path, sys.stdout):
                print("--- %s: %s" % (path, empty))
    return 0


def add(subparsers):
    p = subparsers.add_parser("logs", description="Print the board's crash log and event log.")
    port_option(p)
    p.set_defaults(func=run)


def run(args):
    return show(args.port)
