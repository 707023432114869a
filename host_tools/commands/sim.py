"""`arbiter sim`: serve the browser simulator of a board kind (host_tools/sim_server.py) at
http://127.0.0.1:PORT/ and open it in the browser."""
from host_tools import help_lists


def add(subparsers):
    p = subparsers.add_parser("sim", description="Serve the simulator at "
                                                 "http://127.0.0.1:PORT/ and open it.")
    p.add_argument("--board", default="light", metavar="KIND",
                   help="the board kind: %s (default: light)" % help_lists.boards_text())
    p.add_argument("--http", type=int, default=8000, metavar="PORT", help="default: 8000")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.set_defaults(func=run)


def run(args):
    from host_tools import sim_server
    return sim_server.main(args.board, args.http, not args.no_browser)
