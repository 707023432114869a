// The stone board (Fursaz: a hexagon of side 5 or 7, a Hall sensor and an LED ring at
// each point, MENU, OK, PASS and SWAP) on screen.
//
// The page keeps the stones; the firmware sees only what each point's sensor reads:
// 0 empty, 1 black, 2 white, 3 a broken sensor. Click an empty point to put down a stone
// of the colour to move, click a stone to turn it over (as a hand does: edge-on, read as
// empty, for a moment); a long press, a shift-click or a click with "Lift off" ticked
// takes it off (a phone has no shift key).
import { drawLeds } from "../leds.js";
import * as parts from "./parts.js";
import { el } from "./parts.js";

const MIN_PRESS_MS = 50;
const EDGE_ON_MS = 80;     // a stone being turned reads empty this long
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const BROKEN = 3;
const LETTER = ".BW";
const LONG_PRESS_MS = 500; // a point held this long lifts its stone off (a finger's shift-click)
const ROW = Math.sqrt(3) / 2;   // between two rows, in point pitches
const BOTTOM = 1.6;        // the bottom row's centre above the board's bottom edge, in pitches

// A length of `n` point pitches, for CSS.
const at = (n) => `calc(${n.toFixed(3)} * var(--pitch))`;

// Put element e at (x, y) pitches: x from the centre, y up from the bottom row.
function place(e, x, y) {
  e.style.left = `calc(50% + ${at(x)})`;
  e.style.bottom = at(BOTTOM + y);
  return e;
}

export const hint = "Click an empty point to put down a stone of the colour to move; click a " +
  "stone to turn it over; hold a stone down (a long press), shift-click it or tick \"Lift off\" " +
  "to lift it off. The firmware runs in this page on MicroPython and sees only the Hall " +
  "sensors; what it saves is kept in this browser, so a reload is the power coming back.";

export const faults = [
  { id: "broken", label: "Break sensor", help: "click a point: its sensor reads out of range" },
];

// The points in the engine's order (a1, a2, …, b1, …; docs/rules/fursaz.md#components), each with its place
// on screen in point pitches: x from the centre, y up from the bottom row.
function points(size) {
  const out = [];
  for (let row = 0; row < 2 * size - 1; row++) {
    const r = size - 1 - row;
    for (let q = 1 - size; q < size; q++) {
      if (Math.abs(q + r) >= size) continue;
      out.push({ name: String.fromCharCode(97 + row) + (q + size), x: q + r / 2, y: row * ROW });
    }
  }
  return out;
}

