// Watching a remote game (online.html?code=CODE&broker=ws://HOST:9001): read-only and live.
// The page connects to the MQTT broker over WebSockets as an anonymous client (the broker's
// ACL lets it read the public topics only: docs/contracts.md#remote-play), rebuilds the game
// from what the broker holds (the retained description and plies), and checks every ply's
// digest with the engines of firmware.rules on MicroPython (online.py). It publishes nothing,
// so any number of watchers cost the players nothing.
import { loadMicroPython } from "./micropython/micropython.mjs";
import mqtt from "./online/mqtt.esm.js";
import { brokerUrl, notABroker } from "./broker_url.js";

const ROOT = "arbiter/1";
const DEALER = "dealer";
const HIDDEN = ["mano", "masbrur"];
const CODE = /^[2-9A-HJKMNP-Z]{6}$/;   // protocol.CODE_LETTERS, CODE_LENGTH: no 0/O, 1/I/L
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

let mp = null;
let code = null;
let desc = null;            // the game's description (one creator only)
const creators = new Set();
let deal = null;            // hidden games: the dealer's first message
const plies = new Map();    // ply -> message, waiting for its turn
let status = null;          // online.py's status of the game shown
let lastClocks = null;
let stopped = null;
let started = false;
let linkUp = false;
const presence = {};        // user -> "online" / "offline"
const refused = [];

function call(fn, ...args) {
  mp.globals.set("_args", JSON.stringify(args));
  mp.runPython(`import json as _j\n_reply = online.${fn}(*_j.loads(_args))`);
  return JSON.parse(mp.globals.get("_reply"));
}

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

