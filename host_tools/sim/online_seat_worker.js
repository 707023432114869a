// The page's online seat's Python (online_seat.py) on a MicroPython of its own, in a
// worker: two MicroPythons cannot share one page (micropython.mjs keeps its proxies'
// state on globalThis), and the board's own is dropped at each power cut while the
// computer it is plugged into goes on. online_seat.js posts {files} once, then {id, fn,
// args} for each call of online_seat.py; the worker answers {id, reply} or {id, error},
// in order.
import { loadMicroPython } from "./micropython/micropython.mjs";

let mp = null;
let ready = null;

function mkdirs(FS, path) {
  let cur = "";
  for (const part of path.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

async function start(files) {
  mp = await loadMicroPython({
    heapsize: 1 << 22, stdout: () => {}, stderr: (line) => console.warn("[seat]", line),
    url: new URL("micropython/micropython.wasm", import.meta.url).href,
  });
  for (const [path, text] of Object.entries(files)) {
    mkdirs(mp.FS, "/seat/" + path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile("/seat/" + path, text);
  }
  mp.runPython("import os\nos.chdir('/seat')\nimport sys\nsys.path.insert(0, '/seat')\n"
    + "import json as _j\nimport online_seat");
}

onmessage = async (e) => {
  const m = e.data;
  if (m.files) {
    ready = start(m.files);
    return;
  }
  try {
    await ready;
    mp.globals.set("_args", JSON.stringify(m.args));
    mp.runPython(`_reply = online_seat.${m.fn}(*_j.loads(_args))`);
    postMessage({ id: m.id, reply: JSON.parse(mp.globals.get("_reply")) });
  } catch (err) {
    // A Python exception's last line says it, after its class's name (ValueError, the
    // protocol's Refused): the traceback is for the console.
    console.warn("[seat]", err);
    const last = String(err.message || err).trim().split("\n").pop();
    postMessage({ id: m.id, error: last.replace(/^\w+: /, "") });
  }
};
