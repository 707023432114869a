"""/events.log: one line "<ms> <event>" per boot, resume, move, rejected input (with its
reason), setting change…; rotated at 8 KB to /events.log.1 (storage.append_log)."""
PATH = "events.log"
MAX_BYTES = 8192


def log(storage, now_ms, text):
    storage.append_log(PATH, "%d %s\n" % (now_ms, text), MAX_BYTES)
