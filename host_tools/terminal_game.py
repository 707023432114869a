"""A game in the terminal, ``arbiter play --terminal``: any of the five games,
two people at one keyboard (hot seat) or one against the computer
(``firmware.ai.choose``, either side, levels 1-5). How each game is drawn and
typed is in ``host_tools/terminal/<game>.py``; the notation is in
docs/contracts.md and each game's rules in docs/rules/<game>.md.

Never crashes on what is typed. Morbak's clocks run as on the board: the time a
player takes comes off their clock, a move slower than the move limit loses the
turn, an empty clock loses the game."""
import os
import re
import sys
import textwrap
import time

from firmware import ai
from host_tools import terminal

COMMANDS = ("Commands: 'help' explains the moves · 'moves' lists them · 'board' draws the board\n"
            "'resign' (or 'flag') gives up: the other player wins by resignation · 'quit' "
            "stops unfinished")
WINS = {"line": "with four in a row", "flag": "on time", "score": "on points",
        "more points": "on points", "target reached": "the match", "largest group":
        "with the largest group", "product": "with the largest product of groups",
        "tiebreak": "on the tiebreak", "tie to white": "the tie (ties go to White)",
        "resignation": "by resignation"}
DRAWS = {"no moves": "no moves left", "draw": "equal scores"}
RESIGN = ("resign", "flag")
QUIT = ("quit", "q", "exit")
MAX_TYPED = 200   # characters of a typed line (Masbrur's longest moves take ~60)
_SEAT = re.compile(r"\bseat ([01])\b")  # how engines name a player
_QUOTED = re.compile(r"(?<![A-Za-z])'[^'\n]{1,80}'(?![A-Za-z])")  # an example move


def _views():
    out = []
    for name in terminal.GAMES:
        v = terminal.view(name)
        if v is not None:
            out.append((name, v))
    return out


def _ask(prompt, read):
    """The line typed (None at the end of input); one longer than MAX_TYPED is cut there
    and marked with "...", so it is refused as no answer and never echoed whole."""
    try:
        line = read(prompt)
    except EOFError:
        return None
    return line if len(line) <= MAX_TYPED else line[:MAX_TYPED] + "..."


def _choose(views, game, read, write):
    if game:
        for name, v in views:
            if name == game.lower():
                return name, v
        write("Unknown game %r. Games: %s\n" % (game, ", ".join(name for name, _ in views)))
        return None
    for i, (_, v) in enumerate(views):
        write("  %d. %s\n" % (i + 1, v.TITLE))
    while True:
        line = _ask("Game number: ", read)
        if line is None or line.strip().lower() in QUIT:
            return None
        line = line.strip()
        if line.isdecimal() and 1 <= int(line) <= len(views):
            return views[int(line) - 1]
        write("Please type a number from 1 to %d.\n" % len(views))


def _side(word, players):
    """0 or 1 for '1'/'2' or the first word of a player's name ('b', 'black'), else None."""
    word = word.lower()
    if word in ("1", "2"):
        return int(word) - 1
    for seat, name in enumerate(players):
        first = name.split()[0].lower()
        if word == first or (len(players[0].split()[0]) == 1 and word == first[:1]):
            return seat
    return None


def _opponent(players, read, write):
    """{seat: level} for the computer's side, {} for hot seat, None on EOF."""
    write("Opponent: press Enter for two players here (hot seat), or type which side the\n"
          "computer plays (1 = %s, 2 = %s) and its level 1-5, e.g. '2 3'.\n" % players)
    while True:
        line = _ask("Opponent> ", read)
        if line is None:
            return None
        words = line.split()
        if not words:
            return {}
        if len(words) == 2 and words[1].isdecimal() and 1 <= int(words[1]) <= 5:
            seat = _side(words[0], players)
            if seat is not None:
                return {seat: int(words[1])}
        write("Type a side (1 or 2) and a level (1 to 5), e.g. '2 3', or just Enter.\n")


