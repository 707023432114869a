"""Power cuts on the real Pico port (docs/architecture.md#layer-7), over whole games on every
board kind: the light board (Morbak, played by its keys), the marble board (Mabula), the stone
board (Fursaz), the tile board (Mano a Mano and Masbrur).

How, and why this way (the emulator runs ~12x slower than a Pico; a boot per cut would take
hours): each board plays its games ONCE on the emulated Pico, booted from the image
`arbiter uf2` builds, with a flash journal (host_tools/node/pico_chip.mjs): every erase and
program the port's littlefs makes through the boot ROM, in order. From the menu a setting is
changed (its OK writes /config.json), a game is started, played to its end (its record
written in /games) and a second one started and played a few moves. The light board is
driven by its keys through the GPIO inputs; the sensor boards run their app on the port
over the port's own flash, fed the frames their sensors would give
(tests/pico_powercut_game.py). Just before each input that writes, a mark goes into the
journal (the test's, or the board's code raising a spare GPIO).

Every instant between two flash operations, and the middle of every operation (a program
stopped part way leaves a prefix of its bytes, an erase a prefix of 0xFF), is a power cut:
the flash at that instant is rebuilt from the journal, mounted as the port mounts it
(littlefs-python with the port's geometry; a volume that does not mount would be formatted
at the next boot), and the app's own code (CPython, over a copy of the files) says what the
board does when the power comes back: the game it resumes, the settings it loads, the
records it keeps. tests/pico_cuts.py states what every cut must give: the game with or
without the input being made (never less, never a move that was not made, never a damaged
one), the settings as before or after the setting being saved, every record intact. Then a
handful of those flashes are booted for real on the emulated port, which must resume as the
host said. The figures (cut points by what the board was doing, outcomes) are printed."""
import json
import os
import subprocess

import pytest

from host_tools.pico import Pico, PicoError, pico_files, run_script

try:
    MICROPYTHON, _ = pico_files()
except PicoError as e:
    pytest.skip("emulated Pico layer skipped: %s" % e, allow_module_level=True)

from firmware.rules import Rng, morbak  # noqa: E402
from host_tools.commands import uf2  # noqa: E402
from host_tools.pico_journal import Cut, Journal, flash_image  # noqa: E402
from tests.pico_cuts import Check  # noqa: E402
from tests.test_pico_board import flash_file, latest, position_colours  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK_PIN = 28            # a GPIO no board's profile uses
PRESS_MS = 80            # a key held this long, then released as long, counts on the port
MOVE_MS = 150            # then a move's writes are done (~60-120 ms on the port)
MENU_MS = 400            # and those of the menu's OK (the settings, a new game: ~300 ms)
MIN_CUTS = 100

# name: (profile, moves script (None: the light board's keys), setting changed from the
# menu, settings on the flash before (short games), moves of each game (1000: to its end))
BOARDS = {
    "light": ("light-pico", None, "sound", {"morbak.confirm": False}, [1000, 2]),
    "marble": ("marble-pico", "tests/pico_board_moves.py", "sound", {}, [1000, 2]),
    "stone": ("stone5-pico", "tests/pico_board_moves.py", "sound", {}, [1000, 2]),
    "tile-mano": ("tile-pico", "tests/pico_board_moves.py", "sound", {"mano.target": 1},
                  [1000, 2]),
    "tile-masbrur": ("tile-pico", "tests/pico_masbrur_moves.py", "masbrur.selected",
                     {"masbrur.max_equipment_plies": 4}, [1000, 2]),
}


def profile_path(name):
    return os.path.join(ROOT, "hardware", name + ".json")


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """profile name -> the UF2 `arbiter uf2` makes for it (built once)."""
    out = str(tmp_path_factory.mktemp("uf2"))
    made = {}

    def image(name):
        if name not in made:
            assert uf2.write_image(name, MICROPYTHON, out) == 0
            made[name] = os.path.join(out, "arbiter-%s.uf2" % name)
        return made[name]
    return image


class Run:
    """One board's games played once on the emulated Pico, with the flash journal."""

    def __init__(self, board, image, folder):
        self.name = board
        prof_name, self.moves_script, self.setting, cfg, self.games = BOARDS[board]
        self.path = profile_path(prof_name)
        with open(self.path) as f:
            self.profile = json.load(f)
        self.base = flash_image(image, {"config.json": json.dumps(cfg).encode()})
        self.flash = os.path.join(folder, "flash.bin")
        self.journal_path = os.path.join(folder, "journal.bin")
        with open(self.flash, "wb") as f:
            f.write(self.base)
        hold = () if self.moves_script is None else self.profile["safe_mode"]
        with Pico(self.path, self.flash, hold=hold, journal=self.journal_path, mark_pin=MARK_PIN,
                  stderr=subprocess.DEVNULL) as pico:
            if self.moves_script is None:
                self.marks = play_light(pico, self.flash, self.games)
            else:
                pico.wait(1000)
                got = run_script(pico.port, [self.moves_script, "tests/pico_powercut_game.py"],
                                 3000, PROFILE=self.profile, SEED=3, GAMES=self.games,
                                 SETTING=self.setting, MARK_PIN=MARK_PIN)
                self.marks = got["marks"]
            self.emulated_ms = pico.now_ms()
        self.journal = Journal(self.base, self.journal_path)
        end = Cut(len(self.journal.ops))
        with open(self.flash, "rb") as f:   # the journal replays to what the emulator kept
            self.replayed = self.journal.flash(self.base, end) == f.read()


