// How an LED looks on a screen, for every board kind.
//
// The wire values are what the firmware's LED driver sends (brightness and gamma already
// applied): PWM duty, i.e. linear light. They stay the data (each LED's data-rgb). What is
// drawn comes from the colour the firmware asked for (its logical frame) and the
// brightness it was shown at, unrounded: at low brightness the wire's few steps lose the
// hue (a dim orange is sent as 1,1,0, a yellow). A screen cannot show an LED's range, so
// the light is tone-mapped, the hue kept by scaling all three channels alike: the
// brightness is drawn as from LOWEST up (a dim red still reads red, not brown) and
// compressed so that dim levels stay visible and in order, exact at full power (the curve
// is 1 at 1); the colour's own strength (a switched Morbak square is its owner's colour at
// half) is compressed apart and less, so that at every brightness a colour at half
// strength looks clearly darker than the full one (one curve for both had drawn them
// almost alike at full brightness).
const EXPOSURE = 15;
const LOWEST = 48;       // brightness 0-255 is drawn as LOWEST-255
const GAMMA = 2.2;       // the driver's (firmware/hal/leds.py)
const STRENGTH = 0.7;    // a colour's strength (linear, 0-1) is drawn to this power

const toScreen = (linear) => Math.min(1, linear) ** (1 / GAMMA);
const tone = (linear) => (linear * (1 + EXPOSURE)) / (1 + linear * EXPOSURE);

// A lit LED's hue (linear, its brightest channel 1) shown at `shown` (linear, 0-1) ->
// {background, glow} CSS colours.
function look(hue, shown) {
  const c = hue.map((v) => Math.round(255 * toScreen(v * shown)));
  const rgb = `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
  return { background: rgb, glow: `0 0 ${Math.round(4 + 14 * shown)}px ${Math.round(1 + 4 * shown)}px rgba(${c[0]}, ${c[1]}, ${c[2]}, ${(0.35 + 0.5 * shown).toFixed(2)})` };
}

// Linear light per channel -> [the hue (brightest channel 1), the brightest channel].
function split(linear) {
  const peak = Math.max(...linear);
  return [linear.map((v) => v / peak), peak];
}

// An LED's [r, g, b] wire values, and the logical colour and brightness (0-255) it was
// shown with (without them: the wire's own light) -> {background, glow} ("" when off).
export function ledLook(wire, colour, level) {
  if (Math.max(...wire) === 0) return { background: "", glow: "" };
  if (!colour || level == null || Math.max(...colour) === 0) {
    const [hue, peak] = split(wire.map((v) => v / 255));
    return look(hue, tone(peak));
  }
  const drawn = LOWEST + (level * (255 - LOWEST)) / 255;
  const [hue, strength] = split(colour.map((v) => (v / 255) ** GAMMA));
  return look(hue, tone((drawn / 255) ** GAMMA) * strength ** STRENGTH);
}

// A logical colour of the firmware ([r, g, b] before brightness and gamma) as the board
// draws it at its brightness `level` (0-255): a legend's swatch, as the cells it explains
// look (at full brightness a colour at half strength looked like the full one).
export function swatch(rgb, level) {
  return ledLook(rgb, rgb, level ?? 255).background || "#000";
}

// "rrggbb…" hex (3 bytes per LED) -> [[r, g, b], …]
export function parseLeds(hex) {
  const out = [];
  for (let i = 0; i + 6 <= hex.length; i += 6) {
    out.push([0, 2, 4].map((k) => parseInt(hex.slice(i + k, i + k + 2), 16)));
  }
  return out;
}

// Show `leds` ([[r, g, b], …] wire values) on the LED elements `els` (same order), drawn
// from `lit` ({colours: the logical [r, g, b] of each, level: the brightness}) when
// given, touching only those whose colour changed.
export function drawLeds(els, leds, lit) {
  for (let i = 0; i < els.length && i < leds.length; i++) {
    const colour = lit?.colours[i];
    const key = `${leds[i]}/${colour}/${lit?.level}`;
    const led = els[i];
    if (led.dataset.look === key) continue;
    led.dataset.look = key;
    led.dataset.rgb = leds[i].join(",");
    const shown = ledLook(leds[i], colour, lit?.level);
    led.style.background = shown.background;
    led.style.boxShadow = shown.glow;
  }
}
