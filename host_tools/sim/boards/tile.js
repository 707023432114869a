// The tile board (Dominó Mano a Mano and Masbrur: the track, the reader pad, Masbrur's
// field and walls, an LED at each position; MENU, OK, PASS, DRAW, LEFT, RIGHT, ATTACK) on
// screen.
//
// The page keeps the tiles; the firmware sees only what each contact of each position
// reads (firmware/hal/wires.py: per half its pips, 8 no tile, 10 a reading outside every
// window). A position reads half a first: the top half of a tile on the track, the left
// half on the field, the wall slots and the pad.
//
// Moving a tile, as a hand does: drag it from a row or a position and let it go over a
// position or a row; or click it (it is held, outlined) and click where it goes. A tile
// taken off a position without a place to go (let go elsewhere, right-click, Delete, the
// "Take off" button) goes back to its row: its owner's hand, the pool, or for a field tile
// in Masbrur the arsenal of the seat to move. Escape, or a click on the held tile, puts
// it down again. Turning a tile round is its own act: the "Turn round" button turns the
// held tile where it lies (on a position the board then reads it turned). A tile let go
// on the pad while another lies there takes its place (the other goes back to its row).
//
// Mano a Mano: a double-six set dealt into two hands and a boneyard (the board cannot see
// them). DRAW on the board also takes the boneyard's top tile into the mover's hand. A
// tile played beyond the track (shown on the pad, then LEFT or RIGHT) goes in the row
// "beyond the track" once taken off the pad.
//
// Hidden hands: ?seat=0 (or 1) shows only that seat's hand face up; two windows, one per
// seat, share the table (BroadcastChannel) and each runs the board. Without ?seat, both
// hands are face up (hot seat).
//
// Against the board in Mano a Mano (setting mano.opponent): the board's hand is its tiles
// lying face down on Masbrur's field, which the board reads. The deal puts them there (A0,
// B0, ... in order), they are drawn as tile backs in every view (a tile back in its hand
// row too), and they are carried like any tile: face up once on the track or the pad, face
// down again when put back on the field or in the board's hand (which sends them to the
// first free field position). DRAW while the board asks for a draw puts the boneyard's top
// tile face down on the first free field position.
//
// A remote Mano a Mano game (the online panel): the dealer deals, so the table follows the
// board: its player's row holds the tiles the board says are theirs (dealt or drawn), the
// other player's row nothing (their hand is far away), and "The box" every tile nobody here
// has seen, face up to pick from: a tile the far player plays is taken from it. "Collect and
// deal" then only clears the track back into the box.
//
// Masbrur: its table is laid as soon as Masbrur is chosen in the menu or its game starts
// (and again by "Masbrur table"): a double-seven set's field (row r: r-r on B, r-(r+1) on
// C) and the other 20 tiles in the pool. The pool's rows show the pie groups as the
// board counts them; once a group is taken each arsenal lies in its seat's row, and when
// a round is scored every tile off the field goes back to the pool (as hands gather them).
// A tile let go on a row's input position (A or D) is turned to touch that row's end; one
// let go on a row's occupied B or C pushes the row (its far tile out onto the far input
// position). Walls lie face down (face up in their owner's own window, and once combat
// reveals them). A remote Masbrur game is played on this table as it is: both arsenals are
// public, so the far player's row holds theirs (labelled "elsewhere") and their pushes are
// carried out from it; their wall never lies here until the board names it at combat.
import { drawLeds } from "../leds.js";
import * as parts from "./parts.js";
import { el } from "./parts.js";

const MIN_PRESS_MS = 50;
const DRAG_PX = 6;                // a pointer moved this far while down is a drag, not a click
const NONE = 8;
const BAD = 10;
const SIDE = 13;
const PAD = 27;
const FIELD = 28;                 // A0; the field is cells FIELD .. WALLS - 1
const WALLS = 60;
const SEATS = "AB";
const REVEALED = ["combat_select", "combat_steal", "over"];   // Masbrur: the walls face up
const PARAMS = new URLSearchParams(location.search);
const ME = PARAMS.has("seat") ? Number(PARAMS.get("seat")) : null;

