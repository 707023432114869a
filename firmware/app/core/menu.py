"""The screens outside a game: the boot sweep, then the saved game's fate (runtime.py's
doc), the on-board menu and the settings editor, laid out on the board's own cells by
its kind (firmware/app/boards/: GAME_CELLS, START, ITEMS, BAR, OFF, CHOICES) and the
games the catalogue has for it (picks).

On a board with a key at every cell (DIRECT) a press on a lit cell chooses it, OK
starts (main menu) or saves (editor), MENU goes back. On the others PASS moves the
selection (the selected cell blinks; it starts on START), OK chooses it or saves,
MENU goes back. In the editor a bar shows a number as lit cells (a press or PASS sets
it), a choice shows its values on the CHOICES cells, the current one bright
(off red and on green for a switch), and OFF (red) switches a time limit off.
The editor saves to /config.json on OK (same keys as ``arbiter config``); a game
starts with the options the settings give (the controller module's options(),
games/<game>_<kind>.py)."""
from firmware import catalogue
from firmware.app.core import crash, launch, records, render, settings

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_SWEEP_ROW_MS = const(60)  # the boot sweep: one row lit this long
_DIM = const(48)
_UNCHOSEN = const(128)   # a game not chosen: half strength keeps its hue at a low brightness

# The palettes (setting leds.palette): the Morbak squares by code (render.CODES) and
# the rejection flash. "standard" (render.STANDARD): A orange, B blue, rejection red;
# "colour-blind": A amber, B deep blue, rejection pink - players, rejection and marks
# stay apart under deuteranopia and protanopia (a test simulates both on the
# simulator's screenshots). Night mode (leds.night) turns the white flashes grey.
_COLOUR_BLIND = const(((0, 0, 0), (255, 200, 0), (0, 40, 255), (120, 94, 0), (0, 18, 120),
                       (255, 235, 150), (150, 170, 255), (50, 50, 50)))
_REJECT_CB = const((255, 120, 255))
_NIGHT_FLASH = const((60, 60, 60))


def boot(app, now_ms):
    """The app's start (runtime.App): its settings and palette, the crash count, the
    log, then the boot sweep."""
    storage, games = app.storage, app.games
    records.prepare(storage)
    app.cfg = settings.load(storage, games)
    lights(app)
    app.crashes = crash.count(storage)
    app.log(now_ms, "boot" if not app.crashes else "restart after crash %d" % app.crashes)
    app.config_problem = settings.problem(storage, games)
    if app.config_problem:
        app.log(now_ms, "config: %s; defaults used for what is wrong" % app.config_problem)
    app.screen = Boot(app, now_ms)
    app.beep(render.BOOT)
    app.render(now_ms)


def lights(app):
    """Apply the LED settings: palette, night mode, brightness (night mode caps it)."""
    cfg = app.cfg
    cb = cfg["leds.palette"] == "colour-blind"
    render.SQUARE = square = _COLOUR_BLIND if cb else render.STANDARD
    render.PLAYER = (square[1], square[2])
    render.REJECTED = _REJECT_CB if cb else render.RED
    render.FLASH = _NIGHT_FLASH if cfg["leds.night"] else render.WHITE
    app.brightness = settings.brightness(cfg)


class Boot:
    """The LED self-test: a white sweep rank by rank (the app queues the chime)."""

    def __init__(self, app, now):
        self.app = app
        self.name = "boot"
        self.t0 = now
        self.rows = app.board.rows(app.profile)
        self.shown = -1    # the last rank drawn: the next frame never skips one

    def tick(self, now):
        if now - self.t0 >= _SWEEP_ROW_MS * (len(self.rows) - 1):
            self._done(now)

    def event(self, kind, key, now):
        pass

    def draw(self, f, now):
        render.clear(f)
        row = (now - self.t0) // _SWEEP_ROW_MS
        if row > self.shown + 1:   # a slow start (imports on a Pico) skips no rank
            row = self.shown + 1
        self.shown = row
        rows = self.rows
        if 0 <= row < len(rows) - 1:
            for i in range(rows[row], rows[row + 1]):
                render.put(f, i, render.FLASH)

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
            self._match(now)
            return
        if app.crashes >= crash.LIMIT:
            # Recorded unfinished, so `arbiter games export` can fetch it for a bug report.
            records.set_aside(app.storage, rec, "crashed")
            crash.clear(app.storage)
            app.crashes = 0
            app.log(now, "game %d set aside after repeated crashes" % rec["id"])
            app.say("game set aside after repeated crashes")
            return
        play = launch.open_game(app, rec, now)
        if play is None:
            return
        if play.session.over:  # it ended, but the cut came before its record was written
            play.session.record_end(now, "recorded at boot")
            app.close_game()
            return
        launch.enter(app, play, app.crashes == 0)
        if app.crashes:
            app.say("resumed after a crash")
            app.log(now, "resume game %d after a crash" % rec["id"])


    def _match(self, now):
        """The power went between two games of a match: its score again (OK starts the
        next game), from the last game's record."""
        app = self.app
        last = records.next_id(app.storage) - 1
        rec = app.storage.read_json(records.game_path(last), None) if last > 0 else None
        if not isinstance(rec, dict) or "match" not in rec or rec.get("result") is None:
            return
        from firmware.app.core import match
        if records.problem(rec) or not match.valid(rec["match"]) or match.over(rec):
            return
        from firmware.app.core.screens import Score
        app.show(Score(app, rec, catalogue.controller(rec["game"], app.kind).Play.SEATS))
        app.log(now, "match: the score after game %d" % rec["id"])


