"""Serve the browser simulator (``arbiter sim``) on 127.0.0.1.

The page (host_tools/sim/) runs the firmware itself on MicroPython's WebAssembly build,
served from node_modules. What the server adds:

    /                      the page (host_tools/sim/index.html) and its static files
    /micropython/<file>    micropython.mjs and micropython.wasm from the npm package
    /bundle.json           {"board": kind, "profile": {...}, "files": {"firmware/...py": text}}
                           read from disk at each request, so a reload runs the current code
    /online/mqtt.esm.js    the npm mqtt client's browser bundle, for online.html (a spectator)
    /online/views.json     {"host_tools/terminal/...py": text}: how the terminal draws each game

Only files under those folders are served, with no caching."""
import json
import os
import sys
import threading
import webbrowser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from host_tools import profiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM_DIR = os.path.join(ROOT, "host_tools", "sim")
FIRMWARE_DIR = os.path.join(ROOT, "firmware")
MICROPYTHON_DIR = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MQTT_BUNDLE = os.path.join(ROOT, "node_modules", "mqtt", "dist", "mqtt.esm.js")
VIEWS_DIR = os.path.join(ROOT, "host_tools", "terminal")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".json": "application/json", ".wasm": "application/wasm",
         ".py": "text/plain; charset=utf-8", ".png": "image/png"}


class SetupError(Exception):
    """Something the simulator needs is missing (exit status 1)."""


class UsageError(Exception):
    """The request makes no sense, e.g. an unknown board kind (exit status 2)."""


def board_kinds():
    """Board kinds the simulator can draw (one module each in sim/boards/)."""
    names = os.listdir(os.path.join(SIM_DIR, "boards"))
    return sorted(n[:-3] for n in names if n.endswith(".js"))


def profile_for(kind):
    """The first board profile (hardware/*.json, by name) of board kind ``kind``."""
    path = profiles.by_kind().get(kind)
    if path is None:
        return None
    with open(path) as f:
        return json.load(f)


def bundle(kind):
    files = {}
    for folder, dirs, names in os.walk(FIRMWARE_DIR):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    files[rel] = f.read()
    return {"board": kind, "profile": profile_for(kind), "files": files}


def views():
    """The terminal's drawing of each game (host_tools/terminal/), for the spectator page."""
    out = {"host_tools/__init__.py": ""}
    for name in sorted(os.listdir(VIEWS_DIR)):
        if name.endswith(".py"):
            with open(os.path.join(VIEWS_DIR, name), encoding="utf-8") as f:
                out["host_tools/terminal/" + name] = f.read()
    return out


def check(kind):
    """Raise UsageError / SetupError unless board ``kind`` can be simulated here."""
    kinds = board_kinds()
    if kind not in kinds:
        raise UsageError("there is no simulator for a %r board; known kinds: %s" % (kind, ", ".join(kinds)))
    if profile_for(kind) is None:
        raise SetupError("no board profile of kind %r in %s" % (kind, profiles.HARDWARE))
    for name in MICROPYTHON_FILES:
        if not os.path.isfile(os.path.join(MICROPYTHON_DIR, name)):
            raise SetupError("MicroPython's WebAssembly build is missing from node_modules: "
                             "run ./play once (or `npm ci`) to set it up")


def make_handler(kind):
    class Handler(SimpleHTTPRequestHandler):
        def handle(self):
            try:
                SimpleHTTPRequestHandler.handle(self)
            except (ConnectionResetError, BrokenPipeError):
                pass   # the browser went away (a reload, a closed tab)

        def do_GET(self):
            self._serve(True)

        def do_HEAD(self):
            self._serve(False)

        def _serve(self, body):
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if path == "/bundle.json":
                self._send(json.dumps(bundle(kind)).encode(), ".json", body)
                return
            if path == "/online/views.json":
                self._send(json.dumps(views()).encode(), ".json", body)
                return
            if path == "/online/mqtt.esm.js":
                file = MQTT_BUNDLE
            elif path.startswith("/micropython/"):
                name = path[len("/micropython/"):]
                file = os.path.join(MICROPYTHON_DIR, name) if name in MICROPYTHON_FILES else None
            else:
                file = self._static(path)
            if file is None or not os.path.isfile(file):
                self.send_error(404, "Not found")
                return
            with open(file, "rb") as f:
                self._send(f.read(), os.path.splitext(file)[1], body)

        def _static(self, path):
            rel = "index.html" if path == "/" else path.lstrip("/")
            file = os.path.realpath(os.path.join(SIM_DIR, rel))
            if not file.startswith(os.path.realpath(SIM_DIR) + os.sep):
                return None   # no way out of the page's folder
            return file

        def _send(self, data, ext, body):
            self.send_response(200)
            self.send_header("Content-Type", TYPES.get(ext, "application/octet-stream"))
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if body:
                self.wfile.write(data)

        def log_message(self, fmt, *args):
            pass   # quiet: the terminal shows the URL and errors only

    return Handler


def make_server(board="light", port=8000):
    """A server for board kind ``board`` on 127.0.0.1:``port`` (0 = any free port), not
    yet serving; its URL is ``url(server)``."""
    check(board)
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(board))
    server.daemon_threads = True
    return server


def url(server):
    return "http://127.0.0.1:%d/" % server.server_address[1]


def _graphical_browser_likely():
    # Without a display, webbrowser may pick a text browser that takes over the terminal.
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _open_browser(address):
    try:
        webbrowser.open(address)
    except Exception:   # no browser is fine: the URL is printed
        pass


def main(board="light", port=8000, open_browser=True):
    """Serve the simulator until Ctrl-C. Exit status: 0, 1 (cannot serve), 2 (bad input)."""
    if not isinstance(port, int) or not 0 <= port <= 65535:
        print("arbiter sim: the port must be a number from 0 to 65535", file=sys.stderr)
        return 2
    try:
        server = make_server(board, port)
    except UsageError as e:
        print("arbiter sim: %s" % e, file=sys.stderr)
        return 2
    except SetupError as e:
        print("arbiter sim: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        print("arbiter sim: cannot listen on 127.0.0.1:%d (%s); pick another port with --http"
              % (port, e.strerror or e), file=sys.stderr)
        return 1
    address = url(server)
    print("Arbiter simulator (%s board): %s   (Ctrl-C stops it)" % (board, address), flush=True)
    if open_browser and _graphical_browser_likely():
        threading.Thread(target=_open_browser, args=(address,), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("simulator stopped")
    finally:
        server.server_close()
    return 0
