"""``arbiter broker`` and ``arbiter online`` (docs/contracts.md#remote-play): a local broker
for remote play, and remote games in the terminal."""
import os
import sys
import threading

from host_tools.errors import BoardError, UsageError

BROKER_ENV = "ARBITER_BROKER"
DEFAULT_DIR = os.path.join(os.path.expanduser("~"), ".arbiter", "broker")


def add_commands(sub):
    """The subcommands `broker` and `online`, on the top parser's ``sub``."""
    p = sub.add_parser("broker", help="start a local MQTT broker for remote play",
                       description="Start Mosquitto with a configuration written for remote play "
                                   "(a password per player, an ACL, persistence, a WebSocket "
                                   "listener for the simulator page, optional TLS) and the dealer "
                                   "of Mano a Mano and Masbrur. Prints how each player connects. "
                                   "Ctrl-C stops it.")
    p.add_argument("--dir", default=DEFAULT_DIR, metavar="DIR",
                   help="where its configuration, users and saved games live "
                        "(default: ~/.arbiter/broker)")
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                   help="the address to listen on (default: 127.0.0.1, this computer only; "
                        "0.0.0.0 for players on other computers)")
    p.add_argument("--port", type=int, default=1883, metavar="N", help="MQTT (default: 1883)")
    p.add_argument("--ws-port", type=int, default=9001, metavar="N",
                   help="MQTT over WebSockets, for the page (default: 9001; 0: none)")
    p.add_argument("--tls-port", type=int, default=None, metavar="N",
                   help="MQTT over TLS (mqtts://) on this port, with --cert and --key")
    p.add_argument("--cert", metavar="FILE", help="the TLS certificate (PEM)")
    p.add_argument("--key", metavar="FILE", help="the TLS certificate's private key (PEM)")
    p.add_argument("--user", action="append", default=None, metavar="NAME",
                   help="a player or board that may log in (repeatable; default: player1 "
                        "and player2)")

    p = sub.add_parser("online", help="play someone elsewhere, through an MQTT broker",
                       description="Remote games over an MQTT broker: `new` starts one and prints "
                                   "its code, `join CODE` takes the other seat (or goes on with a "
                                   "game you play in), `watch CODE` follows one.")
    osub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    o = osub.add_parser("new", help="start a remote game and print its code")
    o.add_argument("game", metavar="GAME", help="morbak, mabula, fursaz, mano or masbrur")
    o.add_argument("--seat", type=int, choices=(1, 2), default=1,
                   help="the seat you take: 1 (the first player) or 2 (default: 1)")
    o.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a rules option, as `arbiter config set` writes it without the game's "
                        "name, e.g. target=100 (repeatable)")
    _broker_args(o)
    o = osub.add_parser("join", help="join the game with this code (or go on with yours)")
    o.add_argument("code", metavar="CODE")
    _broker_args(o)
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


def _broker_args(p):
    p.add_argument("--broker", default=os.environ.get(BROKER_ENV), metavar="URL",
                   help="mqtt://USER:PASSWORD@HOST[:PORT] (mqtts:// for TLS, ws:// for "
                        "WebSockets); default: $%s" % BROKER_ENV)
    p.add_argument("--ca", metavar="FILE", help="the CA certificate a mqtts:// broker is checked "
                                                "against (default: the system's)")
    p.add_argument("--record", metavar="FILE",
                   help="keep the game's record (moves, digests, clocks) in this JSON file")


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


def game_options(game, pairs):
    """The rules options of ``game`` from KEY=VALUE pairs; UsageError for a wrong one."""
    from firmware.app.core import settings
    from host_tools.online.mirror import engine_of
    engine = engine_of(game)
    out = {}
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


def online(args, read=None, write=None):
    from host_tools.online import protocol, terminal
    from host_tools.online.session import Session
    read = read or input
    write = write or sys.stdout.write
    if args.action == "dealer":
        return dealer(args)
    if args.action == "new":
        game = args.game.lower()
        if game not in protocol.GAMES:
            raise UsageError("there is no game %r: choose one of %s"
                             % (args.game[:20], ", ".join(protocol.GAMES)))
        options = game_options(game, args.set)
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


def _stop_on_signals():
    """A terminal closed or a kill stops the broker as Ctrl-C does: Mosquitto with it."""
    import signal

    def interrupt(signum, frame):
        raise KeyboardInterrupt
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


def broker(args):
    """Run the broker and its dealer until Ctrl-C (or the terminal closes)."""
    from host_tools.online import broker as broker_mod
    from host_tools.online import dealer as dealer_mod
    from host_tools.online import protocol
    from host_tools.online.link import Broker, Link, LinkError
    if (args.tls_port is None) != (args.cert is None) or (args.cert is None) != (args.key is None):
        raise UsageError("TLS needs all three of --tls-port, --cert and --key")
    for f in (args.cert, args.key):
        if f is not None and not os.path.isfile(f):
            raise UsageError("there is no file %s" % f)
    users = args.user or ["player1", "player2"]
    for u in users:
        try:
            protocol.check_user(u)
        except protocol.Refused as e:
            raise UsageError("%s: %r" % (e, u[:40]))
    setup = broker_mod.Setup(args.dir, args.bind, args.port, args.ws_port or None,
                             args.tls_port, args.cert, args.key, users)
    try:
        proc = broker_mod.start(setup)
    except broker_mod.BrokerError as e:
        raise BoardError(str(e))
    stop = threading.Event()
    _stop_on_signals()
    try:
        passwords = setup.passwords()
        host = "127.0.0.1" if args.bind in ("0.0.0.0", "") else args.bind
        link = Link(Broker("mqtt://%s:%d" % (host, args.port), protocol.DEALER,
                           passwords[protocol.DEALER]), "arbiter-dealer")
        try:
            link.connect()
        except LinkError as e:
            raise BoardError("the dealer could not log in: %s" % e)
        thread = threading.Thread(target=dealer_mod.run,
                                  args=(link, setup.path("dealer"), stop), daemon=True)
        thread.start()
        shown = "HOST" if args.bind in ("0.0.0.0", "") else args.bind
        print("Mosquitto is running (its files: %s). Players connect with:" % setup.folder)
        for u in users:
            print("  --broker mqtt://%s:%s@%s:%d" % (u, passwords[u], shown, args.port))
        if args.ws_port:
            print("Watch a game in the browser: `arbiter sim`, then "
                  "http://127.0.0.1:8000/online.html?code=CODE&broker=ws://%s:%d"
                  % (shown, args.ws_port))
        if args.tls_port:
            print("TLS: mqtts://USER:PASSWORD@%s:%d" % (shown, args.tls_port))
        print("Ctrl-C stops it.")
        sys.stdout.flush()
        while not stop.wait(0.5):
            if proc.poll() is not None:
                raise BoardError("Mosquitto stopped (see %s)" % setup.path("mosquitto.log"))
        return 0
    except KeyboardInterrupt:
        print("broker stopped (the games it holds are saved in %s)" % setup.folder)
        return 0
    finally:
        stop.set()
        broker_mod.stop(proc)
