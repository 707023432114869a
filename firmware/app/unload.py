"""Forgetting modules, so that their code leaves RAM once nothing uses it (runtime.py:
the menu's when a game starts, a game's when it closes or another one starts); the next
import loads them again. Loaded for one call, then forgotten itself: a board holds none
of this while it plays.

A game's code is the family of modules named after it: its engine and the engine's
parts (firmware.rules.<game>_*), its opponent (firmware.ai.<game>), its controller
(play_<game>), the app's modules for it (firmware.app.<game>_*) and its settings.
Whatever is forgotten, a loaded module that holds it goes too, and so on: none is left
holding a dead copy of a module the next import loads afresh, whose state (tables an
engine builds on first use) would not be the dead one's."""
import gc
import sys

_MODULE = type(sys)


def forget(names, games=(), engines=True):
    """Forget the modules ``names`` and the families of ``games`` (without their engines
    unless ``engines``), those that hold any of them, and this module."""
    names = list(names)
    for name in sys.modules:
        leaf = name.rpartition(".")[2]
        for game in games:
            if name.startswith("firmware.") and (
                    leaf == game or leaf.startswith(game + "_")
                    or leaf in ("play_" + game, "settings_" + game)) and (
                    engines or not name.startswith("firmware.rules.")):
                names.append(name)
    names.append(__name__)
    while names:
        for name in names:
            if sys.modules.pop(name, None) is not None:
                package, _, leaf = name.rpartition(".")
                if hasattr(sys.modules[package], leaf):
                    delattr(sys.modules[package], leaf)
        names = [name for name in sys.modules if name.startswith("firmware.")
                 and _holds_dead(sys.modules[name])]
    # Their room is freed now, not at the next collection: what the game allocates next
    # reuses it instead of cutting up the free heap (a Masbrur round on a Pico: the largest
    # free block 79 KB, not 18 KB). CPython's memory needs no such help.
    if sys.implementation.name == "micropython":
        gc.collect()


def _holds_dead(mod):
    for value in mod.__dict__.values():
        if type(value) is _MODULE and sys.modules.get(value.__name__) is not value \
                and value.__name__.startswith("firmware."):
            return True
    return False
