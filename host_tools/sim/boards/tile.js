// The tile board (Dominó Mano a Mano: the track, the reader pad, Masbrur's field and
// walls, an LED at each position; MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK) on screen.
//
// The page keeps the tiles: a double-six set dealt into two hands and a boneyard (the
// board cannot see them). The firmware sees only what each contact of each position
// reads (firmware/hal/wires.py: per half its pips, 8 no tile, 10 a reading outside every
// window). Drag a tile (or click it, then click where it goes) from a hand onto a track
// slot or the pad; a tile on the board goes back to its owner's hand the same way. DRAW
// on the board also takes the boneyard's top tile into the mover's hand. A tile played
// beyond the track (shown on the pad, then LEFT or RIGHT) is put in the row "beyond the
// track" once taken off the pad.
//
// Hidden hands: ?seat=0 (or 1) shows only that seat's hand face up; two windows, one per
// seat, share the table (BroadcastChannel) and each runs the board. Without ?seat, both
// hands are face up (hot seat).
//
// Against the board (setting mano.opponent): the board's hand is its tiles lying face down
// on Masbrur's field, which the board reads. The deal puts them there (A0, B0, ... in
// order), they are drawn as tile backs in every view (a tile back in its hand row too),
// and they are carried like any tile: face up once on the track or the pad, face down
// again when put back on the field or in the board's hand (which sends them to the first
// free field position). DRAW while the board asks for a draw puts the boneyard's top tile
// face down on the first free field position.
//
// Masbrur: "Masbrur table" lays a double-seven set's field (row r: r-r on B, r-(r+1) on C)
// and puts the other 20 tiles in the pool, face up. A position reads a tile half a first
// (its left half): a tile let go on the position it came from is turned round, and one let
// go on a row's input position (A or D) is turned to touch that row's end.
import { drawLeds } from "../leds.js";
import * as parts from "./parts.js";
import { el } from "./parts.js";

const MIN_PRESS_MS = 50;
const NONE = 8;
const BAD = 10;
const SIDE = 13;
const PAD = 27;
const FIELD = 28;                 // A0; the field is cells FIELD .. WALLS - 1
const WALLS = 60;
const SEATS = "AB";
const PARAMS = new URLSearchParams(location.search);
const ME = PARAMS.has("seat") ? Number(PARAMS.get("seat")) : null;

export const hint = "Drag a tile from a hand onto the track (or click it, then a slot): the lead on S, " +
  "then the next slot at either end. DRAW and PASS are the board's buttons; LEFT or RIGHT names who " +
  "leads. At the end of a hand put the tiles left in hand on the pad P, one at a time. " +
  "?seat=0 / ?seat=1 shows one seat's hand only (two windows, two seats). A tile played beyond the track " +
  "(on P, then LEFT or RIGHT) goes in the row \"Beyond the track\" once taken off P. Masbrur (menu: L6): " +
  "\"Masbrur table\" lays its field; click a tile on the board and click it again to turn it round. " +
  "Against the board (menu R9: its seat, R10: its level): its tiles lie face down on the field; carry the " +
  "one it plays from the blinking field position to the blinking slot, and when it draws press DRAW " +
  "(the boneyard's top tile goes face down on the field).";

export const faults = [
  { id: "dirty", label: "Dirty contact", help: "click a position: its first contact reads between two windows" },
];

// Every position's name, in cell order (firmware/app/board_tile.py).
function positionNames() {
  const out = ["S"];
  for (const side of "LR") for (let k = 1; k <= SIDE; k++) out.push(side + k);
  out.push("P");
  for (let row = 0; row < 8; row++) for (const col of "ABCD") out.push(col + row);
  return out.concat(["WA1", "WA2", "WB1", "WB2"]);
}

