"""The ``arbiter`` command (DESIGN.md §3)."""
import argparse
import sys


def main(argv=None):
    parser = argparse.ArgumentParser(prog="arbiter", description="Arbiter host tools.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    p = sub.add_parser("play", help="play a game on this computer")
    p.add_argument("game", nargs="?", help="which game (default: ask)")
    args = parser.parse_args(argv)
    if args.command == "play":
        from host_tools import terminal_game
        return terminal_game.main(args.game)
    parser.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
