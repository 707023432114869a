// The simulator page plays a seat of a remote game (docs/contracts.md#remote-play): the
// page's board (the firmware, main.js) is the board, and this is the computer it is
// plugged into - online_seat.py on a second MicroPython, speaking to the board over its
// USB serial (window.arbiter.serial) and to the MQTT broker over WebSockets (npm mqtt),
// exactly as `arbiter online --port` does for a board on USB. The panel shows the code,
// both players with their connection, both clocks and the agreed moves.
//
// What a reload needs to go on (broker, user, password, code) is kept in this tab's
// sessionStorage: the page joins the game again, the board resumes it, and both go on
// from the record the broker holds.
import { loadMicroPython } from "./micropython/micropython.mjs";
import mqtt from "./online/mqtt.esm.js";

const KEY = "arbiter-online";
const TICK_MS = 50;
const $ = (id) => document.getElementById(id);

let mp = null;
let client = null;
let heard = "";          // what the board wrote on its serial, not yet split into lines
let timer = null;
let games = [];          // what the board plays (its answer to hello)
let panel = null;
const log = [];

function call(fn, ...args) {
  mp.globals.set("_args", JSON.stringify(args));
  mp.runPython(`import json as _j\n_reply = online_seat.${fn}(*_j.loads(_args))`);
  return JSON.parse(mp.globals.get("_reply"));
}

