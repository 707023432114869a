// The marble board (Mabula: 8×8 without corners, a presence sensor and an LED under each
// of the 60 spaces, MENU, OK and PASS) on screen.
//
// The page keeps the marbles (where each lies, and its colour); the firmware sees only
// what the sensors see. Click an edge marble, then a field space of its line: the page
// rolls it in as a hand would, one space at a time, the marble between two sensors for
// a moment at each step and the train it meets pushed ahead. Click a marble twice to
// lift it off; click an empty space to put down a marble of the colour chosen below;
// with a marble selected, click an empty space to move it there by hand.
import { drawLeds } from "../leds.js";
import * as parts from "./parts.js";
import { el } from "./parts.js";

const FILES = "abcdefgh";
const MIN_PRESS_MS = 50;
const STEP_MS = 90;        // a rolling marble takes this long per space…
const GAP_MS = 40;         // …of which it is between two sensors this long
const COLOUR = { W: "White", B: "Black" };

export const hint = "Click an edge marble, then a field space of its line, to push it in. Click a " +
  "marble twice to lift it off; click an empty space to put one down. The firmware runs in this " +
  "page on MicroPython and sees only the presence sensors; what it saves is kept in this browser, " +
  "so a reload is the power coming back.";

export const faults = [
  { id: "stuck", label: "Stuck button", help: "click MENU, OK or PASS: it stays pressed" },
];

const corner = (x, y) => (x === 0 || x === 7) && (y === 0 || y === 7);

