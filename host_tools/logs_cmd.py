"""`arbiter logs`: the board's crash log (/crash.log, tracebacks written by
firmware/app/crash.py) and event log (/events.log, "<ms> <event>" lines)."""

from host_tools.board_link import Board

LOGS = (("/crash.log", "no crash recorded"), ("/events.log", "no events logged"))


def run(port):
    with Board(port) as board:
        board.require_arbiter()
        files = board.read_files([path for path, _ in LOGS])
    for path, empty in LOGS:
        text = (files[path] or b"").decode("utf-8", "replace")
        if not text.strip():
            print("--- %s: %s" % (path, empty))
            continue
        print("--- %s (%d bytes)" % (path, len(files[path])))
        print(text.replace("\r\n", "\n"), end="" if text.endswith("\n") else "\n")
    return 0