export function createBoard(root, profile, input) {
  const size = profile.size;
  const pts = points(size);
  const names = ["MENU", "OK", "PASS", "SWAP"];
  const stones = new Uint8Array(pts.length);   // what lies on each point
  const broken = new Set();
  const turnedAt = new Array(pts.length).fill(0);   // when a turn under way ends
  const downAt = new Map();
  let armed = null;
  let holdTimer = null;
  let longPressed = -1;        // the point whose stone a long press just lifted
  const ledEls = [];
  const pointEls = [];
  const keyEls = [];

  // Sizes in point pitches (--pitch, CSS: at most --pitch-max, less on a narrow screen):
  // the board is the points' hexagon plus room for the coordinates round it.
  const hex = el("div", "stone-board");
  hex.style.setProperty("--pitch-max", (size === 5 ? 3 : 2.3) + "rem");
  hex.style.setProperty("--across", 2 * size + 0.4);
  hex.style.setProperty("--high", (2 * size - 2) * ROW + BOTTOM + 0.8);
  const face = el("div", "stone-face");   // the hexagon itself, 0.8 pitches round the points
  face.style.width = at(2 * size - 0.4);
  face.style.bottom = at(BOTTOM - 0.8);
  hex.append(face);
  pts.forEach((p, c) => {
    const b = el("button", "point");
    b.type = "button";
    b.dataset.point = p.name;
    b.setAttribute("aria-label", p.name);
    b.title = p.name;
    place(b, p.x, p.y);
    const led = el("span", "led");
    ledEls[c] = led;
    b.append(led);
    b.addEventListener("click", (e) => {
      if (longPressed === c) longPressed = -1;   // the long press lifted it already
      else clickPoint(c, e.shiftKey);
    });
    b.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      clearTimeout(holdTimer);
      longPressed = -1;
      holdTimer = setTimeout(() => {
        if (!stones[c] || armed) return;
        longPressed = c;
        put(input.now(), c, EMPTY);
      }, LONG_PRESS_MS);
    });
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
      b.addEventListener(end, () => clearTimeout(holdTimer));
    }
    b.addEventListener("contextmenu", (e) => e.preventDefault());   // a finger held down
    pointEls[c] = b;
    hex.append(b);
  });
  // The coordinates: a row's letter left of it; a number below the point that starts its
  // line (the lines of a number run up to the left, docs/rules/fursaz.md#components).
  const rows = new Map();
  const lines = new Map();
  for (const p of pts) {
    const row = p.name[0];
    const n = Number(p.name.slice(1));
    if (!rows.has(row) || p.x < rows.get(row).x) rows.set(row, p);
    if (!lines.has(n) || p.y < lines.get(n).y) lines.set(n, p);
  }
  const label = (text, x, y) => hex.append(place(el("span", "point-label", text), x, y));
  for (const [row, p] of rows) label(row, p.x - 0.95, p.y);
  for (const [n, p] of lines) label(String(n), p.x + 0.5, p.y - ROW);
  const extras = el("div", "light-extras");
  for (let k = 0; k < names.length; k++) extras.append(makeButton(k));
  const hand = el("div", "marble-hand");
  hand.append("Before a game, put down: ");
  for (const colour of [BLACK, WHITE]) {
    const lab = el("label");
    const r = el("input");
    r.type = "radio";
    r.name = "stone-colour";
    r.value = colour;
    r.checked = colour === BLACK;
    lab.append(r, colour === BLACK ? " Black " : " White ");
    hand.append(lab);
  }
  const liftLabel = el("label");
  const lift = el("input");
  lift.type = "checkbox";
  lift.id = "stone-lift";
  liftLabel.append(lift, " Lift off");
  const match = el("button", "", "Set as expected");
  match.type = "button";
  match.id = "stone-match";
  match.title = "Put, turn or lift stones until the board shows the position the firmware expects";
  match.addEventListener("click", setAsExpected);
  hand.append(liftLabel, match);
  root.append(hex, extras, hand);

  function makeButton(k) {
    keyEls[k] = parts.makeButton(k, names[k], press, release);
    return keyEls[k];
  }

  function press(k) {
    if (downAt.has(k)) return;
    const t = input.now();
    downAt.set(k, t);
    keyEls[k].classList.add("pressed");
    input.contact(t, k, true);
  }

  function release(k) {
    if (!downAt.has(k)) return;
    const t = Math.max(input.now(), downAt.get(k) + MIN_PRESS_MS);
    downAt.delete(k);
    keyEls[k].classList.remove("pressed");
    input.contact(t, k, false);
  }

  // What point c's sensor reads with `stone` on it.
  const reading = (c, stone) => (broken.has(c) ? BROKEN : stone);

  function put(t, c, stone) {
    stones[c] = stone;
    input.sensor(t, c, reading(c, stone));
    show(c);
  }

  // Turn the stone on c over as a hand does: edge-on (read as empty), then the other face.
  function turn(c) {
    const t = Math.max(input.now(), turnedAt[c]);
    const other = stones[c] === BLACK ? WHITE : BLACK;
    input.sensor(t, c, reading(c, EMPTY));
    turnedAt[c] = t + EDGE_ON_MS;
    put(turnedAt[c], c, other);
  }

  // The colour to move: the position text's second word once a game is on, else the radio.
  function toMove() {
    const pos = input.status().position;
    const word = pos ? pos.split(" ")[1] : "";
    if (word === "B" || word === "W") return LETTER.indexOf(word);
    return Number(root.querySelector("input[name=stone-colour]:checked").value);
  }

  function show(c) {
    pointEls[c].dataset.stone = LETTER[stones[c]];
    pointEls[c].classList.toggle("fault-broken", broken.has(c));
  }

  function clickPoint(c, shift) {
    if (armed) {
      armed = null;
      broken.add(c);
      put(input.now(), c, stones[c]);
      input.faultChanged?.();
    } else if (!stones[c]) put(input.now(), c, toMove());
    else if (shift || lift.checked) put(input.now(), c, EMPTY);
    else turn(c);
  }

  function setAsExpected() {
    const want = input.status().expected || "";
    for (let c = 0; c < pts.length; c++) {
      const w = Math.max(0, LETTER.indexOf(want[c] || "."));
      if (stones[c] === w) continue;
      if (stones[c] && w) turn(c);
      else put(input.now(), c, w);
    }
  }

  return {
    names,
    cellName: (c) => pts[c].name,
    // A stable frame (one byte per point): the stones it shows, e.g. "e5B e3W".
    frameText(hexText) {
      const out = [];
      for (let c = 0; c < pts.length; c++) {
        const v = parseInt(hexText.slice(2 * c, 2 * c + 2), 16);
        if (v) out.push(pts[c].name + (v === BROKEN ? "!" : LETTER[v]));
      }
      return out.join(" ") || "(empty)";
    },
    draw(leds, lit) { drawLeds(ledEls, leds, lit); },
    armFault(id) { armed = id; },
    armed() { return armed; },
    clearFaults() {
      const t = input.now();
      const was = [...broken];
      broken.clear();
      for (const c of was) put(t, c, stones[c]);
      armed = null;
      input.faultChanged?.();
    },
    describeFaults() {
      const list = [...broken].map((c) => pts[c].name + " sensor broken");
      return armed ? [...list, faults[0].help] : list;
    },
    closed() { return [...downAt.keys()]; },
    // [point, reading] of every sensor that reads something: a power cut moves no stone.
    present() {
      const out = [];
      for (let c = 0; c < pts.length; c++) if (reading(c, stones[c])) out.push([c, reading(c, stones[c])]);
      return out;
    },
    stones: () => pts.map((p, c) => [p.name, LETTER[stones[c]]]).filter(([, s]) => s !== "."),
    setAsExpected,
  };
}
