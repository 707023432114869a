"""The one table of what Arbiter plays: every game, every board kind, and which game is
played on which board with which controller. Everything that lists games or boards reads
it: the menus and settings, record validation, firmware.ai, the host command, the
terminal, the simulator and the legends.

A row names modules, it does not import them: a board loads only the modules of the game
it plays, when it plays it (as micropython-async's primitives/__init__.py loads lazily).

GAMES, one row a game:
    name       the record's "game" and the settings' prefix ("<name>.level")
    title      what people read
    engine     the rules (docs/contracts.md#the-rules-engines)
    opponent   the board's play (think(state, level, rng): firmware/ai), or None
    settings   the board's own keys of the game (KEYS, HIDDEN, CHOSEN, TITLES, VALUES:
               firmware/app/core/settings.py), or None
    boards     (board kind, controller, legend) for each kind it is played on: the
               controller (firmware/app/core/controller.py) and the tools' words for it
               (firmware/app/explain/), or None for no words
BOARDS, one row a board kind:
    kind       the profile's "kind"
    layout     what the board lights and where its menu sits (firmware/app/boards/)

Another game joins with ``add(row)`` (tests/portable/noughts_*.py: noughts and crosses)."""

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_APP = const("firmware.app.")
GAMES = [
    ("morbak", "Morbak", "firmware.rules.morbak", "firmware.ai.morbak",
     _APP + "games.morbak_settings",
     (("light", _APP + "games.morbak_light", _APP + "explain.morbak_light"),)),
    ("mabula", "Mabula", "firmware.rules.mabula", "firmware.ai.mabula",
     _APP + "games.mabula_settings",
     (("marble", _APP + "games.mabula_marble", _APP + "explain.mabula_marble"),)),
    ("fursaz", "Fursaz", "firmware.rules.fursaz", "firmware.ai.fursaz",
     _APP + "games.fursaz_settings",
     (("stone", _APP + "games.fursaz_stone", _APP + "explain.fursaz_stone"),)),
    ("mano", "Dominó Mano a Mano", "firmware.rules.mano", "firmware.ai.mano",
     _APP + "games.mano_settings",
     (("tile", _APP + "games.mano_tile", _APP + "explain.mano_tile"),)),
    ("masbrur", "Masbrur", "firmware.rules.masbrur", "firmware.ai.masbrur",
     _APP + "games.masbrur_settings",
     (("tile", _APP + "games.masbrur_tile", _APP + "explain.masbrur_tile"),)),
]
BOARDS = [
    ("light", _APP + "boards.light"),
    ("marble", _APP + "boards.marble"),
    ("stone", _APP + "boards.stone"),
    ("tile", _APP + "boards.tile"),
]


ADDED = []   # the games add() put here: while there are any, the app keeps this module


def add(row):
    """Another game (a row as in GAMES); a row of the same name is replaced."""
    ADDED.append(row[0])
    for i in range(len(GAMES)):
        if GAMES[i][0] == row[0]:
            GAMES[i] = row
            return
    GAMES.append(row)


def remove(game):
    """Take a game add() put here out again."""
    GAMES.remove(row(game))
    ADDED.remove(game)


def names():
    return tuple([row[0] for row in GAMES])


def row(game):
    for r in GAMES:
        if r[0] == game:
            return r
    raise ValueError("unknown game %s (games: %s)" % (game, ", ".join(names())))


def title(game):
    return row(game)[1]


def games_on(kind):
    """The games played on board ``kind``, in the table's order (the first is its default)."""
    out = []
    for r in GAMES:
        for b in r[5]:
            if b[0] == kind:
                out.append(r[0])
    return tuple(out)


def kinds():
    return tuple([b[0] for b in BOARDS])


def load(name):
    """The module ``name`` (a dotted path of the table), imported now."""
    return __import__(name, None, None, ("__name__",))


def _on(game, kind):
    for b in row(game)[5]:
        if b[0] == kind:
            return b
    raise ValueError("%s is not played on the %s board" % (title(game), kind))


def engine(game):
    return load(row(game)[2])


def opponent(game):
    """The module of the board's play of ``game``; ValueError when it has none."""
    name = row(game)[3]
    if name is None:
        raise ValueError("the board does not play %s" % title(game))
    return load(name)


def settings(game):
    """The module of ``game``'s board settings, or None."""
    name = row(game)[4]
    return None if name is None else load(name)


def controller(game, kind):
    return load(_on(game, kind)[1])


def legend(game, kind):
    """The tools' words for ``game`` on board ``kind`` (firmware/app/explain/), or None."""
    name = _on(game, kind)[2]
    return None if name is None else load(name)


def layout(kind):
    """The name of board ``kind``'s layout module (firmware/app/boards/)."""
    for b in BOARDS:
        if b[0] == kind:
            return b[1]
    raise ValueError("unknown board kind %s (kinds: %s)" % (kind, ", ".join(kinds())))


def board(kind):
    return load(layout(kind))
