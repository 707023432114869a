"""Arbiter host tools: the ``arbiter`` command and what it runs on the computer."""