export function createBoard(root, profile, input) {
  const spaces = [];                        // cell -> [x, y], in SPACES order
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) if (!corner(x, y)) spaces.push([x, y]);
  const cellAt = new Map(spaces.map(([x, y], i) => [x + "," + y, i]));
  const names = ["MENU", "OK", "PASS"];
  const spaceNames = spaces.map(([x, y]) => FILES[x] + (y + 1));
  const marbles = new Array(spaces.length).fill(null);   // null, "W" or "B"
  const stuck = new Set();
  const downAt = new Map();
  let armed = null;
  let selected = -1;
  let rollUntil = 0;                         // no other push while one is rolling
  const ledEls = [];
  const spaceEls = [];
  const keyEls = [];

  const grid = el("div", "marble-board");
  for (let y = 7; y >= 0; y--) {
    grid.append(el("span", "rank-label", String(y + 1)));
    for (let x = 0; x < 8; x++) {
      if (corner(x, y)) { grid.append(el("span")); continue; }
      const c = cellAt.get(x + "," + y);
      const b = el("button", "space" + (x === 0 || x === 7 || y === 0 || y === 7 ? " edge" : ""));
      b.type = "button";
      b.dataset.space = spaceNames[c];
      b.setAttribute("aria-label", spaceNames[c]);
      const led = el("span", "led");
      ledEls[c] = led;
      b.append(led);
      b.addEventListener("click", () => clickSpace(c));
      spaceEls[c] = b;
      grid.append(b);
    }
  }
  grid.append(el("span"));
  for (let x = 0; x < 8; x++) grid.append(el("span", "file-label", FILES[x]));
  const extras = el("div", "light-extras");
  for (let k = 0; k < names.length; k++) extras.append(makeButton(k));
  const hand = el("div", "marble-hand");
  hand.append("Put down: ");
  for (const colour of ["W", "B"]) {
    const lab = el("label");
    const r = el("input");
    r.type = "radio";
    r.name = "marble-colour";
    r.value = colour;
    r.checked = colour === "W";
    lab.append(r, colour === "W" ? " White " : " Black ");
    hand.append(lab);
  }
  const setup = el("button", "", "Set up as lit");
  setup.type = "button";
  setup.id = "marble-setup";
  setup.title = "Put a marble of the lit colour on every edge space the board asks for";
  setup.addEventListener("click", setUpAsLit);
  hand.append(setup);
  const colourWarning = el("p", "colour-warning");
  colourWarning.setAttribute("role", "alert");
  colourWarning.hidden = true;
  root.append(grid, extras, hand, colourWarning);

  function makeButton(k) {
    keyEls[k] = parts.makeButton(k, names[k], press, release);
    return keyEls[k];
  }

  function press(k) {
    if (armed) {
      armed = null;
      stuck.add(k);
      keyEls[k].classList.add("fault-stuck");
      input.faultChanged?.();
    }
    if (downAt.has(k)) return;
    const t = input.now();
    downAt.set(k, t);
    keyEls[k].classList.add("pressed");
    input.contact(t, k, true);
  }

  function release(k) {
    if (!downAt.has(k) || stuck.has(k)) return;
    const t = Math.max(input.now(), downAt.get(k) + MIN_PRESS_MS);
    downAt.delete(k);
    keyEls[k].classList.remove("pressed");
    input.contact(t, k, false);
  }

  function put(t, c, colour) {
    marbles[c] = colour;
    input.sensor(t, c, colour !== null);
  }

  function show() {
    spaceEls.forEach((b, c) => {
      b.dataset.marble = marbles[c] || "";
      b.classList.toggle("selected", c === selected);
    });
    checkColours();
  }

  // The sensors see only that a marble is there, so a marble of the wrong colour goes
  // unnoticed by the board; the page knows the colours and says so. Checked where the
  // board stands as the firmware has it (its setup, or every space agreeing on whether
  // a marble is there): not in the middle of a push the firmware has not read yet.
  function checkColours() {
    const s = input.status();
    const want = s.expected || "";
    const held = (c) => want[c] === "W" || want[c] === "B";
    const settled = s.screen === "setup" || spaces.every((_, c) => held(c) === !!marbles[c]);
    const wrong = [];
    for (let c = 0; c < spaces.length; c++) {
      if (settled && held(c) && marbles[c] && marbles[c] !== want[c]) wrong.push(c);
    }
    spaceEls.forEach((b, c) => b.classList.toggle("wrong-colour", wrong.includes(c)));
    const says = (c) => `${spaceNames[c]} holds a ${COLOUR[marbles[c]]} marble, the board has ` +
      `${COLOUR[want[c]]} there`;
    colourWarning.hidden = !wrong.length;
    colourWarning.textContent = wrong.length ? `Wrong colour: ${wrong.map(says).join("; ")}. ` +
      "The board's sensors cannot tell colours: swap it for the right one." : "";
  }

  // The edge space a push starts from and the line it rolls along, or null.
  function line(from) {
    const [x, y] = spaces[from];
    const step = y === 0 ? [0, 1] : y === 7 ? [0, -1] : x === 0 ? [1, 0] : x === 7 ? [-1, 0] : null;
    if (!step) return null;
    const cells = [];
    for (let i = 1; i <= 7; i++) cells.push(cellAt.get((x + i * step[0]) + "," + (y + i * step[1])));
    return cells;                            // indices 1..7 of the line, 7 = the far edge
  }

  // Roll the marble on edge space `from` to index d of its line (docs/rules/mabula.md#a-turn: the
  // marble at index p_i ends at max(p_i, d + i)), as a hand would: one space at a time,
  // between two sensors for a moment at each step. A train pushed past the field lands
  // on the far edge space if it is free (a push too far); otherwise nothing happens.
  function push(from, d) {
    const cells = line(from);
    const pos = [];
    for (let p = 1; p <= 6; p++) if (marbles[cells[p - 1]]) pos.push(p);
    const last = pos.length ? Math.max(pos[pos.length - 1], d + pos.length) : 0;
    if (last > 7 || (last === 7 && marbles[cells[6]])) return false;
    const colours = pos.map((p) => marbles[cells[p - 1]]);
    const mover = marbles[from];
    let t = Math.max(input.now(), rollUntil);
    put(t, from, null);
    for (let x = 1; x <= d; x++) {
      t += GAP_MS;
      for (let i = pos.length - 1; i >= 0; i--) {   // the train ahead is hit first
        const to = Math.max(pos[i], x + i + 1);
        if (to !== pos[i]) {
          put(t, cells[pos[i] - 1], null);
          put(t, cells[to - 1], colours[i]);
          pos[i] = to;
        }
      }
      put(t, cells[x - 1], mover);
      if (x < d) {
        t += STEP_MS - GAP_MS;
        put(t, cells[x - 1], null);
      }
    }
    rollUntil = t;
    return true;
  }

  function clickSpace(c) {
    const colour = root.querySelector("input[name=marble-colour]:checked").value;
    if (selected < 0) {
      if (marbles[c]) selected = c;
      else put(input.now(), c, colour);
    } else if (c === selected) {
      put(input.now(), c, null);             // lifted off the board
      selected = -1;
    } else {
      const cells = line(selected);
      const d = cells ? cells.indexOf(c) + 1 : 0;
      if (d >= 1 && d <= 6) push(selected, d);
      else if (!marbles[c]) {                // moved by hand
        const t = input.now();
        const m = marbles[selected];
        put(t, selected, null);
        put(t + 300, c, m);
      }
      selected = -1;
    }
    show();
  }

  function setUpAsLit() {
    const want = input.status().expected || "";
    const t = input.now();
    for (let c = 0; c < spaces.length; c++) {
      const w = want[c] === "W" || want[c] === "B" ? want[c] : null;
      if (marbles[c] !== w) put(t, c, w);
    }
    selected = -1;
    show();
  }

  return {
    names,
    cellName: (c) => spaceNames[c],
    frameText(hex) {
      const on = [];
      for (let c = 0; c < spaces.length; c++) if (hex.slice(2 * c, 2 * c + 2) === "01") on.push(spaceNames[c]);
      return on.join(" ") || "(empty)";
    },
    draw(leds, lit) { drawLeds(ledEls, leds, lit); },
    armFault(id) { armed = id; },
    armed() { return armed; },
    clearFaults() {
      const t = input.now();
      for (const k of stuck) { keyEls[k].classList.remove("fault-stuck", "pressed"); downAt.delete(k); input.contact(t, k, false); }
      stuck.clear();
      armed = null;
      input.faultChanged?.();
    },
    describeFaults() {
      const list = [...stuck].map((k) => names[k] + " stuck");
      return armed ? [...list, faults[0].help] : list;
    },
    closed() { return [...new Set([...stuck, ...downAt.keys()])]; },
    // Spaces with a marble on them: a power cut does not move marbles.
    present() { return marbles.flatMap((m, c) => (m ? [c] : [])); },
    marbles: () => spaceNames.map((n, c) => [n, marbles[c]]).filter(([, m]) => m),
    push(fromName, toName) {
      const from = spaceNames.indexOf(fromName);
      const cells = line(from);
      const d = cells ? cells.indexOf(spaceNames.indexOf(toName)) + 1 : 0;
      const ok = d >= 1 && d <= 6 && marbles[from] !== null && push(from, d);
      show();
      return ok;
    },
    setUpAsLit,
    follow: checkColours,       // the game moved on: check the colours again
  };
}
