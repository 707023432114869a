"""`arbiter play`: the shortest way to a game. With a board on USB: bring its firmware up to
date (`arbiter deploy`) and play on it; without one: the browser simulator (`arbiter sim`);
with --terminal: any game in this terminal (host_tools/terminal_game.py)."""
from host_tools import help_lists
from host_tools.errors import UsageError, quoted


def add(subparsers):
    p = subparsers.add_parser("play",
                              description="With a board plugged in by USB: bring its firmware up "
                                          "to date and play on it. Otherwise: open the simulator "
                                          "in the browser. With --terminal: play any of the "
                                          "games in this terminal.",
                              epilog="Games for --terminal: %s. In the game, 'help' explains the "
                                     "moves and 'resign' gives up." % help_lists.games_text())
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="with --terminal: %s (default: ask)" % help_lists.names_text())
    p.add_argument("--terminal", action="store_true",
                   help="play in this terminal instead: two players at one keyboard, or one "
                        "against the computer (levels 1-5)")
    p.add_argument("--board", default="light", metavar="KIND",
                   help="the simulator's board kind: %s; default: light"
                        % help_lists.boards_text())
    p.add_argument("--http", type=int, default=8000, metavar="PORT",
                   help="the simulator's port on 127.0.0.1 (default: 8000)")
    p.set_defaults(func=run)


def run(args):
    if args.terminal:
        from host_tools import terminal, terminal_game
        names = terminal.GAMES
        if args.game is not None and args.game.lower() not in names:
            raise UsageError("there is no game %s: choose one of %s"
                             % (quoted(args.game), ", ".join(names)))
        return terminal_game.main(args.game)
    from host_tools import board_link
    from host_tools.commands import deploy
    ports = board_link.usb_ports()
    if ports:
        print("board found on %s: checking its firmware" % ports[0])
        deploy.install(ports[0])
        print("play on the board")
        return 0
    from host_tools import sim_server
    if args.board not in sim_server.board_kinds():
        sim_server.check(args.board)   # says which kinds there are, before anything starts
    print("no board attached: starting the simulator")
    return sim_server.main(args.board, args.http)
