"""The computer's side of a board in a remote game: the Session (the broker) on one side,
the board's lines on the other (docs/contracts.md#a-board-over-usb; the board's side is
firmware/app/core/link.py). The board stays the referee of its own player: its moves
come from it with the time it counted, and are published; the far player's come from
the broker and are sent to it when they are theirs to play there; both links and
presences are passed on.

Transport-free: ``send(line)`` writes a line to the board (without "@A "), ``write(text)``
tells the person at the computer. The caller hands it the board's lines (``line``), the
session's events (``events``) and calls ``tick`` often; ``connected`` when the board's
port (re)opens. Runs on CPython (`arbiter online --port`) and MicroPython (the simulator
page is a board too)."""
import json

from firmware.rules import IllegalMove
from host_tools.online.board_game import (BOARD_BOUND, Conflict, board_game, not_on_board,
                                          unplayable)
from host_tools.online.board_masbrur import Shown
from host_tools.online.clocks import monotonic
from host_tools.online.mirror import RESIGN

BEAT_S = 2.0      # the board hears its link's state at least this often (link.py: SILENT_MS)
HELLO_S = 3.0     # a board that has not answered "hello" by then is told about


class Bridge:
    def __init__(self, session, send, write, now=monotonic):
        self.s = session
        self.send = send
        self.write = write
        self.now = now
        self.board = None      # the board's answer to "hello": kind, games, game
        self.game = None       # the game as the board plays it (board_game.py)
        self.opened = False    # the board has the game open
        self.pending = []      # the board player's moves not yet published: (move, ms)
        self.beat = None
        self.hello_at = None
        self.silent_said = False
        self.failed = None     # why this board cannot play the game (then: leave)
        self.options = None    # the board's answer to "options GAME"
        self.new = None        # a game the board's menu started: {game, options}
        self.cancelled = False

    # ------------------------------------------------------------ the board

    def connected(self):
        """The board's port (re)opened: ask it what it holds."""
        self.board = None
        self.opened = False
        self.hello_at = self.now()
        self.silent_said = False
        self.send("hello")

    def line(self, text):
        word, _, rest = text.partition(" ")
        if word == "board":
            self._board(json.loads(rest))
        elif word == "game":
            self.opened = True
        elif word == "moved":
            ply, ms, move = rest.split(" ", 2)
            self._moved(int(ply), int(ms), move)
        elif word == "resign":
            if self.game is not None and int(rest) == self.game.seat:
                self.pending.append((RESIGN, 0))
        elif word == "options":
            self.options = json.loads(rest)
            if self.s.started() and self.game is None and self.board is not None:
                self._begin()
        elif word == "new":
            self.new = json.loads(rest)
        elif word == "cancel":
            self.cancelled = True
        elif word == "says":
            self.write("The board says: %s\n" % rest)
        elif word == "no":
            self.write("The board refused: %s\n" % rest)

    def _board(self, info):
        self.board = info
        if self.s.started() and self.game is None:
            self._begin()
        elif self.game is not None:
            self._open(info.get("game"))
        elif self.new is None:
            self.send("wait")

    def _moved(self, ply, ms, move):
        if self.game is None:
            return
        try:
            mine = self.game.board_moved(ply, ms, move)
        except Conflict as e:
            return self._again(str(e))
        if mine is not None:
            self.pending.append((mine, ms))

    # ------------------------------------------------------------ the game

    def _begin(self):
        """Both seats are taken: the game as the board plays it, opened there."""
        s = self.s
        if s.seat is None:
            self.failed = "this board's user holds no seat in game %s" % s.code
            return
        desc = s.desc
        if desc["game"] not in self.board["games"]:
            self.failed = "the %s board does not play %s" % (self.board["kind"], desc["game"])
            return
        self.failed = not_on_board(desc["game"], desc["options"])
        if self.failed:
            return
        if desc["game"] in BOARD_BOUND:   # its shape decides an option: is it the game's?
            if self.options is None or self.options["game"] != desc["game"]:
                self.options = None
                self.send("options " + desc["game"])
                return
            self.failed = unplayable(desc["game"], desc["options"], self.options["options"])
            if self.failed:
                return
        self.game = board_game(s)
        if self.board is not None:
            self._open(self.board.get("game"))

    def _open(self, held):
        """Open the game on the board: from its own record of it when it holds one (the
        moves it made that the broker does not have yet are published), else from the
        agreed record."""
        g = self.game
        self.pending = []
        try:
            if held is not None and held.get("code") == g.code:
                for move, ms in g.adopt(held["moves"], held["move_ms"], held["clock_ms"]):
                    self.pending.append((move, ms))
            else:
                g.from_agreed()
        except Conflict as e:
            self.write("The board's record of the game differs (%s): it goes on from the "
                       "agreed one.\n" % e)
            g.from_agreed()
        self.opened = False
        self.send("start " + json.dumps(g.record()))
        self._links()

    def _again(self, why):
        self.write("The board and the game disagree (%s): the board goes on from the "
                   "agreed record.\n" % why)
        self.pending = []
        self.game.from_agreed()
        self.opened = False
        self.send("start " + json.dumps(self.game.record()))
        self.send("say not played: " + why)

    def _shown(self):
        """The game showed what the board played a stand-in for (board_masbrur.py): the
        board goes on from the agreed record, its player's moves beyond it kept."""
        self.game.again()
        self.opened = False
        self.send("start " + json.dumps(self.game.record()))

    def behind(self):
        """Has the board, open and on line, yet to play the game's end?"""
        return self.game is not None and self.opened and self.game.behind()

    def _links(self):
        up = self.s.link.up and self.s.synced is True
        self.send("link %d" % up)
        for seat in (0, 1):
            if seat != self.s.seat and self.s.desc is not None:
                online = self.s.presence.get(self.s.desc["seats"][seat])
                if online is not None:
                    self.send("peer %d" % online)
        self.beat = self.now()

    # ------------------------------------------------------------ the broker

    def events(self, events):
        for ev in events:
            kind = ev[0]
            if kind == "started" and self.game is None and self.board is not None:
                self._begin()
            elif kind == "move" and self.game is not None:
                try:
                    self.game.agreed(ev[1])
                except Shown:
                    self._shown()
                except Conflict as e:
                    self._again(str(e))
            elif kind == "presence":
                self.send("peer %d" % ev[2])
            elif kind == "link":
                self.send("link 0")
            elif kind == "stopped" and self.game is not None:
                plies = len(self.s.mirror.record) if self.s.mirror else 0
                self.send("stop %d %s" % (self.game.board_ply(plies), ev[1]))

    def tick(self):
        """Returns the session's events from the board player's moves published now (the
        move, and the game's end when it ended it), for the screen to show as it shows
        the broker's."""
        now = self.now()
        s = self.s
        played = []
        if self.board is None:
            if (self.hello_at is not None and not self.silent_said
                    and now - self.hello_at > HELLO_S):
                self.silent_said = True
                self.write("The board does not answer: is its app running? (Unplug it and "
                           "plug it in again; `arbiter deploy` puts the firmware on it.)\n")
            return played
        if self.beat is None or now - self.beat >= BEAT_S:
            self.send("link %d" % (s.link.up and s.synced is True))
            self.beat = now
        if self.game is None or not self.opened:
            return played
        while self.pending and s.my_turn():
            move, ms = self.pending.pop(0)
            try:
                events = s.resign() if move == RESIGN else s.play(move, ms)
                played += events
                self.events(events)
            except IllegalMove as e:
                self._again("%s was not accepted: %s" % (move, e))
        due = self.game.due()
        if due is not None and due[0] == "move":
            self.send("move %d %d %s" % due[1:])
        elif due is not None:
            self.send("resign %d" % due[1])
        for line in self.game.tells():
            self.send(line)
        return played
