"""Figures from the real Pico port (docs/architecture.md#layer-7), measured on the emulated
RP2040 booted from the image `arbiter uf2` builds; tests/bench/run.py prints them after the
WebAssembly figures (PICO = True: this runs on the host only).

* boot: emulated ms from power-up to the first LED frame; how fast the emulator runs here
  (emulated seconds per wall second, the app idle);
* gc.mem_free() with the app at its menu and with a Morbak game running (after
  gc.collect(), from a timer while the app runs);
* key press -> changed LED frame in emulated ms, the app as it boots: OK starting a Morbak
  game, a square's first press (selects) and its second (plays and saves; the 8th wins the
  game), mean and worst, next to the figures before the native code (LATENCY_BEFORE) and
  before the game's end and the save's encoding went after the frame (LATENCY_HELD) and
  at e10e4aa (LATENCY_AT_E10E4AA);
* whole random games of all five engines (Fursaz at both sizes) on the port's fixed heap:
  lowest gc.mem_free(), smallest largest free block, most bytes one legal_moves takes
  (with its garbage) and keeps (its list), ms per legal_moves + play (emulated), mean and
  worst, next to the figures before (ENGINES_BEFORE; Fursaz and Masbrur also
  ENGINES_AT_E10E4AA, and the most one Masbrur play took then, MASBRUR_PLAY_AT_E10E4AA;
  Masbrur also ENGINES_AT_0248EB4 and ENGINES_AT_0869FCA, and its equipment phase's plies
  alone);
* Masbrur's reference selection ('<free>' in combat_select) over seeds 1-3's whole games
  (tests/harness/pico_selection.py): per hand size the ms of one play, mean and worst, and
  of its parts (the shapes, the shape-set search, the rest: the community part and the tile
  assignment); the game's first (it binds the native twins): ms and bytes;
  next to the figures at 0248eb4 and 8099791 (SELECTION_AT_0248EB4, SELECTION_AT_8099791);
* Masbrur's plies by kind over seeds 1-3's whole games, each seed's game from a fresh
  interpreter as the bench's (tests/harness/pico_masbrur_plies.py): the ms of one
  legal_moves + play, mean and worst, per phase and move (the pie offer loads the
  selection's search, its answer the move list's code, the first selection the search's
  twins), next to the figures at 0869fca and
  8099791 (MASBRUR_PLIES_AT_0869FCA, MASBRUR_PLIES_AT_8099791);
* a whole game on the marble, stone and tile boards' apps, with the emulated ms from a
  settled sensor frame to the step that answers it (next to BOARDS_BEFORE,
  BOARDS_AT_12E8F1C, BOARDS_AT_E10E4AA and BOARDS_AT_0248EB4); the heap each board's app
  holds with its game running to the end (tests/pico_heap.py): the light board's Morbak, the marble
  board's Mabula (under 48 KB; and a remote one, its link loaded:
  docs/contracts.md#a-board-over-usb), the tile board's Mano a Mano match (under 64 KB);
* a whole Masbrur round on the tile board's app: lowest gc.mem_free(), smallest largest
  free block.
Emulated time follows the emulated 125 MHz clock: an estimate of a real Pico's."""
import json
import os
import subprocess
import sys
import tempfile
import time

PICO = True
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = [("morbak", None), ("mabula", None), ("fursaz", {"size": 5}), ("fursaz", {"size": 7}),
         ("mano", None), ("masbrur", None)]

# Runs the app as main.py does, printing the heap every 500 ms from a timer.
_APP_WITH_HEAP = """
import gc, machine
def _heap(t):
    gc.collect()
    print("heap", gc.mem_free())
machine.Timer(period=500, callback=_heap)
from firmware.app.core import device
device.main()
"""


def _mpremote(pico, *args, timeout=1200):
    return subprocess.run([sys.executable, "-m", "mpremote", "connect", pico.port] + list(args),
                          capture_output=True, text=True, timeout=timeout)


def _heap_lines(pico):
    return [int(line.split()[1]) for line in pico.serial().splitlines()
            if line.startswith("heap ")]


def _answer(pico, key):
    """Emulated ms from ``key`` going down to the first LED frame that differs (None if
    none came within a second)."""
    n = pico.frames(0)[0]
    down = pico.press(key, ms=60)["t"]
    frame = pico.wait_frame(n, ms=1000)
    return None if frame is None else frame[1] - down