def _mmss(seconds):
    s = max(0, int(seconds + 0.999))
    return "%d:%02d" % (s // 60, s % 60)


class _Clocks:
    """Morbak's chess clocks, on ``clock`` (seconds); both limits may be off (None)."""

    def __init__(self, limits, clock):
        self.game, self.move = limits
        self.left = [self.game, self.game]
        self.clock = clock
        self.start = clock()

    def spent(self):
        return self.clock() - self.start

    def text(self, seat, players):
        if self.game is None and self.move is None:
            return "no clocks"
        parts = []
        if self.game is not None:
            left = list(self.left)
            if seat is not None:
                left[seat] -= self.spent()
            parts.append("clocks %s %s, %s %s"
                         % (players[0], _mmss(left[0]), players[1], _mmss(left[1])))
        if self.move is not None:
            parts.append("%s a move" % _mmss(self.move))
        return " · ".join(parts)

    def due(self, seat):
        """The host event the time taken so far calls for: 'flag', 'timeout' or None."""
        spent = self.spent()
        if self.game is not None and self.left[seat] - spent <= 0:
            return "flag"
        if self.move is not None and spent > self.move:
            return "timeout"
        return None

    def charge(self, seat):
        """The turn is over: its time comes off the seat's clock."""
        if self.game is not None:
            self.left[seat] -= self.spent()
        self.start = self.clock()


def _wrapped(text):
    """Each paragraph in lines of at most 88 characters; a move is never split."""
    out = []
    for p in text.split("\n"):
        p = _QUOTED.sub(lambda m: m.group(0).replace(" ", "\0"), p)
        p = textwrap.fill(p, 88, break_long_words=False, break_on_hyphens=False)
        out.append(p.replace("\0", " "))
    return "\n".join(out)


def _draw(v, state, last, human, clocks):
    """The board as the person at the keyboard sees it: the human against the
    computer, the player to move in a hot-seat game."""
    viewer = human if human is not None else v.ENGINE.to_move(state)
    if clocks is None:
        return v.board(state, last, viewer)
    return v.board(state, last, viewer, clocks.text(v.ENGINE.to_move(state), v.PLAYERS))


def _result(v, state, resigned, write):
    engine = v.ENGINE
    if resigned is not None:
        winner, reason = 1 - resigned, "resignation"
        write("%s resigns.\n" % v.player(state, resigned))
    else:
        r = engine.result(state)
        winner, reason = r["winner"], r["reason"]
    if winner is None:
        write("Result: a draw (%s).\n" % DRAWS.get(reason, reason))
    else:
        write("Result: %s wins %s.\n"
              % (v.player(state, winner), WINS.get(reason, "(%s)" % reason)))
    scores = v.scores(state)
    if scores:
        write(scores + "\n")
    return {"winner": winner, "reason": reason}


class _Game:
    """One game in progress: the position, the last move, the clocks, who is who."""

    def __init__(self, name, v, read, write, seed, computer, clock):
        self.name, self.v, self.read, self.write, self.seed = name, v, read, write, seed
        self.engine = v.ENGINE
        self.state = v.new_game(seed)
        self.computer = computer
        self.human = 1 - list(computer)[0] if computer else None
        limits = v.clock_limits(self.state) if hasattr(v, "clock_limits") else None
        self.clocks = _Clocks(limits, clock) if limits else None
        self.last = None
        self.ply = 0
        self.show = True
        self.helped = False   # the help is shown before the first move typed

    def moved(self, seat, move):
        if self.clocks:
            self.clocks.charge(seat)
        self.state = self.engine.play(self.state, move)
        self.last = move
        self.ply += 1
        self.show = True

    def computer_turn(self, seat):
        engine, v = self.engine, self.v
        move = ai.choose(self.name, self.state, self.computer[seat], self.seed + self.ply)
        if hasattr(engine, "FREE") and move == engine.FREE:
            # the engine's stand-in for a choice too big to list
            move = engine.auto_move(self.state)
        move = (self.clocks.due(seat) if self.clocks else None) or move
        if move == "flag":
            self.write("%s's clock ran out.\n" % v.player(self.state, seat))
        else:
            self.write("Computer (%s) plays %s\n"
                       % (v.player(self.state, seat), v.told(self.state, move)))
        self.moved(seat, move)

    def human_turn(self, seat):
        """Reads one line and acts on it; the result when the game ends here,
        None when it goes on, False when the player leaves it unfinished."""
        v, state, write = self.v, self.state, self.write
        if not self.helped:
            write("%s\n%s\n\n" % (COMMANDS, _wrapped(v.how_to(state))))
            self.helped = True
        if self.show:
            write(_draw(v, state, self.last, self.human, self.clocks) + "\n")
            write(_wrapped(v.hint(state)) + "\n")
        self.show = False
        line = _ask("%s to move> " % v.player(state, seat), self.read)
        if line is None:
            write("\nGame left unfinished.\n")
            return False
        line = " ".join(line.split())
        word = line.lower()
        event = self.clocks.due(seat) if self.clocks and line else None
        if event == "flag":
            write("%s's clock ran out.\n" % v.player(state, seat))
            self.moved(seat, "flag")
            return self.over()
        if event == "timeout":
            write("%s took longer than %s: the turn passes (move timeout).\n"
                  % (v.player(state, seat), _mmss(self.clocks.move)))
            self.moved(seat, "timeout")
            self.last = None
            return None
        if not line:
            return None
        if word in QUIT:
            write("Game left unfinished.\n")
            return False
        if word in RESIGN:
            return _result(v, state, seat, write)
        if word in ("help", "?"):
            write("%s\n%s\n" % (COMMANDS, _wrapped(v.how_to(state))))
        elif word == "moves":
            write(v.all_moves(state) + "\n")
        elif word == "board":
            self.show = True
        elif word == "timeout":
            write("Not accepted: the turn passes by itself when the move time runs out.\n")
        else:
            self.typed(seat, line)
        return None

    def typed(self, seat, line):
        v, state = self.v, self.state
        try:
            move = v.parse(state, line)
            self.engine.play(state, move)
        except ValueError as e:  # IllegalMove is a ValueError
            why = _SEAT.sub(lambda m: v.player(state, int(m.group(1))), str(e))
            self.write("Not accepted: %s\n" % why)
            return
        self.write("%s plays %s\n" % (v.player(state, seat), v.told(state, move)))
        self.moved(seat, move)

    def over(self):
        self.write(_draw(self.v, self.state, self.last, self.human, self.clocks) + "\n")
        return _result(self.v, self.state, None, self.write)


def play(name, v, read, write, seed, computer=None, clock=time.monotonic):
    """One game; ``computer`` maps the side the computer plays to its level.
    Returns the result ({"winner": seat or None, "reason": ...}), None if left unfinished."""
    computer = computer or {}
    game = _Game(name, v, read, write, seed, computer, clock)
    if computer:
        seat = list(computer)[0]
        write("The computer plays %s at level %d; you play %s.\n"
              % (v.PLAYERS[seat], computer[seat], v.PLAYERS[game.human]))
    while not game.engine.is_over(game.state):
        seat = game.engine.to_move(game.state)
        if seat in computer:
            game.computer_turn(seat)
            continue
        ended = game.human_turn(seat)
        if ended is False:
            return None
        if ended:
            return ended
    return game.over()


def main(game=None, read=None, write=None, seed=None, clock=time.monotonic):
    """Choose a game and an opponent, then play; ``read``/``write`` default to the terminal."""
    if read is None and hasattr(sys.stdin, "reconfigure"):
        # A line that is not UTF-8 (a Latin-1 terminal, a file piped in) is a move refused,
        # not a crash: its bad bytes read as U+FFFD.
        sys.stdin.reconfigure(errors="replace")
    read = read or input
    write = write or sys.stdout.write
    views = _views()
    if not views:
        write("No game engine is installed.\n")
        return 1
    chosen = _choose(views, game, read, write)
    if chosen is None:
        return 2 if game else 0
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    name, v = chosen
    write("%s\n" % v.TITLE)
    computer = _opponent(v.PLAYERS, read, write)
    if computer is None:
        write("\n")
        return 0
    try:
        play(name, v, read, write, seed, computer, clock)
    except KeyboardInterrupt:
        write("\n")
    return 0
