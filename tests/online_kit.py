"""A real Mosquitto for the remote-play tests, on 127.0.0.1 with free ports and the
configuration `arbiter broker` writes (password file, ACL, persistence), the dealer beside
it, and players driven through the same Session the terminal uses."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import pytest

from firmware import ai
from host_tools.online import broker, dealer, protocol
from host_tools.online.link import Broker, Link
from host_tools.online.session import Session

USERS = ("alice", "bob", "carol")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def need_mosquitto():
    """A missing Mosquitto is a set-up error (./test installs it), never a skip."""
    if broker.mosquitto_path() is None:
        pytest.fail(broker.INSTALL_HINT)


class Kit:
    """The broker (startable again on the same files) and the dealer beside it."""

    def __init__(self, folder, tls=None):
        need_mosquitto()
        cert, key = tls or (None, None)
        self.setup = broker.Setup(folder, port=free_port(), ws_port=free_port(),
                                  tls_port=free_port() if tls else None, certfile=cert,
                                  keyfile=key, users=USERS)
        self.proc = None
        self.dealer_stop = None
        self.links = []

    def start(self):
        self.proc = broker.start(self.setup)
        self.passwords = self.setup.passwords()

    def stop(self):
        if self.proc is not None:
            broker.stop(self.proc)
            self.proc = None

    def url(self, user=None, scheme="mqtt", port=None):
        port = port or self.setup.port
        if user is None:
            return "%s://127.0.0.1:%d" % (scheme, port)
        return "%s://%s:%s@127.0.0.1:%d" % (scheme, user, self.passwords[user], port)

    def link(self, user=None, port=None, **kw):
        link = Link(Broker(self.url(user, port=port), **kw))
        self.links.append(link)
        return link

    def start_dealer(self):
        link = self.link(protocol.DEALER)
        link.connect()
        self.dealer_link = link
        self.dealer_stop = threading.Event()
        self.dealer_thread = threading.Thread(
            target=dealer.run, args=(link, self.setup.path("dealer"), self.dealer_stop),
            daemon=True)
        self.dealer_thread.start()

    def stop_dealer(self):
        if self.dealer_stop is not None:
            self.dealer_stop.set()
            self.dealer_thread.join(5)
            self.dealer_stop = None
            kill(self.dealer_link)

    def close(self):
        self.stop_dealer()
        for link in self.links:
            try:
                link.close(clean=False)
            except Exception:
                pass
        self.stop()


def player(kit, user, code, port=None, now=time.monotonic):
    link = kit.link(user, port=port)
    s = Session(link, code, now=now)
    link.connect()
    return s


def kill(link):
    """The link's process dies: its socket closes with no goodbye to the broker."""
    link.client.loop_stop()
    sock = link.client.socket()
    if sock is not None:
        sock.close()


class Stall:
    """Fails a test when a game stops moving: no new ply for ``seconds``. A long game (a
    match whose random deal takes many hands) is no fault; a stuck one is."""

    def __init__(self, seconds):
        self.seconds, self.plies, self.deadline = seconds, None, time.monotonic() + seconds

    def check(self, plies, why):
        """``plies``: how many the game has now; ``why()``: what the failure says."""
        now = time.monotonic()
        if plies != self.plies:
            self.plies, self.deadline = plies, now + self.seconds
        assert now < self.deadline, "no ply for %d s after ply %s: %s" % (
            self.seconds, plies, why())


def pump_until(sessions, done, seconds=20.0):
    """Pump every session until ``done()``; fails the test after ``seconds``."""
    events = {id(s): [] for s in sessions}
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out waiting"
        for s in sessions:
            events[id(s)] += s.pump(0.02)
    return events


def new_game(kit, game, options=None, users=("alice", "bob")):
    code = protocol.new_code()
    a = player(kit, users[0], code)
    a.create(game, options or {}, 0)
    b = player(kit, users[1], code)
    b.join()
    pump_until([a, b], lambda: a.started() and b.started())
    return code, a, b


def choose(s, level=1):
    """The computer's move for the session whose turn it is (what a person would type)."""
    state = s.position()
    move = ai.choose(s.mirror.game, state, level, s.mirror.next_ply())
    if move == "<free>":
        move = s.mirror.engine.auto_move(state)
    return move


