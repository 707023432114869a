// A JSON-lines driver for the real MicroPython, used by the tests and the benchmarks.
// Each request line: {"code": "..."}          -> runs as one runPython call
//                    {"reset": true, "mounts": [[host, board], ...], "heapsize": N}
//                                             -> a fresh interpreter with those files
// Each reply line:   {"ok": bool, "out": "printed text", "error": "traceback or null"}
// One call per test keeps garbage from piling up: the WebAssembly build only really
// frees memory between calls (docs/architecture.md#test-layers).
import { createInterface } from "node:readline";
import { startMicroPython } from "./upy.mjs";

let mp = null;
let out = "";
const write = (s) => { out += s; };

const rl = createInterface({ input: process.stdin, terminal: false });
for await (const line of rl) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  out = "";
  let reply;
  try {
    if (req.reset || mp === null) {
      mp = await startMicroPython({ heapsize: req.heapsize, mounts: req.mounts || [], write });
    }
    if (req.code !== undefined) mp.runPython(req.code);
    reply = { ok: true, out, error: null };
  } catch (e) {
    reply = { ok: false, out, error: e && e.message ? e.message : String(e) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
