"""The link to a board: a real one on USB, or the virtual board on a socket, through
mpremote's SerialTransport (raw REPL).

Opening the link stops the board's app (Ctrl-C) and soft-resets it into the raw REPL;
closing it soft-resets it again in the friendly REPL, so boot.py and main.py run and
the app starts over with whatever was changed. Everything the board is sent is code
written here; paths and data travel as repr() literals of values, never as text typed
by a user. Every failure of the link becomes a BoardError with one sentence."""
import ast
import contextlib
import hashlib
import io
import os

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from host_tools.errors import BoardError, UsageError

ANSWER_S = 5        # a MicroPython board answers Ctrl-A / a soft reset well within this
CHUNK = 4096        # bytes of file data per command when writing (a Pico has RAM for it)
LINK_ERRORS = (TransportError, serial.SerialException, OSError)

# Board-side helpers, defined once per connection in the REPL's globals.
_HELPERS = """
import os, sys
def _ex(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False
def _rd(p):
    try:
        with open(p, 'rb') as f:
            return f.read()
    except OSError:
        return None
class _Fnv:
    def __init__(self):
        self.h = 0x811c9dc5
    def update(self, b):
        h = self.h
        for c in b:
            h = ((h ^ c) * 0x01000193) & 0xffffffff
        self.h = h
    def digest(self):
        return bytes([self.h >> 24, (self.h >> 16) & 255, (self.h >> 8) & 255, self.h & 255])
def _hash(p, algo):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    if algo == 'sha256':
        import hashlib
        h = hashlib.sha256()
    else:
        h = _Fnv()
    buf = bytearray(512)
    mv = memoryview(buf)
    while True:
        n = f.readinto(buf)
        if not n:
            break
        h.update(mv[:n])
    f.close()
    return ''.join(['%02x' % b for b in h.digest()])
def _put(p, data, first):
    if first:
        d = ''
        for part in p.split('/')[:-1]:
            if part:
                d += '/' + part
                if not _ex(d):
                    os.mkdir(d)
    with open(p, 'wb' if first else 'ab') as f:
        f.write(data)
def _files(top):
    out = []
    if not _ex(top):
        return out
    stack = [top]
    while stack:
        d = stack.pop()
        for name in os.listdir(d):
            p = d + '/' + name
            if os.stat(p)[0] & 0x4000:
                stack.append(p)
            else:
                out.append(p)
    return out
"""

_PROBE = """
try:
    import hashlib
    _s = hasattr(hashlib, 'sha256')
except ImportError:
    _s = False
print(repr({'name': sys.implementation.name, 'version': tuple(sys.implementation.version[:3]),
            'mpy': getattr(sys.implementation, '_mpy', None), 'platform': sys.platform,
            'sha256': _s, 'arbiter': _ex('/firmware/app')}))
"""


def local_hash(data, algo):
    """The hash the board computes with ``_hash`` (sha256, or FNV-1a 32 without hashlib)."""
    if algo == "sha256":
        return hashlib.sha256(data).hexdigest()
    h = 0x811C9DC5
    for c in data:
        h = ((h ^ c) * 0x01000193) & 0xFFFFFFFF
    return "%08x" % h


def usb_ports():
    """Serial ports of USB devices, the ones `mpremote connect auto` would try."""
    return [p.device for p in sorted(serial.tools.list_ports.comports())
            if p.vid is not None and p.pid is not None]


def resolve_port(port):
    """mpremote's port forms: auto, id:SERIAL, port:PATH, a0/u0/c0 shortcuts, a path
    or a URL (socket://HOST:PORT). Returns the devices to try, in order."""
    if port == "auto":
        found = usb_ports()
        if not found:
            raise BoardError("no board found: plug it in by USB, or give --port "
                             "(e.g. socket://127.0.0.1:7777 for `arbiter virtual-board`)")
        return found
    if port.startswith("id:"):
        for p in serial.tools.list_ports.comports():
            if p.serial_number == port[3:]:
                return [p.device]
        raise BoardError("no board with serial number %s is plugged in" % port[3:])
    if port.startswith("port:"):
        return [port[5:]]
    if len(port) >= 2 and port[0] in "auc" and port[1:].isdigit():
        prefix = {"a": "/dev/ttyACM", "u": "/dev/ttyUSB", "c": "COM"}[port[0]]
        return [prefix + port[1:]]
    return [port]


def _open_failure(device):
    if "://" in device:
        if device.startswith("socket://"):
            return "nothing answers at %s: is `arbiter virtual-board` running?" % device
        return "could not connect to %s" % device
    if os.name != "nt" and not os.path.exists(device):
        return "no board at %s: is it plugged in? (--port auto finds it)" % device
    if os.name != "nt" and not os.access(device, os.R_OK | os.W_OK):
        return "no permission to open %s: add yourself to the dialout group and log in again" % device
    return "%s is busy: another program (mpremote, Thonny, a serial terminal) has it open" % device