async function fetchOk(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function startPython() {
  const [bundle, views, glue] = await Promise.all([
    fetchOk("bundle.json").then((r) => r.json()),
    fetchOk("online/views.json").then((r) => r.json()),
    fetchOk("online.py").then((r) => r.text()),
  ]);
  mp = await loadMicroPython({
    heapsize: 1 << 22, stdout: () => {}, stderr: (l) => console.warn(l),
  });
  const files = { ...bundle.files, ...views, "online.py": glue };
  for (const [path, text] of Object.entries(files)) {
    mkdirs(mp.FS, "/watch/" + path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile("/watch/" + path, text);
  }
  mp.runPython("import os\nos.chdir('/watch')\nimport online");
}

// ------------------------------------------------------------------ what arrives

function onMessage(topic, payload) {
  const parts = topic.split("/");
  if (parts.length < 5 || parts[2] !== code) return;
  const user = parts[3];
  const kind = parts[4];
  const text = new TextDecoder().decode(payload);
  if (kind === "presence") { presence[user] = text; return render(); }
  if (!text) return;
  let msg;
  try { msg = JSON.parse(text); } catch { return; }
  if (msg.v !== 1 || msg.code !== code) return;
  if (kind === "game") return description(user, msg);
  if (kind === "deal" && user === DEALER && !deal) { deal = msg; return begin(); }
  if (kind === "stop") { stopped = `${user} stopped the game: ${msg.why}`; return render(); }
  if (kind === "ply") return ply(user, msg);
}

function description(user, msg) {
  if (msg.creator !== user || !Array.isArray(msg.seats)) return;
  creators.add(user);
  if (creators.size > 1) { stopped = "two games claim this code"; return render(); }
  desc = msg;
  begin();
}

function begin() {
  if (started || !desc || desc.seats.includes(null)) return render();
  const hidden = HIDDEN.includes(desc.game);
  if (hidden ? !deal : !desc.reveal) return render();
  const s = call("start", JSON.stringify(desc), hidden ? deal.state : "");
  if (s.error) { stopped = s.error; return render(); }
  status = s;
  started = true;
  advance();
}

function ply(user, msg) {
  if (!Number.isInteger(msg.ply) || msg.ply < 1) return;
  const hidden = desc && HIDDEN.includes(desc.game);
  if (hidden ? user !== DEALER : desc && desc.seats[msg.seat] !== user) {
    refused.push(`ply ${msg.ply} from ${user}, who does not hold that seat`);
    return;
  }
  if (!plies.has(msg.ply)) plies.set(msg.ply, msg);
  advance();
}

function advance() {
  while (started && !stopped && plies.has(status.ply + 1)) {
    const msg = plies.get(status.ply + 1);
    if (msg.seat !== status.to_move) { plies.delete(status.ply + 1); break; }
    const s = call("take", JSON.stringify(msg));
    if (s.error) { stopped = s.error; break; }
    status = s;
    lastClocks = { clocks: msg.clocks, at: performance.now() };
  }
  render();
}

// ------------------------------------------------------------------ what is shown

function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function clocksText() {
  if (!status) return "";
  const c = lastClocks ? lastClocks.clocks : null;
  const names = status.players;
  if (!c) return "not started";
  const shown = (c.left_ms || c.used_ms).slice();
  const word = c.left_ms ? "left" : "used";
  return names.map((n, i) => `${n} ${mmss(shown[i])}`).join(", ") + ` (${word})`;
}

function seatLine(i) {
  const user = desc.seats[i];
  if (!user) return `${status ? status.players[i] : "seat " + (i + 1)}: free`;
  const on = presence[user] === "online" ? "online" : "offline";
  return `${status ? status.players[i] : "seat " + (i + 1)}: ${user} (${on})`;
}

function render() {
  $("link").textContent = linkUp ? "connected to the broker" : "connecting to the broker…";
  if (!desc) {
    banner(`Waiting for game ${code}…`);
    return;
  }
  $("game-name").textContent = `${desc.game}, game ${code}`;
  $("players").textContent = [0, 1].map(seatLine).join(" · ");
  if (!started) { banner("Waiting for both players…"); return; }
  $("position").textContent = status.board;
  $("turn").textContent = status.over ? "game over" : status.players[status.to_move] || "";
  $("clocks").textContent = clocksText();
  if (status.result) {
    const r = status.result;
    $("result").textContent = r.winner === null || r.winner === undefined
      ? `a draw (${r.reason})` : `${status.players[r.winner]} wins (${r.reason})`;
  }
  const ol = $("moves");
  while (ol.children.length < status.moves.length) {
    const li = document.createElement("li");
    li.textContent = status.moves_read[ol.children.length];
    ol.append(li);
  }
  banner(stopped ? `The game stopped: ${stopped}` : "", Boolean(stopped));
}

function banner(text, error) {
  const b = $("banner");
  b.textContent = text;
  b.className = error ? "error" : "";
  b.hidden = !text;
}

// ------------------------------------------------------------------ start

async function main() {
  const typed = params.get("code") || "";
  code = typed.toUpperCase().replace(/[\s-]/g, "");
  const broker = params.get("broker") || `ws://${location.hostname || "127.0.0.1"}:9001`;
  const quoted = (text, most) => JSON.stringify(text.slice(0, most));
  let wrong = null;
  if (code && !CODE.test(code)) {
    wrong = `${quoted(typed, 20)} is not a game code ` +
      "(codes are 6 letters and digits, e.g. K7Q2MX).";
  } else if (code && !brokerUrl(broker)) {
    wrong = notABroker(broker);
  }
  if (!code || wrong) {
    $("ask").hidden = false;
    $("broker").value = broker;
    $("ask").addEventListener("submit", (e) => {
      e.preventDefault();
      const q = (id) => encodeURIComponent($(id).value);
      location.search = `?code=${q("code")}&broker=${q("broker")}`;
    });
    banner(wrong || "Type the code of the game to watch.", Boolean(wrong));
    return;
  }
  banner("Starting MicroPython…");
  await startPython();
  const client = mqtt.connect(broker, {
    clean: true, reconnectPeriod: 1000, connectTimeout: 5000,
  });
  client.on("connect", () => { linkUp = true; client.subscribe(`${ROOT}/${code}/#`, { qos: 1 }); render(); });
  client.on("close", () => { linkUp = false; render(); });
  client.on("message", onMessage);
  render();
  setInterval(() => { if (started) $("clocks").textContent = clocksText(); }, 1000);
}

window.arbiterWatch = {
  status: () => ({
    started, stopped, linkUp, refused: refused.slice(),
    ply: status ? status.ply : 0, moves: status ? status.moves.slice() : [],
    over: status ? status.over : false, board: status ? status.board : "",
  }),
};

main().catch((e) => banner(String(e && e.stack ? e.stack : e), true));
