"""The two ways an `arbiter` command fails (DESIGN.md §3): each carries one sentence."""


class UsageError(Exception):
    """Bad input from the user: exit status 2, nothing written to the board."""


class BoardError(Exception):
    """The board or the link to it failed: exit status 1."""
