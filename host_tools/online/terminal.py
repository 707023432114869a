"""A remote game in the terminal (``arbiter online new|join|watch``): the board and the
moves as ``arbiter play --terminal`` draws and reads them (host_tools/terminal/<game>.py),
the other player's moves as they arrive, both sides' connection and clocks."""
import json
import sys
import time

from host_tools import local_files, terminal, terminal_game
from host_tools.online.clocks import clocks_after

DEALER_WAIT_S = 5.0   # a hidden game waits this long for its deal before saying why

COMMANDS = ("Commands: 'help' explains the moves · 'moves' lists them · 'board' draws the "
            "board · 'resign' gives up · 'quit' leaves (the game waits: join again with the "
            "same code to go on)")


def _mmss(ms):
    return terminal_game._mmss(ms / 1000.0)


class Screen:
    """What one side shows: the session's events in words, the board when it changed."""

    def __init__(self, session, write):
        self.s, self.write = session, write
        self.v = None
        self.last = None

    def name(self, seat):
        """The seat's name in the position shown (Fursaz's colours can swap)."""
        return self.v.player(self.s.position(), seat)

    def names(self):
        seats = self.s.desc["seats"]
        return ["%s (%s)" % (self.name(i), seats[i]) for i in (0, 1)]

    def clocks(self):
        m = self.s.mirror
        c = m.clocks()
        if self.s.my_turn():
            c = clocks_after(c, self.s.seat, self.s.think_ms())
        left = c["left_ms"]
        if left is None:
            return "time used: %s %s, %s %s" % (self.name(0), _mmss(c["used_ms"][0]),
                                               self.name(1), _mmss(c["used_ms"][1]))
        return "clocks: %s %s, %s %s" % (self.name(0), _mmss(left[0]),
                                         self.name(1), _mmss(left[1]))

    def connection(self):
        parts = []
        for i, user in enumerate(self.s.desc["seats"]):
            if i != self.s.seat:
                on = self.s.presence.get(user)
                parts.append("%s is %s" % (self.name(i), "online" if on else "offline"))
        return " · ".join(parts)

    def board(self):
        state = self.s.position()
        self.write(self.v.board(state, self.last, self.s.seat) + "\n")
        self.write("%s · %s\n" % (self.clocks(), self.connection()))

    def show(self, events):
        for ev in events:
            getattr(self, "_" + ev[0])(*ev[1:])

    def _started(self):
        s = self.s
        self.v = terminal.view(s.desc["game"])
        who = self.names()
        if s.seat is None:
            self.write("Watching %s, game %s: %s against %s.\n" % (self.v.TITLE, s.code, *who))
        else:
            self.write("%s, game %s: you play %s against %s.\n"
                       % (self.v.TITLE, s.code, who[s.seat], who[1 - s.seat]))
            self.write(COMMANDS + "\n")

    def _move(self, entry, mine):
        self.last = entry.move
        if not mine:   # "ply 2: White plays swap (now Black)"
            self.write("ply %d: %s\n" % (entry.ply, terminal.move_read(
                self.v, self.s.position(), entry.ply, entry.seat, entry.move, " plays ")))

    def _presence(self, seat, online):
        if self.s.ended:
            return
        self.write("%s is %s\n" % (self.name(seat) if self.v else "seat %d" % seat,
                                   "back online" if online else
                                   "offline: the game waits, and nobody's clock runs for them"))

    def _link(self, up):
        self.write("Connected to the broker.\n" if up else
                   "The link to the broker is down: reconnecting (your clock is stopped)…\n")

    def _refused(self, text):
        self.write("Ignored a message %s\n" % text)

    def _stopped(self, text):
        plies = len(self.s.mirror.record) if self.s.mirror else 0
        self.write("The game stopped: %s. Both sides keep the record up to ply %d.\n"
                   % (text, plies))

    def _over(self, result):
        state = self.s.position()
        self.write(self.v.board(state, self.last, self.s.seat) + "\n")
        resigned = 1 - result["winner"] if result.get("reason") == "resignation" else None
        terminal_game._result(self.v, state, resigned, self.write)

    def _checked(self, text):
        self.write("The dealer's deal was checked: %s.\n" % text)


def record(session):
    """The agreed plies as JSON: what both sides keep."""
    m = session.mirror
    return {"code": session.code, "game": session.desc["game"],
            "options": session.desc["options"], "seats": session.desc["seats"],
            "moves": [e.move for e in m.record] if m else [],
            "digests": [e.digest for e in m.record] if m else [],
            "clocks": [e.clocks for e in m.record] if m else [],
            "stopped": session.stopped}


def save(session, path):
    """Keep the record in ``path`` whole (a full disk leaves the last one saved), or
    UsageError (one sentence: the game waits on the broker, `join` goes on with it)."""
    if path:
        local_files.write(path, json.dumps(record(session), indent=1).encode())


def stdin_poll():
    """A ``poll(seconds)`` over standard input where the system can wait on it (not on
    Windows): a line typed, None while none is, EOFError at its end. With it the game goes
    on showing what arrives (the other player gone, the game stopped) while the player
    thinks. It reads the file descriptor itself: a buffered reader would hide lines that
    came together from the wait."""
    import os
    import select
    if sys.platform.startswith("win"):
        return None
    fd = sys.stdin.fileno()
    pending = [b""]

    def poll(seconds):
        if b"\n" not in pending[0] and select.select([fd], [], [], seconds)[0]:
            data = os.read(fd, 4096)
            if not data:
                if not pending[0]:
                    raise EOFError
                data = b"\n"     # a last line without its newline
            pending[0] += data
        if b"\n" not in pending[0]:
            return None
        line, pending[0] = pending[0].split(b"\n", 1)
        return line.decode("utf-8", "replace")
    return poll


