"""A game in the terminal: any engine, moves typed in RULES.md notation,
two people at one keyboard (hot seat) or one against the computer
(``firmware.ai.choose``, any seat, levels 1-5).

Used by ``arbiter play --terminal``; never crashes on what is typed."""
import importlib
import os
import sys

from firmware import ai

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


def board_text(name, engine, state, viewer=None):
    """A readable board: grid games get rank labels and file letters. Mano a
    Mano shows what ``viewer`` may see (default: the player to move)."""
    text = engine.to_text(state)
    if name in ("morbak", "mabula"):
        ranks, rest = text.split(" ", 1)
        rows = ranks.split("/")
        files = "abcdefgh"[:len(rows[0])]
        lines = ["%d  %s" % (len(rows) - i, " ".join(row)) for i, row in enumerate(rows)]
        lines.append("   " + " ".join(files))
        lines.append("   " + rest)
        return "\n".join(lines)
    if viewer is None:
        viewer = engine.to_move(state)
    if name == "mano" and hasattr(engine, "public_view") and viewer is not None:
        # Show only what the person at the keyboard may see.
        return str(engine.public_view(state, viewer))
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


def _opponent(seats, read, write):
    """{seat: level} for the computer's seat, {} for hot seat, None on EOF."""
    write("Opponent: press Enter for two players here (hot seat), or type the seat the\n"
          "computer plays (0 = %s, 1 = %s) and its level 1-5, e.g. '1 3'.\n" % seats)
    while True:
        line = _ask("Opponent> ", read)
        if line is None:
            return None
        words = line.split()
        if not words:
            return {}
        if (len(words) == 2 and words[0] in ("0", "1") and words[1].isdecimal()
                and 1 <= int(words[1]) <= 5):
            return {int(words[0]): int(words[1])}
        write("Type a seat (0 or 1) and a level (1 to 5), e.g. '1 3', or just Enter.\n")


def play(name, engine, read, write, seed, computer=None):
    """One game; ``computer`` maps the seat the computer plays to its level."""
    state = engine.new_game(None, seed)
    seats = SEATS[name]
    computer = computer or {}
    human = None
    if computer:
        human = 1 - list(computer)[0]
        write("The computer plays %s at level %d.\n" % (seats[1 - human], computer[1 - human]))
    write(HELP + "\n\n")
    show = True
    ply = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        if seat in computer:
            move = ai.choose(name, state, computer[seat], seed + ply)
            state = engine.play(state, move)
            ply += 1
            write("Computer (%s) plays %s\n" % (seats[seat], move))
            show = True
            continue
        moves = engine.legal_moves(state)
        if show:
            write(board_text(name, engine, state, human) + "\n")
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
        ply += 1
        show = True
    write(board_text(name, engine, state, human) + "\n")
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
    computer = _opponent(SEATS[chosen[0]], read, write)
    if computer is None:
        write("\n")
        return 0
    try:
        return play(chosen[0], chosen[2], read, write, seed, computer)
    except KeyboardInterrupt:
        write("\n")
        return 0
