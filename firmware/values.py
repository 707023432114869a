"""Type checks for values read from JSON, shared by hal and app (firmware/rules keeps
its own copy: the engines import nothing outside their package).

isinstance(True, int) differs between CPython and MicroPython: compare identity."""


def is_bool(v):
    return v is True or v is False


def is_int(v):
    return isinstance(v, int) and not is_bool(v)
