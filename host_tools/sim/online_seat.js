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
import mqtt from "./online/mqtt.esm.js";
import { brokerUrl, notABroker } from "./broker_url.js";

const KEY = "arbiter-online";
const TICK_MS = 50;
const $ = (id) => document.getElementById(id);

let worker = null;       // online_seat.py's MicroPython (online_seat_worker.js)
let calls = 0;
const answers = new Map();
let client = null;
let heard = "";          // what the board wrote on its serial, not yet split into lines
let timer = null;
let pumping = false;
let games = [];          // what the board plays (its answer to hello)
let panel = null;
const log = [];

// Calls of online_seat.py in its worker (online_seat_worker.js), answered in order.
function call(fn, ...args) {
  const id = ++calls;
  worker.postMessage({ id, fn, args });
  return new Promise((resolve, reject) => answers.set(id, { resolve, reject }));
}

async function fetchOk(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function startPython() {
  const [views, seat] = await Promise.all([
    fetchOk("online/views.json").then((r) => r.json()),
    fetchOk("online_seat.py").then((r) => r.text()),
  ]);
  worker = new Worker(new URL("online_seat_worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    const { id, reply, error } = e.data;
    const a = answers.get(id);
    answers.delete(id);
    if (error) {
      a.reject(new Error(error));
      $("online-error").textContent = error;
    } else {
      a.resolve(reply);
    }
  };
  worker.postMessage({ files: { ...window.arbiter.bundle().files, ...views, "online_seat.py": seat } });
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

async function start(args, broker, password) {
  const { code, will } = await call("start", JSON.stringify(args));
  sessionStorage.setItem(KEY, JSON.stringify({ broker, user: args.user, password, code }));
  client = mqtt.connect(broker, {
    username: args.user, password, clean: true, reconnectPeriod: 1000, connectTimeout: 5000,
    will: { topic: will, payload: "offline", qos: 1, retain: true },
  });
  let up = null;   // null until the first answer: a broker never reached is said once
  client.on("connect", () => { up = true; note("connected to the broker"); call("up"); });
  client.on("close", () => {
    if (up !== false) {
      note(up ? "the link to the broker closed; trying again every second"
        : `cannot reach the broker at ${broker}; trying again every second`);
    }
    up = false;
    call("down", "closed");
  });
  client.on("error", (e) => note(`the broker: ${e.message || e}`));
  client.on("message", (topic, payload, packet) => {
    call("message", topic, new TextDecoder().decode(payload), Boolean(packet.retain));
  });
  timer = setInterval(tick, TICK_MS);
  show();
}

function note(text) {
  log.push(text);
  log.splice(0, log.length - 30);
}

// The seat's turn: what the board and the broker brought goes in, what they are to get
// comes out (one pump at a time).
async function tick() {
  if (!client || pumping) return;
  pumping = true;
  try {
    const out = await call("pump", JSON.stringify(boardLines()));
    if (!client) return;
    for (const a of out.actions) {
      if (a[0] === "sub") client.subscribe(a[1], { qos: 1 });
      else client.publish(a[1], a[2], { qos: 1, retain: a[3] });
    }
    toBoard(out.board);
    for (const text of out.said) note(text.trim());
    panel = out.panel;
    show();
  } finally {
    pumping = false;
  }
}

async function leave() {
  clearInterval(timer);
  if (client) {
    const c = client;
    client = null;
    const out = await call("leave");
    for (const a of out.actions) c.publish(a[1], a[2], { qos: 1, retain: a[3] });
    toBoard(out.board);
    c.end();
  }
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
  const box = $("online-log");
  box.textContent = log.join("\n");
  box.scrollTop = box.scrollHeight;     // the newest line in sight, as in the moves
}

// ------------------------------------------------------------------ start

function boardReady() {
  return new Promise((resolve) => {
    const wait = () => (window.arbiter && window.arbiter.ready ? resolve() : setTimeout(wait, 50));
    wait();
  });
}

async function init() {
  await boardReady();
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
  // The board loads its link (firmware/app/core/link.py) at the first byte it hears: only
  // once the person opens this panel, so a board that never plays online never holds it.
  const ask = () => { if ($("online-open").open && !client) window.arbiter.serial.send("@A hello\n"); };
  $("online-open").addEventListener("toggle", ask);
  window.arbiter.serial.onPower(() => (client ? call("board_power") : ask()));
  $("online-broker").value = `ws://${location.hostname || "127.0.0.1"}:9001`;
  const form = $("online-form");
  form.addEventListener("submit", (e) => e.preventDefault());
  const go = (action) => async () => {
    $("online-error").textContent = "";
    try {
      if (!worker) await startPython();
      const args = { action, user: $("online-user").value.trim(),
                     code: $("online-code-in").value.trim(),
                     game: $("online-game-name").value, seat: Number($("online-seat").value) };
      if (!args.user) throw new Error("a player logs in as a user of the broker: give the user name");
      if (action === "join" && !args.code) throw new Error("type the code of the game to join");
      const broker = $("online-broker").value.trim();
      if (!brokerUrl(broker)) throw new Error(notABroker(broker));
      await start(args, broker, $("online-password").value);
    } catch (e) {
      $("online-error").textContent = String(e.message || e);
    }
  };
  $("online-new").addEventListener("click", go("new"));
  $("online-join").addEventListener("click", go("join"));
  $("online-leave").addEventListener("click", leave);
  const saved = JSON.parse(sessionStorage.getItem(KEY) || "null");
  if (saved) {   // a reload: go on with the game
    $("online-open").open = true;
    await startPython();
    await start({ action: "join", user: saved.user, code: saved.code }, saved.broker,
                saved.password);
  }
  show();
}

window.arbiterOnline = {
  panel: () => panel,
  log: () => log.slice(),
};

init().catch((e) => { $("online-error").textContent = String(e.message || e); });
