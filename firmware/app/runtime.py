"""The app: make_app(profile, storage, now_ms) -> App.

Pure: driven by ``step(now_ms, events)`` (now_ms never goes back; the runner passes a
count that does not wrap), no clock reads, no machine. App.frame is the logical RGB
frame, App.brightness the LED brightness, take_sounds() the tones queued, status()
the state for tools and the simulator.

Screens (status()["screen"]): "boot" - the LED self-test, a white sweep rank by rank
with a chime (menu.py); then "resume" when a game was in progress (morbak_play.py: OK
resumes, MENU ends it), else "menu" / "setting" (menu.py); "game" and "pause"
(morbak_play.py).
In each step the current screen first counts the time, then gets the key events in
order, then draws: a limit that expires at or before now_ms is played before the
presses of that step.

After a crash the runner calls make_app again: with fewer than crash.LIMIT crashes
since the app last ran healthily the game resumes at once, without asking; from the
limit on, the saved game is set aside (recorded in /games unfinished, "ended": "crashed")
and the menu opens.

The heap holds the code of the screens outside a game (menu.py) or of a game, never
both: each is imported when it opens and dropped when it closes (a game's modules are
most of the app's RAM). The settings go with the menu: a game reads only their values,
in App.cfg."""
import sys

from firmware.app import crash, eventlog, records, render

GAMES = ("morbak",)  # what this app plays: whose settings it loads
_MENU_MODULES = ("firmware.app.menu", "firmware.app.settings", "firmware.app.settings_morbak")
_GAME_MODULES = ("firmware.app.morbak_play", "firmware.app.clock", "firmware.rules.morbak")


def _unload(names):
    """Forget modules (in sys.modules and as attributes of their package) so that their
    code is collected once nothing uses it; the next import loads them again."""
    for name in names:
        if sys.modules.pop(name, None) is not None:
            package, _, leaf = name.rpartition(".")
            if hasattr(sys.modules[package], leaf):
                delattr(sys.modules[package], leaf)


class App:
    def __init__(self, profile, storage, now_ms):
        leds = profile.get("leds", {}) if isinstance(profile, dict) else {}
        self.width = leds.get("width", 7)
        self.height = leds.get("height", 7)
        self.frame = bytearray(3 * self.width * self.height)
        self.storage = storage
        self.now = self.boot_ms = now_ms
        self.sounds = []
        self.message = ""
        self.play = None
        records.prepare(storage)
        from firmware.app import settings
        self.cfg = settings.load(storage, GAMES)
        self.brightness = self.cfg["leds.brightness"]
        self.crashes = crash.count(storage)
        self.log(now_ms, "boot" if not self.crashes else "restart after crash %d" % self.crashes)
        self.config_problem = settings.problem(storage, GAMES)
        if self.config_problem:
            self.log(now_ms, "config: %s; defaults used for what is wrong" % self.config_problem)
        from firmware.app.menu import Boot
        self.screen = Boot(self, now_ms)
        self.beep(render.BOOT)
        self.render(now_ms)

    # ------------------------------------------------------------ runner interface

    def step(self, now_ms, events):
        if now_ms < self.now:
            now_ms = self.now
        self.now = now_ms
        self.screen.tick(now_ms)
        for ev in events:
            self.screen.event(ev[0], ev[1], now_ms)
        if self.crashes and now_ms - self.boot_ms >= crash.HEALTHY_MS:
            crash.clear(self.storage)
            self.crashes = 0
        self.render(now_ms)

    def render(self, now_ms):
        """Draw the current screen into the preallocated frame (allocates nothing in
        the steady state of the game and menu screens)."""
        self.screen.draw(self.frame, now_ms)

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
               "position": None, "clocks_ms": None, "result": None, "message": self.message}
        if self.play is not None:
            out.update(self.play.status())
        return out

    # ------------------------------------------------------------ for the screens

    def show(self, screen):
        self.screen = screen

    def beep(self, tones):
        if self.cfg["sound"]:
            self.sounds.extend(tones)

    def say(self, text):
        self.message = text

    def log(self, now_ms, text):
        eventlog.log(self.storage, now_ms, text)

    def to_menu(self):
        self.close_game()
        from firmware.app.menu import Menu
        self.show(Menu(self))
        self.say("menu" if not self.config_problem else
                 "menu; settings file damaged (%s), fix it with arbiter config" % self.config_problem)

    def open_game(self, rec, now, offer):
        """The game of ``rec`` replayed (MorbakPlay), or None when it cannot be (then
        logged and the saved game dropped)."""
        from firmware.app.morbak_play import MorbakPlay  # only the active game's engine
        try:
            return MorbakPlay(self, rec, now, offer)
        except ValueError as e:  # IllegalMove too: options or moves the engine refuses
            self.close_game()
            records.discard(self.storage)
            self.log(now, "state: game %d cannot be replayed (%s); discarded" % (rec["id"], e))
            return None

    def close_game(self):
        """Drop the game, and its code with it."""
        self.play = None
        _unload(_GAME_MODULES)

    def enter_game(self, play):
        self.play = play
        self.show(play)
        _unload(_MENU_MODULES)

    def end_game(self, play, now):
        """End the game in progress at the players' request (kept as "abandoned")."""
        rec = play.rec
        if rec["moves"]:
            records.finish(self.storage, rec, None, "abandoned")
        else:
            records.discard(self.storage)
        self.log(now, "game %d ended by the players" % rec["id"])
        self.beep(render.CLICK)
        self.to_menu()


def make_app(profile, storage, now_ms):
    return App(profile, storage, now_ms)
