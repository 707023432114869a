"""What the board explains to people, for the simulator's page and the tests:
``status(app)`` is App.status() with the following added. A board never loads this
module (what a module loads once stays in RAM: its names), only tools do.

- "message": what the board says - a note on what just happened (App.say: a rejection,
  an undo, a timeout) for NOTE_MS, then the screen's own sentence (whose turn, what is
  selected, what OK does). A screen change drops the note, so nothing stale stays.
  Screens this module has no sentence for (the sensor boards' games) keep their last
  note.
- "legend": what each lit cell and each key means on the screen shown now, built from
  the screen itself and the board kind's layout (firmware/app/boards/), so it names the
  cells the screen really lights: {"cells": [[cells, [r, g, b], text], ...] (a fourth
  item "blinks" where the colour comes and goes: a flash, a heartbeat), "keys":
  [[key, text], ...]}, ``cells`` a list of cell numbers (empty for a colour that can
  be anywhere), the colour as the app draws it (before brightness, dimmed or not).
  Every button of the board is in the keys, with what it does on that screen. A sensor
  board's game has its words in explain/<game>_<kind>.py (legend and sentence).
- A game's "players" (the seats as players read them: A and B, or the game's colours)
  and "outcome" (the result in words, e.g. "White wins 35-26", once there is one);
  "score" (the final score as text, e.g. "White 35, Black 26", the winner first; None
  while the game is on and for Morbak, whose result is the win alone).
- "names": every cell's name in cell order (squares, spaces, points, positions), so a
  page can name the cells of the legend.
- Morbak's game: "budgets" ({"budget": [A, B], "neutralizations": [A, B], "counts":
  what a budget counts, "switches and blocks" or in Lite "switches"}), "last" (the
  square of the last move, or None) and "match" (the record's match, match.py, with the
  score as it stands, or None).
- Masbrur's game: "public_position" and "public_moves", the position and the moves as
  the people at the table read them (a wall face down and a sealed choice stay hidden
  until combat shows them; "position" and "moves" keep everything, for tools).
- Fursaz's game: "moves_read", each move with its player's colour when it was made and
  what the swap made of its player ("White swap (now Black)").
- ``public_text(kind, text)``: the event log as the page shows it (no secret wall)."""
from firmware import catalogue
from firmware.app.core import render
from firmware.app.core.menu import chosen

NOTE_MS = 5000   # a note on what just happened, then the screen's own sentence


# The settings every board has; a game's own are its settings module's (TITLES, VALUES).
TITLES = {
    "game": "the game that start plays",
    "leds.brightness": "brightness",
    "sound": "sound",
    "leds.palette": "colours: standard or colour-blind",
    "leds.night": "night mode: dim, no white flashes",
    "calibrate": "calibrate the sensors (the board empty, then a black and a white stone)",
}
_CELL = {"light": "square", "marble": "space", "stone": "point", "tile": "position"}
_PAUSE = ("continue the game", "take the last move back", "end the game: resign or agree a draw")
def _setting_words(key, table):
    """A game's TITLES or VALUES (its settings module, firmware/catalogue.py) for ``key``."""
    game = key.split(".")[0]
    if game not in catalogue.names():
        return {}
    return getattr(catalogue.settings(game), table, {})


def _title(key, board_games=()):
    """A setting as a player reads it (never its key); on a board of several games,
    which game the board's own settings are for."""
    game = key.split(".")[0]
    prefix = catalogue.title(game) + ": " if len(board_games) > 1 and game in board_games else ""
    if key.endswith(".opponent"):
        from firmware.app.core import settings
        colours = "W" in settings.spec(key)[2]   # Mabula's seats are its colours
        return prefix + "the %s the board plays (or nobody: off)" % (
            "colour" if colours else "seat")
    if key.endswith(".level"):
        return prefix + "the board's strength, 1-5"
    return TITLES.get(key) or _setting_words(key, "TITLES").get(key, key)


def value_text(key, value):
    """A setting's value as a player reads it: its text form, a code spelled out, a
    time with its unit, a game's title."""
    from firmware.app.core import settings
    out = settings.to_text(key, value)
    if key == "game":
        return catalogue.title(value)
    if value is None and out == "default":   # an engine option left to the rules
        game, name = key.split(".", 1)
        rules = getattr(catalogue.engine(game), "OPTIONS", {}).get(name)
        if rules is not None:
            out = "%s (the rules')" % settings.to_text(key, rules[0])
    out = _setting_words(key, "VALUES").get(key, {}).get(out, out)
    return out + " s" if key.endswith("_s") and value is not None else out


def pick_title(pick):
    """A pick of the menu (core/menu.py picks): its game, or its variant."""
    for key, value in pick[2]:
        if key != "game":
            return _title("%s=%s" % (key, value_text(key, value)))
    return catalogue.title(pick[2][0][1])


