// The virtual board: the real MicroPython (WebAssembly, from npm) behind a TCP socket,
// answering like a board on a USB serial port, so `mpremote connect socket://HOST:PORT`
// and `arbiter ... --port socket://HOST:PORT` work against it (docs/architecture.md#test-layers).
//
// What the WebAssembly REPL lacks and this bridge adds:
//  - raw-paste mode (Ctrl-E A Ctrl-A): emulated here with flow control, then the code is fed
//    to the plain raw REPL and its "OK" replaced by the paste acknowledgement;
//  - soft reset (Ctrl-D on an empty line, or sys.exit()): the REPL only reports it, so the
//    bridge starts a fresh interpreter over the same files, prints "MPY: soft reboot" and
//    runs boot.py (and main.py in the friendly REPL) like a board;
//  - a client that goes away (EPIPE, reset) never stops the board;
//  - a flash of a Pico's size (FLASH_BYTES, in littlefs-like blocks): a write that does
//    not fit fails with ENOSPC, os.statvfs tells the truth, os.ilistdir gives file sizes.
// The bridge stops with its parent process (`arbiter virtual-board`), even a killed one.
//
// Usage: node virtual_board.mjs --listen HOST:PORT [--seed JSON] [--fs DIR] [--heap BYTES]
//   --seed: [[hostPath, boardPath], ...] copied in at power-on when the flash is empty
//   --fs:   a host folder mirroring the flash (loaded at power-on, saved after every
//           command the board received, each file written atomically: killing the
//           bridge at any moment is a power cut, never a torn file)
import { createServer } from "node:net";
import {
  existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { copyIn, startMicroPython } from "./upy.mjs";

const CTRL_A = 1, CTRL_B = 2, CTRL_C = 3, CTRL_D = 4, CTRL_E = 5;
const PASTE_WINDOW = 4096;
const SOFT_RESET = 256; // what replProcessChar returns when the board should soft-reset
const SYSTEM_DIRS = ["/dev", "/proc", "/tmp", "/home"]; // Emscripten's, not the board's
const BLOCK = 4096;
const FLASH_BLOCKS = (1408 * 1024) / BLOCK;  // a Pico's MicroPython file system: 1,408 KB
// ENOSPC: os.mkdir goes through the shim below (WASI's 51 becomes the board's 28); a
// file's write() does not, so it is given the board's number (28) directly.
const ENOSPC_WASI = 51, ENOSPC_BOARD = 28;
const O_APPEND = 1024;

// The WebAssembly build raises OSError with WASI's errno numbers (ENOENT = 44) although its
// errno module says 2; a board uses MicroPython's (Linux) numbers, and mpremote reads them
// from tracebacks. So file functions are wrapped to raise the board's numbers.
const ERRNO_SHIM = `
def _arbiter_shim():
    import builtins, os
    wasi = {2: 13, 6: 11, 8: 9, 10: 16, 20: 17, 22: 27, 28: 22, 29: 5, 31: 21, 33: 24, 37: 36,
            43: 19, 44: 2, 48: 12, 51: 28, 54: 20, 55: 39, 58: 95, 63: 1, 69: 30, 75: 18}
    def wrap(f):
        def call(*args, **kw):
            try:
                return f(*args, **kw)
            except OSError as e:
                if e.args and e.args[0] in wasi:
                    raise OSError(wasi[e.args[0]])
                raise
        return call
    builtins.open = wrap(builtins.open)
    for name in ("stat", "listdir", "ilistdir", "mkdir", "rmdir", "remove", "unlink", "rename",
                 "chdir"):
        setattr(os, name, wrap(getattr(os, name)))
    import js
    flash = js.arbiterFlash
    def statvfs(path):
        os.stat(path)
        free = flash.free()
        return (flash.block, flash.block, flash.blocks, free, free, 0, 0, 0, 0, 255)
    os.statvfs = statvfs
    ilistdir = os.ilistdir
    def ilistdir_sizes(path="."):  # (name, type, inode, size), as on a board
        for e in ilistdir(path):
            size = 0 if e[1] & 0x4000 else os.stat((path.rstrip("/") or "") + "/" + e[0])[6]
            yield (e[0], e[1], e[2], size)
    os.ilistdir = ilistdir_sizes
    os.chdir("/")
_arbiter_shim()
del _arbiter_shim
`;

function parseArgs(argv) {
  const opts = { listen: "127.0.0.1:7777", seed: "[]", fs: null, heap: 8 * 1024 * 1024 };
  for (let i = 0; i < argv.length; i += 2) opts[argv[i].replace(/^--/, "")] = argv[i + 1];
  const cut = opts.listen.lastIndexOf(":");
  opts.host = opts.listen.slice(0, cut) || "127.0.0.1";
  opts.port = Number(opts.listen.slice(cut + 1));
  opts.seed = JSON.parse(opts.seed);
  opts.heap = Number(opts.heap);
  return opts;
}

// ---------------------------------------------------------------- the flash (files)

// The board's files as {path: Uint8Array}, directories as {path: null}.
function snapshot(FS) {
  const files = {};
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = (dir === "/" ? "" : dir) + "/" + name;
      if (SYSTEM_DIRS.includes(path)) continue;
      if (FS.isDir(FS.stat(path).mode)) {
        files[path] = null;
        walk(path);
      } else {
        files[path] = FS.readFile(path);
      }
    }
  };
  walk("/");
  return files;
}