def _latency(pico, plies=8):
    """Key press -> changed LED frame in a Morbak game (hot seat, the confirm step on):
    {"start": [OK on the menu], "select": [a square's first press], "play": [its second
    press, which plays and saves the move]}, emulated ms."""
    from firmware.rules import morbak
    out = {"start": [_answer(pico, "ok")], "select": [], "play": []}
    pico.wait(600)
    state = morbak.new_game()
    for ply in range(plies):
        move = morbak.legal_moves(state)[3 * ply % 7]
        out["select"].append(_answer(pico, move[2:]))
        pico.wait(400)
        out["play"].append(_answer(pico, move[2:]))
        state = morbak.play(state, move)
        pico.wait(700)       # past the played square's flash and pulse
    return {k: [v for v in vs if v is not None] for k, vs in out.items()}


# Key press -> LED frame on the light board before the native code, the press at its first
# scan and the save after the answer (the firmware of 83f37ea, measured by this bench):
# mean, worst.
LATENCY_BEFORE = {"start": (190.5, 190.5), "select": (88.0, 187.5), "play": (79.0, 218.6)}
# The same at 916a65c (the native twins, the save held until the frame), before the game's
# end and the save's encoding went after the frame: the 8th press wins the game (178.9 ms).
LATENCY_HELD = {"start": (351.8, 351.8), "select": (12.1, 13.6), "play": (40.5, 178.9)}
# The same at e10e4aa, before OK on the menu answered ahead of loading the game and a Morbak
# move was painted through a palette (a viper twin).
LATENCY_AT_E10E4AA = {"start": (349.5, 349.5), "select": (12.9, 16.8), "play": (19.0, 22.6)}
# One legal_moves + play, emulated ms, mean and worst ("?": not taken), and the most bytes
# one legal_moves took, before the native code (issue 25's figures from this bench).
ENGINES_BEFORE = {"morbak": (8.0, "?", None), "mabula": (7.8, "?", None),
                  "fursaz size 5": (91, 149, None), "fursaz size 7": (239, 230, None),
                  "mano": (2.4, "?", None), "masbrur": (824, 4849, 143712)}
# The most bytes one Masbrur play took with its garbage at e10e4aa (the first '<free>'
# selection, loading the search's code), before the selection's rework (this bench).
MASBRUR_PLAY_AT_E10E4AA = 44752


# A settled frame -> its answer's step on the sensor boards before the game's record and
# the tile board's hand checks went after the frame (this bench, as the native code's
# branch left it: issue 25's notes), mean and worst.
BOARDS_BEFORE = {"marble board, Mabula": (30.5, 97), "stone board, Fursaz 7": (99, 227),
                 "tile board, Mano a Mano": (57, 624)}
# The same at 12e8f1c (this bench), before the boards' words, their position texts and move
# lists went out of the answer (issue 25's fourth round).
BOARDS_AT_12E8F1C = {"marble board, Mabula": (25.0, 55.9), "stone board, Fursaz 7": (53.6, 94.4),
                     "tile board, Mano a Mano": (41.4, 169)}
# The same at e10e4aa (this bench), before a game's end was computed once (the marble board's
# groups after the frame), the tile board played a checked move once and Fursaz's move list
# went native (quiet_points, settles).
BOARDS_AT_E10E4AA = {"marble board, Mabula": (18.4, 48.6), "stone board, Fursaz 7": (9.3, 38.5),
                     "tile board, Mano a Mano": (21.1, 27.4)}
# The same at 0248eb4 (this bench), before the stone board's resolution, forced passes and
# drawing and the tile board's reading, comparing and drawing went native (issue 25's sixth
# round); the marble board's the same at 3899119, before its reading of a push and its view
# of the position went native (the seventh).
BOARDS_AT_0248EB4 = {"marble board, Mabula": (14.3, 19.8), "stone board, Fursaz 7": (8.8, 28.2),
                     "tile board, Mano a Mano": (18.1, 22.7)}
# One legal_moves + play at e10e4aa, emulated ms, mean and worst ("?": not taken).
ENGINES_AT_E10E4AA = {"fursaz size 5": (22, "?"), "fursaz size 7": (60, "?"),
                      "masbrur": (57, 224)}
# The same at 0248eb4 (this bench), before Fursaz's cascade and its move list's quick test
# of every point ran without calls between native twins, and Masbrur's +A search of the
# equipment phase was reworked; and that phase's plies alone (the first one loads the
# attack search's code).
ENGINES_AT_0248EB4 = {"fursaz size 5": (9.2, 13.7), "fursaz size 7": (19.8, 34.7),
                      "masbrur": (43.7, 150)}
MASBRUR_EQUIPMENT_AT_0248EB4 = (112, 144)
# The same at 0869fca (this bench), before the attack search's code loaded on the plies ahead
# of the equipment phase and its native twin packed its counts in words: Masbrur's whole
# game and its equipment phase's plies alone.
ENGINES_AT_0869FCA = {"masbrur": (29.8, 118.6)}
MASBRUR_EQUIPMENT_AT_0869FCA = (74.2, 118.6)


