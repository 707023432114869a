"""The ``arbiter`` command (docs/contracts.md#the-arbiter-command): the table of its commands
(one module each in host_tools/commands/) and what they share: an exit status of 0 done,
1 the board, the link or a tool failed, 2 bad input (nothing written to the board), and
each failure one sentence on stderr."""
import argparse
import importlib
import os
import sys

from host_tools.errors import BoardError, UsageError

# (command, what `arbiter --help` says of it); each one's module is
# host_tools/commands/<command>.py, with "-" written "_".
COMMANDS = (
    ("play", "play: on the attached board, else in the browser simulator"),
    ("deploy", "install or update the firmware on a board"),
    ("config", "show or change the board's settings"),
    ("games", "list, export or clear the games recorded on the board"),
    ("logs", "print the board's crash log and event log"),
    ("virtual-board", "run the firmware on MicroPython behind a socket"),
    ("uf2", "write the one-file Pico image: MicroPython + Arbiter"),
    ("replay", "run the board's firmware on a recorded sensor trace"),
    ("sim", "serve the browser simulator"),
    ("broker", "start a local MQTT broker for remote play"),
    ("online", "play someone elsewhere, through an MQTT broker"),
)


def command_module(name):
    return importlib.import_module("host_tools.commands." + name.replace("-", "_"))


def build_parser(argv=()):
    """The parser of ``arbiter``. Only the command that ``argv`` names is imported and given
    its options (the others are a line of help each), so neither `arbiter --help` nor a
    command loads every command's libraries (paho, littlefs, mpremote, ...)."""
    chosen = argv[0] if argv else None
    names = [name for name, _ in COMMANDS]
    description = None
    if chosen not in names:   # the top-level help may be shown: it names the games
        from host_tools import help_lists
        description = ("Arbiter: play, and look after the boards that referee, time and "
                       "record %s." % help_lists.spoken([t for _, t in help_lists.titles()],
                                                        "and"))
    parser = argparse.ArgumentParser(
        prog="arbiter", description=description,
        epilog="Run `arbiter COMMAND --help` for the options of a command.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS:
        if name == chosen:
            command_module(name).add(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if hasattr(sys.stdout, "reconfigure"):
        # A path given in bytes that are not UTF-8 is printed escaped, as stderr does,
        # not a traceback after the work is done.
        sys.stdout.reconfigure(errors="backslashreplace")
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except UsageError as e:
        print("arbiter: %s" % e, file=sys.stderr)
        return 2
    except BoardError as e:
        print("arbiter: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("arbiter: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `arbiter config get | head`: stop quietly
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
