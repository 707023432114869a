// The Arbiter simulator page: the firmware itself runs on MicroPython (WebAssembly) in this
// page (glue.py drives the board's own runner and drivers over simulated pins); the board
// is drawn by its board module (boards/<kind>.js); the side panel shows what a real board
// cannot. The board's files are saved in localStorage after every call that wrote one, so
// a reload is power coming back.
//
// ?clock=manual stops the real-time clock: board time then moves only through
// window.arbiter.advance(ms) (tests use it so that timeouts need no waiting).
import { loadMicroPython } from "./micropython/micropython.mjs";
import { parseLeds, swatch } from "./leds.js";

const MANUAL = new URLSearchParams(location.search).get("clock") === "manual";
const FRAME_MS = 20;     // the page's timer period
const CHUNK_MS = 200;    // at most this much board time per call into the interpreter
const HEAP_BYTES = 1 << 21;
const AUDIO_LATENCY_S = 0.05;
const VOLUME = 0.05;
const KEEP = 200;        // key events and tones kept for the panel and the tests
const $ = (id) => document.getElementById(id);

let bundle, glueText, board, storageKey;
let mp = null;           // the interpreter
let powered = false;     // the interpreter is up, its glue module ready
const retired = [];      // see call()
let fatal = null;
let manualMs = 0;
const t0 = performance.now();
const clockNow = () => (MANUAL ? manualMs : Math.round(performance.now() - t0));
let bootAt = 0;          // clock time of the last power-up
let boardT = 0;          // board time (ms since power-up) the firmware has reached
let pending = [];        // contact changes [clock_ms, key, closed], ascending
let status = {};
let leds = [];
const keyEvents = [];
const tones = [];
let firstSeat = null;    // seat that moved first in the game shown, if the seats alternate
let movers = [];         // the seat that made each move, as seen move by move (null: not seen)
let turnSeen = null;     // the seat to move in the last status
let ledLevel = null;      // the board's LED brightness (0-255), as last drawn
let moverNames = [];     // the name of the player who made each move, as seen (null: not seen)
let namesSeen = null;    // each seat's name in the last status
let serialIn = "";       // for the board's USB serial (the page's online seat: online_seat.js)
const serialOut = [];    // who hears what the board writes there
const powerHooks = [];   // who hears that the board powered up (its serial opens anew)
let queue = Promise.resolve();

// One thing at a time in the interpreter: ticks, power cuts, test steps.
function exclusive(fn) {
  const p = queue.then(fn);
  queue = p.catch(() => {});
  return p;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ board files

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

function writeFile(FS, path, data) {
  mkdirs(FS, path.slice(0, path.lastIndexOf("/")));
  FS.writeFile(path, data);
}

// The flash: every file under /board but the firmware and the profile (both come from
// the server at each power-up, like a deploy), as latin-1 strings (bytes kept exactly).
function boardFiles(FS) {
  const out = {};
  const walk = (dir, rel) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const r = rel + name;
      if (r === "firmware" || r === "profile.json") continue;
      const path = dir + "/" + name;
      if (FS.isDir(FS.stat(path).mode)) walk(path, r + "/");
      else {
        const bytes = FS.readFile(path);
        let s = "";
        for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
        out[r] = s;
      }
    }
  };
  walk("/board", "");
  return out;
}

function loadSaved() {
  const text = localStorage.getItem(storageKey);
  if (text === null) return {};
  try {
    const saved = JSON.parse(text);
    if (saved && saved.version === 1 && typeof saved.files === "object") return saved.files;
  } catch { /* below */ }
  warn("the saved board in this browser was unreadable: the board starts with an empty flash");
  return {};
}

function persist() {
  try {
    localStorage.setItem(storageKey, JSON.stringify({ version: 1, files: boardFiles(mp.FS) }));
  } catch (e) {
    warn("could not save the board's files in this browser (" + e.name + "): a reload would lose them");
  }
}

// ------------------------------------------------------------------ power

// Calls into the interpreter go through runPython and a global holding the reply (a
// string, passed by value): no JS proxy of a Python object is made. Proxies are freed
// by a finalizer that calls the newest interpreter, so one outliving its interpreter
// would free an object of the next one.
function call(code) {
  mp.runPython("_reply = " + code);
  return JSON.parse(mp.globals.get("_reply"));
}

