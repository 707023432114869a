"""The tile board's resistor ladder, computed: which E24 values code a domino half's pips.

A reader contact is a divider: R_ref from 3V3 to the node, the tile's resistor from the
node to GND, the node (with a filter capacitor) to a mux channel and the ADC. This module
picks R_ref and the eight tile values so that, with every tolerance at its worst, no two
codes (nor "no tile", nor "short") can give the same reading, and derives the ADC windows
the firmware decodes with (``firmware/hal/tiles.py``'s LADDER).

``python -m host_tools.ladder`` prints hardware/tiles.md (the maths and the table);
``python -m host_tools.ladder --python`` prints the LADDER block of firmware/hal/tiles.py.
Tests check both committed copies are what this prints."""
import sys

from firmware.hal.tiles import NONE, SHORT

FULL = 65535             # read_u16() full scale
VREF = 3.3               # volts: R_ref's supply, which is also the ADC's reference
TOL = 0.05               # resistor tolerance, the tile's and R_ref's
CONTACT = 2.0            # ohms: worst contact resistance in series with the tile
LEAK = 1e-6              # amps: worst current into or out of the node (mux off-leakage, ADC pin)
ADC_GAIN = 0.01          # ADC gain error and non-linearity, as a fraction of full scale
ADC_OFFSET = 512         # counts: offset, DNL spikes and noise (32 LSB of the 12-bit ADC)
SHORT_MAX = 0.5e-3       # amps: the most a shorted contact may draw (bounds R_ref from below)
REF_MAX = 91000          # ohms: the largest R_ref tried (leakage grows with it)
CAP = 100e-9             # farads: the filter capacitor on each node
CODES = 8                # pips 0-7
E24 = (10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30,
       33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91)


def e24(lo, hi):
    """The E24 values from lo to hi ohms (lo >= 10), ascending."""
    out = []
    scale = 1
    while E24[0] * scale <= hi:
        out += [m * scale for m in E24 if lo <= m * scale <= hi]
        scale *= 10
    return out


def reading(r, rref):
    """The nominal read_u16() count of a tile r (None: no tile) against rref."""
    if r is None:
        return FULL
    return round(FULL * r / (rref + r))


def worst(r, rref):
    """(min, max) read_u16() counts of tile r (0: short, None: no tile) against rref, every
    tolerance at its worst: resistors +-TOL, contact 0..CONTACT, leakage +-LEAK, ADC error."""
    err = FULL * ADC_GAIN + ADC_OFFSET
    ref_hi = rref * (1 + TOL)
    ref_lo = rref * (1 - TOL)
    if r is None:
        drop = LEAK * ref_hi / VREF * FULL
        return max(0, round(FULL - err - drop)), FULL
    r_lo = r * (1 - TOL)
    r_hi = r * (1 + TOL) + CONTACT
    thevenin = ref_hi * r_hi / (ref_hi + r_hi)     # the node's largest source resistance
    drift = LEAK * thevenin / VREF * FULL
    lo = FULL * r_lo / (ref_hi + r_lo) - drift - err
    hi = FULL * r_hi / (ref_lo + r_hi) + drift + err
    return max(0, round(lo)), min(FULL, round(hi))


def _gap(a, b):
    return b[0] - a[1]


def best_ladder(refs=None):
    """(margin, rref, values): the R_ref and eight tile values (E24) whose worst-case ranges,
    between "short" and "no tile", leave the widest smallest gap between neighbours.
    Ties go to the larger R_ref (less current)."""
    best = None
    for rref in refs or e24(VREF / SHORT_MAX, REF_MAX):
        cands = [r for r in e24(10, 10000000) if rref / 40 <= r <= rref * 40]
        ranges = [worst(r, rref) for r in cands]
        short = worst(0, rref)
        opened = worst(None, rref)
        n = len(cands)
        # score[k][i]: the best smallest gap with short, then k+1 values ending at cands[i].
        score = [[_gap(short, ranges[i]) for i in range(n)]]
        back = [[-1] * n]
        for k in range(1, CODES):
            row = [-FULL] * n
            prev = [-1] * n
            for i in range(n):
                for j in range(i):
                    s = min(score[k - 1][j], _gap(ranges[j], ranges[i]))
                    if s > row[i]:
                        row[i] = s
                        prev[i] = j
            score.append(row)
            back.append(prev)
        last = max(range(n), key=lambda i: (min(score[-1][i], _gap(ranges[i], opened)), -i))
        margin = min(score[-1][last], _gap(ranges[last], opened))
        picks = [last]
        for k in range(CODES - 1, 0, -1):
            picks.append(back[k][picks[-1]])
        values = [cands[i] for i in reversed(picks)]
        if best is None or (margin, rref) >= (best[0], best[1]):
            best = (margin, rref, values)
    return best


def rows(rref, values):
    """Per row (name, value in ohms or None, nominal, worst min, worst max): short, 0-7, no
    tile."""
    out = [("short", 0, 0) + worst(0, rref)]
    for k, r in enumerate(values):
        out.append((str(k), r, reading(r, rref)) + worst(r, rref))
    out.append(("no tile", None, FULL) + worst(None, rref))
    return out


def windows(rref, values):
    """The decoding windows [(lo, hi, code)], ascending: each worst-case range widened by a
    third of the gap to each neighbour; the middle third of every gap decodes as nothing
    (a resistor out of tolerance or a dirty contact is reported, never guessed)."""
    rs = rows(rref, values)
    codes = [SHORT] + list(range(CODES)) + [NONE]
    out = []
    for k in range(len(rs)):
        lo = 0 if k == 0 else rs[k][3] - (rs[k][3] - rs[k - 1][4]) // 3
        hi = FULL if k == len(rs) - 1 else rs[k][4] + (rs[k + 1][3] - rs[k][4]) // 3
        out.append((lo, hi, codes[k]))
    return out


