"""Every order of games on every board kind, in one interpreter (issue 22, item 1): a
board plays one game after another - back to its menu between them, or restarted between
them (a new app in the same interpreter, as after a crash) - and each game, with the
board's opponent or without, starts and plays whatever came before. A game's code leaves
RAM when it closes (runtime.py); what must never happen is a loaded module left holding a
module that was unloaded: the next import loads a new copy, and the two disagree (the
tile board crashed starting Mano a Mano against the board after a Masbrur game)."""
import sys

from check import eq
from stone_kit import PROFILE5
from test_app_kit import PROFILE as LIGHT
from test_app_kit import fresh_dir
from tile_kit import PROFILE as TILE
from tile_kit import hands

from firmware import catalogue
from firmware.app.core import trace
from firmware.app.core.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import mano

MARBLE = {"name": "marble-test", "kind": "marble", "mcu": "rp2040",
          "leds": {"count": 60}, "buttons": {"menu": 10, "ok": 11, "pass": 12}}

# Each board kind's games, each without and with the board's opponent (playing the seat
# that moves first, so it thinks as soon as the game starts).
GAMES = {
    "light": (("morbak", {"morbak.lite": "off", "morbak.opponent": "off"}),
              ("morbak", {"morbak.lite": "off", "morbak.opponent": "A", "morbak.level": "1"}),
              ("morbak", {"morbak.lite": "on", "morbak.opponent": "B", "morbak.level": "1"})),
    "marble": (("mabula", {"mabula.opponent": "off"}),
               ("mabula", {"mabula.opponent": "W", "mabula.first": "W", "mabula.level": "1"})),
    "stone": (("fursaz", {"fursaz.opponent": "off"}),
              ("fursaz", {"fursaz.opponent": "A", "fursaz.level": "1"})),
    "tile": (("mano", {"game": "mano", "mano.opponent": "off"}),
             ("mano", {"game": "mano", "mano.opponent": "A", "mano.level": "1"}),
             ("masbrur", {"game": "masbrur", "masbrur.opponent": "off"}),
             ("masbrur", {"game": "masbrur", "masbrur.opponent": "A",
                          "masbrur.level": "1"})),
}
PROFILES = {"light": LIGHT, "marble": MARBLE, "stone": PROFILE5, "tile": TILE}
STEP_MS = 20


def orders(n):
    """Every order of range(n)."""
    if n == 1:
        return [[0]]
    out = []
    for first in range(n):
        for rest in orders(n - 1):
            out.append([first] + [k + (k >= first) for k in rest])
    return out


def _dead(value, live):
    """What ``value`` (a module's global) keeps of a firmware module no longer loaded:
    the module itself, a function of it (its globals), a class of it; else None."""
    if type(value) is type(sys):
        name = value.__name__
        return name if name.startswith("firmware") and sys.modules.get(name) is not value else None
    scope = getattr(value, "__globals__", None)
    if scope is not None:
        name = scope.get("__name__", "")
        return name if name.startswith("firmware") and id(scope) not in live else None
    if isinstance(value, type):
        name = getattr(value, "__module__", "")
        home = sys.modules.get(name)
        if name.startswith("firmware") and getattr(home, value.__name__, None) is not value:
            return name
    return None


def stale():
    """["holder.global: dead module"] for every loaded firmware module's global that
    belongs to a firmware module no longer loaded."""
    names = sorted([n for n in sys.modules if n.startswith("firmware")])
    live = {}
    for n in names:
        live[id(sys.modules[n].__dict__)] = n
    out = []
    for n in names:
        scope = sys.modules[n].__dict__
        for key in sorted(scope):
            dead = _dead(scope[key], live)
            if dead is not None:
                out.append("%s.%s: %s" % (n, key, dead))
    return out


def _family(name, game):
    leaf = name.rpartition(".")[2]
    return leaf == game or leaf.startswith(game + "_")