def _latency_figures(pico, out):
    got = _latency(pico)
    for what, words in (("start", "OK starting a game"), ("select", "a square's first press"),
                        ("play", "its second press (plays, saves)")):
        ms = got[what]
        if ms:
            before, held, at = (LATENCY_BEFORE[what], LATENCY_HELD[what],
                                 LATENCY_AT_E10E4AA[what])
            out["key press -> LED frame, %s: emulated ms mean / worst (before: %s / %s; at "
                "916a65c: %s / %s; at e10e4aa: %s / %s)"
                % (words, before[0], before[1], held[0], held[1], at[0], at[1])] = \
                "%.1f / %.1f" % (sum(ms) / len(ms), max(ms))


def _app_figures(pico, out):
    from firmware.rules import morbak
    t0 = time.time()
    first = pico.wait_frame(0, ms=10000)
    out["boot: power-up to first LED frame, emulated ms"] = round(first[1])
    e0 = pico.now_ms()
    w0 = time.time()
    pico.wait(2000)
    out["emulator speed, emulated s per wall s (app idle)"] = round(
        (pico.now_ms() - e0) / 1000 / (time.time() - w0), 2)
    _latency_figures(pico, out)
    pico.press("menu", ms=1000)  # a long MENU pauses; f4 twice ends the game
    pico.press("f4")
    pico.press("f4")
    pico.wait(600)
    # The app again from the REPL, with the heap timer: the menu, then a game with moves.
    _mpremote(pico, "exec", "--no-follow", _APP_WITH_HEAP)
    pico.wait(2500)
    menu = _heap_lines(pico)
    out["gc.mem_free() at the menu, bytes (app running)"] = min(menu) if menu else None
    pico.press("ok")
    pico.wait(600)
    state = morbak.new_game()
    for _ in range(6):
        move = morbak.legal_moves(state)[0]
        pico.press(move[2:], ms=60)
        pico.press("ok", ms=60)  # the confirm step: the move is played and saved
        state = morbak.play(state, move)
        pico.wait(600)
    pico.wait(1500)
    game = _heap_lines(pico)[len(menu):]
    out["gc.mem_free() with a Morbak game running, bytes"] = min(game) if game else None
    out["wall s for the app figures"] = round(time.time() - t0, 1)


def _run(pico, out, label, path, **values):
    """run_script's figures, or a "failed" line saying why."""
    from host_tools.pico import PicoError, run_script
    try:
        return run_script(pico.port, path, 3600, **values)
    except PicoError as e:
        out[label + ": failed"] = str(e).splitlines()[-1:]
        return None


def _engine_figures(pico, out):
    for game, options in GAMES:
        w0, e0 = time.time(), pico.now_ms()
        label = game + ("" if options is None else " size %d" % options["size"])
        got = _run(pico, out, label, "tests/harness/pico_games.py", GAME=game, OPTIONS=options,
                   SEED=1, PLIES=2000)
        if got is None:
            continue
        out[label + ": plies (whole game: %s)" % got["over"]] = got["plies"]
        out[label + ": lowest gc.mem_free(), bytes"] = got["min_free"]
        out[label + ": smallest largest free block, bytes"] = got["min_largest_block"]
        before = ENGINES_BEFORE[label]
        out[label + ": most taken by one legal_moves, bytes, with its garbage"
            + (" (before: %d)" % before[2] if before[2] else "")] = got["most_for_legal_moves"]
        kept = got["most_kept_by_legal_moves"]
        out[label + ": most kept by one legal_moves (its list), bytes"] = kept
        at = " (at e10e4aa: %d)" % MASBRUR_PLAY_AT_E10E4AA if game == "masbrur" else ""
        out[label + ": most taken by one play, bytes, with its garbage" + at] = \
            got["most_for_play"]
        at = ENGINES_AT_E10E4AA.get(label)
        earlier = ENGINES_AT_0248EB4.get(label)
        today = ENGINES_AT_0869FCA.get(label)
        out[label + ": legal_moves + play, emulated ms mean / worst (before: %s / %s%s%s%s)"
            % (before[0], before[1], "" if at is None else "; at e10e4aa: %s / %s" % at,
               "" if earlier is None else "; at 0248eb4: %s / %s" % earlier,
               "" if today is None else "; at 0869fca: %s / %s" % today)] = \
            "%.2f / %.1f" % (got["ms_per_ply"], got["worst_ms_per_ply"])
        equipment = got.get("ms_by_phase", {}).get("equipment")
        if equipment:
            out[label + ": the equipment phase's %d plies alone, emulated ms mean / worst "
                "(at 0248eb4: %s / %s; at 0869fca: %s / %s)"
                % ((equipment[0],) + MASBRUR_EQUIPMENT_AT_0248EB4
                   + MASBRUR_EQUIPMENT_AT_0869FCA)] = "%.1f / %.1f" % tuple(equipment[1:])
        out[label + ": emulated s per wall s"] = round(
            (pico.now_ms() - e0) / 1000 / (time.time() - w0), 2)