async function fetchOk(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

async function startPython() {
  const [views, seat] = await Promise.all([
    fetchOk("online/views.json").then((r) => r.json()),
    fetchOk("online_seat.py").then((r) => r.text()),
  ]);
  mp = await loadMicroPython({ heapsize: 1 << 22, stdout: () => {}, stderr: (l) => console.warn(l) });
  const files = { ...window.arbiter.bundle().files, ...views, "online_seat.py": seat };
  for (const [path, text] of Object.entries(files)) {
    mkdirs(mp.FS, "/seat/" + path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile("/seat/" + path, text);
  }
  mp.runPython("import os\nos.chdir('/seat')\nimport online_seat");
}

// ------------------------------------------------------------------ the board's serial

function boardLines() {
  const lines = heard.split("\n");
  heard = lines.pop();
  return lines.filter((l) => l.startsWith("@A ")).map((l) => l.slice(3).replace(/\r$/, ""));
}

function toBoard(lines) {
  if (lines.length) window.arbiter.serial.send(lines.map((l) => `@A ${l}\n`).join(""));
}

// ------------------------------------------------------------------ playing

function start(args, broker, password) {
  const { code, will } = call("start", JSON.stringify(args));
  sessionStorage.setItem(KEY, JSON.stringify({ broker, user: args.user, password, code }));
  client = mqtt.connect(broker, {
    username: args.user, password, clean: true, reconnectPeriod: 1000, connectTimeout: 5000,
    will: { topic: will, payload: "offline", qos: 1, retain: true },
  });
  client.on("connect", () => { call("up"); tick(); });
  client.on("close", () => call("down", "closed"));
  client.on("message", (topic, payload, packet) => {
    call("message", topic, new TextDecoder().decode(payload), Boolean(packet.retain));
  });
  window.arbiter.serial.onPower(() => call("board_power"));
  timer = setInterval(tick, TICK_MS);
  show();
}

function tick() {
  if (!mp || !client) return;
  const out = call("pump", JSON.stringify(boardLines()));
  for (const a of out.actions) {
    if (a[0] === "sub") client.subscribe(a[1], { qos: 1 });
    else client.publish(a[1], a[2], { qos: 1, retain: a[3] });
  }
  toBoard(out.board);
  for (const text of out.said) log.push(text.trim());
  log.splice(0, log.length - 30);
  panel = out.panel;
  show();
}

function leave() {
  if (client) {
    for (const a of call("leave").actions) client.publish(a[1], a[2], { qos: 1, retain: a[3] });
    client.end();
  }
  clearInterval(timer);
  client = null;
  panel = null;
  sessionStorage.removeItem(KEY);
  show();
}

// ------------------------------------------------------------------ the panel

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function show() {
  $("online-form").hidden = Boolean(client);
  $("online-game").hidden = !client;
  if (!client || !panel) return;
  const p = panel;
  $("online-code").textContent = p.code;
  $("online-link").textContent = p.link ? "connected to the broker" : "connecting to the broker…";
  const seat = (i) => {
    const s = p.seats && p.seats[i];
    if (!s) return `seat ${i + 1}`;
    if (!s.user) return `seat ${i + 1}: free`;
    const on = s.online ? "online" : s.online === false ? "offline" : "…";
    return `${s.user}${i === p.seat ? " (this page)" : ""}: ${on}`;
  };
  $("online-players").textContent = [0, 1].map(seat).join(" · ");
  const c = p.clocks;
  $("online-clocks").textContent = !c ? "" : [0, 1].map((i) => {
    const left = c.left_ms ? c.left_ms[i] : null;
    return `${i === p.to_move ? "▶ " : ""}${p.seats[i].user} ${mmss(left ?? c.used_ms[i])}`
      + (left == null ? " used" : " left");
  }).join(" · ");
  let state = "waiting for the other player…";
  if (p.failed) state = `this board cannot play it: ${p.failed}`;
  else if (p.stopped) state = `stopped: ${p.stopped}`;
  else if (p.result) state = p.result.winner == null ? `over: a draw (${p.result.reason})`
    : `over: ${p.seats[p.result.winner].user} wins (${p.result.reason})`;
  else if (p.started) state = p.to_move === p.seat ? "your move, on the board" : "their move";
  $("online-state").textContent = state;
  const ol = $("online-moves");
  ol.replaceChildren(...p.moves.map(([s, m]) => {
    const li = document.createElement("li");
    li.textContent = `${p.seats[s].user} ${m}`;
    return li;
  }));
  ol.scrollTop = ol.scrollHeight;
  $("online-log").textContent = log.join("\n");
}

// ------------------------------------------------------------------ start

async function init() {
  await window.arbiterReady;
  window.arbiter.serial.listen((text) => {
    heard += text;
    if (!client) {   // before a game: only the board's answer to hello (what it plays)
      for (const line of boardLines()) {
        if (line.startsWith("board ")) {
          games = JSON.parse(line.slice(6)).games;
          $("online-game-name").replaceChildren(...games.map((g) => new Option(g, g)));
        }
      }
    }
  });
  window.arbiter.serial.send("@A hello\n");
  $("online-broker").value = `ws://${location.hostname || "127.0.0.1"}:9001`;
  const form = $("online-form");
  form.addEventListener("submit", (e) => e.preventDefault());
  const go = (action) => async () => {
    $("online-error").textContent = "";
    try {
      if (!mp) await startPython();
      const args = { action, user: $("online-user").value.trim(),
                     code: $("online-code-in").value.trim(),
                     game: $("online-game-name").value, seat: Number($("online-seat").value) };
      if (!args.user) throw new Error("a player logs in as a user of the broker: give the user name");
      if (action === "join" && !args.code) throw new Error("type the code of the game to join");
      start(args, $("online-broker").value.trim(), $("online-password").value);
    } catch (e) {
      $("online-error").textContent = String(e.message || e);
    }
  };
  $("online-new").addEventListener("click", go("new"));
  $("online-join").addEventListener("click", go("join"));
  $("online-leave").addEventListener("click", leave);
  const saved = JSON.parse(sessionStorage.getItem(KEY) || "null");
  if (saved) {   // a reload: go on with the game
    await startPython();
    start({ action: "join", user: saved.user, code: saved.code }, saved.broker, saved.password);
  }
  show();
}

window.arbiterOnline = {
  panel: () => panel,
  log: () => log.slice(),
};

init().catch((e) => { $("online-error").textContent = String(e.message || e); });
