"""The games and the board kinds as the `arbiter` help names them, read from the firmware's
catalogue (firmware/catalogue.py), so a game or a board kind added there is offered here
without editing any help string."""


def _table():
    """([(game, title)], [(board kind, (game, ...))]), in the catalogue's order."""
    from firmware import catalogue
    games = [(name, catalogue.title(name)) for name in catalogue.names()]
    return games, [(kind, catalogue.games_on(kind)) for kind in catalogue.kinds()]


def spoken(words, last="or"):
    """'a, b or c': ``words`` as a sentence lists them."""
    words = list(words)
    return words[0] if len(words) < 2 else "%s %s %s" % (", ".join(words[:-1]), last, words[-1])


def titles():
    """[(game, title)]: every game, e.g. ("mano", "Dominó Mano a Mano")."""
    return _table()[0]


def board_kinds():
    """[board kind]: every kind of board the firmware drives."""
    return [kind for kind, _ in _table()[1]]


def names_text():
    """'morbak, mabula, ... or masbrur': the games' names as commands take them."""
    return spoken(name for name, _ in titles())


def games_text():
    """'morbak (Morbak), ...': each game's name with its title."""
    return spoken(("%s (%s)" % pair for pair in titles()), "and")


def boards_text():
    """'light (Morbak), ... or tile (Dominó Mano a Mano, Masbrur)': each board kind with the
    titles of the games it plays."""
    games, boards = _table()
    title = dict(games)
    return spoken("%s (%s)" % (kind, ", ".join(title[g] for g in plays)) for kind, plays in boards)