// ---------------------------------------------------------------- the flash's size

function fileBlocks(size) { return Math.ceil(size / BLOCK); }

// Blocks in use, counted as littlefs would roughly: a folder a metadata pair, a file
// its data blocks.
function usedBlocks(FS) {
  let used = 2;
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = (dir === "/" ? "" : dir) + "/" + name;
      if (SYSTEM_DIRS.includes(path)) continue;
      const st = FS.stat(path);
      if (FS.isDir(st.mode)) { used += 2; walk(path); } else used += fileBlocks(st.size);
    }
  };
  walk("/");
  return used;
}

// From now on, a write or a new folder that would not fit fails with ENOSPC.
function limitFlash(FS) {
  const write = FS.write, mkdir = FS.mkdir;
  FS.write = function (stream, buffer, offset, length, position, canOwn) {
    if (!FS.isFile(stream.node.mode)) return write.call(FS, stream, buffer, offset, length, position, canOwn);
    const size = FS.stat(stream.path).size;
    const at = stream.flags & O_APPEND ? size : (position ?? stream.position);
    const after = Math.max(size, at + length);
    if (fileBlocks(after) > fileBlocks(size) &&
        usedBlocks(FS) - fileBlocks(size) + fileBlocks(after) > FLASH_BLOCKS) {
      throw new FS.ErrnoError(ENOSPC_BOARD);
    }
    return write.call(FS, stream, buffer, offset, length, position, canOwn);
  };
  FS.mkdir = function (path, mode) {
    if (usedBlocks(FS) + 2 > FLASH_BLOCKS) throw new FS.ErrnoError(ENOSPC_WASI);
    return mkdir.call(FS, path, mode);
  };
  globalThis.arbiterFlash = { block: BLOCK, blocks: FLASH_BLOCKS, free: () => FLASH_BLOCKS - usedBlocks(FS) };
}

function restore(FS, files) {
  for (const path of ["/tmp", "/home"]) {
    try { FS.rmdir(path); } catch (e) { removeTree(FS, path); }
  }
  for (const path of Object.keys(files).sort()) {
    if (files[path] === null) FS.mkdir(path);
    else FS.writeFile(path, files[path]);
  }
}

function removeTree(FS, path) {
  try {
    if (!FS.isDir(FS.stat(path).mode)) return FS.unlink(path);
    for (const name of FS.readdir(path)) if (name !== "." && name !== "..") removeTree(FS, path + "/" + name);
    FS.rmdir(path);
  } catch (e) { /* already gone */ }
}

// A --fs folder holds the flash and a marker saying so (virtual_board.py refuses others).
const MARK = ".arbiter-flash";
const TMP = ".arbiter-tmp";

function loadFolder(dir) {
  const files = {};
  const walk = (host, board) => {
    for (const name of readdirSync(host).sort()) {
      if ((board === "" && name === MARK) || name.endsWith(TMP)) continue;  // a save cut short
      const h = join(host, name), b = board + "/" + name;
      if (statSync(h).isDirectory()) { files[b] = null; walk(h, b); } else files[b] = readFileSync(h);
    }
  };
  walk(dir, "");
  return files;
}

function same(a, b) {
  return a === b || (a !== null && b !== null && a !== undefined && b !== undefined && Buffer.compare(a, b) === 0);
}