# Masbrur's '<free>' selection at 0248eb4 (this bench): a hand of eight's play mean and worst
# ms, its parts' mean ms (shapes, search, the rest), the game's first play's ms and bytes.
SELECTION_AT_0248EB4 = {"play": (74.4, 98.4), "parts": (20.7, 21.6, 32.0), "first": (143, 30256)}
# The same at 8099791 (this bench, the play's mean and worst ms; the first's ms), before the
# search and tile assignment went native and the search loaded on the pie's answer.
SELECTION_AT_8099791 = {"play": (37.7, 49.1), "first": 117}


def _selection_figures(pico, out):
    got = _run(pico, out, "masbrur selection", "tests/harness/pico_selection.py",
               SEEDS=[1, 2, 3])
    if got is None:
        return
    at = SELECTION_AT_0248EB4
    for n, (plays, mean, worst, shapes, search, rest) in sorted(got["by_size"].items()):
        label = "masbrur '<free>' selection, hand of %s (%d plays)" % (n, plays)
        out[label + ": emulated ms mean / worst (at 0248eb4, hand of 8: %s / %s; at 8099791: "
            "%s / %s)" % (at["play"] + SELECTION_AT_8099791["play"])] = "%.1f / %.1f" % (
                mean, worst)
        out[label + ": shapes / shape-set search / the rest, emulated ms mean (at 0248eb4: "
            "%s / %s / %s)" % at["parts"]] = "%.1f / %.1f / %.1f" % (shapes, search, rest)
    out["masbrur '<free>' selection, the game's first: emulated ms, bytes taken with its "
        "garbage (at 0248eb4: %s, %s; at 8099791: %s ms)"
        % (at["first"] + (SELECTION_AT_8099791["first"],))] = "%.1f, %d" % (
            got["first_ms"], got["most_for_first"])


# Masbrur's plies by kind at 0869fca (this bench): kind: (plies, mean ms, worst ms) over seeds
# 1-3's whole games; then the whole games' mean and worst.
MASBRUR_PLIES_AT_0869FCA = {
    "pie_offer": (12, 14.2, 14.5), "pie_accept": (12, 5.4, 5.4),
    "equipment push": (5, 70.7, 116.7), "equipment push+A": (12, 74.6, 118.7),
    "combat_wall": (8, 12.2, 12.5),
    "combat_select <free> (the game's first)": (3, 119.4, 122.2),
    "combat_select <free>": (21, 41.3, 52.7), "combat_steal": (12, 1.3, 1.4),
    "combat_steal (round end)": (12, 10.2, 11.0), "whole games": (97, 30.4, 122.2)}


# The means at 8099791 (this bench), before the selection's search loaded on the pie's answer
# and its search and tile assignment ran in viper twins (sets_in, fills_in, plan_in); the
# whole games' mean and worst.
MASBRUR_PLIES_AT_8099791 = {
    "pie_offer": 2.5, "pie_accept": 3.4, "combat_wall": 12.8,
    "combat_select <free> (the game's first)": 117, "combat_select <free>": 37.7,
    "combat_steal": 1.2, "combat_steal (round end)": 8.3, "whole games": (27.7, 119.1)}


def _masbrur_plies_figures(pico, out):
    kinds = {}
    for seed in (1, 2, 3):
        got = _run(pico, out, "masbrur plies", "tests/harness/pico_masbrur_plies.py",
                   SEEDS=[seed])
        if got is None:
            return
        rows = list(got["by_kind"].items())
        rows.append(("whole games", [got["plies"], 0, 0, got["mean_ms"], got["worst_ms"]]))
        for kind, (n, _, _, mean, worst) in rows:
            k = kinds.setdefault(kind, [0, 0.0, 0.0])
            k[0] += n
            k[1] += mean * n
            k[2] = max(k[2], worst)
    for kind in MASBRUR_PLIES_AT_0869FCA:
        if kind in kinds:
            n, total, worst = kinds[kind]
            then = MASBRUR_PLIES_AT_8099791.get(kind)
            then = "" if then is None else "; at 8099791: %s" % (
                "%s / %s" % then if isinstance(then, tuple) else "mean %s" % then)
            out["masbrur plies, %s (%d, seeds 1-3): legal_moves + play, emulated ms mean / "
                "worst (at 0869fca: %s / %s%s)"
                % ((kind, n) + MASBRUR_PLIES_AT_0869FCA[kind][1:] + (then,))
                ] = "%.1f / %.1f" % (total / n, worst)


