// The light board (7×7 keys, each with an RGB LED, plus MENU and OK) on screen.
//
// A board module draws the LEDs and turns what the user does into what the board's
// sensors see: here key contacts closing and opening (the firmware's key driver scans
// and debounces them). It also offers the board's sensor faults.
import { drawLeds } from "../leds.js";

const MIN_PRESS_MS = 50;   // a click is a press as long as a quick finger's
// A bouncing contact toggles at these offsets (ms) after each edge: 8 toggles, so it
// ends where the edge went, settled after 17 ms (the driver debounces 3 scans of 5 ms).
const CHATTER_MS = [1, 3, 4, 7, 9, 12, 14, 17];

export const faults = [
  { id: "stuck", label: "Stuck key", help: "click the key that sticks: it stays pressed" },
  { id: "bounce", label: "Bouncing key", help: "click the key whose contact bounces on every press and release" },
];

// root: element to draw into; profile: the board profile (hardware/*.json);
// input.now(): board time (ms); input.contact(t, key, closed): a contact change at t.
export function createBoard(root, profile, input) {
  const { width, height } = profile.leds;
  const grid = width * height;
  const names = [];
  for (let k = 0; k < grid; k++) names.push("abcdefghijklmnopqrstuvwxyz"[k % width] + (1 + Math.floor(k / width)));
  names.push("MENU", "OK");

  const stuck = new Set();
  const bouncy = new Set();
  const downAt = new Map();   // key -> time its contact closed (held by the pointer)
  let armed = null;           // fault waiting for the key it applies to
  const keyEls = [];
  const ledEls = [];

  const board = el("div", "light-board");
  board.style.setProperty("--files", width);
  for (let y = height - 1; y >= 0; y--) {
    board.append(el("span", "rank-label", String(y + 1)));
    for (let x = 0; x < width; x++) board.append(makeKey(y * width + x));
  }
  board.append(el("span"));
  for (let x = 0; x < width; x++) board.append(el("span", "file-label", names[x][0]));
  const extras = el("div", "light-extras");
  extras.append(makeKey(grid), makeKey(grid + 1));
  root.append(board, extras);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function makeKey(k) {
    const b = el("button", k < grid ? "key" : "key wide");
    b.type = "button";
    b.dataset.key = k;
    b.dataset.name = names[k];
    b.setAttribute("aria-label", names[k]);
    if (k < grid) {
      const led = el("span", "led");
      led.dataset.led = k;
      led.dataset.rgb = "0,0,0";
      ledEls[k] = led;
      b.append(led);
    } else {
      b.append(el("span", "key-name", names[k]));
    }
    b.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;   // a finger, a pen or the main mouse button
      b.setPointerCapture?.(e.pointerId);
      press(k);
      e.preventDefault();
    });
    b.addEventListener("pointerup", () => release(k));
    b.addEventListener("pointercancel", () => release(k));
    b.addEventListener("keydown", (e) => { if ((e.key === " " || e.key === "Enter") && !e.repeat) { press(k); e.preventDefault(); } });
    b.addEventListener("keyup", (e) => { if (e.key === " " || e.key === "Enter") release(k); });
    keyEls[k] = b;
    return b;
  }

  function edge(t, k, closed) {
    input.contact(t, k, closed);
    if (bouncy.has(k)) CHATTER_MS.forEach((dt, i) => input.contact(t + dt, k, i % 2 === 0 ? !closed : closed));
  }

  function press(k) {
    if (armed) {
      const fault = armed;
      armed = null;
      applyFault(fault, k);
      if (fault === "stuck") return;
    }
    if (stuck.has(k) || downAt.has(k)) return;
    const t = input.now();
    downAt.set(k, t);
    keyEls[k].classList.add("pressed");
    edge(t, k, true);
  }

  function release(k) {
    if (!downAt.has(k)) return;
    const t = Math.max(input.now(), downAt.get(k) + MIN_PRESS_MS);
    downAt.delete(k);
    keyEls[k].classList.remove("pressed");
    if (!stuck.has(k)) edge(t, k, false);
  }

  function applyFault(fault, k) {
    if (fault === "stuck") {
      stuck.add(k);
      if (!downAt.has(k)) input.contact(input.now(), k, true);
    } else {
      bouncy.add(k);
    }
    keyEls[k].classList.add("fault-" + fault);
    input.faultChanged?.();
  }

  let marked = null;           // the key of the last move, ringed

  return {
    names,
    keyCount: grid + 2,
    cellName(k) { return names[k]; },
    draw(leds, lit) { drawLeds(ledEls, leds, lit); },
    // Ring the square of the last move (a name, or null for none).
    mark(name) {
      const k = name == null ? null : names.indexOf(name);
      if (k === marked) return;
      if (marked != null) keyEls[marked].classList.remove("last-move");
      marked = k;
      if (k != null) keyEls[k].classList.add("last-move");
    },
    armFault(id) { armed = id; },
    armed() { return armed; },
    clearFaults() {
      const t = input.now();
      for (const k of stuck) if (!downAt.has(k)) input.contact(t, k, false);
      for (const k of [...stuck, ...bouncy]) keyEls[k].classList.remove("fault-stuck", "fault-bounce");
      stuck.clear();
      bouncy.clear();
      armed = null;
      input.faultChanged?.();
    },
    describeFaults() {
      const list = [...[...stuck].map((k) => names[k] + " stuck"), ...[...bouncy].map((k) => names[k] + " bouncing")];
      return armed ? [...list, faults.find((f) => f.id === armed).help] : list;
    },
    // Contacts closed right now (a power cut does not open them).
    closed() { return [...new Set([...stuck, ...downAt.keys()])]; },
  };
}
