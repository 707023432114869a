// Load the real MicroPython (WebAssembly build from npm) and copy project files into its
// file system, laid out as on a board: /firmware/..., /boot.py, /main.py, ...
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { /* exists */ }
  }
}

// Copy host file or folder `src` to `dest` in the MicroPython file system (.py, .mpy, .json).
export function copyIn(FS, src, dest) {
  if (statSync(src).isDirectory()) {
    mkdirs(FS, dest);
    for (const name of readdirSync(src)) {
      if (name === "__pycache__" || name.startsWith(".")) continue;
      const s = join(src, name);
      if (statSync(s).isDirectory() || /\.(py|mpy|json)$/.test(name)) copyIn(FS, s, dest + "/" + name);
    }
  } else {
    mkdirs(FS, dest.slice(0, dest.lastIndexOf("/")));
    FS.writeFile(dest, readFileSync(src));
  }
}

// mounts: [[hostPath, boardPath], ...]; write(text) receives everything Python prints.
export async function startMicroPython({ heapsize = 8 * 1024 * 1024, mounts = [], write }) {
  const mp = await loadMicroPython({
    heapsize,
    linebuffer: false,
    stdout: (bytes) => write(Buffer.from(bytes).toString("latin1")),
    stderr: (bytes) => write(Buffer.from(bytes).toString("latin1")),
  });
  for (const [src, dest] of mounts) copyIn(mp.FS, src, dest);
  mp.runPython("import sys\nif '' not in sys.path: sys.path.insert(0, '')\nif '/' not in sys.path: sys.path.append('/')");
  return mp;
}
