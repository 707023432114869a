// A board with its app running (tests/harness/board_app.py) on the real MicroPython
// (WebAssembly) under Node, for the remote-play tests: its USB serial is served on a
// loopback TCP port, so `arbiter online --port socket://HOST:PORT` speaks to it as to a
// board on USB, and it runs in real time (a tick every TICK_MS). Commands on stdin, one
// JSON object a line, each answered with one JSON line:
//   {"id": 1, "cmd": "status"}            the app's status (explain.status, no legend)
//   {"id": 2, "cmd": "power_cut"}         the interpreter dropped as it is and started again
//                                         over the board's files (the serial client is cut,
//                                         as a USB cable is by a power cut)
//   {"id": 3, "cmd": "robot", "on": false}  the robot at the board stops (or starts) acting
//   {"id": 4, "cmd": "serial"}            what the board wrote to its serial (last 64 KB)
// The first line out is {"port": PORT}.
//
// Usage: node board_app.mjs --profile JSON --listen HOST:PORT [--level N]
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMicroPython } from "../../host_tools/node/upy.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const TICK_MS = 10;
const SERIAL_KEEP = 65536;

const opts = { listen: "127.0.0.1:0", level: "1" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
const cut = opts.listen.lastIndexOf(":");
const profile = readFileSync(opts.profile, "utf8");

let mp = null;
let t0 = 0;
let files = {};           // the board's flash: path -> bytes, kept across power cuts
let received = "";
let serial = "";
let client = null;
let busy = false;

function walk(FS, dir, rel, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = dir + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) walk(FS, path, rel + name + "/", out);
    else out[rel + name] = FS.readFile(path);
  }
}

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

async function power() {
  mp = await startMicroPython({
    heapsize: 4 * 1024 * 1024,
    mounts: [[join(ROOT, "firmware"), "/firmware"],
             [join(HERE, "board_app.py"), "/board_app.py"],
             [join(ROOT, "tests", "pico_board_moves.py"), "/pico_board_moves.py"],
             [join(ROOT, "tests", "pico_masbrur_moves.py"), "/pico_masbrur_moves.py"]],
    write: (text) => process.stderr.write(text),
  });
  mkdirs(mp.FS, "/board");
  for (const [path, data] of Object.entries(files)) {
    mkdirs(mp.FS, "/board/" + path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile("/board/" + path, data);
  }
  mp.FS.writeFile("/board/profile.json", profile);
  mp.runPython("import os, sys\nos.chdir('/board')\nsys.path.append('/')\nimport board_app");
  t0 = performance.now();
  call(`board_app.boot(${Number(opts.level)})`);
}

function call(code) {
  mp.runPython("_reply = " + code);
  return JSON.parse(mp.globals.get("_reply"));
}

function tick() {
  if (!mp || busy) return;
  busy = true;
  try {
    mp.globals.set("_in", received);
    received = "";
    const out = call(`board_app.tick(${Math.round(performance.now() - t0)}, _in)`);
    if (out.out) {
      serial = (serial + out.out).slice(-SERIAL_KEEP);
      if (client) client.write(out.out);
    }
    if (out.dirty) {
      const now = {};
      walk(mp.FS, "/board", "", now);
      delete now["profile.json"];
      files = now;
    }
  } catch (e) {
    process.stderr.write(`board_app: ${e.message || e}\n`);
  } finally {
    busy = false;
  }
}

const server = createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  sock.setNoDelay(true);
  sock.on("data", (data) => { received += data.toString("utf8"); });
  sock.on("error", () => {});
  sock.on("close", () => { if (client === sock) client = null; });
});

const commands = {
  status: () => ({ status: call("board_app.status()") }),
  power_cut: async () => {
    const old = mp;
    mp = null;
    if (client) client.destroy();
    client = null;
    received = "";
    void old;
    await power();
    return {};
  },
  robot: ({ on }) => { call(`board_app.robot(${on ? "True" : "False"})`); return {}; },
  serial: () => ({ text: serial }),
};

function answer(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

createInterface({ input: process.stdin }).on("line", async (line) => {
  let msg = {};
  try {
    msg = JSON.parse(line);
    const run = commands[msg.cmd];
    if (!run) throw new Error(`unknown command ${JSON.stringify(msg.cmd)}`);
    answer({ id: msg.id, ...(await run(msg)) });
  } catch (e) {
    answer({ id: msg.id, error: String(e.message || e) });
  }
}).on("close", () => process.exit(0));

await power();
setInterval(tick, TICK_MS);
server.listen(Number(opts.listen.slice(cut + 1)), opts.listen.slice(0, cut), () => {
  answer({ port: server.address().port });
});
