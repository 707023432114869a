"""A remote game's link on the board: the computer it is plugged into (`arbiter online
--port`, or the simulator page's online panel) holds the connection to the broker and
plays the other seat's side, in lines over the USB serial
(docs/contracts.md#a-board-over-usb). The board stays the referee of its own player. The device
runner (device.py) loads this module at the first byte the computer sends; a board that never plays
remotely never holds it.

Lines are UTF-8, each "@A WORD ..." (anything else is ignored). From the computer:

    hello                 -> "board {kind, games, game}": game is the remote game in
                             progress ({code, far, moves, move_ms, clock_ms}) or null
    options GAME          -> "options {game, options}": a new game's options as the
                             board's settings give them, or "no WHY"
    menu                  the board's own menu starts the game: the next game started
                          there is sent as "new {game, options}" instead of played
    wait                  the game is being set up: the board waits (its last cell pulses)
    start {record}        open the remote game (code, game, options, seed, far: the seat
                          played elsewhere, moves, move_ms, clock_ms) -> "game CODE PLIES"
    move PLY MS MOVE      the far seat's move of board ply PLY, and the ms it took there
    resign SEAT           that seat resigned elsewhere
    link 0|1              the computer's own link to the broker (at least every 2 s)
    peer 0|1              whether the other player is connected
    say TEXT              a note for the person (the board's message)
    hand TILES            Mano a Mano: the board's player's tiles, as dealt ("-": none)
    lead SEAT             Mano a Mano: that seat leads the hand (mano_tile_far.py)
    wall SEAT TILES       Masbrur: the far wall, once combat shows it ("-": none to name)
    stop PLY TEXT         the game stopped (the sides disagree); kept up to ply PLY
    bye                   the computer leaves; the game waits for it

From the board: "moved PLY MS MOVE" for every move played here (the person's, the far
seat's once carried out, a forced pass), "resign SEAT" when the person resigns, "says
TEXT" when what the board says changes, "no MOVE at ply PLY: WHY" when its rules refuse a
far move, and the answers above.

The clocks (core/session.py): the far seat's time is counted where it plays and comes
with its move; this board's player's clock stands still while the computer's link is
down or the computer is silent (SILENT_MS), so nobody is charged for a link that is
down. What the board shows, on its last cell over whatever else it shows: yellow
blinking while its own link is down, red blinking while the other player is offline."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

SILENT_MS = const(6000)   # the computer says "link" every 2 s: silent this long, it is gone
MAX_LINE = const(16384)   # the longest line taken (a long match's start: ~10 KB)
_BLINK_MS = const(1000)
_LIT_MS = const(200)
_YELLOW = (255, 160, 0)
_RED = (255, 0, 0)
_PREFIX = b"@A "


class Feed:
    """The far seat's moves as the computer sends them (seats.Outside's feed)."""
    undo = False      # someone far away is not asked: session.can_undo says no

    def __init__(self, link):
        self.link = link
        self.moves = {}   # board ply -> (ms, move)

    def move(self, ply):
        m = self.moves.get(ply)
        return None if m is None else m[1]

    def spent(self, ply):
        """The ms the far player took on ply ``ply`` (0 until the move comes)."""
        m = self.moves.get(ply)
        return 0 if m is None else m[0]

    def tell(self, ply, move):
        self.moves.pop(ply, None)
        self.link.played(ply, move)

    def refuse(self, ply, move, why):
        """The rules here refuse the far move of ``ply`` (seat_outside.py): the computer
        hears why; the board waits for another."""
        self.moves.pop(ply, None)
        self.link.send("no %s at ply %d: %s" % (move, ply, why))


class Link:
    def __init__(self, runner):
        self.runner = runner
        self.app = None
        self.feed = Feed(self)
        self.buf = bytearray()
        self.heard = None       # when the computer last spoke (ms)
        self.up = False         # the computer's link to the broker
        self.peer = None        # the other player connected (None: not said)
        self.said = None        # what the board last said, as sent
        self.menu = False       # the next game the menu starts is the remote game's
        self.ended = None       # the code of the remote game whose end was told
        self.hand = None        # Mano a Mano: the player's tiles, as the computer says
        self.lead = None        # Mano a Mano: the seat the computer says leads, not yet taken
        self.wall = None        # Masbrur: the far wall combat showed, "B 0-5 1-4"
        self.now = 0

    # ------------------------------------------------------------ each tick

    def tick(self, now):
        self.now = now
        app = self.runner.app
        if app is not self.app:   # made anew (a crash restart): the computer says again
            self._attach(app)
        self.runner.port.read(self.buf)
        while True:
            i = self.buf.find(b"\n")
            if i < 0:
                if len(self.buf) > MAX_LINE:
                    self.buf = bytearray()
                break
            line = bytes(self.buf[:i])
            self.buf = self.buf[i + 1:]
            if line.startswith(_PREFIX) and len(line) <= MAX_LINE:
                self.heard = now
                try:
                    self._line(line[3:].decode().rstrip("\r"), now)
                except (ValueError, KeyError, TypeError, IndexError) as e:
                    self.send("no %s" % e)
        if app is None:
            return
        play = app.play
        app.held = (play is not None and "online" in play.session.rec
                    and (self.heard is None or now - self.heard > SILENT_MS or not self.up))
        if app.said is not self.said:
            self.said = app.said
            if app.said:
                self.send("says " + app.said)
        self._watch(app)

    def _attach(self, app):
        self.app = app
        if app is not None:
            app.link = self
            if self.heard is not None:
                self._setup("hello")

    def _watch(self, app):
        """The person's resignation goes to the computer; a game the menu started while
        the computer waits for one becomes the remote game."""
        play = app.play
        if play is None:
            return
        rec = play.session.rec
        if "online" not in rec:
            if self.menu and not rec["moves"] and app.screen is play:
                self._setup("from_menu", app, rec)
            return
        ses = play.session
        res = ses.result
        if res is not None and res["reason"] == "resignation" and self.ended != rec["online"][0]:
            self.ended = rec["online"][0]
            loser = 1 - res["winner"]
            if loser != rec["online"][1]:
                self.send("resign %d" % loser)

    # ------------------------------------------------------------ what the computer says

    def _line(self, line, now):
        word, _, rest = line.partition(" ")
        app = self.app
        if word == "link":
            self.up = rest == "1"
        elif word == "peer":
            self.peer = rest == "1"
        elif word == "hello":
            self._setup("hello")
        elif word == "move":
            ply, ms, move = rest.split(" ", 2)
            self.feed.moves[int(ply)] = (int(ms), move)
        elif word == "start":
            self._setup("start", rest, now)
        elif word == "resign":
            self._resigned(int(rest), now)
        elif word == "say":
            app.say(rest)
        elif word == "hand":
            self.hand = "" if rest == "-" else rest
        elif word == "lead":
            self.lead = int(rest)
        elif word == "wall":
            self.wall = None if rest == "-" else rest
            play = self.online()
            if play is not None:
                play.told(word)
        elif word == "stop":
            ply, _, why = rest.partition(" ")
            self._setup("stop", int(ply), why, now)
        elif word == "options":
            self._setup("options", rest)
        elif word == "menu":
            self.menu = True
            if app.play is None or app.screen is not app.play:
                app.to_menu()
        elif word == "wait":
            self._setup("wait")
        elif word == "bye":
            self.up = False
            self.heard = None

    def send(self, text):
        self.runner.port.write("@A %s\n" % text)

    def _setup(self, name, *args):
        """What a game's setting up takes (link_setup.py): loaded for the call, then
        forgotten, so a game in progress holds only what it plays by."""
        from firmware.app.core import link_setup, unload
        getattr(link_setup, name)(self, *args)
        link_setup = None
        unload.forget(("firmware.app.core.link_setup",))

    def online(self):
        """The remote game's session, or None."""
        play = self.app.play
        if play is not None and "online" in play.session.rec and not play.session.over:
            return play
        return None

    def _resigned(self, seat, now):
        play = self.online()
        if play is not None:
            from firmware.app.core.screens import End
            End(self.app, play).do(2 * seat, now)

    # ------------------------------------------------------------ the move of this board

    def played(self, ply, move):
        rec = self.app.play.session.rec
        self.send("moved %d %d %s" % (ply, rec["move_ms"][ply - 1], move))

    # ------------------------------------------------------------ what the board shows

    def overlay(self, frame, now):
        """The link's state on the board's last cell, over what the app drew: yellow
        blinking while its own link is down, red while the other player is offline."""
        app = self.app
        if app is None or app.play is None or app.screen is not app.play:
            return
        if "online" not in app.play.session.rec or app.play.session.over:
            return
        if app.held:
            colour = _YELLOW
        elif self.peer is False:
            colour = _RED
        else:
            return
        i = len(frame) - 3
        lit = now % _BLINK_MS < _LIT_MS
        frame[i] = colour[0] if lit else 0
        frame[i + 1] = colour[1] if lit else 0
        frame[i + 2] = colour[2] if lit else 0

    def status(self):
        """For tools (explain/): the remote game's link; once it is over too (a page
        still names who played it elsewhere)."""
        play = self.app.play
        if play is None or "online" not in play.session.rec:
            return None
        out = {"code": play.session.rec["online"][0], "far": play.session.rec["online"][1],
               "link": not self.app.held, "peer": self.peer}
        if self.hand is not None:     # Mano a Mano: the player's tiles, as the computer said
            out["hand"] = self.hand
        return out
