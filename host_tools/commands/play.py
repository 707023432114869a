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
                   help="with --terminal: %s (default: ask); without it, the simulator "
                        "shows the game's board" % help_lists.names_text())
    p.add_argument("--terminal", action="store_true",
                   help="play in this terminal instead: two players at one keyboard, or one "
                        "against the computer (levels 1-5)")
    p.add_argument("--board", metavar="KIND",
                   help="the simulator's board kind: %s; default: GAME's board, else light"
                        % help_lists.boards_text())
    p.add_argument("--http", type=int, metavar="PORT",
                   help="the simulator's port on 127.0.0.1 (default: 8000)")
    p.set_defaults(func=run)


def run(args):
    if args.terminal:
        if args.board is not None or args.http is not None:
            raise UsageError("--board and --http choose the simulator; --terminal plays in "
                             "this terminal, with no board")
        from host_tools import terminal, terminal_game
        names = terminal.GAMES
        if args.game is not None and args.game.lower() not in names:
            raise UsageError("there is no game %s: choose one of %s"
                             % (quoted(args.game), ", ".join(names)))
        return terminal_game.main(args.game)
    game = args.game and args.game.lower()
    board = simulator_board(game, args.board)
    from host_tools import board_link
    from host_tools.commands import deploy
    ports = board_link.usb_ports()
    if ports:
        print("board found on %s: checking its firmware" % ports[0])
        deploy.install(ports[0])
        print("play on the board")
        return 0
    from host_tools import sim_server
    if board not in sim_server.board_kinds():
        sim_server.check(board)   # says which kinds there are, before anything starts
    print("no board attached: starting the simulator")
    from firmware import catalogue
    if game and catalogue.games_on(board)[0] != game:
        print("%s: choose it on the board's menu (the legend beside the board says how)"
              % catalogue.title(game))
    return sim_server.main(board, 8000 if args.http is None else args.http)


def simulator_board(game, board):
    """The board kind the simulator shows: ``board`` if given, else the first that plays
    ``game``, else light. A game that board does not play is bad input."""
    from firmware import catalogue
    if game is None:
        return board or "light"
    if game not in catalogue.names():
        raise UsageError("there is no game %s: choose one of %s"
                         % (quoted(game), ", ".join(catalogue.names())))
    kinds = [kind for kind in catalogue.kinds() if game in catalogue.games_on(kind)]
    if board is None or board in kinds:
        return board or kinds[0]
    if board not in catalogue.kinds():
        return board   # the simulator's check names the kinds there are
    raise UsageError("%s is played on the %s board, not the %s board"
                     % (catalogue.title(game), help_lists.spoken(kinds), board))
