"""One module per `arbiter` command (docs/contracts.md#the-arbiter-command), each the same
shape: a docstring saying what the command does, ``add(subparsers)`` that adds its parser
(description, options, ``set_defaults(func=run)``) and ``run(args)`` that does it and
returns the exit status (0; failures raise UsageError or BoardError, host_tools/errors.py).
host_tools/cli.py lists them and imports only the one that is run.

What several commands share about the command line is here."""

PORT_HELP = ("the board: a serial port (/dev/ttyACM0, COM3), auto (the first USB board), "
             "or socket://HOST:PORT for the virtual board (default: auto)")


def port_option(parser):
    """--port, for the commands that talk to a board."""
    parser.add_argument("--port", "-p", default="auto", metavar="P", help=PORT_HELP)