export const hint =
  "Move a tile as a hand does: drag it from a row onto a position or back, or click it, " +
  "then click where it goes; right-click, Delete or \"Take off\" takes it off a position, " +
  "Escape puts it down again, \"Turn round\" turns the held tile. Mano a Mano: the lead on S," +
  " then the next slot at either end; DRAW and PASS are the board's buttons; LEFT or RIGHT " +
  "names who leads; at the end of a hand the tiles left in hand go on the pad P, one at a " +
  "time. ?seat=0 / ?seat=1 shows one seat's hand only (two windows, two seats). Against the" +
  " board (menu R9, R10): its tiles lie face down on the field; carry the one it plays from" +
  " the blinking field position to the blinking slot; when it draws press DRAW. Masbrur " +
  "(menu L6): choosing it lays its field; pie group 1 goes on P tile by tile, then OK; " +
  "a wall on your wall slots; a push: the tile on the row's B or C (the row slides), then " +
  "the tile pushed out into your arsenal; formations and steals: each tile on P with the " +
  "square it gives on the left.";

export const faults = [
  { id: "dirty", label: "Dirty contact", help: "click a position: its first contact reads between two windows" },
];

// Every position's name, in cell order (firmware/app/boards/tile_positions.py).
function positionNames() {
  const out = ["S"];
  for (const side of "LR") for (let k = 1; k <= SIDE; k++) out.push(side + k);
  out.push("P");
  for (let row = 0; row < 8; row++) for (const col of "ABCD") out.push(col + row);
  return out.concat(["WA1", "WA2", "WB1", "WB2"]);
}

function turned(tile) {
  return `${tile[2]}-${tile[0]}`;
}

function lowFirst(tile) {
  return tile[0] <= tile[2] ? tile : turned(tile);
}

const setOrder = (a, b) => (a < b ? -1 : a > b ? 1 : 0);   // "0-0" < "0-1" < … < "7-7"

