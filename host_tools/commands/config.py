"""`arbiter config get|set`: the board's settings, /config.json, through the schema the
firmware itself uses (firmware/app/core/settings.py). Every KEY=VALUE is parsed and checked
before the board is even opened; the new file is written atomically, and the board's
restart at the end of the command (board_link) makes the app load it."""
import sys

from firmware import catalogue
from firmware.app.core import settings
from firmware.app.core.settings import shown
from firmware.hal.storage import Storage
from host_tools.board_link import TOO_LARGE, Board, Unreadable
from host_tools.commands import port_option
from host_tools.errors import PATH_SHOWN, BoardError, UsageError


class BoardFiles(Storage):
    """Storage's reading logic (fallback to a complete .tmp, tolerance of bad files,
    bounded reads) over files fetched from the board; writes are kept in ``written`` to
    be sent. ``sizes``: the size of each file on the board, read or not."""

    def __init__(self, files, sizes=None):
        Storage.__init__(self)
        self.files = files
        self.sizes = sizes or {}
        self.written = {}

    def read_text(self, name, default=None, limit=None):
        data = self.files.get(name)
        if data is None or isinstance(data, Unreadable):
            return default
        if limit is not None and len(data) > limit:
            return default
        try:
            return data.decode("utf-8")
        except UnicodeError:
            return default

    def exists(self, name):
        return self.files.get(name) is not None

    def size(self, name):
        return max(0, self.sizes.get(name) or 0)

    def write_text(self, name, text):
        self.written[name] = text


def parse_pairs(pairs):
    """[(key, value)] from ["key=text", ...]; UsageError (one sentence) on the first bad one."""
    out = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError("%s is not KEY=VALUE (e.g. morbak.game_time_s=600)"
                             % settings.shown(pair))
        if key in out:
            raise UsageError("%s is given twice" % settings.shown(key))
        check_key(key)
        try:
            out[key] = settings.parse(key, text)
        except ValueError as e:
            raise UsageError(str(e))
    return out


def check_key(key):
    if key is None:
        return
    try:
        settings.spec(key)
    except ValueError:
        raise UsageError("unknown setting %s (`arbiter config get` lists them all)"
                         % settings.shown(key))


def _read(board):
    """The stored settings as fetched (BoardFiles) and the settings in effect. A file
    larger than the board itself reads (settings.MAX_BYTES) is not fetched: reading it
    whole could exhaust the board's heap, and the board ignores it too."""
    board.require_arbiter()
    names = [settings.PATH, settings.PATH + ".tmp"]
    sizes = board.sizes(["/" + n for n in names])
    wanted = [p for p in sizes if sizes[p] is not None and sizes[p] <= settings.MAX_BYTES]
    files = board.read_files(wanted)
    for p in sizes:
        if sizes[p] is not None and sizes[p] > settings.MAX_BYTES:
            files[p] = Unreadable(TOO_LARGE)
    stored = BoardFiles({n: files.get("/" + n) for n in names}, {n: sizes["/" + n] for n in names})
    problem = settings.problem(stored, catalogue.names())
    if problem:
        print("warning: %s; the defaults stand in for what is wrong" % problem, file=sys.stderr)
    return stored, settings.load(stored, catalogue.names())


def get(port, key=None):
    check_key(key)
    with Board(port) as board:
        stored, cfg = _read(board)
    if key is not None:
        print(settings.to_text(key, cfg[key]))
        return 0
    for k in cfg:  # every board's settings, then each game's
        print("%s=%s" % (k, settings.to_text(k, cfg[k])))
    cal = stored.read_json(settings.PATH, None)
    cal = cal.get("stone.calibration") if isinstance(cal, dict) else None
    if isinstance(cal, dict) and isinstance(cal.get("baseline"), list) and cal["baseline"]:
        # Made on the board (its menu: calibrate); shown here, not set.
        base = [v for v in cal["baseline"] if isinstance(v, int)] or [0]
        print("stone.calibration=black reads %s; empty levels %d-%d over %d points: %s"
              % (cal.get("black"), min(base), max(base), len(base),
                 " ".join(str(v) for v in base)))
    return 0


def set_(port, pairs):
    if not pairs:
        raise UsageError("nothing to set: give KEY=VALUE pairs (e.g. sound=off)")
    values = parse_pairs(pairs)
    with Board(port) as board:
        stored, cfg = _read(board)
        unreadable = stored.files.get(settings.PATH)
        if isinstance(unreadable, Unreadable) and unreadable.errno != TOO_LARGE:
            # a folder, say: the rename would fail (one too large is simply replaced)
            raise BoardError("/%s on the board %s: remove it (`mpremote connect %s rm -r :%s`), "
                             "then set again"
                             % (settings.PATH, unreadable, shown(port, PATH_SHOWN), settings.PATH))
        cfg.update(values)
        settings.save(stored, cfg)
        board.write_atomic("/" + settings.PATH, stored.written[settings.PATH].encode("utf-8"))
    for key in values:
        print("%s=%s" % (key, settings.to_text(key, values[key])))
    print("saved; the board restarts with the new settings")
    return 0


def add(subparsers):
    p = subparsers.add_parser("config",
                              description="The board's settings, as the board's own menu shows "
                                          "them.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = actions.add_parser("get", help="print every setting as KEY=VALUE, or the value of one")
    a.add_argument("key", nargs="?", metavar="KEY", help="e.g. morbak.game_time_s")
    port_option(a)
    a = actions.add_parser("set", help="check and save settings, e.g. morbak.move_time_s=off",
                           description="Every KEY=VALUE is checked first; if one is wrong "
                                       "nothing is written. Times are seconds or off; switches "
                                       "are on or off.")
    a.add_argument("pairs", nargs="*", metavar="KEY=VALUE")
    port_option(a)
    p.set_defaults(func=run)


def run(args):
    if args.action == "get":
        return get(args.port, args.key)
    return set_(args.port, args.pairs)