// Masbrur's table: the standard field on B and C, the 20 other double-seven tiles in the pool.
function masbrurTable(cells) {
  const at = {};
  const onField = new Set();
  for (let r = 0; r < 8; r++) {
    at[cells.indexOf("B" + r)] = `${r}-${r}`;
    at[cells.indexOf("C" + r)] = `${r}-${(r + 1) % 8}`;
    onField.add(`${r}-${r}`);
    onField.add(`${Math.min(r, (r + 1) % 8)}-${Math.max(r, (r + 1) % 8)}`);
  }
  const pool = [];
  for (let a = 0; a <= 7; a++) for (let b = a; b <= 7; b++) if (!onField.has(`${a}-${b}`)) pool.push(`${a}-${b}`);
  return { kind: "masbrur", hands: [[], []], bone: pool, at, owner: {}, down: {}, beyond: [] };
}

function turned(tile) {
  return `${tile[2]}-${tile[0]}`;
}

// The 28 tiles, shuffled with a seed (xorshift: the page's own, nothing to do with the rules'),
// 7 to each hand; the board's seat's 7 (``bot``: 0, 1 or null) face down on the field.
function deal(seed, bot) {
  const tiles = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) tiles.push(`${a}-${b}`);
  let x = (seed >>> 0) || 1;
  for (let i = tiles.length - 1; i > 0; i--) {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    const j = x % (i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  const table = { hands: [tiles.slice(0, 7), tiles.slice(7, 14)], bone: tiles.slice(14), at: {}, owner: {}, down: {},
    beyond: [] };
  if (bot !== null) for (const tile of table.hands[bot].splice(0)) faceDown(table, tile, bot);
  return table;
}

// Lay ``tile`` of ``seat`` face down on the first free field position (false: none free).
function faceDown(table, tile, seat) {
  for (let c = FIELD; c < WALLS; c++) {
    if (table.at[c] !== undefined) continue;
    table.at[c] = tile;
    table.owner[tile] = seat;
    table.down[c] = 1;
    return true;
  }
  return false;
}

export function createBoard(root, profile, input) {
  const names = ["MENU", "OK", "PASS", "DRAW", "LEFT", "RIGHT", "ATTACK"];
  const cells = positionNames();
  const tableKey = "arbiter-sim-table/" + profile.name;
  const gatherMs = (profile.sensors?.settle_ms ?? 300) + 200;   // see change()
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(tableKey) : null;
  let table = load() || deal(Number(PARAMS.get("deal")) || Date.now(), boardSeat());
  table.down ??= {};                           // a table saved before these two
  table.beyond ??= [];
  const dirty = new Set();                     // cells whose first contact reads BAD
  const downAt = new Map();
  let held = null;                             // the tile being moved
  let dragged = false;                         // the click that ends a drag from a position is the drag's
  let armed = null;
  const ledEls = [];
  const posEls = [];
  const keyEls = [];

  const board = el("div", "tile-board");
  const track = el("div", "tile-track");
  const order = [];
  for (let k = SIDE; k >= 1; k--) order.push("L" + k);
  order.push("S");
  for (let k = 1; k <= SIDE; k++) order.push("R" + k);
  for (const name of order) track.append(position(name));
  const middle = el("div", "tile-middle");
  const field = el("div", "tile-field");
  for (let row = 7; row >= 0; row--) for (const col of "ABCD") field.append(position(col + row, true));
  const walls = [el("div", "tile-walls"), el("div", "tile-walls")];
  for (const w of ["WA1", "WA2"]) walls[0].append(position(w, true));
  for (const w of ["WB1", "WB2"]) walls[1].append(position(w, true));
  middle.append(walls[0], field, position("P"), walls[1]);
  board.append(track, middle);
  const extras = el("div", "light-extras");
  for (let k = 0; k < names.length; k++) {
    keyEls[k] = parts.makeButton(k, names[k], press, release);
    extras.append(keyEls[k]);
  }
  const hands = el("div", "tile-hands");
  const handEls = [0, 1].map((seat) => {
    const row = el("div", "tile-hand");
    row.dataset.hand = seat;
    row.addEventListener("click", (e) => { if (e.target === row || e.target.classList.contains("seat")) drop({ hand: seat }); });
    hands.append(row);
    return row;
  });
  const tools = el("div", "marble-hand");
  const bone = el("span", "tile-bone");
  const again = el("button", "", "Collect and deal");
  again.type = "button";
  again.id = "tile-deal";
  again.title = "Every tile back, shuffled, and dealt 7 and 7 (a new hand on the table)";
  again.addEventListener("click", () => change(() => { table = deal(Date.now(), boardSeat()); }, false, true));
  const masbrur = el("button", "", "Masbrur table");
  masbrur.type = "button";
  masbrur.id = "tile-masbrur";
  masbrur.title = "The standard Masbrur field on the board and the other 20 tiles in the pool";
  masbrur.addEventListener("click", () => change(() => { table = masbrurTable(cells); }));
  const pool = el("div", "tile-hand");
  pool.addEventListener("click", (e) => {
    if (e.target === pool || e.target.classList.contains("seat")) drop({ [pool.dataset.hand]: true });
  });
  tools.append(bone, again, masbrur);
  hands.append(pool);
  root.append(board, extras, hands, tools);
  channel?.addEventListener("message", (e) => remote(e.data));
  // A tile dragged from a hand and let go over a position goes there; let go anywhere
  // else, it stays picked up (a click: the next click on a position puts it down).
  // A tile dragged from a position and let go on the same one stays picked up (a click).
  document.addEventListener("pointerdown", () => { dragged = false; }, true);
  document.addEventListener("pointerup", (e) => {
    if (!held || !held.dragging) return;
    held.dragging = false;
    dragged = typeof held.from === "number";
    const pos = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-pos]");
    const c = pos ? cells.indexOf(pos.dataset.pos) : -1;
    if (c >= 0 && c !== held.from) drop({ cell: c });
  });
  render();

  function position(name, small) {
    const c = cells.indexOf(name);
    const b = el("button", small ? "tile-pos small" : "tile-pos");
    b.type = "button";
    b.dataset.name = name;
    b.dataset.pos = name;
    b.title = name;
    const led = el("span", "led");
    led.dataset.led = c;
    ledEls[c] = led;
    b.append(led, el("span", "tile-label", name));
    b.addEventListener("click", () => clickPosition(c));
    b.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || held || armed || table.at[c] === undefined) return;
      e.preventDefault();
      pick(table.at[c], c, true);
    });
    posEls[c] = b;
    return b;
  }

  // ---------------------------------------------------------------- the table

  function load() {
    try { return JSON.parse(localStorage.getItem(tableKey)); } catch { return null; }
  }

  // Change the table, tell the firmware what its contacts now read, save, tell the other
  // window. ``gathered``: every tile is taken off first, and the board reads an empty table
  // for longer than a frame takes to settle (a person collects the tiles, then deals).
  function change(fn, fromRemote, gathered) {
    let before = readings();
    let t = input.now();
    if (gathered) {
      const empty = readings({});
      sense(t, before, empty);
      before = empty;
      t += gatherMs;
    }
    fn();
    sense(t, before, readings());
    if (!fromRemote) {
      localStorage.setItem(tableKey, JSON.stringify(table));
      channel?.postMessage({ table, gathered });
    }
    render();
  }

  function sense(t, before, after) {
    for (let h = 0; h < after.length; h++) if (after[h] !== before[h]) input.sensor(t, h, after[h]);
  }

  function remote(msg) {
    if (msg.table) change(() => { table = msg.table; }, true, msg.gathered);
    if (msg.key !== undefined) (msg.down ? press : release)(msg.key, true);
  }

  // What every contact reads with the tiles of ``at`` (by default the table's): [half a,
  // half b] per position, low end on half a.
  function readings(at = table.at) {
    const out = new Array(2 * cells.length).fill(NONE);
    for (const [c, tile] of Object.entries(at)) {
      out[2 * c] = Number(tile[0]);
      out[2 * c + 1] = Number(tile[2]);
    }
    for (const c of dirty) out[2 * c] = BAD;
    return out;
  }

  function mine(seat) {
    return ME === null || ME === seat;
  }

  // The seat the board plays (0, 1) or null: its game's, or before one the setting's.
  function boardSeat() {
    const st = input.status();
    if (st.game === "mano") return st.board ? st.board.seat : null;
    try {
      const files = JSON.parse(localStorage.getItem("arbiter-sim/" + profile.name)).files;
      const seat = SEATS.indexOf(JSON.parse(files["config.json"])["mano.opponent"]);
      return seat < 0 ? null : seat;
    } catch {
      return null;                             // no settings saved yet: nobody
    }
  }

  function inField(c) {
    return c >= FIELD && c < WALLS;
  }

  function pick(tile, from, dragging) {
    held = { tile, from, dragging };
    render();
  }

  // Put the held tile down: on a position ({cell}), in a hand ({hand}), the pool ({pool}) or beyond
  // the track ({beyond}).
  function drop(where) {
    if (!held) return;
    const { from } = held;
    let { tile } = held;
    held = null;
    change(() => {
      // Whose tile it is: a hand's, or -1 for the pool's, Masbrur's field tiles and those beyond the track.
      const owner = from === "pool" || from === "beyond" ? -1 : from === "hand" ? (table.hands[0].includes(tile) ? 0 : 1)
        : (table.owner[tile] ?? -1);
      const bot = boardSeat();
      const down = table.down[from] === 1 || (owner >= 0 && owner === bot);   // the board's secret
      if (from === "pool") table.bone = table.bone.filter((x) => x !== tile);
      else if (from === "beyond") table.beyond = table.beyond.filter((x) => x !== tile);
      else if (from === "hand") table.hands[owner] = table.hands[owner].filter((x) => x !== tile);
      else {
        delete table.at[from];
        delete table.down[from];
      }
      delete table.owner[tile];
      if (where.cell === from) tile = turned(tile);
      else if (where.cell !== undefined) tile = touching(tile, where.cell);
      const seat = where.hand !== undefined ? where.hand : owner;
      if (where.cell !== undefined && table.at[where.cell] === undefined) {
        table.at[where.cell] = tile;
        table.owner[tile] = owner;
        if (down && inField(where.cell)) table.down[where.cell] = 1;
      } else if (where.beyond || (from === "beyond" && where.hand === undefined)) {
        table.beyond.push(tile);
      } else if (where.pool || (owner < 0 && where.hand === undefined)) {
        table.bone.push(tile);
      } else if (seat !== bot || !faceDown(table, tile, seat)) {
        table.hands[seat].push(tile);
      }
    });
  }

  // On a Masbrur row's input position a tile is turned to touch the row's end.
  function touching(tile, c) {
    const name = cells[c];
    if (table.kind !== "masbrur" || !/^[AD]\d$/.test(name)) return tile;
    const row = name[1];
    const end = name[0] === "A" ? table.at[cells.indexOf("B" + row)]?.[0] : table.at[cells.indexOf("C" + row)]?.[2];
    if (end === undefined) return tile;
    const wantAt = name[0] === "A" ? 2 : 0;
    return tile[wantAt] !== end && tile[2 - wantAt] === end ? turned(tile) : tile;
  }

  function clickPosition(c) {
    if (dragged) dragged = false;              // the end of a drag: pointerup saw to it
    else if (armed) {
      armed = null;
      change(() => dirty.add(c));
      input.faultChanged?.();
    } else if (held) drop({ cell: c });
    else if (table.at[c] !== undefined) pick(table.at[c], c);
  }

  // ---------------------------------------------------------------- buttons

  function press(k, fromRemote) {
    if (downAt.has(k)) return;
    const t = input.now();
    downAt.set(k, t);
    keyEls[k].classList.add("pressed");
    input.contact(t, k, true);
    if (!fromRemote) channel?.postMessage({ key: k, down: true });
    const st = input.status();
    if (names[k] !== "DRAW" || fromRemote || !table.bone.length) return;
    if (st.board?.asks === "draw") {
      change(() => { if (faceDown(table, table.bone[0], st.board.seat)) table.bone.shift(); });
    } else if ((st.legal || []).includes("draw") && st.to_move !== st.board?.seat) {
      const seat = st.to_move;
      change(() => { table.hands[seat].push(table.bone.shift()); });
    }
  }

  function release(k, fromRemote) {
    if (!downAt.has(k)) return;
    const t = Math.max(input.now(), downAt.get(k) + MIN_PRESS_MS);
    downAt.delete(k);
    keyEls[k].classList.remove("pressed");
    input.contact(t, k, false);
    if (!fromRemote) channel?.postMessage({ key: k, down: false });
  }

  // ---------------------------------------------------------------- drawing

  function tileEl(tile, faceUp) {
    const t = el("span", faceUp ? "tile" : "tile back");
    if (faceUp) {
      t.dataset.tile = tile;
      t.append(el("span", "half", tile[0]), el("span", "half", tile[2]));
    }
    return t;
  }

  function render() {
    for (let c = 0; c < cells.length; c++) {
      const b = posEls[c];
      b.querySelector(".tile")?.remove();
      const tile = table.at[c];
      if (tile !== undefined) {
        const t = tileEl(tile, table.down[c] !== 1);
        if (held && held.from === c) t.classList.add("held");
        b.append(t);
      }
      b.classList.toggle("fault-dirty", dirty.has(c));
    }
    const bot = boardSeat();
    [0, 1].forEach((seat) => {
      const row = handEls[seat];
      const who = seat === bot ? " (the board: its tiles lie face down on the field)" : ME === seat ? " (you)" : "";
      const label = el("span", "seat", `${SEATS[seat]}${who}: `);
      const tiles = table.hands[seat].map((tile) => {
        const t = tileEl(tile, mine(seat) && seat !== bot);
        if (mine(seat) || seat === bot) {
          t.addEventListener("pointerdown", (e) => {
            if (e.button !== 0) return;
            e.preventDefault();
            pick(tile, "hand", true);
          });
          if (held && held.tile === tile) t.classList.add("held");
        }
        return t;
      });
      row.replaceChildren(label, ...tiles);
    });
    // The last row: Masbrur's pool, or Mano a Mano's tiles played beyond the track.
    const kind = table.kind === "masbrur" ? "pool" : "beyond";
    const tiles = (kind === "pool" ? table.bone : table.beyond).map((tile) => {
      const t = tileEl(tile, true);
      t.addEventListener("pointerdown", (e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        pick(tile, kind, true);
      });
      if (held && held.tile === tile) t.classList.add("held");
      return t;
    });
    pool.dataset.hand = kind;
    pool.replaceChildren(el("span", "seat", kind === "pool" ? "Pool: " : "Beyond the track (played from the pad): "), ...tiles);
    bone.textContent = kind === "pool" ? "" : `Boneyard: ${table.bone.length}`;
  }

  return {
    names,
    // A stable frame (two bytes per position): the tiles it reads, e.g. "S:6-6 R1:4-6"; a
    // position whose tile lies face down, "A0:face-down" (the board's secret).
    frameText(hexText) {
      const out = [];
      for (let c = 0; c < cells.length; c++) {
        const a = parseInt(hexText.slice(4 * c, 4 * c + 2), 16);
        const b = parseInt(hexText.slice(4 * c + 2, 4 * c + 4), 16);
        if (a === NONE && b === NONE) continue;
        if (table.down[c] === 1) {
          out.push(`${cells[c]}:face-down`);
          continue;
        }
        const half = (v) => (v <= 7 ? String(v) : "?");
        out.push(`${cells[c]}:${half(a)}-${half(b)}`);
      }
      return out.join(" ") || "(empty)";
    },
    draw(leds) { drawLeds(ledEls, leds); },
    armFault(id) { armed = id; },
    armed() { return armed; },
    clearFaults() {
      armed = null;
      change(() => dirty.clear());
      input.faultChanged?.();
    },
    describeFaults() {
      const list = [...dirty].map((c) => cells[c] + " contact dirty");
      return armed ? [...list, faults[0].help] : list;
    },
    closed() { return [...downAt.keys()]; },
    // [contact, reading] of every contact that reads a tile: a power cut moves no tile.
    present() {
      const r = readings();
      const out = [];
      for (let h = 0; h < r.length; h++) if (r[h] !== NONE) out.push([h, r[h]]);
      return out;
    },
    table: () => table,
  };
}
