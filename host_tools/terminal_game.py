"""A hot-seat game in the terminal: any engine, moves typed in RULES.md notation.

Used by ``arbiter play --terminal``; never crashes on what is typed."""
import importlib
import os
import sys

GAMES = [("morbak", "Morbak"), ("mabula", "Mabula"), ("fursaz", "Fursaz"),
         ("mano", "Dominó Mano a Mano"), ("masbrur", "Masbrur")]
SEATS = {"morbak": ("A", "B"), "mabula": ("White", "Black"), "fursaz": ("seat 0", "seat 1"),
         "mano": ("seat 0", "seat 1"), "masbrur": ("seat 0", "seat 1")}
HELP = ("Type a move as listed (e.g. 'L d4'), 'moves' to list them all, 'board' to redraw,\n"
        "'help' for this text, or 'quit'.")


def _engines():
    out = []
    for name, title in GAMES:
        try:
            out.append((name, title, importlib.import_module("firmware.rules." + name)))
        except ImportError:
            pass
    return out


def board_text(name, engine, state):
    """A readable board: grid games get rank labels and file letters."""
    text = engine.to_text(state)
    if name in ("morbak", "mabula"):
        ranks, rest = text.split(" ", 1)
        rows = ranks.split("/")
        files = "abcdefgh"[:len(rows[0])]
        lines = ["%d  %s" % (len(rows) - i, " ".join(row)) for i, row in enumerate(rows)]
        lines.append("   " + " ".join(files))
        lines.append("   " + rest)
        return "\n".join(lines)
    if name == "mano" and hasattr(engine, "public_view") and engine.to_move(state) is not None:
        # Hot seat: show only what the player to move may see.
        return str(engine.public_view(state, engine.to_move(state)))
    return text


def _ask(prompt, read):
    try:
        return read(prompt)
    except EOFError:
        return None


def _choose(engines, game, read, write):
    if game:
        for e in engines:
            if e[0] == game:
                return e
        write("Unknown game %r. Games: %s\n" % (game, ", ".join(e[0] for e in engines)))
        return None
    for i, (name, title, _) in enumerate(engines):
        write("  %d. %s\n" % (i + 1, title))
    while True:
        line = _ask("Game number: ", read)
        if line is None or line.strip() in ("q", "quit"):
            return None
        line = line.strip()
        if line.isdecimal() and 1 <= int(line) <= len(engines):
            return engines[int(line) - 1]
        write("Please type a number from 1 to %d.\n" % len(engines))


def _short_list(moves, limit=24):
    if len(moves) <= limit:
        return ", ".join(moves)
    return "%s, … (%d moves; type 'moves' for all)" % (", ".join(moves[:limit]), len(moves))


def play(name, engine, read, write, seed):
    state = engine.new_game(None, seed)
    seats = SEATS[name]
    write(HELP + "\n\n")
    show = True
    while not engine.is_over(state):
        moves = engine.legal_moves(state)
        if show:
            write(board_text(name, engine, state) + "\n")
            write("Legal: %s\n" % _short_list(moves))
        show = False
        line = _ask("%s to move> " % seats[engine.to_move(state)], read)
        if line is None:
            write("\n")
            return 0
        line = " ".join(line.split())
        if not line:
            continue
        if line in ("quit", "q", "exit"):
            return 0
        if line in ("help", "?"):
            write(HELP + "\n")
            continue
        if line == "moves":
            write(", ".join(moves) + "\n")
            continue
        if line == "board":
            show = True
            continue
        if name == "morbak" and len(line) == 2 and hasattr(engine, "press_action"):
            # A bare square means the one action a press on the board would mean.
            try:
                line = engine.press_action(state, line) or line
            except ValueError:
                pass
        try:
            state = engine.play(state, line)
        except ValueError as e:  # IllegalMove is a ValueError
            write("Not accepted: %s\n" % e)
            continue
        write("Played %s\n" % line)
        show = True
    write(board_text(name, engine, state) + "\n")
    r = engine.result(state)
    if r["winner"] is None:
        write("Draw (%s). Scores %s–%s.\n" % (r["reason"], r["scores"][0], r["scores"][1]))
    else:
        write("%s wins (%s). Scores %s–%s.\n" % (seats[r["winner"]], r["reason"],
                                                 r["scores"][0], r["scores"][1]))
    return 0


def main(game=None, read=input, write=sys.stdout.write, seed=None):
    engines = _engines()
    if not engines:
        write("No game engine is installed.\n")
        return 1
    chosen = _choose(engines, game, read, write)
    if chosen is None:
        return 2 if game else 0
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    try:
        return play(chosen[0], chosen[2], read, write, seed)
    except KeyboardInterrupt:
        write("\n")
        return 0
