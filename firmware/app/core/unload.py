"""Forgetting modules, so that their code leaves RAM once nothing uses it (runtime.py:
the menu's when a game starts, a game's when it closes or another one starts); the next
import loads them again. Loaded for one call, then forgotten itself: a board holds none
of this while it plays.

A game's code is the family of modules its row in firmware/catalogue.py names - its
engine, its opponent, its settings, its controllers and their words - with their parts (a
module of the same package whose name is one of theirs followed by "_": the engine's
firmware.rules.mano_dealt, the controller's mano_tile_seat).
Whatever is forgotten, a loaded module that holds it (the module, a function or a class
of it) goes too, and so on: none is left holding a dead copy of a module the next import
loads afresh, whose state (tables an engine builds on first use) would not be the dead
one's."""
import gc
import sys

_MODULE = type(sys)


def forget(names, games=(), engines=True):
    """Forget the modules ``names`` and the families of ``games`` (without their engines
    unless ``engines``), those that hold any of them, and this module."""
    heads = []
    if games:
        had = "firmware.catalogue" in sys.modules
        from firmware import catalogue
        if not had and not catalogue.ADDED:
            names = list(names) + ["firmware.catalogue"]   # loaded for this call only
    for game in games:
        row = catalogue.row(game)
        for head in [row[3], row[4]] + [b[1] for b in row[5]] + [b[2] for b in row[5]]:
            if head:
                heads.append(head)
        if engines:
            heads.append(row[2])
    names = list(names)
    for name in list(sys.modules):
        for head in heads:
            if name == head or (name.startswith(head + "_") and "." not in name[len(head):]):
                names.append(name)
    names.append(__name__)
    watched = ["firmware."] + heads
    while names:
        for name in names:
            if sys.modules.pop(name, None) is not None:
                _drop(name)
        names = [name for name in sys.modules if _starts(name, watched)
                 and _holds_dead(sys.modules[name])]
        for name in list(names):   # a package goes with its submodules
            names += [n for n in sys.modules if n.startswith(name + ".")]
    # Their room is freed now, not at the next collection: what the game allocates next
    # reuses it instead of cutting up the free heap (a Masbrur round on a Pico: the largest
    # free block 79 KB, not 18 KB). CPython's memory needs no such help.
    if sys.implementation.name == "micropython":
        gc.collect()


def once(name):
    """The module ``name`` for one call: imported, then forgotten at once (with this
    module), so it leaves RAM when the caller lets go of it - code a game uses seldom
    (its end, an undo, a correction's words)."""
    mod = __import__(name, None, None, ("__name__",))
    forget((name,))
    return mod


def _starts(name, prefixes):
    for p in prefixes:   # (MicroPython's startswith takes no tuple)
        if name.startswith(p):
            return True
    return False


def _drop(name):
    """Forget ``name`` as an attribute of its package too (the package stays)."""
    package, _, leaf = name.rpartition(".")
    pkg = sys.modules.get(package)
    if pkg is not None and hasattr(pkg, leaf):
        delattr(pkg, leaf)


def _dead(value):
    """Is ``value`` a forgotten firmware module, or a function or class of one?"""
    if type(value) is _MODULE:
        name = value.__name__
        return name.startswith("firmware.") and sys.modules.get(name) is not value
    scope = getattr(value, "__globals__", None)
    if scope is not None:
        name = scope.get("__name__", "")
        home = sys.modules.get(name)
        return name.startswith("firmware.") and (home is None or home.__dict__ is not scope)
    if isinstance(value, type):
        name = getattr(value, "__module__", "")
        return name.startswith("firmware.") and \
            getattr(sys.modules.get(name), value.__name__, None) is not value
    return False


def _holds_dead(mod):
    """Does ``mod`` hold a forgotten module, function or class? A package's handle on a
    forgotten submodule of its own is only dropped (the package stays for the others)."""
    prefix = mod.__name__ + "."
    for key, value in list(mod.__dict__.items()):
        if _dead(value):
            if type(value) is _MODULE and value.__name__ == prefix + key:
                delattr(mod, key)
            else:
                return True
    return False
