"""The board profiles shipped in hardware/ (one JSON file per board), checked as the board
checks its own at boot (firmware/hal/profile.py) before any command uses one: a broken
profile is bad input (UsageError, one sentence naming the file), never a traceback."""
import json
import os

from host_tools.errors import UsageError, quoted

HARDWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "hardware")
MAX_BYTES = 64 * 1024   # a profile is a few KB; a bigger file is no profile


def names():
    return sorted(f[:-5] for f in os.listdir(HARDWARE) if f.endswith(".json"))


def path(name):
    return os.path.join(HARDWARE, name + ".json")


def _parsed(name):
    """(bytes, the JSON value) of hardware/<name>.json; UsageError if it is not JSON."""
    try:
        with open(path(name), "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise UsageError("cannot read hardware/%s.json: %s" % (name, e.strerror))
    if len(data) > MAX_BYTES:
        raise UsageError("hardware/%s.json is not a valid profile: over %d KB"
                         % (name, MAX_BYTES // 1024))
    try:
        return data, json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError too
        raise UsageError("hardware/%s.json is not a valid profile: not JSON" % name)


def read(name):
    """(bytes, profile) of hardware/<name>.json after the board's own check; UsageError
    when there is no such profile or it would not work on a board."""
    from firmware.hal.profile import check
    if name not in names():
        raise UsageError("there is no board profile %s: choose one of %s"
                         % (quoted(name), ", ".join(names())))
    data, profile = _parsed(name)
    try:
        check(profile)
    except ValueError as e:  # ProfileError
        raise UsageError("hardware/%s.json is not a valid profile: %s" % (name, e))
    return data, profile


def kind_of(name):
    """The board kind hardware/<name>.json says it is (UsageError if it says none)."""
    profile = _parsed(name)[1]
    kind = profile.get("kind") if isinstance(profile, dict) else None
    if not isinstance(kind, str):
        raise UsageError("hardware/%s.json is not a valid profile: it names no board kind" % name)
    return kind


def kinds():
    """The board kinds the profiles in hardware/ are for, sorted."""
    return sorted({kind_of(name) for name in names()})


def choose(kind, settings=None):
    """The name of the profile a command runs board kind ``kind`` with: the first by name
    whose own fields agree with the settings that name one (``fursaz.size=7``: the stone
    board of size 7). UsageError when there is none, or the one chosen is broken."""
    mine = [name for name in names() if kind_of(name) == kind]
    if not mine:
        raise UsageError("there is no board profile of kind %s: choose one of %s"
                         % (quoted(kind), ", ".join(kinds())))
    for name in mine:
        profile = _parsed(name)[1]
        if all(_agrees(profile, key, value) for key, value in (settings or {}).items()):
            read(name)
            return name
    wanted = " ".join("%s=%s" % kv for kv in sorted((settings or {}).items()))
    raise UsageError("no %s board profile in hardware/ fits %s (%s): give --profile NAME"
                     % (kind, wanted, ", ".join(mine)))


def _agrees(profile, key, value):
    """Does ``profile`` agree with the setting ``key`` (``<game>.<field>``)? Yes unless
    it has that field with another value."""
    field = key.partition(".")[2]
    return field not in profile or profile[field] == value