def _profile(name):
    with open(os.path.join(ROOT, "hardware", name + ".json")) as f:
        return json.load(f)


def _board_figures(pico, out, name, label):
    """A whole game on a sensor board's app (tests/pico_board_game.py), profile ``name``."""
    got = _run(pico, out, label, "tests/pico_board_game.py", PROFILE=_profile(name), SEED=5,
               PLIES=2000)
    if got is None:
        return
    out[label + ": plies (whole game: %s, moves as played: %s)"
        % (got["over"], got["same_moves"])] = got["plies"]
    out[label + ": lowest gc.mem_free(), bytes"] = got["min_free"]
    out[label + ": smallest largest free block, bytes"] = got["min_largest_block"]
    out[label + ": settled frame -> its answer's step, emulated ms mean / worst "
        "(+1.6 ms for the LED frame; before: %s / %s; at 12e8f1c: %s / %s; at e10e4aa: %s / %s;"
        " at 0248eb4: %s / %s)"
        % (BOARDS_BEFORE[label] + BOARDS_AT_12E8F1C[label] + BOARDS_AT_E10E4AA[label]
           + BOARDS_AT_0248EB4[label])] = "%.1f / %.1f" % tuple(got["answer_ms"])


def _masbrur_figures(pico, out):
    """A whole Masbrur round on the tile board's app (tests/pico_masbrur_game.py)."""
    label = "tile board, a Masbrur round"
    got = _run(pico, out, label, "tests/pico_masbrur_game.py", PROFILE=_profile("tile-pico"),
               SEED=3)
    if got is None:
        return
    out[label + ": plies (moves as played: %s)" % got["same_moves"]] = got["plies"]
    out[label + ": lowest gc.mem_free(), bytes"] = got["min_free"]
    out[label + ": smallest largest free block, bytes"] = got["min_largest_block"]


def image(tmp):
    """The light board's one-file image built into ``tmp`` (quietly); its path."""
    from host_tools.commands import uf2
    from host_tools.pico import pico_files
    micropython, _ = pico_files()
    with open(os.devnull, "w") as quiet:
        stdout, sys.stdout = sys.stdout, quiet
        try:
            uf2.write_image("light-pico", micropython, tmp)
        finally:
            sys.stdout = stdout
    return os.path.join(tmp, "arbiter-light-pico.uf2")


def figures():
    if sys.implementation.name == "micropython":
        return {}
    sys.path.insert(0, ROOT)
    from host_tools.pico import Pico, PicoError, pico_files
    try:
        pico_files()
    except PicoError as e:
        return {"skipped": str(e)}
    out = {}
    profile = os.path.join(ROOT, "hardware", "light-pico.json")
    with tempfile.TemporaryDirectory() as tmp:
        with Pico(profile, os.path.join(tmp, "flash.bin"), uf2=image(tmp),
                  stderr=subprocess.DEVNULL) as pico:
            _app_figures(pico, out)
        with Pico(profile, os.path.join(tmp, "flash.bin"), hold=("a1", "g1"),
                  stderr=subprocess.DEVNULL) as pico:
            pico.wait(1000)
            _engine_figures(pico, out)
            _selection_figures(pico, out)
            _masbrur_plies_figures(pico, out)
            _board_figures(pico, out, "marble-pico", "marble board, Mabula")
            from tests import pico_heap
            for label, run in (("light board, Morbak", pico_heap.light_game),
                               ("marble board, Mabula", pico_heap.marble_game),
                               ("marble board, Mabula remote", pico_heap.remote_marble_game)):
                plies, used = run(pico.port)
                out["%s: heap in use by the app, KB, every 10 of %d plies" % (label, plies)] = [
                    round(u / 1024, 1) for u in used]
            _board_figures(pico, out, "stone7-pico", "stone board, Fursaz 7")
            _board_figures(pico, out, "tile-pico", "tile board, Mano a Mano")
            plies, used = pico_heap.tile_game(pico.port)
            out["tile board, Mano a Mano: heap in use by the app, KB, every 10 of %d plies"
                % plies] = [
                round(u / 1024, 1) for u in used]
            _masbrur_figures(pico, out)
    return out
