// What the board around the emulated RP2040 does, from the profile JSON: the key matrix and
// buttons (pull-ups: an input reads high unless its key is held) and the WS2812 LED chain
// (its data pin decoded into frames of colours).

// Square names a1..g7 are matrix keys: row = rank - 1, column = file.
function squareKey(name) {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  return m ? [Number(m[2]) - 1, m[1].charCodeAt(0) - 97] : null;
}

// {name: pin} of the buttons on their own pins: the profile's "buttons" object, or the
// older keys.menu / keys.ok.
export function buttonPins(profile) {
  if (profile.buttons) return { ...profile.buttons };
  const out = {};
  for (const name of ["menu", "ok"]) if (profile.keys?.[name] !== undefined) out[name] = profile.keys[name];
  return out;
}

export class Keys {
  constructor(rp2040, profile) {
    this.gpio = rp2040.gpio;
    this.rows = profile.keys?.rows ?? [];
    this.cols = profile.keys?.cols ?? [];
    this.buttons = buttonPins(profile);
    this.held = new Set();
    for (const pin of this.rows) this.gpio[pin].addListener(() => this.update());
    this.update();
  }

  // Throws for a name the board does not have.
  check(name) {
    if (name in this.buttons) return;
    const rc = squareKey(name);
    if (!rc || rc[0] >= this.rows.length || rc[1] >= this.cols.length) {
      throw new Error(`no key ${JSON.stringify(name)} on this board`);
    }
  }

  set(name, down) {
    this.check(name);
    if (down) this.held.add(name);
    else this.held.delete(name);
    this.update();
  }

  // A column reads low while a row driven low has a held key on it (the diodes stop the
  // current going anywhere else).
  update() {
    const low = new Set();
    for (const name of this.held) {
      const rc = squareKey(name);
      if (!rc) continue;
      const row = this.gpio[this.rows[rc[0]]];
      if (row.outputEnable && !row.outputValue) low.add(rc[1]);
    }
    this.cols.forEach((pin, c) => this.gpio[pin].setInputValue(!low.has(c)));
    for (const [name, pin] of Object.entries(this.buttons)) {
      this.gpio[pin].setInputValue(!this.held.has(name));
    }
  }
}

const BIT_ONE_NS = 580; // high pulses of ~370 ns are 0, ~800 ns are 1
const RESET_NS = 50000; // a low gap this long ends a frame

// Frames of the WS2812 chain on one pin, as [[r, g, b], ...] in chain order.
export class LedDecoder {
  constructor(rp2040, profile, onFrame) {
    const leds = profile.leds;
    this.clock = rp2040.clock;
    this.count = leds.count;
    this.order = (leds.order || "GRB").toUpperCase();
    this.bits = new Uint8Array(leds.count * 24);
    this.nbits = 0;
    this.rise = 0;
    this.fall = 0;
    this.onFrame = onFrame;
    rp2040.gpio[leds.pin].addListener((state) => this.edge(state === 1));
  }

  edge(high) {
    const now = this.clock.nanos;
    if (high) {
      if (now - this.fall > RESET_NS) this.nbits = 0;
      this.rise = now;
      return;
    }
    this.fall = now;
    if (this.nbits < this.bits.length) this.bits[this.nbits++] = now - this.rise > BIT_ONE_NS ? 1 : 0;
    if (this.nbits === this.bits.length) {
      this.nbits = 0;
      this.onFrame(this.frame(), now);
    }
  }

  frame() {
    const out = [];
    for (let led = 0; led < this.count; led++) {
      const rgb = [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        let v = 0;
        for (let b = 0; b < 8; b++) v = (v << 1) | this.bits[led * 24 + c * 8 + b];
        rgb["RGB".indexOf(this.order[c])] = v;
      }
      out.push(rgb);
    }
    return out;
  }
}