def play_light(pico, flash, games):
    """The light board by its keys: sound switched off from the menu (d1, then c4, then
    OK saves it), then each game started with OK and played by random squares (the board
    plays forced passes itself) to its end or for the moves asked; OK after an end goes
    back to the menu. Returns the marks."""
    marks = []

    def mark(what):
        assert pico.mark() == len(marks)
        marks.append(what)

    def press(key, settle=MENU_MS):
        pico.press(key, ms=PRESS_MS)
        pico.wait(settle)

    rng = Rng(7)
    pico.wait(1500)                       # the boot sweep, then the menu
    press("d1")
    press("c4")
    mark(["setting", "sound", False])
    press("ok")
    for cap in games:
        mark(["start", None])
        press("ok")
        rec = json.loads(flash_file(flash, "state/current.json"))
        marks[-1][1] = rec["id"]
        state = morbak.new_game(rec["options"], rec["seed"])
        played = 0
        while not morbak.is_over(state) and played < cap:
            moves = [m for m in morbak.legal_moves(state) if m != "pass"]
            move = moves[rng.below(len(moves))]
            mark(["move", rec["id"], 0, False])
            press(move[2:], MOVE_MS)
            state = morbak.play(state, move)
            played += 1
            if not morbak.is_over(state) and morbak.legal_moves(state) == ["pass"]:
                state = morbak.play(state, "pass")
                played += 1
                pico.wait(1500)           # the board shows the pass, then plays it
            marks[-1][2:] = [played, morbak.is_over(state)]
        if morbak.is_over(state):
            pico.wait(1000)
            press("ok")                   # the end of the game: back to the menu
    return marks


@pytest.fixture(scope="module", params=sorted(BOARDS))
def checked(request, images, tmp_path_factory):
    """(Run, Check): a board's games played once, every cut checked on the host."""
    board = request.param
    run = Run(board, images(BOARDS[board][0]), str(tmp_path_factory.mktemp(board)))
    check = Check(run.profile, run.journal, run.marks).run()
    yield run, check
    check.close()


def test_power_cuts_over_whole_games(checked):
    run, check = checked
    total = sum(check.counts.values())
    moves = len([m for m in run.marks if m[0] == "move"])
    print("%s: %d inputs (%d moves), %d flash operations over %.1f emulated s; %d cut points "
          "(%s); outcomes: %s; %d distinct flashes"
          % (run.name, len(run.marks), moves, len(run.journal.ops), run.emulated_ms / 1000,
             total, ", ".join("%s %d" % kv for kv in sorted(check.counts.items())),
             ", ".join("%s %s %d" % (k[0], k[1], v) for k, v in sorted(check.outcomes.items())),
             len(check.seen)))
    assert run.replayed, "the journal does not give the flash the emulator kept"
    assert not check.failures, "\n".join(check.failures[:20])
    assert total >= MIN_CUTS
    for what in ("the settings write", "a game's start", "a move's save", "a game's end",
                 "between writes"):
        assert check.counts.get(what), (what, check.counts)
    assert check.outcomes.get(("move", "with it")) and check.outcomes.get(("move", "without it"))


# What each board boots for real: a cut in the middle of a flash operation, while it was
# doing this, that resumes without the input being made when there is one.
BOOTED = {"light": "a move's save", "marble": "a game's end", "stone": "a move's save",
          "tile-mano": "the settings write", "tile-masbrur": "a move's save"}


def chosen_cut(check, what):
    found = [r for r in check.results if r[0].done and r[1] == what]
    without = [r for r in found if r[2] == "without it"]
    return (without or found)[len(without or found) // 2]


def test_the_port_resumes_from_a_cut_flash(checked):
    """The flash a cut left, booted on the emulated port (its own littlefs, its own app):
    it resumes what the host found (the light board by its keys and LEDs; a sensor board's
    app asked over USB with the app held back by the safe-mode buttons)."""
    run, check = checked
    cut, what, outcome, snap = chosen_cut(check, BOOTED[run.name])
    seen = snap.seen
    flash = run.flash + ".cut"
    with open(flash, "wb") as f:
        f.write(run.journal.flash(run.base, cut))
    print("%s: booted %r (%s, %s): %s, game %s after %d moves"
          % (run.name, cut, what, outcome, seen["screen"], seen["game"], len(seen["moves"])))
    if run.moves_script is None:
        assert seen["screen"] == "resume", seen
        with Pico(run.path, flash, stderr=subprocess.DEVNULL) as pico:
            pico.wait(2000)
            pico.press("ok", ms=PRESS_MS)
            pico.wait(MENU_MS)
            shown = latest(pico)
        assert shown == position_colours(morbak.from_text(seen["position"]))
        return
    with Pico(run.path, flash, hold=run.profile["safe_mode"], stderr=subprocess.DEVNULL) as pico:
        pico.wait(1000)
        got = run_script(pico.port, "tests/pico_resume.py", 900, PROFILE=run.profile)
    assert got == json.loads(json.dumps(seen)), (got, seen)
