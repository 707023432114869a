"""Starting and opening games - what the menu, the resume offer, a match's next game
and a trace do: loaded with those screens, not held while a game is played."""
from firmware import catalogue
from firmware.app.core import records, render

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# What a game leaves out of RAM: the menu's code, and the catalogue (firmware/catalogue.py).
_MENU_MODULES = const(("firmware.app.core.menu", "firmware.app.core.settings",
                       "firmware.app.core.launch", "firmware.catalogue"))


def open_game(app, rec, now):
    """The controller of ``rec``'s game with its moves replayed, or None when it
    cannot be (then logged, and the saved game set aside in /games)."""
    game = rec["game"]
    try:
        if game not in app.games:
            raise ValueError("%s is not played on this board" % game)
        return catalogue.controller(game, app.kind).Play(app, rec, now)
    except ValueError as e:  # IllegalMove too: options or moves the engine refuses
        app.close_game(game)
        records.set_aside(app.storage, rec, "unreplayable")
        app.log(now, "state: game %d cannot be replayed (%s); kept in /games unfinished"
                 % (rec["id"], e))
        return None


def new_game(app, game, now, seed=None, match=None):
    """Start a new game of ``game`` with the options the settings give (the seed
    from the game's rule unless given); ``match``: the match it belongs to
    (match.py), which says who starts after the first game. The controller, or
    None when the settings make no valid game."""
    from firmware.app.core import settings
    mod = catalogue.controller(game, app.kind)
    if seed is None:
        seed = mod.seed(app.cfg, now)
    options = mod.options(app.cfg, settings, app.profile)
    if match is not None and "first" in match:
        options["first"] = match["first"]
    rec = records.new_record(records.next_id(app.storage), game, options, seed)
    if match is not None:
        rec["match"] = match
    try:
        play = mod.Play(app, rec, now)
    except ValueError as e:
        app.close_game(game)
        app.log(now, "new %s game refused: %s" % (game, e))
        return None
    ses = play.session
    if match is not None:
        match["first"] = ses.turn   # who started this game decides who starts after a draw
    gone = records.make_room(app.storage)   # a full flash: the oldest records go
    more = records.save_current(app.storage, rec)
    app.log(
        now, "new game %d %s%s" % (rec["id"], game, " lite" if rec["options"].get("lite") else "")
    )
    app.beep(render.ACCEPT)
    enter(app, play)
    # Not while the board is set up (the marble board's setup says so), nor before anyone
    # is to move (Mano a Mano's lead: the screen says how it is named).
    if play.name == "game" and ses.turn >= 0:
        app.say("%s to move" % ses.who(ses.turn))
    app.saved(None if more is None else gone + more, now)
    return play


def enter(app, play, offer=False):
    """Show ``play``'s board (behind the resume offer when ``offer``); the menu's code
    leaves RAM, this module's too."""
    app.play = play
    if offer:
        from firmware.app.core.screens import Resume
        app.show(Resume(app, play))
    else:
        app.show(play)
    names = list(_MENU_MODULES)
    if catalogue.ADDED:   # its rows would not come back with it
        names.remove("firmware.catalogue")
    for b in catalogue.BOARDS:
        if b[0] == app.kind:
            names.append(b[1])
    # The settings loaded each game's options: the game played keeps its engine (its
    # settings go), the board's other games go whole.
    playing = play.session.rec["game"]
    others = []
    for game in app.games:
        if game != playing:
            others.append(game)
        elif catalogue.row(game)[4]:
            names.append(catalogue.row(game)[4])
    from firmware.app.core import unload
    unload.forget(names, others)