// Bring `dir` from `before` (the last save) to `files`: each changed file written to a
// temporary name, then renamed over the old one (atomic); what is gone removed; a file
// that became a folder of the same name (or the other way round) replaced by it.
function saveFolder(dir, files, before) {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, MARK))) writeFileSync(join(dir, MARK), "the flash of an `arbiter virtual-board`\n");
  for (const path of Object.keys(before).sort().reverse()) {
    if (!(path in files)) rmSync(join(dir, path), { recursive: true, force: true });
  }
  for (const path of Object.keys(files).sort()) {
    if (same(files[path], before[path]) && path in before) continue;
    const host = join(dir, path);
    const there = existsSync(host) ? lstatSync(host).isDirectory() : null;
    if (files[path] === null) {
      if (there === false) rmSync(host, { force: true });
      mkdirSync(host, { recursive: true });
    } else {
      if (there === true) rmSync(host, { recursive: true, force: true });
      const tmp = host + TMP;
      writeFileSync(tmp, files[path]);
      renameSync(tmp, host);
    }
  }
}

// ---------------------------------------------------------------- the board

class Board {
  constructor(opts) {
    this.opts = opts;
    this.mp = null;
    this.raw = false;        // raw REPL (else friendly)
    this.rawLine = 0;        // bytes on the current raw-REPL line
    this.paste = null;       // raw-paste state: {code: [], count}
    this.dropOK = 0;         // bytes of the raw REPL's "OK" to swallow after a paste
    this.out = [];           // bytes for the client, flushed after each chunk of input
    this.client = null;
    this.saved = {};         // the files of the last save to --fs
  }

  write(bytes) {
    for (const b of bytes) {
      if (this.dropOK > 0) {  // the raw REPL's "OK", which a paste does not show
        this.dropOK--;
        continue;
      }
      this.out.push(b);
    }
  }

  say(text) { this.write(Buffer.from(text, "latin1")); }

  // A fresh interpreter over `files`; runs boot.py, and main.py when `runMain`.
  async start(files, runMain) {
    this.mp = await startMicroPython({ heapsize: this.opts.heap, write: (t) => this.say(t) });
    restore(this.mp.FS, files);
    limitFlash(this.mp.FS);
    this.mp.runPython(ERRNO_SHIM);
    for (const name of runMain ? ["boot.py", "main.py"] : ["boot.py"]) {
      if (!(("/" + name) in files)) continue;
      try {
        this.mp.runPython(`exec(compile(open('${name}').read(), '${name}', 'exec'), globals())`);
      } catch (e) {
        this.say((e && e.message ? e.message : String(e)).replace(/\r?\n/g, "\r\n"));
      }
    }
    const before = this.out.length;
    this.mp.replInit();
    if (this.raw) {
      this.out.length = before;   // a board in raw mode shows no friendly banner
      this.mp.replProcessChar(CTRL_A);
      this.rawLine = 0;
    }
  }

  async powerOn() {
    let files = {};
    if (this.opts.fs && existsSync(join(this.opts.fs, MARK))) {
      files = loadFolder(this.opts.fs);
      this.saved = files;
    } else {
      const seed = await startMicroPython({ heapsize: 64 * 1024, write: () => {} });
      for (const [src, dest] of this.opts.seed) copyIn(seed.FS, src, dest);
      files = snapshot(seed.FS);
    }
    await this.start(files, true);
    this.out = [];       // nobody is listening at power-on
    this.save();
  }

  async softReset() {
    const files = snapshot(this.mp.FS);
    this.say("MPY: soft reboot\r\n");
    await this.start(files, !this.raw);
  }

  // With --fs, mirror the flash to the host folder (what changed since the last save).
  // A save that fails (the host's disk full, say) is reported once per kind of failure
  // and never stops the board: the next save brings the folder up to date.
  save() {
    if (!this.opts.fs) return;
    const files = snapshot(this.mp.FS);
    try {
      saveFolder(this.opts.fs, files, this.saved);
      this.saved = files;
      this.saveError = null;
    } catch (e) {
      const said = `virtual board: could not save the flash to ${this.opts.fs}: ${e.message}`;
      if (said !== this.saveError) console.error(said);
      this.saveError = said;
      try {   // what the folder holds now: the next save starts from there
        this.saved = loadFolder(this.opts.fs);
      } catch (again) {
        this.saved = {};
      }
    }
  }

