"""Crash handling, called by the runner (device.py) when step() raises.

``record(storage, exc)`` appends the traceback to /crash.log (bounded, newest kept) and
says whether to restart the app. Restarts are limited: the count of crashes since the
app last ran healthily (``HEALTHY_MS`` without a crash, see runtime.App) is kept in
/state/crashes; from the ``LIMIT``-th one on, the runner stays on the error pattern, and
the next boot sets the saved game aside instead of resuming it (no crash loop)."""
import sys

from firmware.app.core import eventlog, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

LOG = "crash.log"
_COUNT = const("state/crashes")
MAX_BYTES = 4096
LIMIT = 3
HEALTHY_MS = 60000


def traceback_text(exc):
    if hasattr(sys, "print_exception"):  # MicroPython
        import io
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        return buf.getvalue()
    import traceback
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def count(storage):
    """Crashes since the app last ran healthily. An unreadable counter (not a number,
    not text, a folder) is named in the event log and counts as LIMIT: assume the worst."""
    if not storage.exists(_COUNT):
        return 0
    text = (storage.read_text(_COUNT) or "").strip()
    if text.isdigit() and len(text) < 5:
        return int(text)
    eventlog.log(storage, 0, "crash: /%s cannot be read; counted as %d crashes" % (_COUNT, LIMIT))
    return LIMIT


def clear(storage):
    storage.remove(_COUNT)


def record(storage, exc):
    """Log ``exc``; True when the app may be restarted (and resume), False when the
    board should stay on the error pattern. Never raises."""
    try:
        n = count(storage) + 1
        storage.makedirs("state")
        storage.write_text(_COUNT, str(n))
        text = traceback_text(exc)[-(MAX_BYTES // 2):]
        storage.append_log(
            LOG, "--- crash %d\n%s" % (n, text if text.endswith("\n") else text + "\n"), MAX_BYTES
        )
        return n < LIMIT
    except Exception:  # the flash itself fails: do not risk a loop
        return False


def error_pattern(frame, width, now_ms):
    """Fill ``frame`` with the error display: a red X over the grid, blinking at 1 Hz."""
    render.clear(frame)
    if not render.blink(now_ms, 1000, 600):
        return
    height = len(frame) // 3 // width
    span = max(1, height - 1)
    for y in range(height):
        render.put(frame, y * width + y * (width - 1) // span, render.RED)
        render.put(frame, y * width + (height - 1 - y) * (width - 1) // span, render.RED)