class Board:
    """``with Board(port) as b:`` — b.info says what the board is (see _PROBE)."""

    def __init__(self, port):
        self.port = port
        self.t = None
        self.info = None

    # ------------------------------------------------------------ open and close

    def __enter__(self):
        devices = resolve_port(self.port)
        for device in devices:
            try:
                self.t = SerialTransport(device, baudrate=115200, timeout=ANSWER_S)
                self.device = device
                break
            except TransportError:
                continue
            except ValueError:  # pyserial: a URL of a kind it does not know
                raise UsageError("--port %s is not a serial port, auto or socket://HOST:PORT" % device)
        if self.t is None:
            raise BoardError(_open_failure(devices[-1]))
        seen = io.StringIO()
        try:
            with contextlib.redirect_stdout(seen):  # mpremote prints what it got on failure
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=ANSWER_S)
            self.t.exec(_HELPERS)
            self.info = ast.literal_eval(self.t.exec(_PROBE).decode().strip())
        except LINK_ERRORS as e:
            self._drop()
            if "busy" in seen.getvalue():
                raise BoardError("%s is busy: another program is connected to it" % self.device)
            if not isinstance(e, TransportError):
                raise BoardError("lost the connection to %s while opening it" % self.device)
            raise BoardError("the device at %s does not answer like a MicroPython board "
                             "(is it running something else?)" % self.device)
        return self

    def __exit__(self, kind, exc, tb):
        if self.t is not None:
            self._restart()
            self._drop()

    def _restart(self):
        """Soft reset in the friendly REPL: boot.py and main.py run, the app starts."""
        try:
            self.t.serial.write(b"\r\x02")
            self.t.serial.write(b"\x04")
            self.t.read_until(1, b"soft reboot\r\n", timeout_overall=ANSWER_S)
        except LINK_ERRORS:
            pass

    def _drop(self):
        try:
            self.t.close()
        except LINK_ERRORS:
            pass
        self.t = None

    def require_arbiter(self):
        if not self.info["arbiter"]:
            raise BoardError("the board at %s has no Arbiter firmware: install it with "
                             "`arbiter deploy --port %s`" % (self.device, self.port))

    # ------------------------------------------------------------ commands

    def exec(self, code):
        """Run ``code`` on the board; return what it printed (str)."""
        try:
            return self.t.exec(code).decode("utf-8", "replace")
        except TransportExecError as e:
            last = e.error_output.strip().splitlines()[-1:] or ["?"]
            raise BoardError("the board failed: %s" % last[0])
        except LINK_ERRORS:
            raise BoardError("lost the connection to %s (unplugged or reset?)" % self.device)

    def eval(self, code):
        """Run ``code``, which prints one repr(); return that value."""
        return ast.literal_eval(self.exec(code).strip())

    def read_files(self, paths):
        """{path: bytes, or None when missing} in one round trip."""
        out = self.exec("for p in %r:\n print(repr(_rd(p)))" % (list(paths),))
        return dict(zip(paths, [ast.literal_eval(line) for line in out.splitlines()]))

    def read_file(self, path):
        return self.read_files([path])[path]

    def files_under(self, top):
        """Every file below the folder ``top`` (paths from /), or [] when it is missing."""
        return sorted(self.eval("print(repr(_files(%r)))" % top))

    def hashes(self, paths, algo):
        """{path: hex digest, or None when missing}."""
        return dict(zip(paths, self.eval("print(repr([_hash(p, %r) for p in %r]))" % (algo, list(paths)))))

    def hash_algo(self):
        return "sha256" if self.info["sha256"] else "fnv1a32"

    def write_files(self, files, progress=None):
        """Write {path: bytes} (folders made as needed). Several small files, or a piece
        of a big one, go in each command of about CHUNK bytes of data; after each,
        ``progress(bytes sent so far, path)``."""
        batch, size, sent = [], 0, 0
        for path, data in files.items():
            for i in range(0, max(len(data), 1), CHUNK):
                piece = data[i:i + CHUNK]
                batch.append("_put(%r, %r, %r)" % (path, piece, i == 0))
                size += len(piece)
                if size >= CHUNK:
                    self.exec("\n".join(batch))
                    sent += size
                    batch, size = [], 0
                    if progress:
                        progress(sent, path)
        if batch:
            self.exec("\n".join(batch))
            if progress:
                progress(sent + size, path)

    def replace(self, src, dst):
        """Rename ``src`` over ``dst`` (FAT cannot: remove ``dst`` first)."""
        self.exec("try:\n os.rename(%r, %r)\nexcept OSError:\n os.remove(%r)\n os.rename(%r, %r)"
                  % (src, dst, dst, src, dst))

    def write_atomic(self, path, data):
        """Write through ``path``.tmp and a rename: a cut leaves the old or the new file."""
        self.write_files({path + ".tmp": data})
        self.replace(path + ".tmp", path)
