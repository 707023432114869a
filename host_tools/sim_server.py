"""Serve the browser simulator (``arbiter sim``) on 127.0.0.1.

The page (host_tools/sim/) runs the firmware itself on MicroPython's WebAssembly build,
served from node_modules. What the server adds:

    /                      the page (host_tools/sim/index.html) and its static files
    /micropython/<file>    micropython.mjs and micropython.wasm from the npm package
    /bundle.json           {"board": kind, "profile": {...}, "files": {"firmware/...py": text}}
                           built once and built again only when a file of it changes, so
                           a reload runs the current code and many pages cost one build
    /online/mqtt.esm.js    the npm mqtt client's browser bundle, for online.html (a spectator)
                           and the page's online seat (online_seat.js)
    /online/views.json     {"host_tools/...py": text}: how the terminal draws each game, and
                           the remote-play modules that also run on MicroPython (SEAT_FILES)

Only files under those folders are served, with no caching by the browser. A connection
that sends nothing for IDLE_S seconds is closed (each holds a thread)."""
import json
import os
import sys
import threading
import webbrowser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from host_tools import profiles
from host_tools.errors import UsageError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM_DIR = os.path.join(ROOT, "host_tools", "sim")
FIRMWARE_DIR = os.path.join(ROOT, "firmware")
MICROPYTHON_DIR = os.path.join(ROOT, "node_modules", "@micropython",
                               "micropython-webassembly-pyscript")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MQTT_BUNDLE = os.path.join(ROOT, "node_modules", "mqtt", "dist", "mqtt.esm.js")
VIEWS_DIR = os.path.join(ROOT, "host_tools", "terminal")
ONLINE_DIR = os.path.join(ROOT, "host_tools", "online")
# host_tools/online's modules the page runs (a seat, a spectator): no broker client, no files.
SEAT_FILES = ("__init__.py", "protocol.py", "mirror.py", "clocks.py", "hidden.py",
              "session.py", "bridge.py", "board_game.py", "board_mano.py",
              "board_masbrur.py")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".json": "application/json", ".wasm": "application/wasm",
         ".py": "text/plain; charset=utf-8", ".png": "image/png"}
IDLE_S = 30   # a connection silent this long is closed


class SetupError(Exception):
    """Something the simulator needs is missing (exit status 1)."""


def board_kinds():
    """Board kinds the simulator can draw: a module in sim/boards/ and a profile in
    hardware/ each (sim/boards/ also holds the parts the boards share)."""
    names = os.listdir(os.path.join(SIM_DIR, "boards"))
    return sorted({n[:-3] for n in names if n.endswith(".js")} & set(profiles.kinds()))


def _firmware_files():
    """[(path from the repository, full path)] of the firmware's sources, in order."""
    out = []
    for folder, dirs, names in os.walk(FIRMWARE_DIR):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                out.append((os.path.relpath(path, ROOT).replace(os.sep, "/"), path))
    return out


class Bundle:
    """/bundle.json of one board kind: its bytes, made again only when a firmware file or
    the profile changes (checked by their sizes and times, not their contents)."""

    def __init__(self, kind):
        self.kind = kind
        self.profile = profiles.choose(kind)   # UsageError if it is broken
        self.lock = threading.Lock()
        self.stamp = None
        self.data = None
        self.builds = 0

    def _stamp(self, files):
        out = []
        for _rel, path in files + [("", profiles.path(self.profile))]:
            st = os.stat(path)
            out.append((path, st.st_mtime_ns, st.st_size))
        return out

    def get(self):
        with self.lock:
            files = _firmware_files()
            stamp = self._stamp(files)
            if stamp != self.stamp:
                self.data = self._build(files)
                self.stamp = stamp
                self.builds += 1
            return self.data

    def _build(self, files):
        texts = {}
        for rel, path in files:
            with open(path, encoding="utf-8") as f:
                texts[rel] = f.read()
        profile = profiles.read(self.profile)[1]
        return json.dumps({"board": self.kind, "profile": profile, "files": texts}).encode()


def views():
    """The terminal's drawing of each game (host_tools/terminal/), for the spectator page,
    and the remote-play modules a page runs (SEAT_FILES)."""
    out = {"host_tools/__init__.py": ""}
    for name in sorted(os.listdir(VIEWS_DIR)):
        if name.endswith(".py"):
            with open(os.path.join(VIEWS_DIR, name), encoding="utf-8") as f:
                out["host_tools/terminal/" + name] = f.read()
    for name in SEAT_FILES:
        with open(os.path.join(ONLINE_DIR, name), encoding="utf-8") as f:
            out["host_tools/online/" + name] = f.read()
    return out


def check(kind):
    """Raise UsageError / SetupError unless board ``kind`` can be simulated here."""
    kinds = board_kinds()
    if kind not in kinds:
        raise UsageError("there is no simulator for a %r board; known kinds: %s"
                         % (kind[:20], ", ".join(kinds)))
    profiles.choose(kind)
    for name in MICROPYTHON_FILES:
        if not os.path.isfile(os.path.join(MICROPYTHON_DIR, name)):
            raise SetupError("MicroPython's WebAssembly build is missing from node_modules: "
                             "run ./play once (or `npm ci`) to set it up")


def make_handler(kind):
    bundle = Bundle(kind)

    class Handler(SimpleHTTPRequestHandler):
        timeout = IDLE_S
        built = bundle   # (the server's: httpd.RequestHandlerClass.built)

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
                self._send(bundle.get(), ".json", body)
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
            if [c for c in path if ord(c) < 32 or ord(c) == 127]:
                return None   # a NUL or control byte names no file
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
