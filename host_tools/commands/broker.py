"""`arbiter broker` (docs/contracts.md#remote-play): Mosquitto started with a configuration
written for remote play (host_tools/online/broker.py) and the dealer of Mano a Mano and
Masbrur beside it, until Ctrl-C."""
import os
import sys
import threading

from host_tools.errors import BoardError, UsageError
from host_tools.online.broker import DEFAULT_DIR


def add(subparsers):
    p = subparsers.add_parser("broker",
                              description="Start Mosquitto with a configuration written for "
                                          "remote play (a password per player, an ACL, "
                                          "persistence, a WebSocket listener for the simulator "
                                          "page, optional TLS) and the dealer of Mano a Mano and "
                                          "Masbrur. Prints how each player connects. Ctrl-C "
                                          "stops it.")
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
    p.set_defaults(func=run)


def _stop_on_signals():
    """A terminal closed or a kill stops the broker as Ctrl-C does: Mosquitto with it."""
    import signal

    def interrupt(signum, frame):
        raise KeyboardInterrupt
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


def _config_safe(path):
    """Whether mosquitto.conf can name ``path``: it reads UTF-8 text, a line a setting."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:   # bytes that are not UTF-8, kept as surrogates
        return False
    return "\n" not in path and "\r" not in path


def run(args):
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
    for flag, path in (("--dir", args.dir), ("--cert", args.cert), ("--key", args.key)):
        if path is not None and not _config_safe(path):
            raise UsageError("%s %s: Mosquitto's configuration names it, so it must be UTF-8 "
                             "text on one line" % (flag, ascii(path)))
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
