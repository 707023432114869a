"""The app: make_app(profile, storage, now_ms) -> App.

Pure: driven by ``step(now_ms, events)`` (now_ms never goes back; the runner passes a
count that does not wrap), no clock reads, no machine. Events are ("down" | "up" |
"long", key number) from the keys and ("frame", bytes) from a sensor grid. App.frame is
the logical RGB frame (3 bytes per cell of the board), App.brightness the LED
brightness, take_sounds() the tones queued, status() the state for tools and the
simulator. The board kind (the profile's ``kind``) says what the board plays (the
catalogue, firmware/catalogue.py) and where its screens sit (firmware/app/boards/); key numbers
come from the profile (App.keys: button name -> key number).

Screens (status()["screen"]): "boot" - the LED self-test, a white sweep row by row with
a chime (menu.py); then "resume" when a game was in progress (screens.py: OK resumes,
MENU ends it), else "menu" / "setting" (menu.py); "game" (the game's controller,
games/<game>_<kind>.py), "pause" and "end" (screens.py: resign or agree a draw), "match" (the
score between the games of a match, screens.py); a controller may add its own (the
marble board's "setup", the light board's "status": budgets and clocks).

What the board says: a note on what just happened (``say``: a rejection, an undo, a
timeout; status()["message"]), then the screen's own sentence (whose turn, what is
selected, what OK does); a screen change drops the note, so nothing stale stays.
explain.status(app) is status() with that message and the legend of the screen (what
each lit cell and each key means): the simulator's page shows them. They live in
firmware/app/explain/, which a board never loads (its strings would stay in RAM).
In each step the current screen first counts the time, then gets the events in order,
then draws: a limit that expires at or before now_ms is played before the presses of
that step.

After a crash the runner calls make_app again: with fewer than crash.LIMIT crashes
since the app last ran healthily the game resumes at once, without asking; from the
limit on, the saved game is set aside (recorded in /games unfinished, "ended": "crashed")
and the menu opens. A saved game the engine cannot replay is set aside the same way
("ended": "unreplayable"), so `arbiter games export` can fetch it for a bug report.

The heap holds the code of the screens outside a game (menu.py) or of a game, never
both: each is imported when it opens and dropped when it closes (a game's modules are
most of the app's RAM). A game's code is the family of modules named after it
(unload.py): closing the game drops all but its engine, entering another game drops it
whole, and a module that holds a dropped one goes with it. The settings go with the
menu: a game reads only their values, in App.cfg.

Tools (trace replay) may set App.notes to a list: the app then appends what a person
watching the board would write down - ("move", ply, move), ("correction", t, spaces),
("setup-ok", t)."""
import sys

from firmware.app.core import crash, eventlog, records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x


# What a game's end takes out of RAM (beside the game's own modules: unload.py).
_GAME_MODULES = const(("firmware.app.core.session", "firmware.app.core.screens",
                       "firmware.app.core.clock", "firmware.app.core.match",
                       "firmware.app.core.controller", "firmware.app.core.sensing",
                       "firmware.app.core.seats", "firmware.app.core.seat_machine",
                       "firmware.app.core.seat_outside"))


def _unload(names, games=(), engines=True):
    """Forget these modules and these games' (unload.py)."""
    from firmware.app.core import unload
    unload.forget(names, games, engines)


