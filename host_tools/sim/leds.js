// How an LED's wire value looks on a screen, for every board kind.
//
// The wire values are what the firmware's LED driver sends (brightness and gamma already
// applied): PWM duty, i.e. linear light. A screen cannot show an LED's range, so the light
// is tone-mapped: exact colours at full power (the curve is 1 at 1), dim levels still
// visible and still in order, the hue kept by scaling all three channels alike.
const EXPOSURE = 15;

const toScreen = (linear) => Math.round(255 * Math.min(1, linear) ** (1 / 2.2));

// [r, g, b] wire values -> {background, glow} CSS colours ("" glow when the LED is off).
export function ledLook([r, g, b]) {
  const peak = Math.max(r, g, b) / 255;
  if (peak === 0) return { background: "", glow: "" };
  const shown = (peak * (1 + EXPOSURE)) / (1 + peak * EXPOSURE);
  const scale = shown / peak;
  const c = [r, g, b].map((v) => toScreen((v / 255) * scale));
  const rgb = `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
  return { background: rgb, glow: `0 0 ${Math.round(4 + 14 * shown)}px ${Math.round(1 + 4 * shown)}px rgba(${c[0]}, ${c[1]}, ${c[2]}, ${(0.35 + 0.5 * shown).toFixed(2)})` };
}

// A logical colour of the firmware ([r, g, b] before brightness and gamma) as the LED
// shows it at full brightness: a legend's swatch.
export function swatch(rgb) {
  return ledLook(rgb.map((v) => Math.round(255 * (v / 255) ** 2.2))).background || "#000";
}

// "rrggbb…" hex (3 bytes per LED) -> [[r, g, b], …]
export function parseLeds(hex) {
  const out = [];
  for (let i = 0; i + 6 <= hex.length; i += 6) {
    out.push([0, 2, 4].map((k) => parseInt(hex.slice(i + k, i + k + 2), 16)));
  }
  return out;
}

// Show `leds` ([[r, g, b], …]) on the LED elements `els` (same order), touching only
// those whose colour changed.
export function drawLeds(els, leds) {
  for (let i = 0; i < els.length && i < leds.length; i++) {
    const rgb = leds[i].join(",");
    const led = els[i];
    if (led.dataset.rgb === rgb) continue;
    led.dataset.rgb = rgb;
    const look = ledLook(leds[i]);
    led.style.background = look.background;
    led.style.boxShadow = look.glow;
  }
}
