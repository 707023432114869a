"""Replay a sensor trace through the board's own firmware (`arbiter replay`,
docs/contracts.md#sensor-traces-and-arbiter-replay).

A trace is what a board's inputs read, scan by scan: JSON lines {"t": ms since power-up,
non-decreasing, ...} with, per board kind, "keys" (light: every key held, by name),
"occupied" (marble: every space that reads a marble), "stones" (stone: every point that
reads a stone, with the colour read, e.g. "c3W"), on the tile board "track" (Mano a Mano's
slots, each tile low end first: "S:6-6 R1:6-4"), "pad" (the reader pad's tile or null) and
"field" (Masbrur's field positions A0-D7 and wall slots WA1-WB2 that read a tile, half a
- the left one - first: "B0:0-0 C0:0-1 D5:6-3 WA1:2-7"; in Mano a Mano against the board,
its own tiles lying face down there), and, on every kind, "press" (a
button pressed and released at t). A reading holds until the next line changes it.

``replay(profile, storage, lines, seed, settings)`` builds the real drivers over
simulated wires (firmware/hal/wires.py), the runner and the app, starts the board's
game as if chosen from the menu (with the settings given, the random setup drawn from
``seed``), then ticks the runner every scan period through the trace and a little
after it, so the last reading can settle. It gives the lines a person watching the
board would write: ``move PLY MOVE``, ``correction T SPACES``, ``setup-ok T``, then
``position TEXT`` and, if the game is over, ``result JSON``. TraceError (a ValueError)
names the first bad line; a bad setting raises ValueError from the settings.

The trace is read a line at a time as the run reaches it (``lines`` may be a file), and
each line is given as it happens (``emit``), so a trace of any length runs in the same
memory. Idle time costs nothing: once nothing has changed for IDLE_MS (every reading
settled, no button down), the run jumps to the last scan before the next line."""
import json

from firmware import catalogue
from firmware.app.core import crash, device, settings
from firmware.app.core.runtime import make_app
from firmware.hal import profile as hal_profile
from firmware.hal import tiles
from firmware.hal.wires import Wires

_TAIL_MS = 1000   # run on this long (plus the settle time) after the last line
IDLE_MS = 20000   # longer than any settle time, long press or pause of the app
MAX_LINE = 8192   # characters in one line of a trace (a 127-point board's takes ~600)
# The tile board's fields: the positions each covers (by the first letter of their names).
# "field" is Masbrur's: "B0:0-0 C0:0-1 ... WA1:2-7", every field position (A0-D7) and wall
# slot (WA1 WA2 WB1 WB2) that reads a tile, half a (the left one) first.
_TILE_FIELDS = {"track": "SLR", "pad": "P", "field": "ABCDW"}
_PIPS = "01234567"


class TraceError(ValueError):
    pass


def _names(line_no, field, value, allowed):
    """[(index, what)]: each name's index in ``allowed``; what = 1, or for "stones" (a
    point and the colour read there, e.g. c3W) 1 black, 2 white."""
    if not isinstance(value, str):
        raise TraceError(
            "line %d: %s must be a string of names separated by spaces" % (line_no, field)
        )
    out = []
    for name in value.split():
        what = 1
        if field == "stones":
            what = "BW".find(name[-1:]) + 1
            name = name[:-1]
            if not what:
                raise TraceError(
                    "line %d: stones are a point and its colour, B or W (e.g. c3W)" % line_no
                )
        if name not in allowed:
            raise TraceError(
                "line %d: %s names %s, which this board does not have"
                % (line_no, field, name[:20])
            )
        out.append((allowed.index(name), what))
    return out


def _tile(line_no, field, word):
    """(half a, half b) codes of a tile ("3-5", "3-?"): on the track low end first; on
    the pad and the field half a first (a formation's tile shows its square there)."""
    if len(word) != 3 or word[1] != "-" or (word[0] + word[2]).strip(_PIPS + "?"):
        raise TraceError(
            "line %d: %s reads tiles as a-b (pips 0-7 or ?), not %s" % (line_no, field, word[:20])
        )
    a = _PIPS.find(word[0])
    b = _PIPS.find(word[2])
    if a >= 0 and b >= 0 and a > b and field == "track":
        raise TraceError(
            "line %d: %s writes a tile low end first (%s-%s)" % (line_no, field, word[2], word[0])
        )
    return (a if a >= 0 else tiles.BAD), (b if b >= 0 else tiles.BAD)


