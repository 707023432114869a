"""`arbiter replay KIND TRACE [--seed N] [--set KEY=VALUE …]` (docs/contracts.md#sensor-traces-and-arbiter-replay): the board's
own firmware (firmware/app/trace.py) run on a recorded sensor trace, on this computer.
Prints one line per event, then the position and the result; exit 2 for a malformed
trace, kind or setting."""
import tempfile

from host_tools import profiles
from host_tools.errors import UsageError


def run(kind, path, seed, pairs):
    kinds = profiles.by_kind()
    if kind not in kinds:
        raise UsageError("there is no board kind %r: choose one of %s" % (kind[:20], ", ".join(sorted(kinds))))
    values = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError("--set takes KEY=VALUE, e.g. mabula.first=B")
        values[key.strip()] = value
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeError) as e:
        raise UsageError("cannot read the trace %s: %s" % (path, getattr(e, "strerror", None) or e))
    import json
    from firmware.app import trace
    from firmware.hal.storage import Storage
    with open(kinds[kind]) as f:
        profile = json.load(f)
    with tempfile.TemporaryDirectory(prefix="arbiter-replay-") as root:
        try:
            out = trace.replay(profile, Storage(root), lines, seed, values)
        except ValueError as e:
            raise UsageError(str(e))
    for line in out:
        print(line)
    return 0