def ohms(r):
    if r is None:
        return "open"
    if r >= 1000000:
        return ("%g MΩ" % (r / 1e6))
    if r >= 1000:
        return ("%g kΩ" % (r / 1e3))
    return "%g Ω" % r


def markdown():
    margin, rref, values = best_ladder()
    rs = rows(rref, values)
    ws = windows(rref, values)
    err = round(FULL * ADC_GAIN + ADC_OFFSET)
    tau_ms = rref * (1 + TOL) * CAP * 1e3
    lines = [
        "# The tile board's resistor ladder",
        "",
        "Generated by `python -m host_tools.ladder > hardware/tiles.md`; the firmware's windows",
        "(`LADDER` in `firmware/hal/tiles.py`) come from the same computation, and the tests fail",
        "when either copy is stale.",
        "",
        "Each domino half carries one resistor R to its two contact pads. At a reader contact,",
        "R_ref = %s runs from 3V3 to the node, the tile's R from the node to GND, and the node"
        % ohms(rref),
        "(with a 100 nF capacitor to GND) goes to a CD74HC4067 channel and on to the ADC, so",
        ("`read_u16()` ≈ 65535 × R / (R_ref + R). R_ref's supply is the ADC's reference "
         "(the Pico's"),
        "ADC_VREF is its 3V3 through 200 Ω), so the supply's own level cancels out.",
        "",
        "Worst case, assumed for every reading:",
        "",
        ("- both resistors ±%d %% (the tile's and R_ref, in opposite directions);"
         % round(TOL * 100)),
        "- contact resistance 0 to %g Ω in series with the tile;" % CONTACT,
        "- ±%g µA leaking into or out of the node (the mux's off-channel leakage over"
        % (LEAK * 1e6),
        "  temperature, rounded up), times the node's source resistance R_ref ∥ R;",
        "- the RP2040's ADC off by ±%d %% of full scale (gain, INL, the 200 Ω drop on ADC_VREF)"
        % round(ADC_GAIN * 100),
        "  plus ±%d counts (%d LSB of the 12-bit converter: offset, the DNL spikes of erratum"
        % (ADC_OFFSET, ADC_OFFSET // 16),
        "  RP2040-E11, noise): ±%d counts in all." % err,
        "",
        "A code's worst-case range is the lowest reading (R low, R_ref high, leakage and ADC",
        "error pulling down) to the highest (R high plus the contact, R_ref low, both errors",
        "pulling up). `host_tools/ladder.py` tries every E24 R_ref from %s (so a shorted"
        % ohms(e24(VREF / SHORT_MAX, REF_MAX)[0]),
        "contact draws at most %g mA) to %s and, for each, every choice of eight E24 values,"
        % (SHORT_MAX * 1e3, ohms(REF_MAX)),
        "and keeps the ladder whose smallest gap between neighbouring ranges (short and no",
        "tile included) is widest: **%d counts**" % margin,
        "(%.1f %% of full scale). A window is its range widened by a third of the gap on each"
        % (100.0 * margin / FULL),
        "side; a reading in the middle third of a gap, or anywhere else outside every window, is",
        "reported as a fault at that position (a resistor out of tolerance, a dirty contact),",
        "never decoded as the nearest code.",
        "",
        "The capacitor holds the node while the mux connects it to the ADC's sampling",
        "capacitor (a few pF against 100 nF: under one count) and filters noise; after a tile",
        "is set down the node settles with τ ≤ R_ref × 100 nF = %.2f ms, within one count of"
        % tau_ms,
        "its final value in %.0f ms, far inside the sensor grid's settle time (a frame is only"
        % (tau_ms * 11.1),
        "taken once the reading has held for 300 ms, which also swallows contact bounce).",
        "",
        ("| code | resistor (E24) | nominal | worst min | worst max | window lo | window hi "
         "| margin below | margin above |"),
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for k, (name, r, nominal, lo, hi) in enumerate(rs):
        below = "—" if k == 0 else str(lo - rs[k - 1][4])
        above = "—" if k == len(rs) - 1 else str(rs[k + 1][3] - hi)
        lines.append("| %s | %s | %d | %d | %d | %d | %d | %s | %s |"
                     % (name, ohms(r) if r != 0 else "0 Ω", nominal, lo, hi, ws[k][0], ws[k][1],
                        below, above))
    lines += [
        "",
        "Counts are `read_u16()` values (0-65535). Pips 0-6 (Dominó Mano a Mano's double-six)",
        "use the first seven codes; Masbrur's double-seven uses all eight.",
        "",
    ]
    return "\n".join(lines)


def python_block():
    """The LADDER constant as it appears in firmware/hal/tiles.py."""
    names = {SHORT: "SHORT", NONE: "NONE"}
    _margin, rref, values = best_ladder()
    lines = [("# (lo, hi, code) per window, ascending: generated by "
              "`python -m host_tools.ladder --python`"),
             "# (R_ref %s; tiles %s)." % (ohms(rref), ", ".join(ohms(r) for r in values)),
             "LADDER = ("]
    for lo, hi, code in windows(rref, values):
        lines.append("    (%d, %d, %s)," % (lo, hi, names.get(code, str(code))))
    lines.append(")")
    return "\n".join(lines).replace("Ω", "ohm") + "\n"


def main(argv):
    if argv == ["--python"]:
        sys.stdout.write(python_block())
    elif not argv:
        sys.stdout.write(markdown())
    else:
        print("usage: python -m host_tools.ladder [--python]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