def play_out(sessions, plies=None, seconds=120.0):
    """Both players play the computer's moves until the game ends (or ``plies`` more)."""
    target = None if plies is None else len(sessions[0].mirror.record) + plies
    deadline = time.monotonic() + seconds

    def finished():
        if any(s.stopped for s in sessions):
            return True
        if target is not None:
            return all(len(s.mirror.record) >= target for s in sessions)
        return all(s.ended for s in sessions)

    while not finished():
        assert time.monotonic() < deadline, "the game did not end in time"
        for s in sessions:
            s.pump(0.005)
            if s.my_turn() and (target is None or len(s.mirror.record) < target):
                s.play(choose(s))


def records(*sessions):
    return [[(e.ply, e.seat, e.move, e.digest) for e in s.mirror.record] for s in sessions]


@pytest.fixture
def kit(tmp_path):
    k = Kit(str(tmp_path / "broker"))
    k.start()
    k.start_dealer()
    yield k
    k.close()



class Proxy:
    """A TCP relay between players and the broker that a test can cut and restore: the
    link going down and coming back, as a person's Wi-Fi would."""

    def __init__(self, target_port):
        self.target = target_port
        self.port = free_port()
        self.conns = []
        self.server = None
        self.lock = threading.Lock()
        self.restore()

    def restore(self):
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", self.port))
        srv.listen(16)
        self.server = srv
        threading.Thread(target=self._accept, args=(srv,), daemon=True).start()

    def cut(self):
        """Close the listener and every relayed connection."""
        srv, self.server = self.server, None
        try:
            srv.shutdown(socket.SHUT_RDWR)   # wakes the accepting thread, frees the port
        except OSError:
            pass
        srv.close()
        with self.lock:
            conns, self.conns = self.conns, []
        for c in conns:
            for s in c:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()

    def _accept(self, srv):
        while True:
            try:
                client, _ = srv.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.conns.append((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src, dst):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self):
        if self.server is not None:
            self.cut()


class FakeClock:
    """Seconds that pass only when a test says so."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t

    def advance(self, seconds):
        self.t += seconds


# ---------------------------------------------------------------- a board with its app

BOARD_APP = os.path.join(ROOT, "tests", "harness", "board_app.mjs")
PROFILE_OF = {"light": "light-pico", "marble": "marble-pico", "stone": "stone5-pico",
              "tile": "tile-pico"}


class VirtualBoard:
    """A board of ``kind`` with its app running on the WebAssembly MicroPython, its USB
    serial on ``port`` (socket://...), a robot playing its player (tests/harness/
    board_app.py)."""

    def __init__(self, kind, level=1):
        node = shutil.which("node")
        self.proc = subprocess.Popen(
            [node, BOARD_APP, "--profile", os.path.join(ROOT, "hardware",
                                                        PROFILE_OF[kind] + ".json"),
             "--listen", "127.0.0.1:0", "--level", str(level)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._id = 0
        self.port = "socket://127.0.0.1:%d" % self._line()["port"]

    def _line(self):
        line = self.proc.stdout.readline()
        assert line, "the virtual board stopped (exit %s)" % self.proc.poll()
        return json.loads(line)

    def call(self, cmd, **args):
        self._id += 1
        args.update(id=self._id, cmd=cmd)
        self.proc.stdin.write(json.dumps(args) + "\n")
        self.proc.stdin.flush()
        while True:
            out = self._line()
            if out.get("id") == self._id:
                assert "error" not in out, out["error"]
                return out

    def status(self):
        return self.call("status")["status"]

    def power_cut(self):
        self.call("power_cut")

    def robot(self, on):
        self.call("robot", on=on)

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()


def arbiter(*args):
    """`arbiter ARGS` started as a person starts it (its output kept in a file)."""
    out = tempfile.NamedTemporaryFile("w+", suffix=".txt", delete=False)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools", *args], cwd=ROOT,
                            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                            text=True)
    proc.log = out.name
    return proc


def output(proc):
    with open(proc.log) as f:
        return f.read()
