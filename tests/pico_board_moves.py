"""How a move is made on a sensor board, as the stable frames its sensors would give and
its buttons (sent as code to the emulated Pico ahead of the scripts that play games there:
tests/pico_board_game.py, tests/pico_powercut_game.py): a stone put down, then its flips
turned (Fursaz); a marble pushed in (Mabula); a tile put on the track or shown on the pad,
or a button (Mano a Mano). ``FRAMES[game](app, engine, state, move)`` -> [event]; the
scripts that play any game through one interface call ``first_events``, ``pick`` and
``move_events`` (tests/pico_masbrur_moves.py has the same three)."""


def stones(points, board):
    return bytes([".BW".find(board.get(p, ".")) for p in points])


def fursaz_frames(app, engine, s, m):
    """The frames of placement m (the stone put down, then the flips turned)."""
    if m == "pass" or m == "swap":
        return [("down", app.keys[m])]
    points = app.play.points
    board = engine.board(s)
    board[m] = engine.to_text(s).split(" ")[1]
    after = engine.board(engine.play(s, m))
    return [("frame", stones(points, board)), ("frame", stones(points, after))]


def mabula_frames(app, engine, s, m):
    if m == "pass":
        return []
    return [("frame", engine.occupancy(engine.play(s, m)))]


_TILES = bytearray(b"\x08" * 128)   # what the tile board's contacts read (8: no tile)
_ENDS = [0, 0]                       # tiles left and right of the lead in this hand


def _put(cell, name):
    _TILES[2 * cell] = int(name[0])
    _TILES[2 * cell + 1] = int(name[2])


def mano_frames(app, engine, s, m):
    """A tile put on the track (past its 13 slots: shown on the pad, LEFT or RIGHT), a
    tile shown on the pad at the end of a hand, or a button (none for a forced pass the
    board plays itself)."""
    keys = app.keys
    after = engine.play(s, m)
    if engine.to_text(app.play.session.state) == engine.to_text(after):
        return []
    out = []
    if m.startswith("reveal"):
        _put(27, m.split()[2])
        out = [("frame", bytes(_TILES))]
        _TILES[54] = _TILES[55] = 8
        out.append(("frame", bytes(_TILES)))
        if len(engine.hand_history(after)) > len(engine.hand_history(s)):
            for c in range(54):
                _TILES[c] = 8                   # the track cleared for the next hand
            _ENDS[0] = _ENDS[1] = 0
            out.append(("frame", bytes(_TILES)))
        return out
    if m == "draw" or m == "pass":
        return [("down", keys[m])]
    if ":" in m:
        _put(0, m[2:])
        return [("down", keys["left" if m[0] == "0" else "right"]), ("frame", bytes(_TILES))]
    if m[0] not in "LR":
        _put(0, m)                              # a lead the rules give to a seat
        return [("frame", bytes(_TILES))]
    side = 0 if m[0] == "L" else 1
    _ENDS[side] += 1
    if _ENDS[side] > 13:
        _put(27, m[1:])
        out = [("frame", bytes(_TILES)), ("down", keys["left" if side == 0 else "right"])]
        _TILES[54] = _TILES[55] = 8
        return out + [("frame", bytes(_TILES))]
    _put(_ENDS[side] + 13 * side, m[1:])
    return [("frame", bytes(_TILES))]


def choices(engine, s):
    """The moves to choose from: a hand's tiles are shown one seat at a time."""
    legal = engine.legal_moves(s)
    if legal and legal[0].startswith("reveal"):
        seat = "%d" % engine.to_move(s)
        legal = [m for m in legal if m.split()[1] == seat]
    return legal


FRAMES = {"fursaz": fursaz_frames, "mabula": mabula_frames, "mano": mano_frames}


def first_events(engine, s):
    """What the board reads once a game has started (Mabula: its marbles set up as the
    LEDs ask; Mano a Mano: the empty track)."""
    name = engine.__name__
    if name.endswith("mabula"):
        return [("frame", engine.occupancy(s))]
    if name.endswith("mano"):   # an empty track: a hand starts on one that has read empty
        return [("frame", bytes(_TILES))]
    return []


def pick(engine, rng, s):
    legal = choices(engine, s)
    return legal[rng.below(len(legal))]


def move_events(app, engine, s, m):
    return FRAMES[engine.__name__.split(".")[-1]](app, engine, s, m)