def level(unit, value, cells):
    """Number of bar cells that show ``value`` (0 = off)."""
    if value is None or value <= 0:
        return 0
    if unit == 0:
        n = (value * cells + 254) // 255
    else:
        n = (value + unit - 1) // unit
    return min(n, cells)


def _value(unit, n, cells):
    return n * 255 // cells if unit == 0 else n * unit


def span(unit, arg, cells):
    """(low, top): the first and last bar cell whose value lies in the range ``arg``
    (lowest, highest) of a setting shown ``unit`` a cell (0: brightness steps) on a
    bar of ``cells``: a level of 1-5 uses 5 cells, however long the board's bar."""
    lo, hi = arg
    low, top = 1, cells
    while low < cells and _value(unit, low, cells) < lo:
        low += 1
    while top > low and _value(unit, top, cells) > hi:
        top -= 1
    return low, top


def _match(cfg, game):
    """The match (match.py) a new game from the menu begins, or None: single games."""
    games = cfg.get(game + ".match_games")
    wins = cfg.get(game + ".match_wins")
    if games is None and wins is None:
        return None
    return {"game": 1, "games": games, "wins": wins, "score": [0, 0, 0]}


def picks(board, kind):
    """The main menu's picks: each game the catalogue has for board ``kind`` and each of
    its variants (its settings' VARIANTS, e.g. Morbak and Morbak Lite), on the board's
    GAME_CELLS in order: (cell, colour (None: player A's in the palette in use),
    ((key, value), ...)); none for a single pick."""
    out = []
    cells = board.GAME_CELLS
    colour = board.PICK_COLOUR
    for game in catalogue.games_on(kind):
        mod = catalogue.settings(game)
        for pairs in getattr(mod, "VARIANTS", ((),)):
            if len(out) < len(cells):
                out.append((cells[len(out)], colour, (("game", game),) + pairs))
    return tuple(out) if len(out) > 1 else ()


def chosen(pick, cfg):
    for key, value in pick[2]:
        if cfg[key] != value:
            return False
    return True


