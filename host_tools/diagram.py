"""Wiring diagrams drawn from a board profile, so a diagram can never disagree with the
firmware: ``python -m host_tools.diagram hardware/marble-pico.json`` prints the SVG
(hardware/marble-pico.svg is this, kept in the repository and checked by the tests).

Each cell of the board is drawn where it sits, with its name, the input of the sensor
chain that reads it and its LED's position on the chain."""
import json
import sys

CELL = 72


def _layout(profile):
    """(name, x, y) per cell in cell order, x and y in cells from the bottom left."""
    kind = profile["kind"]
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


def svg(profile):
    cells = _layout(profile)
    width = 1 + max(c[1] for c in cells)
    height = 1 + max(c[2] for c in cells)
    leds = led_positions(profile)
    sensors = profile.get("sensors", {}).get("map")
    W, H = width * CELL + 40, height * CELL + 84
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif" font-size="11">' % (W, H, W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="20" y="22" font-size="14" font-weight="bold">%s: %s</text>'
           % (profile["name"], "cell name / sensor input / LED on the chain" if sensors
              else "cell name / LED on the chain")]
    for i, (name, x, y) in enumerate(cells):
        cx = 20 + x * CELL + CELL // 2
        cy = 40 + (height - 1 - y) * CELL + CELL // 2
        out.append('<circle cx="%d" cy="%d" r="%d" fill="#f4f1ea" stroke="#555"/>' % (cx, cy, CELL // 2 - 4))
        out.append('<text x="%d" y="%d" text-anchor="middle" font-size="14" font-weight="bold">%s</text>'
                   % (cx, cy - 8, name))
        if sensors:
            out.append('<text x="%d" y="%d" text-anchor="middle" fill="#1a5fb4">in %d</text>'
                       % (cx, cy + 8, sensors[i]))
        out.append('<text x="%d" y="%d" text-anchor="middle" fill="#a51d2d">LED %d</text>'
                   % (cx, cy + (22 if sensors else 10), leds[i]))
    if sensors:
        out.append('<text x="20" y="%d">Sensor input k: the k-th bit out of the 74HC165 chain after a load</text>'
                   % (H - 28))
        out.append('<text x="20" y="%d">(0 = input H of the chip nearest the Pico). Generated from the profile.</text>'
                   % (H - 12))
    else:
        out.append('<text x="20" y="%d">Generated from the profile.</text>' % (H - 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 1:
        print("usage: python -m host_tools.diagram hardware/NAME.json > hardware/NAME.svg", file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        sys.stdout.write(svg(json.load(f)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
