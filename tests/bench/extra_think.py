"""The board thinking about its move on the real Pico port (emulated RP2040, emulated
time; tests/pico_think.py runs there): per game and level, the mean and worst ms from
the first slice to the move through the session's think() (level 5's limit: 1.8 s, so a
move within 2 s), the longest slice (how long the keys and sensors can wait for a poll)
how many searches the time limit cut short, and the mean pieces of work a search did (its
samples for Masbrur: a playout each). PICO = True: run from the host."""
import os
import subprocess
import sys
import tempfile

PICO = True
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (game, options, levels, plies at which the board thinks)
CASES = [("morbak", None, (1, 2, 3, 4, 5), (1, 9, 21)),
         ("mabula", None, (1, 2, 3, 4, 5), (1, 9, 21)),
         ("mano", None, (1, 2, 3, 4, 5), (1, 5, 9)),
         ("fursaz", {"size": 5}, (1, 2, 3, 4, 5), (1, 15, 35)),
         ("fursaz", {"size": 7}, (1, 2, 3, 4, 5), (1, 40)),
         ("masbrur", None, (1, 2, 3, 4, 5), (1, 2, 10))]
# The same figures before the fast Masbrur playout (c4eae70's parent: its samples through the
# engine's API), and for Morbak and Mabula level 2 before their opponents' viper twins
# (0248eb4: threat tests and playouts in byte-code), and for Fursaz before its opponent's
# judge (0248eb4: each candidate played and its whole territory counted, 25-160 ms), by level.
# Fursaz size 7 level 5 before the judge scored flipping placements itself (cc4669d: played
# and counted whole, ~4 ms each): 1340 / 1775, 84, 1/2, 727.0, cut at ply 40; after: 881-1030
# / 931-1064, 87-135, 0/2, 752.0 (the emulator's ms move with the host's load).
BEFORE = {"masbrur": {1: "152 / 398, 397, 0/3, 0.0", 2: "421 / 460, 459, 3/3, 1.0",
                      3: "782 / 867, 443, 3/3, 2.0", 4: "1233 / 1262, 542, 3/3, 3.0",
                      5: "1534 / 1659, 677, 3/3, 3.7"},
          "morbak": {1: "131 / 162, 104, 0/3, 48.3", 2: "445 / 453, 62, 0/3, 96.7",
                     3: "971 / 984, 109, 3/3, 107.0", 4: "1377 / 1398, 100, 3/3, 115.0",
                     5: "1763 / 1778, 113, 3/3, 123.7"},
          "mabula": {2: "410 / 625, 75, 1/3, 56.7"},
          "fursaz size 5": {2: "392 / 545, 98, 0/3, 10.0", 3: "835 / 1011, 102, 1/3, 20.3",
                            4: "1222 / 1400, 104, 2/3, 29.3", 5: "1795 / 1812, 105, 3/3, 44.7"},
          "fursaz size 7": {2: "553 / 567, 210, 2/2, 6.5", 3: "914 / 944, 216, 2/2, 9.5",
                            4: "1376 / 1380, 224, 2/2, 13.5", 5: "1772 / 1813, 231, 2/2, 17.0"}}
# The same at 0248eb4, before the reference selection's second rework (level 1 compares
# hands by it).
AT_0248EB4 = {"masbrur": {1: "126 / 315, 315, 0/3, 0.0"}}


def _label(game, options):
    return game + ("" if options is None else " size %d" % options["size"])


def figures():
    if sys.implementation.name == "micropython":
        return {}
    sys.path.insert(0, ROOT)
    from extra_pico import _run, image
    from host_tools.pico import Pico, PicoError, pico_files
    try:
        pico_files()
    except PicoError as e:
        return {"skipped": str(e)}
    out = {}
    profile = os.path.join(ROOT, "hardware", "light-pico.json")
    with tempfile.TemporaryDirectory() as tmp:
        with Pico(profile, os.path.join(tmp, "flash.bin"), uf2=image(tmp),
                  hold=("a1", "g1"), stderr=subprocess.DEVNULL) as pico:
            pico.wait(1000)
            for game, options, levels, plies in CASES:
                label = _label(game, options)
                got = _run(pico, out, label, "tests/pico_think.py", GAME=game, OPTIONS=options,
                           LEVELS=levels, PLIES=plies)
                if got is None:
                    continue
                for level in sorted(got):
                    g = got[level]
                    before = BEFORE.get(label, {}).get(int(level))   # JSON keys: strings
                    at = AT_0248EB4.get(label, {}).get(int(level))
                    out["%s level %s: move ms mean / worst (emulated), longest slice ms, "
                        "cut/positions, samples mean%s%s" % (
                            label, level, " (before: %s)" % before if before else "",
                            " (at 0248eb4: %s)" % at if at else "")] = \
                        "%.0f / %d, %d, %d/%d, %.1f" % (
                            g["mean_ms"], g["worst_ms"], g["longest_slice_ms"], g["cut"],
                            g["positions"], g["steps"])
    return out


if __name__ == "__main__":
    f = figures()
    for k in sorted(f):
        print(k, f[k])
