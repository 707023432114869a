"""`arbiter online` (docs/contracts.md#remote-play): remote games through an MQTT broker
(host_tools/online/), played in the terminal or, with --port, on a board plugged into this
computer (the board's player moves on the board: docs/contracts.md#a-board-over-usb), and
the dealer of the hidden-information games for a broker `arbiter broker` did not start."""
import os
import sys

from host_tools import help_lists, local_files
from host_tools.errors import BoardError, UsageError
from host_tools.online.broker import DEFAULT_DIR

BROKER_ENV = "ARBITER_BROKER"


def add(subparsers):
    p = subparsers.add_parser("online",
                              description="Remote games over an MQTT broker: `new` starts "
                                          "one and prints its code, `join CODE` takes the other "
                                          "seat (or goes on with a game you play in), `watch "
                                          "CODE` follows one.")
    osub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    o = osub.add_parser("new", help="start a remote game and print its code")
    o.add_argument("game", metavar="GAME", nargs="?",
                   help=help_lists.names_text() + " (with --port and no GAME: the game the "
                        "board's own menu starts)")
    o.add_argument("--seat", type=int, choices=(1, 2), default=1,
                   help="the seat you take: 1 (the first player) or 2 (default: 1)")
    o.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a rules option, as `arbiter config set` writes it without the game's "
                        "name, e.g. target=100 (repeatable)")
    _broker_args(o)
    _port_arg(o)
    o = osub.add_parser("join", help="join the game with this code (or go on with yours)")
    o.add_argument("code", metavar="CODE")
    _broker_args(o)
    _port_arg(o)
    o = osub.add_parser("watch", help="follow a game, read-only")
    o.add_argument("code", metavar="CODE")
    _broker_args(o)
    o = osub.add_parser("dealer", help="deal Mano a Mano and Masbrur on a broker",
                        description="Run the dealer of hidden-information games, logged in as "
                                    "the user `dealer`, for a broker `arbiter broker` did not "
                                    "start (it runs its own). Ctrl-C stops it.")
    o.add_argument("--state", default=os.path.join(DEFAULT_DIR, "dealer"), metavar="DIR",
                   help="where the dealer keeps its games, a file each (default: "
                        "~/.arbiter/broker/dealer)")
    _broker_args(o)
    p.set_defaults(func=run)


def _broker_args(p):
    p.add_argument("--broker", default=os.environ.get(BROKER_ENV), metavar="URL",
                   help="mqtt://USER:PASSWORD@HOST[:PORT] (mqtts:// for TLS, ws:// for "
                        "WebSockets); default: $%s" % BROKER_ENV)
    p.add_argument("--ca", metavar="FILE", help="the CA certificate a mqtts:// broker is checked "
                                                "against (default: the system's)")
    p.add_argument("--record", metavar="FILE",
                   help="keep the game's record (moves, digests, clocks) in this JSON file")


def _port_arg(p):
    p.add_argument("--port", metavar="P",
                   help="play on the board plugged in here (/dev/ttyACM0, COM3, auto, "
                        "socket://HOST:PORT): its player moves on the board")


def _link(args, client_id=None):
    from host_tools.online.link import Broker, Link
    if not args.broker:
        raise UsageError("say which broker: --broker mqtt://USER:PASSWORD@HOST (or set %s)"
                         % BROKER_ENV)
    if args.ca and not os.path.isfile(args.ca):
        raise UsageError("there is no CA file %s" % args.ca)
    return Link(Broker(args.broker, ca=args.ca), client_id)


def _connect(link):
    from host_tools.online.link import LinkError
    try:
        link.connect()
    except LinkError as e:
        raise BoardError(str(e))


def game_options(game, pairs, base=None):
    """The rules options of ``game`` from KEY=VALUE pairs (over ``base``: a board's own);
    UsageError for a wrong one."""
    from firmware.app.core import settings
    from host_tools.online.mirror import engine_of
    engine = engine_of(game)
    out = {k: v for k, v in (base or {}).items() if k in engine.OPTIONS}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        name = key[len(game) + 1:] if key.startswith(game + ".") else key
        if not sep or name not in engine.OPTIONS:
            raise UsageError("--set takes KEY=VALUE with a rule option of %s: %s"
                             % (game, ", ".join(engine.OPTIONS)))
        try:
            out[name] = settings.parse(game + "." + name, value)
        except ValueError as e:
            raise UsageError(str(e))
    try:
        engine.new_game(out, 0)
    except ValueError as e:
        raise UsageError(str(e))
    return out


def _board_plays(args):
    """A game a board cannot play remotely with these settings is refused before the
    board is opened."""
    from host_tools.online import protocol
    from host_tools.online.board_game import not_on_board
    game = args.action == "new" and args.game and args.game.lower()
    if game in protocol.GAMES:
        why = not_on_board(game, game_options(game, args.set, None))
        if why:
            raise UsageError(why)