def check_playing(app, game, what):
    """``game`` runs, its controller the loaded one, no other game's code loaded and
    no module holding a dead one."""
    st = app.status()
    eq((st["game"], st["screen"] in ("game", "setup")), (game, True), what)
    play = sys.modules.get(catalogue.row(game)[5][0][1])
    assert play is not None and type(app.play) is play.Play, "%s: a dead controller" % what
    others = [n for n in sys.modules if n.startswith("firmware.")
              for g in app.games if g != game and _family(n, g)]
    eq(sorted(others), [], "%s: another game's code stays loaded" % what)
    eq(stale(), [], "%s: modules holding unloaded ones" % what)


class Board:
    """A board of ``kind`` over one file system; ``restart()`` makes its app again."""

    def __init__(self, kind):
        self.kind = kind
        self.storage = Storage(fresh_dir("orders-" + kind))
        self.restart()

    def restart(self):
        self.t = 0
        self.app = make_app(PROFILES[self.kind], self.storage, 0)
        self.wait(1000)

    def wait(self, ms):
        for _ in range(ms // STEP_MS):
            self.t += STEP_MS
            self.app.step(self.t, ())

    def start(self, values):
        """From the menu: the settings as its editor saves them, then OK (start)."""
        app = self.app
        eq(app.status()["screen"], "menu", "the menu shows")
        from firmware.app.core import settings
        for key in values:
            app.cfg[key] = settings.parse(key, values[key])
        settings.save(app.storage, app.cfg)
        self.t += STEP_MS
        app.step(self.t, [("down", app.keys["ok"])])
        self.wait(400)

    def end(self):
        """The players end the game (the pause screen's end): back to the menu."""
        self.app.end_game(self.app.play.session, self.t)
        eq(self.stale_after_close(), [], "back at the menu")

    def stale_after_close(self):
        return stale() + [n for n in sys.modules if n.startswith("firmware.app.games.")
                          and not n.endswith("_settings")]   # no controller left


def _every_order(kind, firsts=None):
    games = GAMES[kind]
    for order in orders(len(games)):
        if firsts is not None and order[0] not in firsts:
            continue
        for restart in (False, True):
            b = Board(kind)
            for k in order:
                game, values = games[k]
                what = "%s board, order %s%s, game %d" % (
                    kind, order, " with restarts" if restart else "", k)
                b.start(values)
                check_playing(b.app, game, what)
                b.end()
                if restart:
                    b.restart()


def test_every_order_of_games_on_the_light_board():
    _every_order("light")


def test_every_order_of_games_on_the_marble_board():
    _every_order("marble")


def test_every_order_of_games_on_the_stone_board():
    _every_order("stone")


def test_every_order_of_games_on_the_tile_board_mano_first():
    _every_order("tile", (0, 1))


def test_every_order_of_games_on_the_tile_board_masbrur_first():
    _every_order("tile", (2, 3))


def test_mano_against_the_board_after_masbrur_through_traces():
    """The report's case: three games replayed in one interpreter, each a fresh board."""
    out = []
    for values in ({}, {"game": "masbrur"}, {"mano.opponent": "A"}):
        out.append(trace.replay(TILE, Storage(fresh_dir("orders-trace")), ['{"t": 0}'], 0,
                                values)[-1].split(" ")[1].split("\n")[0])
    eq(out, ["hand=1", "masbrur", "hand=1"], "Mano a Mano, Masbrur, Mano a Mano against the board")


def test_a_finished_game_closed_by_ok_still_gives_its_position():
    """OK at the end closes the game (its code leaves RAM): the replay still prints the
    position and the result from the finished game's session (its engine stays loaded)."""
    lines, moves, table, o = hands(1, 1, options={"target": 5})
    table.press("ok")
    out = trace.replay(TILE, Storage(fresh_dir("orders-end")), table.lines, 0,
                       {"mano.target": "5"})
    eq(out[-2:], ["position " + mano.to_text(o),
                  'result {"reason": "target reached", "scores": [0, 9], "winner": 1}'],
       "the hand's end, after OK")
