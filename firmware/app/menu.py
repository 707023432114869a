"""The screens outside a game, drawn on the 7x7 grid itself: the boot sweep, then the
saved game's fate (runtime.py's doc), the on-board menu and the settings editor.

Keys: press a lit square to choose it; OK = start / save; MENU = back (cancel).

Main menu (screen "menu")             Setting editor (screen "setting")
  7  M L . . . . .                      7  bar: a value is a number of lit squares,
  6  . . . . . . .                      6       counted from a2 rightwards, row by row
  5  . . . . . . .                      5       (a2 = 1 … g7 = 42); press a square to
  4  . . . S . . .                      4       set the value to that many
  3  . . . . . . .                      3
  2  . . . . . . .                      2
  1  T m B s C . .                      1  the setting's own square; g1 = off (limits)
M = Morbak, L = Morbak Lite (the chosen one bright); S = start (green, OK too);
settings: T game time (cyan, 1 square = 1 minute), m move time (purple, 1 square =
10 s), B brightness (white, 42 steps, previewed live), s sound (yellow), C confirm step
(magenta). On/off settings show c4 = off (red) and e4 = on (green), the current one
bright. Time limits show g1 red and bright when the limit is off.
The editor saves to /config.json on OK (same keys as ``arbiter config``); a game
starts with the options the settings give."""
from firmware.app import crash, records, render, settings

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_MENU = const(49)
_OK = const(50)
_MORBAK = const(42)    # squares of the main menu
_LITE = const(43)
_START = const(24)
_OFF_SQ = const(6)     # squares of the editor
_BOOL_OFF = const(23)
_BOOL_ON = const(25)
_BAR0 = const(7)
_CELLS = const(42)
_SWEEP_ROW_MS = const(60)  # the boot sweep: one rank lit this long

# (settings key, colour, seconds per square; 0 = brightness steps, None = on/off);
# item k sits on square k of rank 1.
ITEMS = (
    ("morbak.game_time_s", render.CYAN, 60),
    ("morbak.move_time_s", render.PURPLE, 10),
    ("leds.brightness", render.WHITE, 0),
    ("sound", render.YELLOW, None),
    ("morbak.confirm", render.MAGENTA, None),
)


class Boot:
    """The LED self-test: a white sweep rank by rank (the app queues the chime)."""

    def __init__(self, app, now):
        self.app = app
        self.name = "boot"
        self.t0 = now

    def tick(self, now):
        if now - self.t0 >= _SWEEP_ROW_MS * self.app.height:
            self._done(now)

    def event(self, kind, key, now):
        pass

    def draw(self, f, now):
        render.clear(f)
        row = (now - self.t0) // _SWEEP_ROW_MS
        w = self.app.width
        if 0 <= row < self.app.height:
            for x in range(w):
                render.put(f, row * w + x, render.WHITE)

    def _done(self, now):
        """The menu, or the game saved at the power cut or crash: offered for resuming,
        resumed at once after a crash, set aside after repeated crashes, recorded when
        it had ended, dropped when unreadable."""
        app = self.app
        app.to_menu()
        rec, bad = records.load_current(app.storage)
        if bad:
            app.log(now, "state: %s; discarded" % bad)
            records.discard(app.storage)
        if rec is None:
            return
        if app.crashes >= crash.LIMIT:
            # Recorded unfinished, so `arbiter games export` can fetch it for a bug report.
            records.finish(app.storage, rec, None, "crashed")
            crash.clear(app.storage)
            app.crashes = 0
            app.log(now, "game %d set aside after repeated crashes" % rec["id"])
            app.say("game set aside after repeated crashes")
            return
        play = app.open_game(rec, now, app.crashes == 0)
        if play is None:
            return
        if play.over:  # it ended, but the cut came before its record was written
            play.record_end(now, "recorded at boot")
            app.close_game()
            return
        app.enter_game(play)
        app.say("resume game %d? OK = resume, MENU = new" % rec["id"] if play.offer
                else "resumed after a crash")
        if not play.offer:
            app.log(now, "resume game %d after a crash" % rec["id"])


def level(unit, value):
    """Number of bar squares that show ``value`` (0 = off)."""
    if value is None or value <= 0:
        return 0
    if unit == 0:
        n = (value * _CELLS + 254) // 255
    else:
        n = (value + unit - 1) // unit
    return min(n, _CELLS)


