"""The app's entry point (interfaces.md): make_app(profile, storage, now_ms) -> App.

Pure: driven by step(now_ms, events), no clock reads, no machine. First version:
menu (a7 = Morbak, b7 = Morbak Lite, OK starts) then the game on the grid."""
from firmware.app import settings

MENU = 49
OK = 50

_MENU_GAMES = ((0, "Morbak"), (1, "Morbak Lite"))
_COLOURS = {".": (0, 0, 0), "A": (255, 40, 0), "B": (0, 80, 255), "a": (120, 20, 0),
            "b": (0, 40, 120), "1": (255, 200, 120), "2": (120, 200, 255), "#": (24, 24, 24)}


class App:
    def __init__(self, profile, storage, now_ms):
        leds = profile.get("leds", {}) if isinstance(profile, dict) else {}
        self.width = leds.get("width", 7)
        self.n_leds = leds.get("count", 49)
        self.frame = bytearray(3 * self.n_leds)
        self.storage = storage
        self.cfg = settings.load(storage)
        self.brightness = self.cfg["leds.brightness"]
        self._sounds = []
        self.screen = "menu"
        self.choice = 0
        self.engine = None
        self.state = None
        self.moves = []
        self.message = ""
        self.now = now_ms
        self._render()

    def take_sounds(self):
        out = self._sounds
        self._sounds = []
        return out

    def _beep(self, freq, ms):
        if self.cfg["sound"]:
            self._sounds.append((freq, ms))

    def step(self, now_ms, events):
        self.now = now_ms
        for ev in events:
            if ev[0] == "down":
                self._press(ev[1])
        self._render()

    def _press(self, key):
        if self.screen == "menu":
            if key == OK:
                self._start(self.choice == 1)
            elif 42 <= key < 42 + len(_MENU_GAMES):
                self.choice = key - 42
                self._beep(880, 30)
            return
        if key == MENU:
            self.screen = "menu"
            return
        if key >= 49 or self.engine.is_over(self.state):
            return
        move = self.engine.press_action(self.state, key)
        if move is None:
            self.message = "no action on %s" % self.engine.SQUARES[key]
            self._beep(220, 200)
            return
        self.state = self.engine.play(self.state, move)
        self.moves.append(move)
        self.message = move
        self._beep(1320, 40)

    def _start(self, lite):
        from firmware.rules import morbak
        self.engine = morbak
        opts = settings.game_options(self.cfg, "morbak")
        opts["lite"] = lite
        self.state = morbak.new_game(opts, 0)
        self.moves = []
        self.screen = "game"
        self.message = "Morbak Lite" if lite else "Morbak"

    def _render(self):
        f = self.frame
        for i in range(len(f)):
            f[i] = 0
        if self.screen == "menu":
            for i in range(len(_MENU_GAMES)):
                c = (255, 255, 255) if i == self.choice else (40, 40, 40)
                self._set(42 + i, c)
            return
        for i in range(49):
            self._set(i, _COLOURS[self.engine.square_state(self.state, i)])

    def _set(self, i, c):
        j = 3 * i
        self.frame[j] = c[0]
        self.frame[j + 1] = c[1]
        self.frame[j + 2] = c[2]

    def status(self):
        game = None
        if self.engine is not None:
            game = "morbak"
        over = self.state is not None and self.engine.is_over(self.state)
        return {"screen": self.screen, "game": game, "moves": list(self.moves),
                "legal": self.engine.legal_moves(self.state) if self.state is not None else [],
                "position": self.engine.to_text(self.state) if self.state is not None else None,
                "clocks_ms": None,
                "result": self.engine.result(self.state) if over else None,
                "message": self.message}


def make_app(profile, storage, now_ms):
    return App(profile, storage, now_ms)