def _tiles(line_no, field, value, allowed):
    """(cells the field covers, [(cell, half a, half b)]) of a tile board's field."""
    cover = [c for c in range(len(allowed)) if allowed[c][0] in _TILE_FIELDS[field]]
    out = []
    if field == "pad":
        if value is not None:
            if not isinstance(value, str):
                raise TraceError("line %d: pad is a tile (e.g. 3-5) or null" % line_no)
            a, b = _tile(line_no, field, value)
            out.append((cover[0], a, b))
        return cover, out
    if not isinstance(value, str):
        raise TraceError(
            "line %d: %s must be a string of SLOT:TILE separated by spaces" % (line_no, field)
        )
    for word in value.split():
        name, _, tile = word.partition(":")
        if name not in allowed or allowed.index(name) not in cover:
            raise TraceError(
                "line %d: %s names %s, which is not one of its slots" % (line_no, field, name[:20])
            )
        a, b = _tile(line_no, field, tile)
        out.append((allowed.index(name), a, b))
    return cover, out


def entries(profile, lines):
    """The trace's readings, (t, field, value) one at a time, each checked against the
    board as it is read; TraceError names the first bad line."""
    kind = profile["kind"]
    keys = hal_profile.key_names(profile)
    board = catalogue.board(kind)
    field = board.TRACE
    names = board.trace_names(profile)
    buttons = hal_profile.kind_module(kind).BUTTONS
    last = 0
    n = 0
    for line in lines:
        n += 1
        if n == 1 and line[:1] == "\ufeff":   # a byte order mark some editors write
            line = line[1:]
        if len(line) > MAX_LINE:
            raise TraceError("line %d is longer than %d characters" % (n, MAX_LINE))
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            raise TraceError("line %d is not JSON" % n)
        except RuntimeError:   # CPython's RecursionError: brackets nested too deep
            raise TraceError("line %d nests its brackets too deep to be a reading" % n)
        if not isinstance(entry, dict):
            raise TraceError("line %d is not a JSON object" % n)
        t = entry.get("t")
        if not (isinstance(t, int) and t is not True and t is not False and t >= last):
            raise TraceError(
                "line %d: t must be a whole number of ms, not less than the line before" % n
            )
        last = t
        for name in entry:
            if name == "t":
                continue
            value = entry[name]
            if kind == "tile" and name in _TILE_FIELDS:
                yield (t, "tiles", _tiles(n, name, value, names))
            elif name == field:
                yield (t, name, _names(n, name, value, names))
            elif name == "press":
                if value not in buttons:
                    raise TraceError(
                        "line %d: press names no button of this board (%s)"
                        % (n, ", ".join(buttons))
                    )
                yield (t, name, keys.index(value))
            else:
                raise TraceError(
                    "line %d: %s is not a field of a %s board's trace" % (n, str(name)[:20], kind)
                )


def _json(value):
    """JSON with the keys of objects sorted: the same text on every interpreter."""
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(["%s: %s" % (json.dumps(k), _json(value[k])) for k in sorted(value)])
            + "}"
        )
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join([_json(v) for v in value]) + "]"
    return json.dumps(value)


def _apply(wires, entry, releases, until):
    """Put one reading on the simulated wires (a press held down ``until``)."""
    _t, name, value = entry
    if name == "press":
        wires.closed[value] = 1
        releases.append([until, value])
    elif name == "tiles":         # two contacts per position
        for c in value[0]:
            wires.put_tile(c, tiles.NONE, tiles.NONE)
        for c, a, b in value[1]:
            wires.put_tile(c, a, b)
    elif name == "keys":          # a contact per key
        for k in range(len(wires.closed)):
            wires.closed[k] = 0
        for k, _on in value:
            wires.closed[k] = 1
    else:                         # a sensor per cell
        for c in range(len(wires.present)):
            wires.present[c] = 0
        for c, what in value:
            wires.present[c] = what