async function powerUp() {
  powered = false;
  if (mp) retired.push(mp.globals.__dict__);   // the one proxy loadMicroPython makes
  mp = await loadMicroPython({
    heapsize: HEAP_BYTES,
    stdout: (line) => console.log("[board]", line),
    stderr: (line) => console.warn("[board]", line),
  });
  const FS = mp.FS;
  mkdirs(FS, "/board");
  for (const [path, s] of Object.entries(loadSaved())) writeFile(FS, "/board/" + path, Uint8Array.from(s, (c) => c.charCodeAt(0)));
  for (const [path, text] of Object.entries(bundle.files)) writeFile(FS, "/board/" + path, text);
  FS.writeFile("/board/profile.json", JSON.stringify(bundle.profile));
  writeFile(FS, "/sim/glue.py", glueText);
  mp.runPython("import os, sys\nos.chdir('/board')\nsys.path.append('/sim')\nimport glue");
  bootAt = clockNow();
  boardT = 0;
  // A power cut opens no contact: a stuck or held key is closed from the start.
  pending = pending.filter((c) => c[0] > bootAt);
  for (const k of board.closed()) addContact(bootAt, k, true);
  // What the sensors read: a cell (a marble: 1) or [cell, reading] (a stone's colour).
  for (const c of board.present ? board.present() : []) {
    if (Array.isArray(c)) addSensor(bootAt, c[0], c[1]);
    else addSensor(bootAt, c, 1);
  }
  firstSeat = null;
  movers = [];
  moverNames = [];
  turnSeen = namesSeen = null;
  powered = true;
  apply(call(`glue.boot(${MANUAL ? "False" : "True"})`));
  refreshLogs();
  serialIn = "";
  for (const hook of powerHooks) hook();
}

function powerCut() {
  return exclusive(async () => {
    powered = false;   // the interpreter is dropped as it is: nothing more is saved
    silence();
    await powerUp();
  });
}

function erase() {
  return exclusive(async () => {
    powered = false;
    localStorage.removeItem(storageKey);
    await powerUp();
  });
}

// ------------------------------------------------------------------ running

// An input change at clock time t: a key contact ("k", closed or not) or a space's
// sensor ("s", what it reads: false/true or a number, e.g. 0-3 for a stone's colour).
function addInput(t, kind, index, on) {
  let i = pending.length;
  while (i > 0 && pending[i - 1][0] > t) i--;
  pending.splice(i, 0, [t, kind, index, on]);
}
const addContact = (t, key, closed) => addInput(t, "k", key, closed);
const addSensor = (t, cell, value) => addInput(t, "s", cell, value);

// Run the board up to clock time `until` (one call into the interpreter).
function runTo(until) {
  const due = [];
  while (pending.length && pending[0][0] <= until) {
    const [t, kind, i, on] = pending.shift();
    due.push([Math.max(0, t - bootAt), kind, i, Number(on)]);
  }
  mp.globals.set("_serial", serialIn);
  serialIn = "";
  apply(call(`glue.run(${until - bootAt}, ${JSON.stringify(due)}, _serial)`));
}

async function runUntil(target) {
  while (powered && !fatal && bootAt + boardT < target) {
    runTo(Math.min(target, bootAt + boardT + CHUNK_MS));
    if (bootAt + boardT < target) await sleep(0);   // let the page breathe
  }
}

function guarded(fn) {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (e) {
      stop(e);
      throw e;
    }
  };
}

function stop(e) {
  fatal = e;
  powered = false;
  silence();
  showBanner("The simulator stopped: " + (e && e.message ? e.message : e), true);
  console.error(e);
}

async function realtime() {
  for (;;) {
    await sleep(FRAME_MS);
    if (powered && !fatal) await exclusive(guarded(() => runUntil(clockNow()))).catch(() => {});   // stop() shows it
  }
}

function advance(ms) {
  if (!MANUAL) return Promise.reject(new Error("advance() needs ?clock=manual"));
  return exclusive(guarded(async () => {
    manualMs += ms;
    await runUntil(manualMs);
  }));
}

// ------------------------------------------------------------------ what the board did