def _wait_to_start(session, screen, write, wait):
    waited, said = time.monotonic(), False
    while not session.started():
        screen.show(session.pump(wait))
        if session.stopped is not None:
            return False
        d = session.desc
        if (not said and d and d["hidden"] and None not in d["seats"]
                and time.monotonic() - waited > DEALER_WAIT_S):
            write("Waiting for the dealer of %s (`arbiter broker` runs one beside the broker; "
                  "else `arbiter online dealer`)…\n" % d["game"])
            said = True
    if screen.v is None:    # started before this screen looked (a resumed game)
        screen.show([("started",)])
    return True


def _kept(session, record_path, saved):
    """The record saved again when it changed since ``saved``: (what is saved now, the exit
    status once the game stopped (1) or ended (0), else None)."""
    now = (len(session.mirror.record), session.stopped)
    if now != saved:
        save(session, record_path)
    if session.stopped is not None:
        return now, 1
    return now, 0 if session.ended else None


def run(session, read, write, record_path=None, wait=0.25, poll=None):
    """Play (or watch) until the game ends, stops, or the person quits. ``read(prompt)``
    waits for a line; ``poll(seconds)`` (stdin_poll), when given, is used instead so that
    what arrives is shown while the player thinks. Exit status: 0 the game ended (or the
    person left it to go on later), 1 it stopped on a disagreement."""
    screen = Screen(session, write)
    if not _wait_to_start(session, screen, write, wait):
        return 1
    shown_ply = saved = None
    prompted = False
    while True:
        events = session.pump(0 if session.my_turn() else wait)
        screen.show(events)
        prompted = prompted and not events
        saved, status = _kept(session, record_path, saved)
        if status is not None:
            return status
        if shown_ply != session.mirror.next_ply():
            shown_ply = session.mirror.next_ply()
            screen.board()
            if session.my_turn():
                write(terminal_game._wrapped(screen.v.hint(session.position())) + "\n")
            elif session.seat is not None:
                write("Waiting for %s…\n" % screen.name(1 - session.seat))
        if not session.my_turn():
            continue
        prompt = "%s to move> " % screen.name(session.seat)
        if poll is None:
            line = terminal_game._ask(prompt, read)
        else:
            if not prompted:
                write(prompt)
                prompted = True
            try:
                line = poll(wait)
            except EOFError:
                line = None
            else:
                if line is None:
                    continue      # nothing typed yet: show what arrives meanwhile
                prompted = False
        if line is None or line.strip().lower() in terminal_game.QUIT:
            write("Left the game; `arbiter online join %s` goes on with it.\n" % session.code)
            return 0
        _typed(session, screen, " ".join(line.split()), write)


def _typed(session, screen, line, write):
    v, state, word = screen.v, session.position(), line.lower()
    if not line:
        return
    due = session.clock_due()
    if due:
        write("Your clock ran out.\n" if due == "flag" else
              "You took longer than the move time: the turn passes.\n")
        screen.show(session.play(due))
        return
    if word in ("help", "?"):
        write("%s\n%s\n" % (COMMANDS, terminal_game._wrapped(v.how_to(state))))
    elif word == "moves":
        write(v.all_moves(state) + "\n")
    elif word == "board":
        screen.board()
    elif word in terminal_game.RESIGN:
        screen.show(session.resign())
    else:
        try:
            move = v.parse(state, line)
            screen.show(session.play(move))
        except ValueError as e:   # IllegalMove is a ValueError
            write("Not accepted: %s\n" % e)


def run_board(session, bridge, port, write, record_path=None, wait=0.02):
    """A board plays this side (`arbiter online ... --port`): its player moves on the board,
    the bridge carries the moves both ways (bridge.py), and the terminal shows the game as
    it goes - the other player's moves, both links, the clocks, what the board says.
    Exit status as ``run``; Ctrl-C leaves (the game waits: `join` goes on with it)."""
    screen = Screen(session, write)
    opened = None
    shown_ply = saved = None
    try:
        while True:
            if port.up() and port.opened != opened:
                opened = port.opened
                bridge.connected()
            events = session.pump(wait)
            screen.show(events)
            bridge.events(events)
            for line in port.lines():
                bridge.line(line)
            screen.show(bridge.tick())      # the board's own moves, the end they make
            if bridge.failed:
                write("This board cannot play it: %s.\n" % bridge.failed)
                return 1
            if bridge.cancelled and not session.started():
                write("The game was given up at the board.\n")
                return 0
            if not session.started():
                continue
            saved, status = _kept(session, record_path, saved)
            if status is not None:
                screen.show(bridge.tick())   # the board hears a resignation from elsewhere
                if status == 0 and bridge.behind():
                    if shown_ply != "end":
                        shown_ply = "end"
                        write("The game is over; the board plays its last moves.\n")
                    continue
                return status
            if shown_ply != session.mirror.next_ply() and screen.v is not None:
                shown_ply = session.mirror.next_ply()
                screen.board()
                if session.my_turn():
                    write("Your move, on the board.\n")
                else:
                    write("Waiting for %s…\n" % screen.name(1 - session.seat))
    except KeyboardInterrupt:
        write("Left the game; `arbiter online join %s --port %s` goes on with it.\n"
              % (session.code, port.port))
        return 0
    finally:
        port.send("bye")
        port.close()
