"""The board profiles shipped in hardware/ (one JSON file per board)."""
import json
import os

HARDWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "hardware")


def names():
    return sorted(f[:-5] for f in os.listdir(HARDWARE) if f.endswith(".json"))


def path(name):
    return os.path.join(HARDWARE, name + ".json")


def by_kind():
    """{board kind: path of its first profile by name}."""
    kinds = {}
    for name in names():
        with open(path(name)) as f:
            kinds.setdefault(json.load(f).get("kind"), path(name))
    return kinds
