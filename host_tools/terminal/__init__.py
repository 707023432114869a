"""How each game looks and reads in the terminal (``arbiter play --terminal``).

One module per game, each with the same names:

* ``TITLE``, ``ENGINE`` (the rules module), ``PLAYERS`` (the two seats' names, for
  choosing the computer's side), ``new_game(seed)``;
* ``player(state, seat)``: the seat's name in this position (Fursaz's colours can swap;
  its ``player_then(state, seat, ply)`` is the name the seat had at an earlier ply);
* ``board(state, last, viewer)``: the position drawn, labelled, with ``last`` (the
  last move) marked, as ``viewer`` (a seat) may see it; Morbak's also takes the
  clocks' text, and its ``clock_limits(state)`` gives the time limits;
* ``how_to(state)``: what the player to move can type now, with examples taken
  from the position; ``hint(state)``: one short line of the moves open now;
  ``all_moves(state)``: every move (or every kind of move) open now;
* ``parse(state, line)``: what was typed, as the engine's move (case does not matter
  where the notation does not need it);
* ``told(state, move)``: the move as the other player may hear it (Masbrur's walls
  are secret);
* ``scores(state)``: the final scores in words (may be empty).
"""
GAMES = ("morbak", "mabula", "fursaz", "mano", "masbrur")


def view(name):
    """The game's terminal module, or None when its engine is not installed."""
    import importlib   # here: the simulator page imports this package on MicroPython
    try:
        return importlib.import_module("host_tools.terminal." + name)
    except ImportError:
        return None


def move_read(v, state, ply, seat, move, verb=" "):
    """``move`` (ply ``ply``, from 1) of ``seat`` as a move list shows it, ``state`` any
    position after it: its player's name then, and what the move made of it ("White swap
    (now Black)"; ``verb`` " plays ": "White plays swap (now Black)")."""
    if not hasattr(v, "player_then"):    # names that never change
        return "%s%s%s" % (v.player(state, seat), verb, move)
    was, now = v.player_then(state, seat, ply), v.player_then(state, seat, ply + 1)
    return "%s%s%s%s" % (was, verb, move, "" if was == now else " (now %s)" % now)


def listed(moves, limit=24, sep=", "):
    """Moves joined by ``sep`` (which no move contains), at most ``limit`` of them."""
    if len(moves) <= limit:
        return sep.join(moves)
    return "%s%s… (%d moves; type 'moves' for all)" % (sep.join(moves[:limit]), sep, len(moves))


def count(n, word):
    """'1 tile', '2 tiles'."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def key_values(text):
    """{key: value} of an engine's ``key=value key=value`` text (values may hold spaces)."""
    out = {}
    key = None
    for word in text.split():
        eq = word.find("=")
        if eq > 0:
            key = word[:eq]
            out[key] = word[eq + 1:]
        elif key is not None:
            out[key] += " " + word
    return out