// Masbrur's table: the standard field on B and C, the 20 other double-seven tiles in the pool.
function masbrurTable(cells) {
  const at = {};
  const onField = new Set();
  for (let r = 0; r < 8; r++) {
    at[cells.indexOf("B" + r)] = `${r}-${r}`;
    at[cells.indexOf("C" + r)] = `${r}-${(r + 1) % 8}`;
    onField.add(`${r}-${r}`);
    onField.add(lowFirst(`${r}-${(r + 1) % 8}`));
  }
  const pool = [];
  for (let a = 0; a <= 7; a++) for (let b = a; b <= 7; b++) if (!onField.has(`${a}-${b}`)) pool.push(`${a}-${b}`);
  return { kind: "masbrur", hands: [[], []], bone: pool, at, owner: {}, down: {}, beyond: [] };
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
    table.owner[lowFirst(tile)] = seat;
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
  let dealSeed = Number(PARAMS.get("deal")) || 0;   // ?deal=N: the deals are N, N+1, … (tests)
  const nextDeal = () => (dealSeed ? dealSeed++ : Date.now());
  let table = null;                            // (boardSeat reads it)
  table = load() || deal(nextDeal(), boardSeat());
  table.down ??= {};                           // a table saved before these two
  table.beyond ??= [];
  const dirty = new Set();                     // cells whose first contact reads BAD
  const downAt = new Map();
  let held = null;                             // the tile picked up: {tile, cell} or {tile, row}
  let pointer = null;                          // the pointer down on the board, what it picked
  let ghost = null;                            // the tile following the pointer in a drag
  let armed = null;
  let sensedAt = 0;                            // the latest instant a reading was sent for
  let seenMoves = null;                        // Masbrur: the moves and round followed
  let seenRound = null;
  let seenHand = null;                         // a remote Mano a Mano game: the hand followed
  let seenGame = null;                         // the game the table was last laid for
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
  const walls = [el("div", "tile-walls seat-a"), el("div", "tile-walls seat-b")];
  for (const w of ["WA1", "WA2"]) walls[0].append(position(w, true));
  for (const w of ["WB1", "WB2"]) walls[1].append(position(w, true));
  middle.append(walls[0], field, position("P", true), walls[1]);
  board.append(track, middle);
  const extras = el("div", "light-extras tile-keys");
  for (let k = 0; k < names.length; k++) {
    keyEls[k] = parts.makeButton(k, names[k], press, release);
    extras.append(keyEls[k]);
  }
  const hands = el("div", "tile-hands");
  const handEls = [0, 1].map((seat) => {
    const row = el("div", "tile-hand");
    row.dataset.hand = seat;
    hands.append(row);
    return row;
  });
  // Mano a Mano's row of tiles played beyond the track; Masbrur's pool (split into the pie
  // groups while they are offered).
  const pools = [el("div", "tile-hand"), el("div", "tile-hand")];
  hands.append(...pools);
  const entry = el("p", "tile-entry");         // Masbrur: what the tiles shown on P entered so far
  entry.hidden = true;
  hands.append(entry);
  const tools = el("div", "marble-hand tile-tools");
  const bone = el("span", "tile-bone");
  const turn = button("tile-turn", "Turn round", "Turn the held tile round where it lies",
    turnHeld);
  const off = button("tile-off", "Take off", "Take the held tile off its position, back to its " +
    "row", () => takeOff());
  const again = button("tile-deal", "Collect and deal", "Every tile back, shuffled, and dealt 7 " +
    "and 7 (a new hand on the table)",
  () => change(() => { table = far() ? boxed(table, input.status(), true) : deal(nextDeal(),
    boardSeat()); }, false, true));
  const masbrur = button("tile-masbrur", "Masbrur table", "The standard Masbrur field on the " +
    "board and the other 20 tiles in the pool",
  () => change(() => { table = masbrurTable(cells); }));
  tools.append(bone, turn, off, again, masbrur);
  root.append(board, extras, hands, tools);
  channel?.addEventListener("message", (e) => remote(e.data));
  root.addEventListener("pointerdown", pointerDown);
  document.addEventListener("pointermove", pointerMove);
  document.addEventListener("pointerup", pointerUp);
  root.addEventListener("contextmenu", (e) => {
    const spot = spotOf(e.target);
    if (spot?.cell === undefined || table.at[spot.cell] === undefined) return;
    e.preventDefault();                        // a right-click takes the tile off
    held = { tile: table.at[spot.cell], cell: spot.cell };
    takeOff();
  });
  document.addEventListener("keydown", (e) => {
    if (!held || e.target.closest?.("input, textarea")) return;
    if (e.key === "Escape") putDown();
    else if (e.key === "Delete" || e.key === "Backspace") takeOff();
    else return;
    e.preventDefault();
  });
  render();

  function button(id, text, title, fn) {
    const b = el("button", "", text);
    b.type = "button";
    b.id = id;
    b.title = title;
    b.addEventListener("click", fn);
    return b;
  }

  function position(name, flat) {
    const c = cells.indexOf(name);
    const b = el("button", flat ? "tile-pos flat" : "tile-pos");
    b.type = "button";
    b.dataset.name = name;
    b.dataset.pos = name;
    b.title = name;
    const led = el("span", "led");
    led.dataset.led = c;
    ledEls[c] = led;
    const top = el("span", "tile-top");
    top.append(led, el("span", "tile-label", name));
    b.append(top);
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
    let t = Math.max(input.now(), sensedAt);   // never before a deal still to be read
    sensedAt = gathered ? t + gatherMs : t;
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
    if (msg.table) {
      held = null;
      change(() => { table = msg.table; }, true, msg.gathered);
    }
    if (msg.key !== undefined) (msg.down ? press : release)(msg.key, true);
  }

  // What every contact reads with the tiles of ``at`` (by default the table's): [half a,
  // half b] per position.
  function readings(at = table.at) {
    const out = new Array(2 * cells.length).fill(NONE);
    for (const [c, tile] of Object.entries(at)) {
      out[2 * c] = Number(tile[0]);
      out[2 * c + 1] = Number(tile[2]);
    }
    for (const c of dirty) out[2 * c] = BAD;
    return out;
  }

  function isMasbrur() {
    return table?.kind === "masbrur";
  }

  function mine(seat) {
    return ME === null || ME === seat;
  }

  // The seat the board plays (0, 1) or null: its game's, or before one the setting of the
  // game the table is laid for (a deal lays the board's hand face down).
  function boardSeat() {
    const st = input.status();
    if (st.game) return st.board && !st.online ? st.board.seat : null;
    const seat = SEATS.indexOf(setting((isMasbrur() ? "masbrur" : "mano") + ".opponent"));
    return seat < 0 ? null : seat;
  }

  // A setting as the board saved it (its config.json on the page's flash), or undefined.
  function setting(key) {
    try {
      const files = JSON.parse(localStorage.getItem("arbiter-sim/" + profile.name)).files;
      return JSON.parse(files["config.json"])[key];
    } catch {
      return undefined;                        // no settings saved yet
    }
  }

  function inField(c) {
    return c >= FIELD && c < WALLS;
  }

  function wallOf(c) {                         // the seat whose wall slot ``c`` is, or -1
    return c >= WALLS ? (c - WALLS) >> 1 : -1;
  }

  function ownerOf(tile) {
    return table.owner[lowFirst(tile)] ?? -1;
  }

  // The row a tile goes to from position ``c`` when no place is named (see the top).
  function homeOf(tile, c) {
    const st = input.status();
    const seat = typeof st.to_move === "number" ? st.to_move : -1;
    if (isMasbrur()) {
      if (seat >= 0 && (inField(c) || (c === PAD && st.phase === "combat_steal"))) return seat;
      return ownerOf(tile) >= 0 ? ownerOf(tile) : "pool";
    }
    if (ownerOf(tile) < 0 || inLine(tile)) return "beyond";
    return ownerOf(tile);
  }

  // Mano a Mano: is ``tile`` in the line (played), as the board's position says?
  function inLine(tile) {
    const line = / line=(.*?) h0=/.exec(input.status().position || "");
    return !!line && line[1].split(" ").map(lowFirst).includes(lowFirst(tile));
  }

  function rowTiles(row) {
    return row === "pool" ? table.bone : row === "beyond" ? table.beyond : table.hands[row];
  }

  // Take the held tile from where it lies (its row's array, or its position).
  function lift(h) {
    if (h.cell === undefined) {
      const list = rowTiles(h.row);
      list.splice(list.indexOf(h.tile), 1);
    } else {
      delete table.at[h.cell];
      delete table.down[h.cell];
    }
  }

  // A tile into a row (low end first; Masbrur's rows in set order). The board's own tiles in
  // Mano a Mano go face down on the field instead.
  function intoRow(tile, row) {
    delete table.owner[lowFirst(tile)];
    if (!isMasbrur() && row === boardSeat() && faceDown(table, lowFirst(tile), row)) return;
    const list = rowTiles(row);
    list.push(lowFirst(tile));
    if (isMasbrur()) list.sort(setOrder);
  }

  function onto(c, tile, owner, secret) {
    table.at[c] = tile;
    if (owner >= 0) table.owner[lowFirst(tile)] = owner;
    if ((secret && inField(c)) || (isMasbrur() && wallOf(c) >= 0)) table.down[c] = 1;
  }

  // The held tile let go over ``spot`` ({cell} or {row}); false when it cannot go there (it
  // stays held).
  function drop(spot) {
    const h = held;
    if (!h) return false;
    const c = spot.cell;
    const free = c === undefined || table.at[c] === undefined || c === h.cell;
    if (!free && c !== PAD && !canPush(c, h)) return false;
    held = null;
    change(() => {
      const seat = h.row === 0 || h.row === 1 ? h.row : -1;
      const owner = h.cell === undefined ? seat : ownerOf(h.tile);
      const bot = boardSeat();
      const secret = !isMasbrur() && (table.down[h.cell] === 1 || (owner >= 0 && owner === bot));
      lift(h);
      if (c === undefined) intoRow(h.tile, spot.row);
      else if (table.at[c] === undefined) onto(c, touching(h.tile, c), owner, secret);
      else if (c === PAD) {
        const other = table.at[PAD];
        const home = homeOf(other, PAD);
        delete table.at[PAD];
        intoRow(other, home);
        onto(PAD, h.tile, owner, secret);
      } else push(c, h.tile, owner);
    });
    return true;
  }

  // Masbrur: can the held tile push row of position ``c`` (its B or C) from that side?
  function canPush(c, h) {
    const name = cells[c];
    if (!isMasbrur() || !/^[BC]\d$/.test(name)) return false;
    const row = name[1];
    const far = cells.indexOf((name[0] === "C" ? "A" : "D") + row);
    return table.at[far] === undefined || h.cell === far;
  }

  // The row of ``c`` slides one place away from the side pushed (C: from the right, B: from
  // the left): its far tile onto the far input position, ``tile`` on ``c``, turned to touch
  // the end it meets.
  function push(c, tile, owner) {
    const row = cells[c][1];
    const at = (col) => cells.indexOf(col + row);
    const right = cells[c][0] === "C";
    const [a, b, cc, d] = ["A", "B", "C", "D"].map(at);
    const end = right ? table.at[cc][2] : table.at[b][0];
    if (right) {
      table.at[a] = table.at[b];
      table.at[b] = table.at[cc];
    } else {
      table.at[d] = table.at[cc];
      table.at[cc] = table.at[b];
    }
    const want = right ? 0 : 2;
    onto(c, tile[want] !== end && tile[2 - want] === end ? turned(tile) : tile, owner, false);
  }

  // On a Masbrur row's input position a tile is turned to touch the row's end.
  function touching(tile, c) {
    const name = cells[c];
    if (!isMasbrur() || !/^[AD]\d$/.test(name)) return tile;
    const row = name[1];
    const end = name[0] === "A" ? table.at[cells.indexOf("B" + row)]?.[0] : table.at[cells.indexOf("C" + row)]?.[2];
    if (end === undefined) return tile;
    const wantAt = name[0] === "A" ? 2 : 0;
    return tile[wantAt] !== end && tile[2 - wantAt] === end ? turned(tile) : tile;
  }

  // The held tile off its position, back to its row (see homeOf).
  function takeOff() {
    if (held?.cell === undefined) return;
    drop({ row: homeOf(held.tile, held.cell) });
  }

  function putDown() {
    held = null;
    render();
  }

  // The held tile turned round where it lies: in a row only its look; on a position the
  // board reads it turned.
  function turnHeld() {
    const h = held;
    if (!h) return;
    const tile = turned(h.tile);
    if (h.cell === undefined) {
      const list = rowTiles(h.row);
      list[list.indexOf(h.tile)] = tile;
      h.tile = tile;
      render();
    } else {
      h.tile = tile;
      change(() => { table.at[h.cell] = tile; });
    }
  }

  // ---------------------------------------------------------------- the pointer

  // What a pointer is over: {cell} for a position, {row, tile} for a row (and the tile
  // there, if any), or null.
  function spotOf(target) {
    const pos = target?.closest?.("[data-pos]");
    if (pos && root.contains(pos)) return { cell: cells.indexOf(pos.dataset.pos) };
    const row = target?.closest?.("[data-hand]");
    if (!row || !root.contains(row)) return null;
    const key = row.dataset.hand === "0" || row.dataset.hand === "1" ? Number(row.dataset.hand)
      : row.dataset.hand;
    const t = target.closest(".tile[data-at]");
    return { row: key, tile: t ? rowTiles(key)[t.dataset.at] : null };
  }

  function pointerDown(e) {
    if (e.button !== 0) return;
    const spot = spotOf(e.target);
    if (!spot) return;
    e.preventDefault();
    pointer = { x: e.clientX, y: e.clientY, spot, picked: false };
    if (held || armed) return;
    const tile = spot.cell === undefined ? spot.tile : table.at[spot.cell];
    if (!tile || !movable(spot)) return;
    held = spot.cell === undefined ? { tile, row: spot.row } : { tile, cell: spot.cell };
    pointer.picked = true;
    render();
  }

  // Can a person pick this tile up? Not from the other seat's hidden hand (Mano a Mano,
  // a seat window).
  function movable(spot) {
    if (spot.cell !== undefined || typeof spot.row !== "number" || isMasbrur()) return true;
    return mine(spot.row) || spot.row === boardSeat();
  }

  function pointerMove(e) {
    if (!pointer || !held || !pointer.picked) return;
    if (!ghost && Math.hypot(e.clientX - pointer.x, e.clientY - pointer.y) < DRAG_PX) return;
    if (!ghost) {
      ghost = tileEl(held.tile, true);
      ghost.classList.add("ghost");
      document.body.append(ghost);
    }
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
  }

  // A click (the pointer let go where it went down) or the end of a drag: a tile picked
  // up stays held after its click; the held tile goes where the pointer is let go.
  function pointerUp(e) {
    if (!pointer) return;
    const p = pointer;
    pointer = null;
    ghost?.remove();
    ghost = null;
    const spot = spotOf(document.elementFromPoint(e.clientX, e.clientY));
    // A drag: the pointer moved, or the page scrolled it over another place.
    const moved = Math.hypot(e.clientX - p.x, e.clientY - p.y) >= DRAG_PX
      || !sameSpot(spot, p.spot);
    if (armed) {
      if (!moved && spot?.cell !== undefined) {
        armed = null;
        change(() => dirty.add(spot.cell));
        input.faultChanged?.();
      }
      return;
    }
    if (!held || (p.picked && !moved)) return;
    if (!spot) {                               // let go off the board
      if (moved && held.cell !== undefined) takeOff();
      else if (moved) putDown();
    } else if (spot.cell !== undefined) {
      if (spot.cell === held.cell || (!drop(spot) && moved)) putDown();
    } else if (held.cell === undefined && spot.tile && !moved) {
      // A click on another row's tile picks that one instead (a position's tile clicked
      // back into a row goes there, whatever part of the row is clicked).
      held = spot.tile === held.tile || !movable(spot) ? null : { tile: spot.tile, row: spot.row };
      render();
    } else if (held.cell === undefined && spot.row === held.row) {
      putDown();                               // let go over its own row
    } else {
      drop(spot);
    }
  }

  function sameSpot(a, b) {
    return a === b || (!!a && !!b && a.cell === b.cell && a.row === b.row && a.tile === b.tile);
  }

  // ---------------------------------------------------------------- following the game

  // Masbrur, as the status changes (main.js): the pie groups taken into the arsenals once
  // one is chosen (and back in the pool when an undo takes the choice back), and every
  // tile off the field back to the pool once a round is scored.
  function follow(st) {
    layFor(st);
    if (far() && st.online.hand !== seenHand) {
      seenHand = st.online.hand;
      change(() => { table = boxed(table, st, false); });
    }
    if (!isMasbrur() || st.game !== "masbrur") {
      seenMoves = seenRound = null;
      return;
    }
    const round = Number(/round (\d+)/.exec(st.position || "")?.[1]);
    const fresh = seenMoves === null ? [] : st.moves.slice(seenMoves);
    const undone = seenMoves !== null && st.moves.length < seenMoves;
    if (fresh.some((m) => m === "C1" || m === "C2")) change(() => takeGroups(st.arsenals));
    if (undone && (st.phase === "pie_offer" || st.phase === "pie_accept")) change(handsToPool);
    if (seenRound !== null && round > seenRound) change(gather);
    seenMoves = st.moves.length;
    seenRound = round;
  }

  // Masbrur's table laid as soon as Masbrur is the game the board plays or starts from
  // its menu (chosen there, saved), unless a move was made on the table there is. (Back
  // to Mano a Mano, "Collect and deal" deals: each window of a two-window game would
  // deal its own.)
  function layFor(st) {
    const game = st.game || setting("game");
    if (game === seenGame) return;
    seenGame = game;
    if (game === "masbrur" && !isMasbrur() && !st.moves.length) {
      change(() => { table = masbrurTable(cells); });
    }
  }

  function takeGroups(arsenals) {
    held = null;
    arsenals.forEach((tiles, seat) => {
      for (const tile of tiles) {
        const i = table.bone.indexOf(tile);
        if (i >= 0) table.bone.splice(i, 1);
        else if (table.at[PAD] && lowFirst(table.at[PAD]) === tile) delete table.at[PAD];
        else continue;
        intoRow(tile, seat);
      }
    });
  }

  function handsToPool() {
    held = null;
    for (const seat of [0, 1]) {
      for (const tile of table.hands[seat].splice(0)) intoRow(tile, "pool");
    }
  }

  function gather() {
    handsToPool();
    for (const c of [PAD, WALLS, WALLS + 1, WALLS + 2, WALLS + 3]) {
      if (table.at[c] === undefined) continue;
      intoRow(table.at[c], "pool");
      delete table.at[c];
      delete table.down[c];
    }
  }

  // A remote Mano a Mano game (see the top)?
  function far() {
    const st = input.status();
    return !isMasbrur() && st.game === "mano" && !!st.online;
  }

  // The table of a remote game: the board's player's tiles (as the board says) in their row,
  // everything not on a position nor beyond the track in the box (``clear``: the track
  // cleared into it too).
  function boxed(t, st, clear) {
    const at = {};
    if (!clear) for (const c of Object.keys(t.at)) at[c] = t.at[c];
    const beyond = clear ? [] : t.beyond;
    const out = { hands: [[], []], bone: [], at, owner: {}, down: {}, beyond };
    const used = new Set([...Object.values(at), ...out.beyond].map(lowFirst));
    const own = st.online ? 1 - st.online.far : 0;
    for (const tile of (st.online?.hand || "").split(" ")) {
      if (tile && !used.has(tile)) out.hands[own].push(tile);
    }
    for (let a = 0; a <= 6; a++) {
      for (let b = a; b <= 6; b++) {
        const tile = `${a}-${b}`;
        if (!used.has(tile) && !out.hands[own].includes(tile)) out.bone.push(tile);
      }
    }
    return out;
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
    if (names[k] !== "DRAW" || fromRemote || !table.bone.length || isMasbrur() || far()) return;
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

  // Is the tile on position ``c`` face up in this window?
  function faceUp(c, st) {
    if (table.down[c] !== 1) return true;
    const seat = wallOf(c);
    return seat >= 0 && (ME === seat || REVEALED.includes(st.phase));
  }

  // A row's tiles, each knowing its place in its row's list (data-at: ``at(i)``) so that a
  // click finds it.
  function rowEls(tiles, key, up, at = (i) => i) {
    return tiles.map((tile, i) => {
      const t = tileEl(tile, up);
      t.dataset.at = at(i);
      const picked = held && held.cell === undefined && held.row === key && held.tile === tile;
      if (picked) t.classList.add("held");
      return t;
    });
  }

  function render() {
    const st = input.status();
    for (let c = 0; c < cells.length; c++) {
      const b = posEls[c];
      b.querySelector(".tile")?.remove();
      const tile = table.at[c];
      if (tile !== undefined) {
        const t = tileEl(tile, faceUp(c, st));
        if (held && held.cell === c) t.classList.add("held");
        b.append(t);
      }
      b.classList.toggle("fault-dirty", dirty.has(c));
    }
    const bot = boardSeat();
    const masbrurGame = isMasbrur();
    const board = " (the board" + (masbrurGame ? ")" : ": its tiles lie face down on the field)");
    [0, 1].forEach((seat) => {
      const online = far() || masbrurGame ? input.status().online : null;
      const who = online?.far === seat
        ? (masbrurGame ? " (elsewhere)" : " (elsewhere: their tiles are far away)")
        : seat === bot ? board : ME === seat || online ? " (you)" : ME === null ? " (player)" : "";
      const label = el("span", "seat", `${SEATS[seat]}${who}${masbrurGame ? ", arsenal" : ""}: `);
      const up = masbrurGame || (mine(seat) && seat !== bot);   // arsenals are public
      handEls[seat].replaceChildren(label, ...rowEls(table.hands[seat], seat, up));
    });
    renderPools(st);
    bone.textContent = masbrurGame || far() ? "" : `Boneyard: ${table.bone.length}`;
    turn.disabled = !held;
    off.disabled = held?.cell === undefined;
  }

  // The last rows: Mano a Mano's tiles beyond the track; Masbrur's pool, as the pie groups
  // while they are offered (as the board counts them), and what P has entered.
  function renderPools(st) {
    const [first, second] = pools;
    const fill = (row, text, tiles, key) => row.replaceChildren(el("span", "seat", text),
      ...rowEls(tiles, key, true, (i) => rowTiles(key).indexOf(tiles[i])));
    second.hidden = true;
    second.replaceChildren();
    entry.hidden = true;
    if (!isMasbrur()) {
      first.dataset.hand = "beyond";
      fill(first, "Beyond the track (played from the pad): ", table.beyond, "beyond");
      if (far()) {
        second.dataset.hand = "pool";
        fill(second, `The box, tiles nobody here has seen (${table.bone.length}): `,
          table.bone, "pool");
        second.hidden = false;
      }
      return;
    }
    first.dataset.hand = second.dataset.hand = "pool";
    if (st.game === "masbrur" && (st.phase === "pie_offer" || st.phase === "pie_accept")) {
      const group = st.group;
      const inGroup = table.bone.filter((t) => group.includes(t));
      const rest = table.bone.filter((t) => !group.includes(t));
      const onPad = group.length > inGroup.length ? ", one on P" : "";
      const offered = st.phase === "pie_accept";
      fill(first, offered ? `Group 1, LEFT takes it (${group.length}): `
        : `Pool, group 1 as the board counts it (${group.length}${onPad}): `, inGroup, "pool");
      fill(second, offered ? `Group 2, RIGHT takes it (${20 - group.length}): `
        : `Pool, the rest (${rest.length}): `, rest, "pool");
      second.hidden = false;
    } else {
      fill(first, `Pool (${table.bone.length}): `, table.bone, "pool");
    }
    const shown = (st.forms || []).map(([row, uses]) =>
      `${row === 0 ? "upper" : "lower"} row ${uses.map((u) => u[1]).join(" ")}`);
    const taken = (st.steal || []).map(([t, v]) => `${t} (adds ${v})`);
    if (taken.length) shown.push("taking " + taken.join(", "));
    entry.hidden = !shown.length || st.game !== "masbrur";
    entry.textContent = "Shown on P so far: " + shown.join(" · ");
  }

  return {
    names,
    // A stable frame (two bytes per position): the tiles it reads, e.g. "S:6-6 R1:4-6"; a
    // position whose tile lies face down, "A0:face-down" (the board's secret, a wall).
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
    draw(leds, lit) { drawLeds(ledEls, leds, lit); },
    follow(st) {
      follow(st);
      render();
    },
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