def run(args, read=None, write=None):
    from host_tools.online import protocol, terminal
    from host_tools.online.session import Session
    read = read or input
    write = write or sys.stdout.write
    if args.action == "dealer":
        return dealer(args)
    board = None
    if getattr(args, "port", None):
        _board_plays(args)
        board = _board(args, write)
    if args.action == "new":
        if args.game is None and board is None:
            raise UsageError("say which game: arbiter online new GAME (or give --port to "
                             "start it from the board's menu)")
        if args.game is None:
            game, options = _from_menu(board, write)
        else:
            game = args.game.lower()
            if game not in protocol.GAMES:
                raise UsageError("there is no game %r: choose one of %s"
                                 % (args.game[:20], ", ".join(protocol.GAMES)))
            options = game_options(game, args.set, board and board.options_of(game))
        link = _link(args)
        if link.user is None:
            raise UsageError("a game is started by a user of the broker: "
                             "--broker mqtt://USER:PASSWORD@HOST")
        code = protocol.new_code()
    else:
        try:
            code = protocol.normal_code(args.code)
        except protocol.Refused as e:
            raise UsageError(str(e))
        link = _link(args)
        if args.action == "join" and link.user is None:
            raise UsageError("a player joins as a user of the broker: "
                             "--broker mqtt://USER:PASSWORD@HOST (`watch` needs none)")
    if args.record:
        local_files.check(args.record)   # before the game starts, not at its first ply
    session = Session(link, code)
    _connect(link)
    try:
        if args.action == "new":
            session.create(game, options, args.seat - 1)
            write("Game code: %s\nThe other player types: arbiter online join %s --broker "
                  "mqtt://USER:PASSWORD@%s:%d\nWaiting for them…\n"
                  % (code, code, link.broker.host, link.broker.port))
        elif args.action == "join":
            write("Joining game %s…\n" % code)
            session.join()
        else:
            write("Watching game %s: waiting for it…\n" % code)
            session.watch()
        if board is not None:
            return board.run(session, args.record)
        poll = terminal.stdin_poll() if read is input else None
        return terminal.run(session, read, write, args.record, poll=poll)
    finally:
        session.close()


def dealer(args):
    from host_tools.online import dealer as dealer_mod
    from host_tools.online import protocol
    link = _link(args, "arbiter-dealer")
    if link.user != protocol.DEALER:
        raise UsageError("the dealer logs in as the user %s: --broker mqtt://%s:PASSWORD@HOST"
                         % (protocol.DEALER, protocol.DEALER))
    _connect(link)
    print("dealing on %s (Ctrl-C stops)" % link.broker.url)
    try:
        dealer_mod.run(link, args.state)
    except KeyboardInterrupt:
        print("dealer stopped")
    finally:
        link.close()
    return 0


class _Board:
    """The board on --port, asked what it plays before the game starts."""

    def __init__(self, port, write):
        from host_tools.online.board_port import BoardPort
        from host_tools.online.clocks import monotonic
        self.port = BoardPort(port, monotonic)
        self.now = monotonic
        self.write = write
        self.port.open(first=True)
        self.info = self.ask("hello", "board")

    def ask(self, line, word, seconds=5.0):
        """Send ``line``, and the JSON of the board's answer starting with ``word``."""
        import json
        import time
        self.port.send(line)
        deadline = self.now() + seconds
        while seconds is None or self.now() < deadline:
            for got in self.port.lines():
                head, _, rest = got.partition(" ")
                if head == word:
                    return json.loads(rest)
                if head == "no":
                    raise BoardError("the board refused: %s" % rest)
            time.sleep(0.02)
        raise BoardError("the board on %s does not answer: is its app running? (unplug it "
                         "and plug it in again; `arbiter deploy` puts the firmware on it)"
                         % self.port.port)

    def options_of(self, game):
        """The board's own options for ``game`` (its settings), as the game's rules take
        them; UsageError when it does not play it."""
        from host_tools.online.board_game import protocol_options
        if game not in self.info["games"]:
            raise UsageError("the %s board plays %s, not %s"
                             % (self.info["kind"], ", ".join(self.info["games"]), game))
        return protocol_options(game, self.ask("options " + game, "options")["options"])

    def from_menu(self):
        """The game the board's own menu starts, with its options (waits for it)."""
        from host_tools.online.board_game import protocol_options
        self.write("Choose the game and its settings on the board's menu and start it…\n")
        new = self.ask("menu", "new", None)
        return new["game"], protocol_options(new["game"], new["options"])

    def run(self, session, record):
        from host_tools.online import terminal
        from host_tools.online.bridge import Bridge
        bridge = Bridge(session, self.port.send, self.write)
        return terminal.run_board(session, bridge, self.port, self.write, record)


def _board(args, write):
    return _Board(args.port, write)


def _from_menu(board, write):
    return board.from_menu()
