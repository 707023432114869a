"""Tiny assertion helpers that work on CPython and MicroPython alike.

Test modules in tests/portable/ use only these and plain ``assert``: pytest runs
them on CPython, and tests/test_micropython.py runs the very same functions on
the real MicroPython."""


def raises(exc, fn, *args):
    """Call fn(*args); return the exception of type ``exc`` it must raise."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def eq(got, want, what=""):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what, got, want))
