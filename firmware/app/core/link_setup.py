"""What a remote game's link (link.py) does to set a game up, loaded for one call and
then forgotten (link.Link._setup): the answer to "hello" and "options", a game started
from the board's menu, "wait", "start" and "stop". A game in progress holds none of it."""
import json


def hello(link):
    """"board {kind, games, game}": the remote game in progress, or null."""
    app = link.app
    game = None
    play = app.play if app is not None else None
    if play is not None and "online" in play.session.rec:
        rec = play.session.rec
        game = {"code": rec["online"][0], "far": rec["online"][1], "moves": rec["moves"],
                "move_ms": rec["move_ms"], "clock_ms": rec["clock_ms"],
                "over": play.session.over}
    link.send("board " + json.dumps({"kind": app.kind, "games": app.games, "game": game}))


def options(link, game):
    """A new game's options as the board's settings give them."""
    from firmware import catalogue
    from firmware.app.core import settings
    app = link.app
    if game not in app.games:
        link.send("no %s is not played on this board" % game)
        return
    mod = catalogue.controller(game, app.kind)
    opts = mod.options(app.cfg, settings, app.profile)
    link.send("options " + json.dumps({"game": game, "options": opts}))


def from_menu(link, app, rec):
    """The game the menu just started is the remote game: the computer gets it, the
    board waits."""
    from firmware.app.core import records
    link.menu = False
    link.send("new " + json.dumps({"game": rec["game"], "options": rec["options"]}))
    records.discard(app.storage)
    app.close_game()
    app.show(Waiting(link))


def wait(link):
    link.app.close_game()
    link.app.show(Waiting(link))


def start(link, text, now):
    """Open the remote game the computer sends (the board's own record of it kept when it
    is the same game)."""
    from firmware.app.core import launch, records
    d = json.loads(text)
    app = link.app
    storage = app.storage
    code, far = d["code"], d["far"]
    old = app.play.session.rec if app.play is not None else None
    keep = old is not None and old.get("online", (None,))[0] == code
    if old is not None and not keep and old.get("result") is None:
        if old["moves"]:   # a game of this board's own: kept, as the players left it
            records.finish(storage, old, None, "abandoned")
        else:
            records.discard(storage)
    rec = records.new_record(old["id"] if keep else records.next_id(storage), d["game"],
                             d["options"], d["seed"])
    rec["online"] = [code, far]
    rec["moves"], rec["move_ms"] = d["moves"], d["move_ms"]
    rec["clock_ms"] = d["clock_ms"]
    d = old = None
    app.close_game()
    link.feed.moves = {}
    link.runner.outside = app.outside = {far: link.feed}
    play = launch.open_game(app, rec, now)
    if play is None:
        link.send("no the board cannot replay this game")
        app.to_menu()
        return
    records.save_current(storage, rec)
    launch.enter(app, play)
    link.ended = None
    link.send("game %s %d" % (code, len(rec["moves"])))


def stop(link, ply, why, now):
    """The game stopped: its record, up to the last ply both sides agreed on, is kept in
    /games ("stopped"); the board says why."""
    play = link.online()
    if play is None:
        return
    from firmware.app.core import records
    app = link.app
    rec = play.session.rec
    for key in ("moves", "move_ms", "clock_ms"):
        del rec[key][ply:]
    records.finish(app.storage, rec, None, "stopped")
    app.log(now, "game %d stopped: %s" % (rec["id"], why))
    app.to_menu()
    app.say("the game stopped: " + why)


class Waiting:
    """Screen "online": the remote game is being set up (the other player has not come);
    the last cell pulses white. MENU gives up and opens the menu."""

    def __init__(self, link):
        self.link = link
        self.name = "online"

    def tick(self, now):
        pass

    def event(self, kind, key, now):
        app = self.link.app
        if kind == "down" and key == app.keys["menu"]:
            self.link.send("cancel")
            app.to_menu()

    def draw(self, f, now):
        from firmware.app.core import render
        render.clear(f)
        t = now % 2000
        render.put_scaled(f, len(f) // 3 - 1, render.WHITE,
                          20 + (t if t < 1000 else 2000 - t) * 200 // 1000)
