"""Wiring diagrams drawn from a board profile, so a diagram can never disagree with the
firmware: ``python -m tools.diagram hardware/marble-pico.json`` prints the SVG
(hardware/marble-pico.svg is this, kept in the repository and checked by the tests).

Each cell of the board is drawn where it sits, with its name, the sensor input that reads
it (the 74HC165 chain's bit, or on the stone board the CD74HC4067 mux and channel) and its
LED's position on the chain."""
import json
import sys

GRID_CELL = 72
STONE_CELL = 84   # a point's mux and channel take more room than a chain bit


def _layout(profile):
    """(name, x, y) per cell in cell order, x and y in cells (neighbour distances) from
    the bottom left."""
    kind = profile["kind"]
    if kind == "stone":
        # Axial (q, r) of each point (docs/rules/fursaz.md#components): rows are r, a row's
        # points q apart.
        from firmware.app.boards.stone import points
        from firmware.rules import fursaz
        n = profile["size"]
        out = []
        for name in points(fursaz, n):
            row = ord(name[0]) - 97
            q, r = int(name[1:]) - n, n - 1 - row
            out.append((name, q + r / 2 + n - 1, row * 3 ** 0.5 / 2))
        return out
    if kind == "tile":
        # The track in a line along the bottom (L13 at the left), the pad above S, the
        # field's four columns above it, the walls at its sides (seat A left, B right).
        from firmware.app.boards import tile as b
        out = []
        for name in b.names():
            if name == "S" or name[0] in "LR":
                off = 0 if name == "S" else int(name[1:]) * (-1 if name[0] == "L" else 1)
                out.append((name, off + b.SIDE, 0))
            elif name == "P":
                out.append((name, b.SIDE, 1.5))
            elif name[0] == "W":
                out.append((name, b.SIDE + (-4 if name[1] == "A" else 3), 3 + 2 * int(name[2])))
            else:
                out.append((name, b.SIDE - 2 + "ABCD".index(name[0]), 3 + int(name[1:])))
        return out
    if kind == "marble":
        from firmware.rules.mabula import SPACES
        return [(n, ord(n[0]) - 97, int(n[1:]) - 1) for n in SPACES]
    leds = profile["leds"]
    w, h = leds["width"], leds["height"]
    return [("%s%d" % (chr(97 + i % w), i // w + 1), i % w, i // w) for i in range(w * h)]


def led_positions(profile):
    """The chain position of each cell's LED, as the LED driver computes it."""
    from firmware.hal.leds import chain_position
    leds = profile["leds"]
    if "map" in leds:
        return list(leds["map"])
    w = leds["width"]
    return [chain_position(i % w, i // w, leds) for i in range(leds["count"])]


def _input_text(profile, k):
    """How sensor input k is wired: a chain bit, or a mux and its channel (the tile
    board: its two contacts, half a / half b)."""
    if profile["kind"] == "tile":
        return "%d.%d / %d.%d" % (k[0] // 16, k[0] % 16, k[1] // 16, k[1] % 16)
    if profile["kind"] == "stone":
        return "mux %d ch %d" % (k // 16, k % 16)
    return "in %d" % k


def _legend(profile):
    """The lines under the diagram that say how to read its sensor inputs."""
    sen = profile["sensors"]
    if profile["kind"] == "marble":
        return ["Sensor input k: the k-th bit out of the 74HC165 chain after a load",
                "(0 = input H of the chip nearest the Pico). Generated from the profile."]
    if "bank" in sen:
        route = "mux M reaches GP%d through the second-level mux's input M (its S0-S3 on GP%s)" % (
            sen["adc"][0], "/".join(str(p) for p in sen["bank"]))
    else:
        route = ("mux M's output goes to the M-th ADC pin (%s)"
                 % ", ".join("GP%d" % p for p in sen["adc"]))
    tile = profile["kind"] == "tile"
    what = "M.C / M.C: half a's and half b's contacts" if tile else "mux M ch C"
    return [what + ": input C of CD74HC4067 M, S0-S3 on GP%s (shared by every mux);"
            % "/".join(str(p) for p in sen["select"]), route + ". Generated from the profile."]


def svg(profile):
    cell = STONE_CELL if profile["kind"] in ("stone", "tile") else GRID_CELL
    cells = _layout(profile)
    width = 1 + max(c[1] for c in cells)
    height = 1 + max(c[2] for c in cells)
    leds = led_positions(profile)
    sensors = profile.get("sensors", {}).get("map")
    W, H = round(width * cell) + 40, round(height * cell) + 84
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="11">' % (W, H, W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="20" y="22" font-size="14" font-weight="bold">%s: %s</text>'
           % (profile["name"], "cell name / sensor input / LED on the chain" if sensors
              else "cell name / LED on the chain")]
    for i, (name, x, y) in enumerate(cells):
        cx = round(20 + x * cell + cell // 2)
        cy = round(40 + (height - 1 - y) * cell + cell // 2)
        out.append('<circle cx="%d" cy="%d" r="%d" fill="#f4f1ea" stroke="#555"/>'
                   % (cx, cy, cell // 2 - 4))
        out.append('<text x="%d" y="%d" text-anchor="middle" font-size="14" '
                   'font-weight="bold">%s</text>'
                   % (cx, cy - 8, name))
        if sensors:
            out.append('<text x="%d" y="%d" text-anchor="middle" fill="#1a5fb4">%s</text>'
                       % (cx, cy + 8, _input_text(profile, sensors[i])))
        out.append('<text x="%d" y="%d" text-anchor="middle" fill="#a51d2d">LED %d</text>'
                   % (cx, cy + (22 if sensors else 10), leds[i]))
    if sensors:
        first, second = _legend(profile)
        out.append('<text x="20" y="%d">%s</text>' % (H - 28, first))
        out.append('<text x="20" y="%d">%s</text>' % (H - 12, second))
    else:
        out.append('<text x="20" y="%d">Generated from the profile.</text>' % (H - 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 1:
        print("usage: python -m tools.diagram hardware/NAME.json > hardware/NAME.svg",
              file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        sys.stdout.write(svg(json.load(f)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