class App:
    def __init__(self, profile, storage, now_ms):
        self.profile = profile
        self.kind = profile["kind"]
        from firmware import catalogue
        self.games = catalogue.games_on(self.kind)
        self.layout = catalogue.layout(self.kind)   # (a screen of a game loads it alone)
        # The kind's profile module is the runner's (firmware/hal/profile_<kind>.py): loaded
        # here only for the key numbers and the cell count, it goes again.
        name = "firmware.hal.profile_" + self.kind
        loaded = name in sys.modules
        hal_kind = __import__(name, None, None, ("BUTTONS",))
        # The buttons by name, after the grid's keys (their cells' numbers, named by nobody).
        grid = len(hal_kind.grid_names(profile))
        buttons = hal_kind.BUTTONS
        self.keys = {}
        for i in range(len(buttons)):
            self.keys[buttons[i]] = grid + i
        self.frame = bytearray(3 * hal_kind.cell_count(profile))
        del hal_kind
        if not loaded:
            _unload((name,))
        self.storage = storage
        self.now = self.boot_ms = now_ms
        self.sounds = []
        self.said = None
        self.said_at = 0
        self.play = None
        self.notes = None
        self.last_frame = None   # the sensors' last stable frame, whoever was on screen
        self.sensors = None      # the sensor driver, for calibration (attach)
        self.clock = None  # the runner's live ms clock, for thinking in slices (seats.py)
        self.outside = None  # {seat: feed}: seats played elsewhere (seats.py), given by the runner
        self.held = False        # its link is down: this board's player's clock stands still
        self.later = None        # the runner's list while it steps: work done once the LEDs show
        self.cfg = {}            # the settings, read by menu.boot
        from firmware.app.core import menu
        menu.boot(self, now_ms)   # settings, crash count, the boot sweep (menu.py)

    def attach(self, sensors):
        """The runner hands over its sensor driver; a board kind that calibrates its
        sensors loads its calibration now. An app made anew after a crash gets the
        driver's last frame again: it reads the board before it judges anything (the
        driver hands a frame on only when it changes)."""
        self.sensors = sensors
        sensors.again()
        board = self.board
        if hasattr(board, "attach"):
            board.attach(self)

    @property
    def board(self):
        """The board kind's module (firmware/app/boards/): its layout is the menu's, so it
        leaves RAM with the menu and comes back when a screen asks for it (the pause
        screen of a game), without the catalogue."""
        return __import__(self.layout, None, None, ("__name__",))

    # ------------------------------------------------------------ runner interface

    def step(self, now_ms, events):
        if now_ms < self.now:
            now_ms = self.now
        self.now = now_ms
        self.screen.tick(now_ms)
        for ev in events:
            if ev[0] == "frame":
                self.last_frame = ev[1]
            self.screen.event(ev[0], ev[1], now_ms)
        if self.crashes and now_ms - self.boot_ms >= crash.HEALTHY_MS:
            crash.clear(self.storage)
            self.crashes = 0
        self.render(now_ms)

    def render(self, now_ms):
        """Draw the current screen into the preallocated frame (allocates nothing in
        the steady state of the game and menu screens)."""
        self.screen.draw(self.frame, now_ms)

    def rewrite(self, now_ms):
        """A save the runner held until the LEDs showed failed (a full flash): the game
        is saved again now, the way records.py saves (it makes room, or keeps the last
        save), and the board says so."""
        play = self.play
        if play is None:
            return
        rec = play.session.rec
        if "ended" in rec:
            self.saved(records.finish(self.storage, rec, rec["result"], rec["ended"]), now_ms)
        else:
            self.saved(records.save_current(self.storage, rec), now_ms)

    def saved(self, gone, now_ms):
        """A save's outcome (records.py: the ids removed to make room, None when it could
        not be saved): said and logged when the flash was full."""
        if gone is None:
            note = "flash full: this game is not saved; clear games with `arbiter games clear`"
        elif gone:
            note = ("flash full: oldest games removed to make room (%s); `arbiter games export` "
                    "keeps games" % " ".join([str(i) for i in gone]))
        else:
            return
        self.log(now_ms, note)
        self.say(note)

    def take_sounds(self):
        """The tones queued since the last call; () when there are none, so that a
        quiet step allocates nothing."""
        out = self.sounds
        if not out:
            return ()
        self.sounds = []
        return out

    def status(self):
        out = {"screen": self.screen.name, "game": None, "moves": [], "legal": [],
               "position": None, "clocks_ms": None, "result": None, "message": self.said or ""}
        if self.play is not None:
            out.update(self.play.status())
        return out

    # ------------------------------------------------------------ for the screens

    def show(self, screen):
        self.screen = screen
        self.said = None   # the note was about the screen before

    def beep(self, tones):
        if self.cfg["sound"]:
            self.sounds.extend(tones)

    def say(self, text):
        """A note on what just happened (for a while, or until the screen changes:
        explain/); None: back to the screen's own sentence."""
        self.said = text
        self.said_at = self.now

    def log(self, now_ms, text):
        eventlog.log(self.storage, now_ms, text)

    def note(self, *what):
        if self.notes is not None:
            self.notes.append(what)

    def to_menu(self):
        self.close_game()
        from firmware.app.core.menu import Menu
        self.show(Menu(self))

    def close_game(self, game=None):
        """Drop the game, and its code with it."""
        if game is None and self.play is not None:
            game = self.play.session.rec["game"]
        self.play = None
        if game in self.games:
            # Its engine stays (the menu's settings read its options, the next game of the
            # same kind plays it, and a finished game's session still asks it for its
            # position): it goes whole when another game is entered.
            _unload(_GAME_MODULES, (game,), False)

    def pause(self, play):
        from firmware.app.core.screens import Pause
        self.show(Pause(self, play))

    def end_game(self, session, now):
        """End the game in progress at the players' request without a result (kept
        as "abandoned"; dropped when it has no move). Resigning and agreeing a draw:
        screens.End."""
        rec = session.rec
        if rec["moves"]:
            records.finish(self.storage, rec, None, "abandoned")
        else:
            records.discard(self.storage)
        self.log(now, "game %d ended by the players" % rec["id"])
        self.beep(render.CLICK)
        self.to_menu()


def make_app(profile, storage, now_ms):
    return App(profile, storage, now_ms)
