// The emulated Pico (docs/architecture.md#layer-7): the real MicroPython UF2 on an emulated RP2040.
//
// Its USB serial is served on a loopback TCP port, so `mpremote connect socket://HOST:PORT`
// and `arbiter ... --port socket://HOST:PORT` reach the REPL as over a USB cable. Its flash
// lives in a file: starting again is powering the board again, and killing this process at
// any instant is a power cut. Keys and buttons are pressed, and LED frames read, through
// commands on stdin, one JSON object a line, each answered with one JSON line on stdout:
//   {"id": 1, "cmd": "hold" | "release", "key": "a1" | "menu" | ...}
//   {"id": 2, "cmd": "press", "key": "d4", "ms": 80}      hold, wait, release, wait
//   {"id": 3, "cmd": "wait", "ms": 500}                    wait for emulated time
//   {"id": 4, "cmd": "frames", "since": 0}                 distinct LED frames since an index
//   {"id": 5, "cmd": "wait_frame", "since": 7, "ms": 2000} the first frame at index >= since
//   {"id": 6, "cmd": "status"}                              frames, flash writes, keys held
//   {"id": 7, "cmd": "serial"}                              what the USB serial said (last 64 KB)
//   {"id": 8, "cmd": "mark"}                                a mark in the journal now: its number
// Answers carry "ms" (emulated milliseconds since power-up); errors {"id", "error"}.
// The first line out is {"port": PORT} once the serial port listens.
//
// With --journal FILE every flash erase and program is appended to FILE with the emulated
// time (pico_chip.mjs), and so are marks: the "mark" command's, and with --mark-pin N each
// rising edge the board's own code drives on GPIO N.
//
// Usage: node pico.mjs --rom BOOTROM --flash FILE [--uf2 FILE] --profile JSON
//                      [--listen HOST:PORT] [--hold KEY,KEY] [--journal FILE [--mark-pin N]]
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { Chip } from "./pico_chip.mjs";
import { Keys, LedDecoder } from "./pico_io.mjs";

const MAX_FRAMES = 2000;
const SERIAL_KEEP = 65536;

function parseArgs(argv) {
  const opts = { listen: "127.0.0.1:0", hold: "", uf2: null };
  for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
  const cut = opts.listen.lastIndexOf(":");
  opts.host = opts.listen.slice(0, cut) || "127.0.0.1";
  opts.port = Number(opts.listen.slice(cut + 1));
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const profile = JSON.parse(readFileSync(opts.profile, "utf8"));
const chip = new Chip({ romPath: opts.rom, flashPath: opts.flash, uf2Path: opts.uf2,
                       journalPath: opts.journal });
if (opts["mark-pin"] !== undefined) chip.markOnPin(Number(opts["mark-pin"]));
const keys = new Keys(chip.rp2040, profile);
for (const name of opts.hold.split(",").filter(Boolean)) keys.set(name, true);

const ms = () => chip.nanos / 1e6;

// Distinct LED frames in order, each [emulated ms, [[r, g, b], ...]]; `dropped` are gone.
const frames = [];
let dropped = 0;
let last = "";
new LedDecoder(chip.rp2040, profile, (frame) => {
  const text = JSON.stringify(frame);
  if (text === last) return;
  last = text;
  frames.push([ms(), frame]);
  if (frames.length > MAX_FRAMES) {
    frames.shift();
    dropped++;
  }
  chip.wake();
});

// USB serial <-> one TCP client at a time. Input waits here while the device's FIFO is full.
let client = null;
let pending = Buffer.alloc(0);
let sent = 0;
let serial = "";
let usbReady = false;
chip.usb.onDeviceConnected = () => { usbReady = true; };
chip.usb.onSerialData = (buf) => {
  serial = (serial + Buffer.from(buf).toString("latin1")).slice(-SERIAL_KEEP);
  if (client) client.write(buf);
};
function pump() {
  const fifo = chip.usb.txFIFO;
  while (usbReady && sent < pending.length && !fifo.full) chip.usb.sendSerialByte(pending[sent++]);
}
setInterval(pump, 1);

const server = createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  pending = Buffer.alloc(0);
  sent = 0;
  sock.on("data", (data) => {
    pending = Buffer.concat([pending.subarray(sent), data]);
    sent = 0;
    pump();
  });
  sock.on("error", () => {});
  sock.on("close", () => { if (client === sock) client = null; });
});

async function waitMs(n) {
  await chip.until(chip.nanos + n * 1e6);
}

async function waitFrame(since, timeoutMs) {
  const end = chip.nanos + timeoutMs * 1e6;
  while (dropped + frames.length <= since && chip.nanos < end) {
    await chip.until(Math.min(end, chip.nanos + 1e6));
  }
  const i = since - dropped;
  return i >= 0 && i < frames.length ? { index: since, t: frames[i][0], frame: frames[i][1] } : null;
}

const commands = {
  hold: ({ key }) => { keys.set(key, true); return {}; },
  release: ({ key }) => { keys.set(key, false); return {}; },
  press: async ({ key, ms: hold = 80 }) => {
    keys.check(key);
    const t = ms();
    keys.set(key, true);
    await waitMs(hold);
    keys.set(key, false);
    await waitMs(hold);
    return { t };
  },
  wait: async ({ ms: n }) => { await waitMs(n); return {}; },
  frames: ({ since = 0 }) => ({
    next: dropped + frames.length,
    frames: frames.slice(Math.max(0, since - dropped)),
  }),
  wait_frame: async ({ since, ms: n = 1000 }) => ({ found: await waitFrame(since, n) }),
  status: () => ({
    frames: dropped + frames.length, flash_writes: chip.flashWrites, marks: chip.marks,
    usb: usbReady, held: [...keys.held],
  }),
  serial: () => ({ text: serial }),
  mark: () => ({ mark: chip.mark() }),
};

function answer(obj) {
  process.stdout.write(JSON.stringify({ ...obj, ms: ms() }) + "\n");
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

server.listen(opts.port, opts.host, () => {
  answer({ port: server.address().port });
  chip.run();
});