function apply(out) {
  boardT = out.t;
  if (out.serial) for (const hear of serialOut) hear(out.serial);
  if (out.leds) {
    leds = parseLeds(out.leds);
    board.draw(leds, { colours: parseLeds(out.colours), level: out.level });
    ledLevel = out.level;
  }
  for (const [t, kind, key] of out.events) {
    const name = kind === "frame" ? board.frameText(key) : board.names[key];
    keyEvents.push({ t, kind, key: name });
    logKey(t, kind, name);
  }
  keyEvents.splice(0, keyEvents.length - KEEP);
  if (out.tones.length) play(out.tones, out.t);
  if (out.dirty) {        // first: the page reads the saved settings as it follows the status
    persist();
    refreshLogs();
  }
  if (out.status) {
    status = out.status;
    showStatus();
  }
  $("heap").textContent = (out.heap / 1024).toFixed(0) + " KB";
  $("board-time").textContent = (out.t / 1000).toFixed(1) + " s";
}

let audio = null;

function play(list, now) {
  for (const [t, freq, duty] of list) tones.push({ t, freq, duty });
  tones.splice(0, tones.length - KEEP);
  if (MANUAL || !audio || !$("sound").checked) return;
  const { ctx, osc, gain } = audio;
  for (const [t, freq, duty] of list) {
    const at = Math.max(ctx.currentTime, ctx.currentTime + AUDIO_LATENCY_S + (t - now) / 1000);
    if (freq) osc.frequency.setValueAtTime(freq, at);
    gain.gain.setValueAtTime(duty ? VOLUME : 0, at);
  }
}

function silence() {
  if (audio) audio.gain.gain.setValueAtTime(0, audio.ctx.currentTime);
}

function startAudio() {
  if (audio || MANUAL) return;
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "square";   // a piezo buzzer driven by PWM
  gain.gain.value = 0;
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  audio = { ctx, osc, gain };
}

// ------------------------------------------------------------------ panel

function showStatus() {
  const s = status;
  $("screen").textContent = s.screen || "";
  $("message").textContent = s.message || "";
  // The players as the game names them (Black and White in Fursaz, …), else the seats.
  const players = s.players || s.seats || "AB";
  const seat = (p) => (p === 0 || p === 1 ? players[p] : "");
  $("turn").textContent = s.result ? "" : seat(s.to_move) + (s.thinking ? " (the board: thinking…)" : "");
  $("clocks").textContent = s.clocks_ms ? `${seat(0)} ${fmtMs(s.clocks_ms[0])} · ${seat(1)} ${fmtMs(s.clocks_ms[1])}` : s.game ? "off" : "";
  $("move-left").textContent = s.move_ms_left == null ? (s.game && !s.result ? "off" : "") : fmtMs(s.move_ms_left);
  $("result").textContent = s.result ? resultText(s.result, s.score, seat) : "";
  // A game with secrets on the table (Masbrur's walls) says what the people there read.
  $("position").textContent = s.public_position || s.position || "";
  // Boards that guide the player's hands: what is still to do on the board.
  for (const [id, list] of [["owed", s.owed], ["wrong", s.wrong]]) {
    $(id + "-row").hidden = $(id).hidden = !list;
    $(id).textContent = list ? list.join(" ") || "none" : "";
  }
  const moves = s.moves || [];
  if (typeof s.to_move === "number") firstSeat = (s.to_move + moves.length) % 2;
  else if (s.options && (s.options.first === 0 || s.options.first === 1)) firstSeat ??= s.options.first;
  noteMovers(moves, s.to_move, seat);
  const ol = $("moves");
  const shown = s.public_moves || moves;
  ol.replaceChildren(...shown.map((m, i) => {
    const li = document.createElement("li");
    // A game whose players' names change (Fursaz's swap) names each move's player itself.
    li.textContent = s.moves_read?.[i] ?? `${moverName(i, seat)} ${m}`.trim();
    return li;
  }));
  ol.scrollTop = ol.scrollHeight;
  showBudgets(s, seat);
  showLegend(s);
  board.mark?.(s.last ?? null);
  board.follow?.(s);       // a board whose page follows the game (the tile board's table)
  // The firmware lists a bounded sample (explain.session_status): say how much it is.
  const legal = s.legal || [];
  const count = s.legal_count === undefined ? legal.length : s.legal_count;
  const listed = count === null ? (legal.length ? `the first ${legal.length}; more not counted`
    : "too many to list")
    : count > legal.length ? `${count}; the first ${legal.length} listed` : `${count}`;
  $("legal-count").textContent = s.game ? `(${listed})` : "";
  $("legal").replaceChildren(...legal.map((m) => {
    const span = document.createElement("span");
    span.textContent = m;
    return span;
  }));
}

