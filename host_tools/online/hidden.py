"""What a seat or a spectator of a hidden-information game may be sent
(docs/contracts.md#hidden-information).

``stand_in(game, state, viewer)`` is a whole position for the engine that agrees with
everything ``viewer`` (seat 0, 1, or None for a spectator) may see, and holds, where the
viewer may not look, tiles chosen from what the viewer can see alone: in Mano a Mano the
other hand and the boneyard are the tiles the viewer cannot see, shuffled by a fixed
generator; in Masbrur a wall still face down is the lowest tiles of its owner's (public)
arsenal and a sealed formation choice is "none". So nothing in it depends on a hidden tile,
yet the viewer's program can draw the board, list its own moves and check its own input
with the engine. ``public_move`` is a move as the others may learn it."""
from firmware.rules import Rng
from host_tools.online.mirror import engine_of

TILES = ["%d-%d" % (a, b) for a in range(7) for b in range(a, 7)]   # Mano's set order
_SHUFFLE = 0x5EED                                                    # the fixed generator
_TRIES = 500    # deals tried for a stand-in that agrees with who leads


def _fields(text):
    """Mano's ``key=value`` position text as an ordered list of [key, value]."""
    out = []
    for word in text.split(" "):
        if "=" in word:
            key, value = word.split("=", 1)
            out.append([key, value])
        else:
            out[-1][1] += " " + word
    return out


def _tiles(value):
    return [] if value == "-" or value.isdigit() else value.split(" ")


def _mano(engine, state, viewer):
    fields = _fields(engine.to_text(state))
    get = dict(fields)
    hidden = ["h%d" % s for s in (0, 1) if s != viewer] + ["bone"]
    seen = set()
    for t in (get["line"].split(" ") if get["line"] != "-" else []):
        a, b = sorted(t.split("-"))
        seen.add(a + "-" + b)
    if viewer is not None:
        seen.update(_tiles(get["h%d" % viewer]))
    unseen = [t for t in TILES if t not in seen]
    rng = Rng(_SHUFFLE)
    for _ in range(_TRIES):
        rng.shuffle(unseen)
        at = 0
        for key in hidden:
            n = len(_tiles(get[key]))
            part = unseen[at:at + n]
            get[key] = " ".join(sorted(part, key=TILES.index) if key != "bone" else part) or "-"
            at += n
        get["rng"] = str(_SHUFFLE)
        try:   # a deal the position's public facts rule out (who leads) is dealt again
            return engine.from_text(" ".join("%s=%s" % (k, get[k]) for k, _ in fields))
        except ValueError:
            pass
    raise ValueError("no stand-in deal found for this Mano a Mano position")


def _masbrur(engine, state, viewer):
    view = engine.public_view(state, viewer).split("\n")
    lines = engine.to_text(state).split("\n")
    arsenal = {}
    for line in lines:
        if line.startswith("arsenal"):
            arsenal[line[7]] = line.split()[1:]
    for k, line in enumerate(view):
        key = line.split(" ", 1)[0]
        if key.startswith("wall") and "??" in line:
            n = line.count("??")
            lines[k] = key + " " + " ".join(sorted(arsenal[key[4]])[:n])
        elif key.startswith("select") and line.endswith(" sealed"):
            lines[k] = key + " " + _NO_FORMATIONS
    return engine.from_text("\n".join(lines))


_NO_FORMATIONS = "F -"   # a choice of no formation


def stand_in(game, state, viewer):
    engine = engine_of(game)
    if engine.is_over(state):
        return state     # all is shown at the end (Mano a Mano's last hand is counted)
    if game == "mano":
        return _mano(engine, state, viewer)
    if game == "masbrur":
        return _masbrur(engine, state, viewer)
    return state


def hands_left(before, move):
    """Mano a Mano: the tiles each hand holds once ``move`` (played on the dealt position
    ``before``) ends the hand - shown, as the rules count them, to both seats (a tile board
    names them to its person, who shows their own on the pad: board_mano.py)."""
    get = dict(_fields(engine_of("mano").to_text(before)))
    hands = [_tiles(get["h0"]), _tiles(get["h1"])]
    if move[:1] in ("L", "R"):
        a, b = sorted(move[1:].split("-"))
        hands[int(get["move"])].remove(a + "-" + b)
    return hands


def public_move(game, move, after):
    """``move`` as anyone may read it, once it has led to position ``after``: a Masbrur wall
    still face down is ``W??,??``, a sealed formation choice ``F sealed``."""
    if game != "masbrur":
        return move
    view = engine_of(game).public_view(after, None)
    if move.startswith("W") and "??" in view:
        wall, _, rest = move.partition(" ")
        masked = ",".join("??" for _ in wall[1:].split(","))
        return ("W%s %s" % (masked, rest)).strip()
    if move.startswith("F ") and " sealed" in view:
        return "F sealed"
    return move
