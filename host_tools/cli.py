"""The ``arbiter`` command (docs/contracts.md#the-arbiter-command). Exit status: 0 done, 1 the board, the link
or a tool failed, 2 bad input (nothing written to the board); each failure is one
sentence on stderr."""
import argparse
import os
import sys

from host_tools.errors import BoardError, UsageError, quoted

PORT_HELP = ("the board: a serial port (/dev/ttyACM0, COM3), auto (the first USB board), "
             "or socket://HOST:PORT for the virtual board (default: auto)")


def _port(p):
    p.add_argument("--port", "-p", default="auto", metavar="P", help=PORT_HELP)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="arbiter",
        description="Arbiter: play, and look after the boards that referee, time and record "
                    "Morbak, Mabula, Fursaz, Mano a Mano and Masbrur.",
        epilog="Run `arbiter COMMAND --help` for the options of a command.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play: on the attached board, else in the browser simulator",
                       description="With a board plugged in by USB: bring its firmware up to date "
                                   "and play on it. Otherwise: open the simulator in the browser. "
                                   "With --terminal: play any of the five games in this terminal.",
                       epilog="Games for --terminal: morbak (Morbak), mabula (Mabula), fursaz "
                              "(Fursaz), mano (Dominó Mano a Mano), masbrur (Masbrur). In the "
                              "game, 'help' explains the moves and 'resign' gives up.")
    p.add_argument("game", nargs="?", metavar="GAME",
                   help="with --terminal: morbak, mabula, fursaz, mano or masbrur (default: ask)")
    p.add_argument("--terminal", action="store_true",
                   help="play in this terminal instead: two players at one keyboard, or one "
                        "against the computer (levels 1-5)")
    p.add_argument("--board", default="light", metavar="KIND",
                   help="the simulator's board kind: light (Morbak), marble (Mabula), stone "
                        "(Fursaz) or tile (Mano a Mano, Masbrur); default: light")
    p.add_argument("--http", type=int, default=8000, metavar="PORT",
                   help="the simulator's port on 127.0.0.1 (default: 8000)")

    p = sub.add_parser("deploy", help="install or update the firmware on a board",
                       description="Compile firmware/ for the board's MicroPython, copy what changed "
                                   "(with boot.py, main.py and the profile), verify every file's "
                                   "hash on the board and reset it. An interrupted deploy leaves "
                                   "the board bootable.")
    _port(p)
    p.add_argument("--profile", default="light-pico", metavar="NAME",
                   help="the board profile hardware/NAME.json (default: light-pico)")

    p = sub.add_parser("config", help="show or change the board's settings",
                       description="The board's settings, as the board's own menu shows them.")
    csub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = csub.add_parser("get", help="print every setting as KEY=VALUE, or the value of one")
    c.add_argument("key", nargs="?", metavar="KEY", help="e.g. morbak.game_time_s")
    _port(c)
    c = csub.add_parser("set", help="check and save settings, e.g. morbak.move_time_s=off",
                        description="Every KEY=VALUE is checked first; if one is wrong nothing is "
                                    "written. Times are seconds or off; switches are on or off.")
    c.add_argument("pairs", nargs="*", metavar="KEY=VALUE")
    _port(c)

    p = sub.add_parser("games", help="list, export or clear the games recorded on the board")
    gsub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    g = gsub.add_parser("list", help="one line per recorded game")
    _port(g)
    g = gsub.add_parser("export", help="save records as JSON and as readable move lists",
                        description="Write game-NNNNN.json (the record) and game-NNNNN.txt (the "
                                    "moves in the rules' notation, with times and clocks).")
    g.add_argument("id", nargs="?", metavar="ID", help="one game (default: all)")
    g.add_argument("--out", default=".", metavar="DIR", help="folder to write to (default: .)")
    g.add_argument("--force", action="store_true",
                   help="replace files in DIR that differ (else nothing is written)")
    _port(g)
    g = gsub.add_parser("clear", help="remove finished games from the board (export them first)",
                        description="Remove the records of finished games from the board, to make "
                                    "room on its flash; the game in progress stays. A board whose "
                                    "flash is full removes its oldest records itself.")
    g.add_argument("ids", nargs="*", metavar="ID", help="the games to remove")
    g.add_argument("--all", action="store_true", help="remove every finished game")
    _port(g)

    p = sub.add_parser("logs", help="print the board's crash log and event log")
    _port(p)

    p = sub.add_parser("virtual-board", help="run the firmware on MicroPython behind a socket",
                       description="The firmware on the real MicroPython (WebAssembly, under Node) "
                                   "behind a TCP socket: use it with --port socket://HOST:PORT, or "
                                   "`mpremote connect socket://HOST:PORT`. Ctrl-C stops it.")
    p.add_argument("--listen", default="127.0.0.1:7777", metavar="HOST:PORT",
                   help="where to listen (default: 127.0.0.1:7777; port 0 picks a free one)")
    p.add_argument("--board", default="light", metavar="KIND", help="the board kind (default: light)")
    p.add_argument("--fs", metavar="DIR", help="keep the board's files in this folder across runs")
    p.add_argument("--blank", action="store_true", help="start with an empty flash (no firmware)")
    p.add_argument("--pico", action="store_true",
                   help="run the real Pico MicroPython on an emulated RP2040 instead, booted from "
                        "the image `arbiter uf2` makes (--fs keeps its flash)")

    p = sub.add_parser("uf2", help="write the one-file Pico image: MicroPython + Arbiter",
                       description="Write DIR/arbiter-NAME.uf2: the MicroPython UF2 with a file "
                                   "system holding the compiled firmware, boot.py, main.py and "
                                   "the profile. Drag it onto a Pico in BOOTSEL mode.")
    p.add_argument("--profile", default="light-pico", metavar="NAME",
                   help="the board profile hardware/NAME.json (default: light-pico)")
    p.add_argument("--micropython", metavar="UF2",
                   help="MicroPython v1.27 for RPI_PICO (default: from ARBITER_PICO_DIR)")
    p.add_argument("--out", default=".", metavar="DIR", help="folder to write to (default: .)")

    p = sub.add_parser("replay", help="run the board's firmware on a recorded sensor trace",
                       description="Run the firmware of a board kind (filter, inference, controller) "
                                   "on a trace of JSON lines and print each move it accepted, each "
                                   "correction it lit, and the final position and result.")
    from firmware.hal.profile import kinds
    p.add_argument("kind", metavar="KIND", help="the board kind: " + ", ".join(kinds()))
    p.add_argument("trace", metavar="TRACE", help="the trace file (JSON lines)")
    p.add_argument("--seed", type=int, default=0, metavar="N", help="the random setup's seed (default: 0)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a setting for the game, as `arbiter config set` takes it (repeatable)")
    p.add_argument("--profile", metavar="NAME",
                   help="the board: hardware/NAME.json (default: the first profile of KIND that "
                        "fits the settings, e.g. stone7-pico for --set fursaz.size=7)")

    p = sub.add_parser("sim", help="serve the browser simulator",
                       description="Serve the simulator at http://127.0.0.1:PORT/ and open it.")
    p.add_argument("--board", default="light", metavar="KIND",
                   help="the board kind: light, marble, stone or tile (default: light)")
    p.add_argument("--http", type=int, default=8000, metavar="PORT", help="default: 8000")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")

    from host_tools import online_cmd   # remote play: `arbiter broker`, `arbiter online`
    online_cmd.add_commands(sub)
    return parser