// "White wins (score): White 35, Black 26": the winner, why, and the score as the
// firmware writes it (none for a game whose result is the win alone).
function resultText(result, score, seat) {
  const who = result.winner == null ? "draw" : seat(result.winner) + " wins";
  return `${who} (${result.reason})` + (score ? `: ${score}` : "");
}

// Morbak's counters, the last move and the match (the light board's status has them).
function showBudgets(s, seat) {
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const budget = (p) => {
    const left = s.budgets.budget[p];
    if (s.options?.lite) return `${seat(p)} ${plural(left, "switch", "switches")}`;   // only those
    const n = s.budgets.neutralizations[p];
    return `${seat(p)} ${left} switches/blocks, ${plural(n, "neutralization", "neutralizations")}`;
  };
  const rows = {
    budgets: s.budgets && !s.result ? [0, 1].map(budget).join(" · ") : null,
    last: s.last ? `${moverName(s.moves.length - 1, seat)} ${s.moves.at(-1)}`.trim() : null,
    match: s.match ? matchText(s.match, seat) : null,
  };
  for (const [id, text] of Object.entries(rows)) {
    $(id + "-row").hidden = $(id).hidden = text == null;
    $(id).textContent = text ?? "";
  }
}

// Who made each move: the seat to move before it (seats need not alternate: a Mano a Mano
// draw, a Masbrur push); a forced pass the board plays at once is the other seat's. Moves
// made before the page saw them fall back to alternating seats. Each is named as its
// player was named when it was made (a Fursaz swap changes the seats' colours after it).
function noteMovers(moves, toMove, seat) {
  if (movers.length > moves.length) {   // taken back, or a new game
    movers.length = moverNames.length = moves.length;
  }
  const start = movers.length;
  for (let i = start; i < moves.length; i++) {
    const before = i === start ? turnSeen : movers[i - 1] == null ? null : 1 - movers[i - 1];
    const named = /^([01]):|^reveal ([01])/.exec(moves[i]);   // a Mano a Mano lead or reveal
    movers.push(named ? Number(named[1] ?? named[2]) : before);
    moverNames.push(named || before == null ? null : namesSeen?.[before] ?? null);
  }
  turnSeen = typeof toMove === "number" ? toMove : null;
  namesSeen = [seat(0), seat(1)];
}

function moverAt(i) {
  return movers[i] ?? (firstSeat == null ? null : (firstSeat + i) % 2);
}

function moverName(i, seat) {
  return moverNames[i] ?? seat(moverAt(i));
}

function matchText(m, seat) {
  const goal = [m.wins ? `first to ${m.wins} wins` : "", m.games ? `${m.games} games` : ""]
    .filter(Boolean).join(", or ");
  return `game ${m.game} (${goal}): ${seat(0)} ${m.score[0]}, ${seat(1)} ${m.score[1]}, draws ${m.score[2]}`;
}

// The legend of the screen shown: the firmware's own words (firmware/app/explain/__init__.py).
function showLegend(s) {
  const legend = s.legend;
  cellNames = s.names || [];
  $("legend").hidden = !legend;
  if (!legend) return;
  $("legend-screen").textContent = s.screen ? `(${s.screen})` : "";
  $("legend-says").textContent = s.message || "";
  $("legend-cells").replaceChildren(...legend.cells.map(([cells, rgb, text, blinks]) => {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = "swatch";
    if (blinks) {        // a colour that comes and goes: a ring, apart from a steady dot
      sw.classList.add("blinks");
      sw.style.borderColor = swatch(rgb, ledLevel);
    } else {
      sw.style.background = swatch(rgb, ledLevel);
    }
    const where = document.createElement("span");
    where.className = "cells mono";
    where.textContent = cellsText(cells);
    const what = document.createElement("span");
    what.textContent = text;
    li.append(sw, where, what);
    li.dataset.cells = cells.map(cellName).join(" ");
    return li;
  }));
  $("legend-keys").replaceChildren(...legend.keys.flatMap(([key, text]) => {
    const dt = document.createElement("dt");
    dt.textContent = key;
    const dd = document.createElement("dd");
    dd.textContent = text;
    return [dt, dd];
  }));
}

// A cell's name: the board module's, else the firmware's (status "names": e5, b3, L1 ...).
let cellNames = [];
const cellName = (c) => (board.cellName ? board.cellName(c) : cellNames[c] ?? "");

