"""`arbiter replay KIND TRACE [--seed N] [--set KEY=VALUE …] [--profile NAME] [--seat S=FILE]`
(docs/contracts.md#sensor-traces-and-arbiter-replay): the board's own firmware
(firmware/app/core/trace.py) run on a recorded sensor trace, on this computer.

The board is the one the trace was made on: the profile NAME, else the first profile of
the kind that fits the settings (``fursaz.size=7``: the stone board of size 7). The trace
is read a line at a time (a line is at most trace.MAX_LINE characters, split at "\\n"
only: U+2028 or U+0085 inside a string are text) and each event is printed as it
happens. Exit 2 for an empty or malformed trace, kind, profile or setting; lines printed before a
malformed line stay printed."""
import tempfile

from host_tools import help_lists, profiles
from host_tools.commands.config import parse_pairs
from host_tools.errors import BoardError, UsageError, quoted


def _profile(kind, name, values):
    """The checked profile to run (UsageError when it is not one of this kind)."""
    if kind not in profiles.kinds():
        raise UsageError("there is no board kind %s: choose one of %s"
                         % (quoted(kind, 20), ", ".join(profiles.kinds())))
    if name is None:
        name = profiles.choose(kind, values)
    profile = profiles.read(name)[1]
    if profile["kind"] != kind:
        raise UsageError("hardware/%s.json is a %s board's profile, not a %s board's"
                         % (name, profile["kind"], kind))
    return profile


def _lines(f, path):
    """The lines of the open binary file ``f`` as text, one at a time; UsageError for a
    line too long or not UTF-8."""
    from firmware.app.core.trace import MAX_LINE
    most = 4 * MAX_LINE   # bytes: UTF-8 takes up to 4 a character
    n = 0
    while True:
        data = f.readline(most + 2)
        if not data:
            return
        n += 1
        data = data.rstrip(b"\r\n")
        try:
            text = data.decode("utf-8") if len(data) <= most else None
        except UnicodeError:
            raise UsageError("line %d of the trace %s is not UTF-8 text" % (n, quoted(path)))
        if text is None or len(text) > MAX_LINE:
            raise UsageError("line %d of the trace is longer than %d characters" % (n, MAX_LINE))
        yield text


def _not_empty(lines, path):
    """``lines`` as they are, once one of them holds something: UsageError for a trace
    with no line, or only blank ones (a run over it would show a game nobody played)."""
    blank = 0
    for line in lines:
        if (line[1:] if not blank and line[:1] == "\ufeff" else line).strip():
            break
        blank += 1
    else:
        raise UsageError("the trace %s is empty: it holds no reading" % quoted(path))
    return _chain(blank, line, lines)


def _chain(blank, line, lines):
    for _ in range(blank):   # kept, so that errors name the line of the file
        yield ""
    yield line
    yield from lines


def _say(line):
    print(line, flush=True)   # as it happens: a trace still being written is followed


MAX_MOVES = 1 << 20   # characters of a file of moves read at most (a game is a few KB)


def _seats(specs):
    """{letter: text of its file} of the --seat LETTER=FILE options."""
    out = {}
    for spec in specs:
        letter, eq, path = spec.partition("=")
        if not eq or not path:
            raise UsageError("--seat takes a seat and a file of moves, e.g. B=moves.txt")
        if letter in out:
            raise UsageError("--seat %s is given twice" % quoted(letter))
        try:
            with open(path, encoding="utf-8") as f:
                out[letter] = f.read(MAX_MOVES)
        except (OSError, UnicodeError) as e:
            raise UsageError("cannot read the moves %s: %s" % (
                quoted(path), getattr(e, "strerror", None) or "not UTF-8 text"))
    return out


def replay_trace(kind, path, seed, pairs, profile_name=None, seat_specs=()):
    values = parse_pairs(pairs)   # each checked, none twice (as `arbiter config set`)
    seats = _seats(seat_specs)
    texts = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        texts[key.strip()] = text
    profile = _profile(kind, profile_name, values)
    from firmware.app.core import trace
    from firmware.hal.storage import Storage
    try:
        f = open(path, "rb")
    except OSError as e:
        raise UsageError("cannot read the trace %s: %s" % (quoted(path), e.strerror))
    with f, tempfile.TemporaryDirectory(prefix="arbiter-replay-") as root:
        try:
            lines = _not_empty(_lines(f, path), path)
            trace.replay(profile, Storage(root), lines, seed, texts, emit=_say,
                         seats=seats)
        except OSError as e:
            raise UsageError("cannot read the trace %s: %s" % (quoted(path), e.strerror))
        except ValueError as e:
            raise UsageError(str(e))
        except RuntimeError as e:   # the firmware crashed: a bug of ours, said in a sentence
            raise BoardError(str(e).splitlines()[0])
    return 0


def add(subparsers):
    p = subparsers.add_parser("replay",
                              description="Run the firmware of a board kind (filter, inference, "
                                          "controller) on a trace of JSON lines and print each "
                                          "move it accepted, each correction it lit, and the "
                                          "final position and result.")
    p.add_argument("kind", metavar="KIND",
                   help="the board kind: " + ", ".join(help_lists.board_kinds()))
    p.add_argument("trace", metavar="TRACE", help="the trace file (JSON lines)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="the random setup's seed (default: 0)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a setting for the game, as `arbiter config set` takes it (repeatable)")
    p.add_argument("--profile", metavar="NAME",
                   help="the board: hardware/NAME.json (default: the first profile of KIND that "
                        "fits the settings, e.g. stone7-pico for --set fursaz.size=7)")
    p.add_argument("--seat", action="append", default=[], metavar="SEAT=FILE",
                   help="a seat played elsewhere: its moves come from FILE (a line PLY MOVE "
                        "each, as replay prints them) and a person carries them out on the "
                        "board, e.g. B=moves.txt (repeatable)")
    p.set_defaults(func=run)


def run(args):
    return replay_trace(args.kind, args.trace, args.seed, args.set, args.profile, args.seat)