def replay(profile, storage, lines, seed=0, values=None, new=True, emit=None, seats=None):
    """The lines of the module doc, given to ``emit`` one by one as they happen, or
    returned as a list without it; ``new=False`` powers up over ``storage`` as it is
    instead of starting a game (the saved game is offered for resuming: press OK).
    ``seats``: {seat letter: the text of a file of moves} for seats played elsewhere
    (core/seats.py: their moves come from the file, a person carries them out); a move
    of the file the board refuses ends the run with a ValueError that names it."""
    out = []
    if emit is None:
        emit = out.append
    source = entries(profile, lines)
    if values:
        cfg = settings.load(storage, catalogue.games_on(profile["kind"]))
        for key in values:
            cfg[key] = settings.parse(key, values[key])
        settings.save(storage, cfg)
    wires = Wires(profile)
    drivers = hal_profile.build_micropython(
        profile, wires.machine, wires.neopixel, sleep_us=lambda us: None
    )
    runner = device.Runner(make_app, profile, storage, drivers, crash)
    named = _feeds(storage, profile["kind"], seats) if seats else ()
    if named:
        runner.outside = {}
        for seat, letter, feed in named:
            runner.outside[seat] = feed
    runner.start(0)
    app = runner.app
    app.notes = []
    from firmware.app.core import launch
    play = launch.new_game(app, app.cfg["game"], 0, seed) if new else None
    if new and play is None:
        raise ValueError("these settings make no valid game")
    scan = profile["keys"]["scan_ms"]
    hold = (profile["keys"]["debounce"] + 2) * scan   # a press lasts long enough to count
    settle = drivers.sensors.settle_ms if drivers.sensors else 0
    following = _following(source)
    entry = following()
    end = None if entry is not None else settle + _TAIL_MS
    releases = []   # [t, key] of presses still down
    t = 0
    changed = 0     # when a line last changed a reading
    while end is None or t <= end:
        while entry is not None and entry[0] <= t:
            _apply(wires, entry, releases, t + hold)
            changed = entry[0]
            entry = following()
            if entry is None:
                end = changed + settle + _TAIL_MS
        for r in releases:
            if r[0] <= t:
                wires.closed[r[1]] = 0
        releases = [r for r in releases if r[0] > t]
        wires.now = t
        runner.tick(t)
        if runner.crashed_at is not None:
            raise RuntimeError("the firmware crashed at %d ms: %r" % (t, runner.error))
        for note in app.notes:
            emit(" ".join([str(x) for x in note]))
        del app.notes[:]
        for _seat, letter, feed in named:
            if feed.refused is not None:
                raise ValueError("the moves of seat %s: move %d, %s, is refused: %s"
                                 % ((letter,) + feed.refused))
        t += scan
        if entry is not None and not releases and t - changed > IDLE_MS:
            # Nothing left to settle: on to the last scan before the next line is read.
            t = max(t, (entry[0] + scan - 1) // scan * scan - scan)
    if play is None:
        play = app.play
    if play is not None:
        ses = play.session       # kept after the game closes (OK at the end)
        emit("position " + ses.engine.to_text(ses.state))
        if ses.over:
            emit("result " + _json(ses.result))
    return out


def _feeds(storage, kind, seats):
    """[(seat, letter, feed)] for ``seats`` ({letter: file text}), by the letters of the
    game the settings start (its controller's SEATS); ValueError names a wrong letter or
    line."""
    from firmware.app.core import feeds
    game = settings.load(storage, catalogue.games_on(kind))["game"]
    letters = catalogue.controller(game, kind).Play.SEATS
    out = []
    for letter in seats:
        if len(letter) != 1 or letter not in letters:
            raise ValueError("%s has seats %s and %s, not %s" % (
                catalogue.title(game), letters[0], letters[1], settings.shown(letter)))
        try:
            out.append((letters.index(letter), letter,
                        feeds.Moves(feeds.parse(seats[letter]))))
        except ValueError as e:
            raise ValueError("the moves of seat %s: %s" % (letter, e))
    return out


def _following(source):
    """A function giving the next entry of ``source``, or None at its end."""
    def following():
        for entry in source:
            return entry
        return None
    return following