def away_name(ses, seat):
    """A seat not at the board as the words name it: "the board (White)" for its own
    play, "White (elsewhere)" for a player elsewhere (the seats issue's outside seat)."""
    name = ses.name(seat)
    return ("the board (%s)" if ses.player(seat) == "the board" else "%s (elsewhere)") % name


def waiting(ses, seat):
    """What a seat not at the board is doing while its move has not come."""
    if ses.player(seat) == "the board":
        return "the board (%s) is thinking" % ses.name(seat)
    return "waiting for %s's move, played elsewhere" % ses.name(seat)


def cell(cells, colour, text, blinks=False):
    """A line of the legend (for the words of every game too); ``blinks``: the colour
    comes and goes (a flash, a heartbeat), so a page draws it apart from a steady one."""
    line = [list(cells), list(colour), text]
    if blinks:
        line.append("blinks")
    return line


def lit(lines):
    """The lines that name a cell (a line of no cell says nothing on a sensor board)."""
    return [line for line in lines if line[0]]


def filled(num, den, cells):
    """How many cells render.bar lights (the last one partly) for num/den over ``cells``."""
    if den <= 0 or num <= 0:
        return 0
    return min(cells, (min(num, den) * cells * 256 // den + 255) // 256)


def _viewing(app):
    """True while a game's own view covers its board (the light board's budgets and
    clocks: status()["screen"] "status")."""
    return app.screen is app.play and app.play is not None and app.play.status_view()


def status(app):
    out = app.status()
    if app.play is not None:
        out["score"] = final_score(app.play.session, out["players"])
    if _viewing(app):
        out["screen"] = "status"
    out["legend"] = legend(app)
    out["message"] = message(app)
    _online(app, out)
    out["names"] = _names(app)
    words = _words(app)
    if words is not None and hasattr(words, "details"):
        words.details(app, app.play, out)
    return out


def _online(app, out):
    """A remote game (core/link.py): "online" ({code, far: the seat played elsewhere,
    link: this board's own link is up, peer: the other player is connected, or None
    while not known, and in Mano a Mano hand: the tiles of this board's player as the
    computer named them, once it has}) and the board's last cell in the legend while it blinks."""
    link = getattr(app, "link", None)   # set by core/link.py when the computer speaks
    online = link.status() if link is not None else None
    if online is None:
        return
    out["online"] = online
    if app.play.session.over:      # the last cell shows the link no more (link.overlay)
        return
    last = len(app.frame) // 3 - 1
    if not online["link"]:
        out["legend"]["cells"].append(cell([last], (255, 160, 0), (
            "blinking: this board's link to the other player is down (the computer or its "
            "broker); nobody's clock runs")))
    elif online["peer"] is False:
        out["legend"]["cells"].append(cell([last], render.RED, (
            "blinking: the other player is offline; the game waits for them")))


def _words(app):
    """The words of the game played on this board (its catalogue row's), or None."""
    if app.play is None:
        return None
    return catalogue.legend(app.play.session.rec["game"], app.kind)


def halves(v):
    """Half-points as a player reads them: 185 -> '92½' (Masbrur's scores)."""
    return "%d%s" % (v // 2, "½" if v % 2 else "")


def count(n, word):
    """'1 tile', '2 tiles' (for the words of every game)."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _names(app):
    board = app.board
    names = board.trace_names(app.profile)
    return [names[c] for c in range(min(len(names), len(app.frame) // 3))]


def _match_now(rec):
    """The record's match with the score as it stands (this game counted once over)."""
    if "match" not in rec:
        return None
    from firmware.app.core import match
    m = dict(rec["match"])
    m["score"] = match.score(rec)
    return m


# ---------------------------------------------------------------- the message

def message(app):
    said = _note(app, app.said)
    sentence = _sentence(app)
    if said is not None and (sentence is None or app.now - app.said_at < NOTE_MS):
        return said
    return sentence or ""


def public_text(kind, text):
    """``text`` (the event log) as the people at a board of ``kind`` may read it:
    on the tile board no wall's tiles and no formation selection (Masbrur's secrets:
    explain/masbrur_tile.py); it stays whole on the board's flash, for `arbiter logs`."""
    if kind != "tile":
        return text
    from firmware.app.explain.masbrur_tile import hidden
    return hidden(text)


def _note(app, said):
    """The board's note in a player's words: a setting saved ("key = value", as the
    board logs it) by its title."""
    if said is None or " = " not in said:
        return said
    key, _, text = said.partition(" = ")
    pick = _setting_words(key, "TITLES").get("%s=%s" % (key, text))
    if pick:                                     # a menu pick: a game's variant
        return "chosen: %s" % pick
    from firmware.app.core import settings
    try:
        value = settings.parse(key, text)
    except ValueError:
        return said
    return "saved: %s: %s" % (_title(key, app.games), value_text(key, value))


def _sentence(app):  # noqa: PLR0911 (the first sentence that applies)
    """The screen's own sentence, or None for a screen without one."""
    screen = app.screen
    name = screen.name
    play = app.play
    if name == "boot":
        return "starting: every LED lights, row by row"
    if name == "menu":
        if app.config_problem:
            return (
                "menu; settings file damaged (%s), fix it with arbiter config" % app.config_problem
            )
        if screen.board.DIRECT:
            return "menu: press a lit square to choose it (see the legend); OK starts"
        return "menu: %s is selected (blinking); PASS moves on, OK chooses it" % (
            _entry_title(app, screen))
    if name == "setting":
        key = screen.board.ITEMS[screen.item][0]
        if screen.board.DIRECT:
            return "%s: %s; change it on the lit squares; OK saves, MENU goes back" % (
                _title(key, app.games), value_text(key, screen.value))
        return "%s: %s; PASS changes it, OK saves, MENU goes back" % (
            _title(key, app.games), value_text(key, screen.value))
    if name == "resume":
        return "resume game %d? OK = resume, MENU = end it and open the menu" % (
            play.session.rec["id"])
    if name == "pause":
        return "paused (clocks stopped): continue, undo or end the game; MENU continues"
    if name == "end":
        ses = play.session
        here = [s for s in (0, 1) if screen.allowed(2 * s)]
        if len(here) == 1:   # against someone elsewhere
            return "end the game: %s resigns; MENU goes back" % ses.name(here[0])
        return "end the game: %s resigns, draw agreed, or %s resigns; MENU goes back" % (
            ses.name(0), ses.name(1))
    if name == "online":
        return ("a remote game: waiting for the other player (the computer shows the "
                "game's code); MENU gives up")
    if name == "match":
        return _score(screen)
    if play is None or screen is not play:
        return None
    return _words(app).sentence(app, play)


def _entry_title(app, menu):
    """What the selected entry of a menu without keys under its cells is."""
    b = menu.board
    n = menu.sel
    if n < len(menu.picks):
        return pick_title(menu.picks[n])
    if n == len(menu.picks):
        return "start"
    n -= len(menu.picks) + 1
    if n < len(b.ITEMS):
        return _title(b.ITEMS[n][0], app.games)
    return _title(b.ACTIONS[n - len(b.ITEMS)][0])


def _score(screen):
    s, seats = screen.score, screen.seats
    text = "match after game %d: %s %d, %s %d, draws %d; " % (
        screen.rec["match"]["game"], seats[0], s[0], seats[1], s[1], s[2])
    if screen.over:
        won = "level" if screen.leader is None else "%s wins the match" % seats[screen.leader]
        return text + won + "; OK = menu"
    return text + "OK = next game (%s starts), MENU = leave the match" % seats[screen.starter]


# ---------------------------------------------------------------- the legend

def legend(app):
    return _every_button(app, _legend(app))


def _legend(app):
    screen = app.screen
    name = screen.name
    if name == "boot":
        return {"cells": [cell([], render.FLASH, "the LED self-test: every LED, row by row")],
                "keys": []}
    if name == "menu" or name == "setting":
        return _menu(app, screen)
    if name == "pause" or name == "end":
        return _choices(screen, name)
    if name == "match":
        return _match(screen)
    if name == "calibrate":
        return _calibrate(screen)
    if name == "online":
        return {"cells": [cell([len(app.frame) // 3 - 1], render.WHITE,
                               "pulsing: waiting for the other player to join")],
                "keys": [["MENU", "give up the remote game and open the menu"]]}
    if app.play is None:
        return {"cells": [], "keys": []}
    out = _words(app).legend(app, app.play)
    if name == "resume":
        out["keys"] = [["OK", "resume the saved game"], ["MENU", "end it and open the menu"]]
    return out


def _every_button(app, out):
    """Every button of the board in the keys: those the screen gives no work to say so."""
    named = [k for k, _text in out["keys"]]
    keys = app.keys
    for b in sorted(keys, key=lambda k: keys[k]):
        if b.upper() not in named and "hold " + b.upper() not in named:
            out["keys"].append([b.upper(), "nothing on this screen"])
    return out


def _menu(app, menu):
    b, cfg = menu.board, app.cfg
    word = _CELL[app.kind]
    if menu.item < 0:
        out = []
        for pick in menu.picks:
            colour = render.PLAYER[0] if pick[1] is None else pick[1]
            on = chosen(pick, cfg)
            if not on:   # drawn at half strength (menu.py)
                colour = (colour[0] >> 1, colour[1] >> 1, colour[2] >> 1)
            out.append(cell([pick[0]], colour, pick_title(pick) + (" - chosen" if on else "")))
        out.append(cell([b.START], render.GREEN, "start a game"))
        for key, c, colour, _unit in b.ITEMS:
            now = value_text(key, cfg[key])
            out.append(cell([c], colour, "%s: now %s" % (_title(key, app.games), now)))
        for action, c, colour in getattr(b, "ACTIONS", ()):
            out.append(cell([c], colour, _title(action)))
        if b.DIRECT:
            keys = [["a square", "choose it: a game, or a setting to change"],
                    ["OK", "start a game"], ["MENU", "(nothing: this is the menu)"]]
        else:
            keys = [["PASS", "move the selection (it blinks)"],
                    ["OK", "choose the selected %s: start, a game, or a setting to change" % word],
                    ["MENU", "(nothing: this is the menu)"]]
        return {"cells": out, "keys": keys}
    key, c, colour, unit = b.ITEMS[menu.item]
    out = [cell([c], colour, "%s: %s" % (_title(key, app.games), value_text(key, menu.value)))]
    press = "a square" if b.DIRECT else "PASS"
    if unit is None:
        for k in range(min(len(menu.values), len(b.CHOICES))):
            v = menu.values[k]
            tint = render.RED if v is False else (render.GREEN if v is True else colour)
            now = " (now)" if v == menu.value else ""
            out.append(cell([b.CHOICES[k]], tint, value_text(key, v) + now))
        change = "choose a value" if b.DIRECT else "the next value"
    else:
        first = b.BAR[0]
        lo, hi = menu.low, menu.top
        if b.DIRECT:
            out.append(cell(range(first, first + hi), colour,
                             "the value: as many squares as are lit; press one to set it"))
        else:
            out.append(cell(range(first, first + hi), colour,
                             "the value: as many %ss as are lit, %d to %d" % (word, lo, hi)))
        if menu.limit:
            out.append(cell([b.OFF], render.RED, "off"))
        change = "change the value" if b.DIRECT else "one more (after the last: %s)" % (
            "off" if menu.limit else "back to %d" % lo)
    return {"cells": out, "keys": [[press, change], ["OK", "save it"],
                                   ["MENU", "back to the menu without saving"]]}


def _choices(screen, name):
    """The pause or the end screen: three choices on the board's PAUSE cells."""
    if name == "pause":
        texts = _PAUSE
    else:
        ses = screen.play.session
        a, b = ses.name(0), ses.name(1)
        texts = ("%s resigns: %s wins" % (a, b), "draw agreed", "%s resigns: %s wins" % (b, a))
    out = [cell([screen.cells[k]], screen.colour(k), texts[k])
           for k in range(3) if screen.allowed(k)]
    if screen.direct:
        press = ["a square", "select a choice (it blinks); press it again to do it"]
    else:
        press = ["PASS", "move the selection (it blinks)"]
    return {
        "cells": out,
        "keys": [
            press,
            ["OK", "do the selected choice"],
            ["MENU", "continue the game" if name == "pause" else "back to the pause"],
        ],
    }


def _calibrate(screen):
    out = []
    if screen.step == 0:
        out.append(cell([], render.WHITE, "every point dim white: the board must be empty"))
    elif screen.mark >= 0:
        out.append(cell([screen.mark], render.GREEN, "the stone the board saw last"))
    return {"cells": out, "keys": [["OK", "the next step (once the board is as asked)"],
                                   ["MENU", "leave without saving"]]}


def _match(score):
    w, rows, seats = score.width, score.rows, score.seats
    out = [cell(range(rows[0], rows[0] + w - 1), render.PLAYER[0], "%s's wins" % seats[0]),
           cell(range(rows[1], rows[1] + w - 1), render.PLAYER[1], "%s's wins" % seats[1]),
           cell(range(score.mid, score.mid + w), render.WHITE, "draws")]
    if score.starter < 0:
        return {"cells": out, "keys": [["OK", "the menu"], ["MENU", "the menu"]]}
    p = score.starter
    out.append(cell([rows[p] + w - 1], render.PLAYER[p],
                    "blinking: %s starts the next game" % seats[p]))
    return {
        "cells": out,
        "keys": [["OK", "start the next game"], ["MENU", "leave the match: the menu"]],
    }


# ---------------------------------------------------------------- the players

def final_score(ses, players):
    """The final score as text, the winner's first, or None (see the module's text)."""
    res = ses.result
    if res is None or ses.rec["game"] == "morbak":
        return None
    sc = res["scores"]
    first = 1 if res["winner"] == 1 else 0
    if ses.rec["game"] == "masbrur":
        sc = [halves(v) for v in sc]
    return "%s %s, %s %s" % (players[first], sc[first], players[1 - first], sc[1 - first])
