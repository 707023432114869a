"""/events.log: one line "<ms> <event>" per boot, resume, move, rejected input (with its
reason), setting change…, bounded to the newest ~8 KB."""
PATH = "events.log"
MAX_BYTES = 8192


def log(storage, now_ms, text):
    storage.append_log(PATH, "%d %s\n" % (now_ms, text), MAX_BYTES)