class Menu:
    def __init__(self, app):
        self.app = app
        self.board = app.board
        self.name = "menu"
        self.item = -1     # the setting being edited, -1 on the main menu
        self.value = None
        self.picks = picks(self.board, app.kind)
        # Without a key per cell: the selection among picks, start, items and actions.
        self.sel = len(self.picks)
        self.actions = getattr(self.board, "ACTIONS", ())
        self.entries = len(self.picks) + 1 + len(self.board.ITEMS) + len(self.actions)
        self.pending = False   # a start waits for the frame that lights START

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        if kind != "down":
            return
        if self.item < 0:
            self._main(key, now)
        else:
            self._edit(key, now)

    # ------------------------------------------------------------ main menu

    def _entry(self, key):
        """What ``key`` chooses on the main menu: ("pick", k), ("start",), ("item", k),
        ("action", k) or None."""
        b, keys = self.board, self.app.keys
        picks, items = self.picks, b.ITEMS
        if key == keys["ok"]:
            if b.DIRECT:
                return ("start",)
            key = self._cell(self.sel)
        elif not b.DIRECT:
            return None
        for k in range(len(picks)):
            if picks[k][0] == key:
                return ("pick", k)
        if key == b.START:
            return ("start",)
        for k in range(len(items)):
            if items[k][1] == key:
                return ("item", k)
        actions = getattr(b, "ACTIONS", ())
        for k in range(len(actions)):
            if actions[k][1] == key:
                return ("action", k)
        return None

    def _cell(self, n):
        """The cell of entry n of the selection order: picks, start, items, actions."""
        b = self.board
        if n < len(self.picks):
            return self.picks[n][0]
        if n == len(self.picks):
            return b.START
        n -= len(self.picks) + 1
        if n < len(b.ITEMS):
            return b.ITEMS[n][1]
        return b.ACTIONS[n - len(b.ITEMS)][1]

    def _main(self, key, now):
        app = self.app
        if key == app.keys.get("pass"):
            self.sel = (self.sel + 1) % self.entries
            app.beep(render.CLICK)
            return
        what = self._entry(key)
        if what is None:
            return
        if what[0] == "pick":
            for k, value in self.picks[what[1]][2]:
                self._set(k, value, now)
            app.beep(render.CLICK)
        elif what[0] == "start":
            # START lights white at once; the game (its code takes ~0.3 s to load on a
            # Pico) is made once the LEDs show it, when the runner says so (device.py).
            if app.later is None:
                self._start(now)
            elif not self.pending:
                self.pending = True
                app.later.append((self._start, now, None))
        elif what[0] == "action":
            app.beep(render.CLICK)
            self.board.action(app, self.board.ACTIONS[what[1]][0])
        else:
            self._open(what[1])
            app.beep(render.CLICK)

    # ------------------------------------------------------------ editor

    def _open(self, k):
        """Edit item k: its value, and what its editor offers (cached: drawing must not
        allocate)."""
        name = self.board.ITEMS[k][0]
        _default, kind, arg = settings.spec(name)
        self.item = k
        self.value = self.app.cfg[name]
        self.limit = kind == "limit"      # a limit can be switched off
        self.values = (False, True) if kind == "bool" else arg
        unit = self.board.ITEMS[k][3]
        # The bar offers exactly the setting's range (settings.spec: what arbiter config
        # checks): cells low..top, each ``unit`` of the value.
        self.low, self.top = span(unit, arg, self.board.BAR[1]) if unit is not None else (0, 0)
        self.name = "setting"
        self.app.say(None)

    def _edit(self, key, now):
        app, b = self.app, self.board
        name, _cell, _colour, unit = b.ITEMS[self.item]
        first, cells = b.BAR
        if key == app.keys["ok"] or key == app.keys["menu"]:
            self.item = -1
            self.name = "menu"
            app.say(None)
            if key == app.keys["ok"]:
                if self._set(name, self.value, now):   # its note says what was saved
                    app.beep(render.SAVED)
            else:
                app.beep(render.CLICK)
            lights(app)
            return
        step = key == app.keys.get("pass")
        if unit is None:
            values = self.values
            if step:
                k = values.index(self.value) + 1 if self.value in values else 0
            elif b.DIRECT and key in b.CHOICES[:len(values)]:
                k = b.CHOICES.index(key)
            else:
                return
            self.value = values[k % len(values)]
        elif step:
            n = level(unit, self.value, cells) + 1
            if n > self.top:
                n = 0 if self.limit else self.low
            elif n < self.low:
                n = self.low
            self.value = None if n == 0 else _value(unit, n, cells)
        elif b.DIRECT and key == b.OFF and self.limit:
            self.value = None
        elif b.DIRECT and first + self.low - 1 <= key < first + self.top:
            self.value = _value(unit, key - first + 1, cells)
        else:
            return
        if unit == 0:   # live preview (night mode caps it as it will)
            night = app.cfg["leds.night"]
            app.brightness = (
                min(self.value or 0, settings.NIGHT_BRIGHTNESS) if night else self.value
            )
        app.beep(render.CLICK)

    def _set(self, key, value, now):
        """Set one setting and save the settings file (unchanged: nothing written).
        False when ``value`` is not one of the setting's (said, nothing changed)."""
        app = self.app
        if app.cfg[key] == value:
            return True
        try:
            settings.check(key, value)   # the editors offer only valid values: a last guard
        except ValueError as e:
            app.beep(render.REJECT)
            app.say(str(e))
            return False
        app.cfg[key] = value
        settings.save(app.storage, app.cfg)
        if key.startswith("leds."):
            lights(app)
        app.log(now, "set %s=%s" % (key, settings.to_text(key, value)))
        app.say("%s = %s" % (key, settings.to_text(key, value)))
        return True

    def _start(self, now, what=None):
        """A new game of the board's game, with the options the settings give."""
        app = self.app
        self.pending = False
        game = app.cfg["game"]
        if launch.new_game(app, game, now, match=_match(app.cfg, game)) is None:
            app.beep(render.REJECT)
            app.say("these settings make no valid game: see /events.log")

    # ------------------------------------------------------------ display

    def draw(self, f, now):
        render.clear(f)
        b, cfg = self.board, self.app.cfg
        blink = not b.DIRECT and render.blink(now, 400, 200)
        if self.item < 0:
            for pick in self.picks:
                c = render.PLAYER[0] if pick[1] is None else pick[1]
                render.put_scaled(f, pick[0], c, 256 if chosen(pick, cfg) else _UNCHOSEN)
            render.put(f, b.START, render.FLASH if self.pending else render.GREEN)
            for item in b.ITEMS:
                render.put_scaled(f, item[1], item[2], 160)
            for action in self.actions:
                render.put_scaled(f, action[1], action[2], 160)
            if blink and not self.pending:
                render.put(f, self._cell(self.sel), render.OFF)
            return
        _name, cell, colour, unit = b.ITEMS[self.item]
        render.put(f, cell, colour)
        if unit is None:
            values = self.values
            for k in range(min(len(values), len(b.CHOICES))):
                c = colour
                if values[k] is False:
                    c = render.RED
                elif values[k] is True:
                    c = render.GREEN
                render.put_scaled(f, b.CHOICES[k], c, 256 if self.value == values[k] else _DIM)
            return
        first, cells = b.BAR
        if self.limit:
            render.put_scaled(f, b.OFF, render.RED, 256 if self.value is None else _DIM)
        top = self.top
        render.bar(f, first, top, min(level(unit, self.value, cells), top), top, colour)
