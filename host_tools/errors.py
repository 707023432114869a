"""The two ways an `arbiter` command fails (docs/contracts.md#the-arbiter-command): each
carries one sentence."""


class UsageError(Exception):
    """Bad input from the user: exit status 2, nothing written to the board."""


class BoardError(Exception):
    """The board or the link to it failed: exit status 1."""


PATH_SHOWN = 100  # characters of a path or port in a message (device paths can be long)


def quoted(text, limit=PATH_SHOWN):
    """``text`` in quotes for a message, shortened and with control characters escaped
    (firmware.app.core.settings.shown): what a user typed never reaches the terminal raw."""
    from firmware.app.core.settings import shown
    s = shown(text, limit)
    return s if s.startswith("'") else "'%s'" % s
