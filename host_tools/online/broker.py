"""A Mosquitto broker set up for remote play (``arbiter broker``; docs/contracts.md#security):
its configuration, password file and ACL written into one folder, and the broker started on
them.

The folder holds ``mosquitto.conf``, ``passwd`` (one line per user, PBKDF2-SHA512 as
Mosquitto 2 reads it), ``acl``, ``users.json`` (the passwords, readable by the owner only, to
hand out) and ``data/`` (the persistence file: retained games survive a restart)."""
import base64
import getpass
import hashlib
import json
import os
import shutil
import socket
import subprocess
import time

from host_tools.online import protocol

DEFAULT_DIR = os.path.join(os.path.expanduser("~"), ".arbiter", "broker")  # `arbiter broker --dir`
INSTALL_HINT = ("Mosquitto is not installed: on Debian or Ubuntu `sudo apt-get install "
                "mosquitto`, on macOS `brew install mosquitto`, on Windows the installer from "
                "mosquitto.org (or run ./play, which installs it here)")

_PUBLIC = ("game", "join", "ply/+", "presence", "stop")   # what anyone may read
_OWN = ("game", "join", "ply/+", "presence", "stop", "secret", "sync")  # what a user writes


def acl_text():
    """The ACL: anonymous clients read the public topics only; a user also writes under its
    own name; a player reads what the dealer sends it alone; the dealer reads everything
    (moves with secrets in them come to it alone)."""
    root = protocol.ROOT
    lines = ["# Arbiter remote play (docs/contracts.md#security).",
             "# Anonymous clients: watch only."]
    lines += ["topic read %s/+/+/%s" % (root, t) for t in _PUBLIC]
    lines += ["topic read %s/+/%s/deal" % (root, protocol.DEALER), "",
              "# Every user: the same, and write only under its own name."]
    lines += ["pattern read %s/+/+/%s" % (root, t) for t in _PUBLIC]
    lines += ["pattern read %s/+/%s/deal" % (root, protocol.DEALER)]
    lines += ["pattern write %s/+/%%u/%s" % (root, t) for t in _OWN]
    lines += ["pattern read %s/+/%%u/sync" % root,
              "# What the dealer sends one player, that player alone reads.",
              "pattern read %s/+/%s/to/%%u" % (root, protocol.DEALER),
              "pattern read %s/+/%s/to/%%u/#" % (root, protocol.DEALER), "",
              "user %s" % protocol.DEALER, "topic readwrite %s/#" % root, ""]
    return "\n".join(lines)


def password_line(user, password, salt=None, iterations=101):
    """A line of Mosquitto's password file (``$7$``: PBKDF2-SHA512, as mosquitto_passwd)."""
    salt = salt if salt is not None else os.urandom(12)
    h = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, iterations, 64)
    return "%s:$7$%d$%s$%s" % (user, iterations, base64.b64encode(salt).decode(),
                               base64.b64encode(h).decode())


def new_password():
    return base64.urlsafe_b64encode(os.urandom(12)).decode().rstrip("=")


class Setup:
    """What ``arbiter broker`` starts: where it listens and who may log in."""

    def __init__(self, folder, bind="127.0.0.1", port=1883, ws_port=9001, tls_port=None,
                 certfile=None, keyfile=None, users=("player1", "player2")):
        self.folder = os.path.abspath(folder)
        self.bind, self.port, self.ws_port, self.tls_port = bind, port, ws_port, tls_port
        self.certfile, self.keyfile = certfile, keyfile
        self.users = tuple(users)

    def ports(self):
        return [p for p in (self.port, self.ws_port, self.tls_port) if p]

    def path(self, name):
        return os.path.join(self.folder, name)

    def passwords(self):
        """{user: password}: those of users.json, new ones made for users it lacks
        (the dealer always has one)."""
        try:
            with open(self.path("users.json")) as f:
                known = json.load(f)
        except (OSError, ValueError):
            known = {}
        out = {}
        for user in self.users + (protocol.DEALER,):
            protocol.check_user(user)
            out[user] = known.get(user) or new_password()
        return out

    def config_text(self):
        lines = ["# Written by `arbiter broker`; edits are overwritten at its next start.",
                 "per_listener_settings false",
                 "allow_anonymous true",
                 "password_file " + self.path("passwd"),
                 "acl_file " + self.path("acl"),
                 "persistence true",
                 "persistence_location " + self.path("data") + os.sep,
                 "autosave_interval 5",
                 "max_queued_messages 10000",
                 "set_tcp_nodelay true",     # a move is one small packet: send it at once
                 "user " + getpass.getuser(),
                 "log_dest file " + self.path("mosquitto.log"),
                 "log_type error", "log_type warning", "log_type notice",
                 "",
                 "listener %d %s" % (self.port, self.bind),
                 "protocol mqtt"]
        if self.ws_port:
            lines += ["", "listener %d %s" % (self.ws_port, self.bind), "protocol websockets"]
        if self.tls_port:
            lines += ["", "listener %d %s" % (self.tls_port, self.bind), "protocol mqtt",
                      "certfile " + os.path.abspath(self.certfile),
                      "keyfile " + os.path.abspath(self.keyfile)]
        return "\n".join(lines) + "\n"

    def write(self):
        """Write the folder's files; returns {user: password}."""
        os.makedirs(self.path("data"), exist_ok=True)
        users = self.passwords()
        _write(self.path("users.json"), json.dumps(users, indent=1, sort_keys=True) + "\n")
        _write(self.path("passwd"), "".join(password_line(u, p) + "\n"
                                             for u, p in sorted(users.items())))
        _write(self.path("acl"), acl_text())
        _write(self.path("mosquitto.conf"), self.config_text())
        return users


def _write(path, text):
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def mosquitto_path():
    """The mosquitto program, or None."""
    found = shutil.which("mosquitto")
    if found:
        return found
    for p in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto", "/opt/homebrew/sbin/mosquitto"):
        if os.access(p, os.X_OK):
            return p
    return None


class BrokerError(Exception):
    """The broker could not be started (one sentence)."""


def start(setup, timeout=10.0):
    """Write the setup and start Mosquitto on it; returns the process once it accepts
    connections. BrokerError when Mosquitto is missing or does not come up."""
    program = mosquitto_path()
    if program is None:
        raise BrokerError(INSTALL_HINT)
    for port in setup.ports():
        if _listening(setup.bind, port):
            raise BrokerError("port %d is already in use (another broker?): choose another "
                              "with --port / --ws-port" % port)
    setup.write()
    proc = subprocess.Popen([program, "-c", setup.path("mosquitto.conf")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BrokerError("Mosquitto stopped at once: %s" % _why(proc, setup))
        if all(_listening(setup.bind, p) for p in setup.ports()):
            return proc
        time.sleep(0.05)
    stop(proc)
    raise BrokerError("Mosquitto did not start listening on port %d within %d s"
                      % (setup.port, timeout))


def _why(proc, setup):
    err = proc.stderr.read().decode("utf-8", "replace").strip()
    try:
        with open(setup.path("mosquitto.log")) as f:
            err = (err + "\n" + f.read()).strip()
    except OSError:
        pass
    lines = [ln for ln in err.splitlines() if "rror" in ln] or err.splitlines() or ["no reason"]
    return lines[-1][:200]


def _listening(host, port):
    try:
        with socket.create_connection(("127.0.0.1" if host in ("0.0.0.0", "") else host, port),
                                      timeout=0.2):
            return True
    except OSError:
        return False


def stop(proc, timeout=10.0):
    """Stop the broker as a person would (it saves its persistence file first)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stderr:
        proc.stderr.close()