def play(args):
    if args.terminal:
        from host_tools import terminal, terminal_game
        names = terminal.GAMES
        if args.game is not None and args.game.lower() not in names:
            raise UsageError("there is no game %s: choose one of %s" % (quoted(args.game), ", ".join(names)))
        return terminal_game.main(args.game)
    from host_tools import board_link, deploy
    ports = board_link.usb_ports()
    if ports:
        print("board found on %s: checking its firmware" % ports[0])
        deploy.run(ports[0])
        print("play on the board")
        return 0
    print("no board attached: starting the simulator")
    from host_tools import sim_server
    return sim_server.main(args.board, args.http)


def run(args):
    cmd = args.command
    if cmd == "play":
        return play(args)
    if cmd == "deploy":
        from host_tools import deploy
        return deploy.run(args.port, args.profile)
    if cmd == "config":
        from host_tools import config_cmd
        if args.action == "get":
            return config_cmd.get(args.port, args.key)
        return config_cmd.set_(args.port, args.pairs)
    if cmd == "games":
        from host_tools import games_cmd
        if args.action == "list":
            return games_cmd.list_(args.port)
        if args.action == "clear":
            return games_cmd.clear(args.port, args.ids, args.all)
        return games_cmd.export(args.port, args.id, args.out, args.force)
    if cmd == "logs":
        from host_tools import logs_cmd
        return logs_cmd.run(args.port)
    if cmd == "virtual-board" and args.pico:
        from host_tools import pico_board
        return pico_board.main(args.listen, args.board, args.fs, args.blank)
    if cmd == "uf2":
        from host_tools import uf2
        return uf2.run(args.profile, args.micropython, args.out)
    if cmd == "replay":
        from host_tools import replay_cmd
        return replay_cmd.run(args.kind, args.trace, args.seed, args.set, args.profile)
    if cmd in ("broker", "online"):
        from host_tools import online_cmd
        return online_cmd.broker(args) if cmd == "broker" else online_cmd.online(args)
    if cmd == "virtual-board":
        from host_tools import virtual_board
        return virtual_board.main(args.listen, args.board, args.fs, args.blank)
    from host_tools import sim_server
    return sim_server.main(args.board, args.http, not args.no_browser)


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return run(args)
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