  // Feed one byte from the client; returns true when a soft reset is due.
  feed(b) {
    if (this.paste) return this.feedPaste(b);
    if (this.raw && this.rawLine === 0 && b === CTRL_E) {
      this.paste = { code: [], count: 0, header: 0 };
      return false;
    }
    if (b === CTRL_A) this.raw = true;
    else if (b === CTRL_B) this.raw = false;
    const r = this.mp.replProcessChar(b);
    if (this.raw) this.rawLine = b === CTRL_A || b === CTRL_C || b === CTRL_D ? 0 : this.rawLine + 1;
    return r === SOFT_RESET;
  }

  abortPaste() {
    if (!this.paste) return;
    this.paste = null;
    this.write([CTRL_D]);
    this.mp.replProcessChar(CTRL_C);
    this.rawLine = 0;
  }

  // Raw-paste: "A" then Ctrl-A select it; then code with flow control until Ctrl-D.
  feedPaste(b) {
    const p = this.paste;
    if (p.header < 2) {
      const ok = b === (p.header === 0 ? 0x41 : CTRL_A);
      p.header++;
      if (!ok) { this.paste = null; return false; }
      if (p.header === 2) this.write([0x52, 0x01, PASTE_WINDOW & 0xff, PASTE_WINDOW >> 8]); // "R\x01" + window
      return false;
    }
    if (b === CTRL_C) {  // abandoned, as a board does: end of data, then a clean raw REPL
      this.abortPaste();
      return false;
    }
    if (b !== CTRL_D) {
      p.code.push(b);
      if (++p.count % PASTE_WINDOW === 0) this.write([CTRL_A]); // room for another window
      return false;
    }
    this.paste = null;
    this.write([CTRL_D]);  // end of data acknowledged; then the output, as in the raw REPL
    let reset = false;
    for (const c of p.code) reset = this.mp.replProcessChar(c) === SOFT_RESET || reset;
    this.dropOK = 2;
    reset = this.mp.replProcessChar(CTRL_D) === SOFT_RESET || reset;
    this.rawLine = 0;
    return reset;
  }
}

// ---------------------------------------------------------------- the socket

// Input is handled strictly in order, one chunk after another (a soft reset is async).
let queue = Promise.resolve();
const serially = (job) => {
  queue = queue.then(job).catch((e) => console.error("virtual board:", e && e.stack ? e.stack : e));
};

const opts = parseArgs(process.argv.slice(2));
const board = new Board(opts);
await board.powerOn();

// One client at a time, like a serial port. A client that has just gone away may not be
// noticed yet, so a newcomer waits a moment before being told the board is busy.
function connect(sock, waited) {
  if (board.client && waited < 500) {
    setTimeout(() => connect(sock, waited + 50), 50);
    return;
  }
  if (board.client) {
    sock.write("\r\nbusy: another program is connected to this virtual board\r\n");
    setTimeout(() => sock.destroy(), 10000).unref();  // it answers nothing more
    return;
  }
  board.client = sock;
  sock.setNoDelay(true);
  sock.on("data", (data) => {
    serially(async () => {
      for (const b of data) {
        if (board.feed(b)) await board.softReset();
      }
      board.save();  // before the answer: what the client was told is done is on the flash
      const out = Buffer.from(board.out);
      board.out = [];
      if (board.client === sock && out.length && !sock.destroyed) sock.write(out);
    });
  });
  sock.on("close", () => {
    if (board.client !== sock) return;
    board.client = null;
    serially(() => { board.abortPaste(); board.out = []; });  // half-sent code is dropped
  });
  sock.resume();
}

const server = createServer({ pauseOnConnect: true }, (sock) => {
  sock.on("error", () => {});  // EPIPE / ECONNRESET: the board carries on
  connect(sock, 0);
});
server.on("error", (e) => {
  console.error(`virtual board: cannot listen on ${opts.host}:${opts.port}: ${e.message}`);
  process.exit(1);
});
server.listen(opts.port, opts.host, () => {
  const { address, port } = server.address();
  console.log(`listening on socket://${address}:${port}`);
});

const stop = () => serially(() => {
  board.save();
  process.exit(0);
});
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// The parent gone (even killed with SIGKILL): this process is handed to another parent.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) stop(); }, 250).unref();