function cellsText(cells) {
  if (!cells.length) return "";
  const names = cells.map(cellName);
  const run = cells.every((c, i) => i === 0 || c === cells[i - 1] + 1);
  if (run && names.length > 2) return `${names[0]}–${names[names.length - 1]}`;
  return names.length > 12 ? names.slice(0, 12).join(" ") + " …" : names.join(" ");
}

// m:ss.t, rounded to the tenth before it is split (59.96 s is 1:00.0, never 0:60.0).
function fmtMs(ms) {
  const tenths = Math.round(Math.max(0, ms) / 100);
  const sec = String(Math.floor(tenths / 10) % 60).padStart(2, "0");
  return `${Math.floor(tenths / 600)}:${sec}.${tenths % 10}`;
}

function logKey(t, kind, name) {
  const pre = $("keylog");
  const lines = (pre.textContent ? pre.textContent.split("\n") : []).concat(`${(t / 1000).toFixed(3)} s  ${kind} ${name}`);
  pre.textContent = lines.slice(-40).join("\n");
  pre.scrollTop = pre.scrollHeight;
}

function readText(path) {
  try { return mp.FS.readFile("/board/" + path, { encoding: "utf8" }); } catch { return ""; }
}

function refreshLogs() {
  if (!powered) return;
  const ev = $("eventlog");
  ev.textContent = call("glue.events()");   // without the secrets of the game on the table
  ev.scrollTop = ev.scrollHeight;
  const crash = readText("crash.log");
  $("crash-section").hidden = !crash;
  $("crashlog").textContent = crash;
}

function showFaults() {
  const list = board.describeFaults();
  $("faults").textContent = list.length ? list.join("; ") : "none";
}

function warn(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("warnings").append(li);
  $("warnings").hidden = false;
}

function showBanner(text, error) {
  const b = $("banner");
  b.textContent = text;
  b.className = error ? "error" : "";
  b.hidden = !text;
}

// ------------------------------------------------------------------ start

async function fetchOk(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function main() {
  showBanner("Starting the board (MicroPython in WebAssembly)…");
  bundle = await (await fetchOk("bundle.json")).json();
  glueText = await (await fetchOk("glue.py")).text();
  const kind = await import(`./boards/${bundle.board}.js`);
  storageKey = "arbiter-sim/" + bundle.profile.name;
  document.title = `Arbiter simulator: ${bundle.board} board`;
  $("board-name").textContent = `${bundle.board} board (${bundle.profile.name})`;
  $("clock-mode").textContent = MANUAL ? "manual clock" : "";
  if (kind.hint) $("hint").textContent = kind.hint;
  board = kind.createBoard($("board"), bundle.profile, {
    now: clockNow,
    contact: addContact,
    sensor: addSensor,
    status: () => status,
    faultChanged: showFaults,
  });
  for (const f of kind.faults) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = f.label;
    b.title = f.help;
    b.dataset.fault = f.id;
    b.addEventListener("click", () => { board.armFault(f.id); showFaults(); });
    $("fault-buttons").append(b);
  }
  $("clear-faults").addEventListener("click", () => board.clearFaults());
  $("power-cut").addEventListener("click", () => powerCut().catch(stop));
  $("erase").addEventListener("click", () => {
    if (confirm("Erase the board's files (settings, saved game, records, logs)?")) erase().catch(stop);
  });
  $("sound").addEventListener("change", silence);
  document.addEventListener("pointerdown", startAudio, { once: true });
  document.addEventListener("keydown", startAudio, { once: true });
  showFaults();
  await exclusive(powerUp);
  showBanner("");
  window.arbiter.ready = true;
  if (!MANUAL) realtime();
}

window.arbiter = {
  ready: false,
  manual: MANUAL,
  advance,
  powerCut,
  erase,
  status: () => status,
  leds: () => leds,
  keyEvents: () => keyEvents.slice(),
  tones: () => tones.slice(),
  boardTime: () => boardT,
  files: () => exclusive(() => (powered ? boardFiles(mp.FS) : {})),
  error: () => (fatal ? String(fatal.message || fatal) : null),
  // The board's USB serial, for the page's online seat (online_seat.js): a computer's side.
  serial: {
    send: (text) => { serialIn += text; },
    listen: (fn) => serialOut.push(fn),
    onPower: (fn) => powerHooks.push(fn),
  },
  profile: () => bundle && bundle.profile,
  bundle: () => bundle,
};

main().catch(stop);