def _value(unit, n):
    return n * 255 // _CELLS if unit == 0 else n * unit


class Menu:
    def __init__(self, app):
        self.app = app
        self.name = "menu"
        self.item = -1   # the setting being edited, -1 on the main menu
        self.value = None

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        if kind != "down":
            return
        if self.item < 0:
            self._main(key, now)
        else:
            self._edit(key, now)

    def _main(self, key, now):
        app = self.app
        if key == _MORBAK or key == _LITE:
            self._set("morbak.lite", key == _LITE, now)
            app.beep(render.CLICK)
        elif key == _START or key == _OK:
            self._start(now)
        elif 0 <= key < len(ITEMS):
            self.item = key
            self.value = app.cfg[ITEMS[key][0]]
            self.name = "setting"
            app.beep(render.CLICK)

    def _edit(self, key, now):
        app = self.app
        name, _colour, unit = ITEMS[self.item]
        if key == _OK or key == _MENU:
            if key == _OK:
                self._set(name, self.value, now)
                app.beep(render.SAVED)
            else:
                app.beep(render.CLICK)
            app.brightness = app.cfg["leds.brightness"]
            self.item = -1
            self.name = "menu"
            return
        if unit is None:
            if key == _BOOL_OFF or key == _BOOL_ON:
                self.value = key == _BOOL_ON
            else:
                return
        elif key == _OFF_SQ and name != "leds.brightness":
            self.value = None
        elif _BAR0 <= key < _BAR0 + _CELLS:
            self.value = _value(unit, key - _BAR0 + 1)
            if unit == 0:
                app.brightness = self.value  # live preview
        else:
            return
        app.beep(render.CLICK)

    def _set(self, key, value, now):
        """Set one setting and save the settings file (unchanged: nothing written)."""
        app = self.app
        if app.cfg[key] == value:
            return
        app.cfg[key] = value
        settings.save(app.storage, app.cfg)
        if key == "leds.brightness":
            app.brightness = value
        app.log(now, "set %s=%s" % (key, settings.to_text(key, value)))
        app.say("%s = %s" % (key, settings.to_text(key, value)))

    def _start(self, now):
        """A new Morbak game with the options the settings give."""
        app = self.app
        cfg = app.cfg
        opts = settings.game_options(cfg, "morbak")
        # The limits always go into the record, so it says which clocks were used.
        opts["game_time_s"] = cfg["morbak.game_time_s"]
        opts["move_time_s"] = cfg["morbak.move_time_s"]
        if cfg["morbak.lite"]:  # Lite has neither blocks nor neutralizations
            opts.pop("budget_scope", None)
            opts.pop("neutralizations", None)
        seed = now % 1000000 if cfg["morbak.first"] == "random" else 0
        rec = records.new_record(records.next_id(app.storage), "morbak", opts, seed)
        play = app.open_game(rec, now, False)
        if play is None:
            app.beep(render.REJECT)
            app.say("these settings make no valid game: see /events.log")
            return
        records.save_current(app.storage, rec)
        app.log(now, "new game %d morbak%s" % (rec["id"], " lite" if cfg["morbak.lite"] else ""))
        app.beep(render.ACCEPT)
        app.say("A to move" if play.turn == 0 else "B to move")
        app.enter_game(play)

    def draw(self, f, now):
        render.clear(f)
        if self.item < 0:
            lite = self.app.cfg["morbak.lite"]
            render.put_scaled(f, _MORBAK, render.PLAYER[0], 48 if lite else 256)
            render.put_scaled(f, _LITE, render.PLAYER[0], 256 if lite else 48)
            render.put(f, _START, render.GREEN)
            for k in range(len(ITEMS)):
                render.put_scaled(f, k, ITEMS[k][1], 160)
            return
        name, colour, unit = ITEMS[self.item]
        render.put(f, self.item, colour)
        if unit is None:
            render.put_scaled(f, _BOOL_OFF, render.RED, 48 if self.value else 256)
            render.put_scaled(f, _BOOL_ON, render.GREEN, 256 if self.value else 48)
            return
        if name != "leds.brightness":
            render.put_scaled(f, _OFF_SQ, render.RED, 256 if self.value is None else 48)
        render.bar(f, _BAR0, _CELLS, level(unit, self.value), _CELLS, colour)
