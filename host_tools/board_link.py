"""The link to a board: a real one on USB, or the virtual board on a socket, through
mpremote's SerialTransport (raw REPL).

Opening the link stops the board's app (Ctrl-C) and soft-resets it into the raw REPL;
closing it soft-resets it again in the friendly REPL, so boot.py and main.py run and
the app starts over with whatever was changed. Everything the board is sent is code
written here; paths and data travel as repr() literals of values, never as text typed
by a user. Every failure of the link becomes a BoardError with one sentence, and every
exchange with the board (opening the link, each command) has a deadline: a board that
stops answering holds `arbiter` EXCHANGE_S at most. A board that answered its first
command slowly (an emulated one on a busy computer: rp2040js) gets deadlines scaled by
how much slower than PROBE_S it was, up to MAX_SLOW times."""
import ast
import contextlib
import hashlib
import io
import os
import stat
import time

import serial
import serial.tools.list_ports
from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from firmware.app.core.settings import shown
from host_tools.errors import PATH_SHOWN, BoardError, UsageError, quoted

ANSWER_S = 5        # a MicroPython board answers Ctrl-A / a soft reset well within this
EXCHANGE_S = 10     # the most any one exchange may take (a frozen board: then we give up)
PROBE_S = 0.25      # a board answers the first command (_PROBE) well within this
WRITE_S_PER_KB = 5  # more time for a command that writes flash (an emulated flash erases slowly)
MAX_SLOW = 12
CHUNK = 4096        # bytes of file data per command when writing (a Pico has RAM for it)
HASH_BATCH = 16     # files hashed per command
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
def _rd(p, at=0, n=-1):
    try:
        if os.stat(p)[0] & 0x4000:
            return 21
        with open(p, 'rb') as f:
            f.seek(at)
            return f.read(n)
    except OSError as e:
        return None if e.args[0] == 2 else e.args[0]
def _size(p):
    try:
        st = os.stat(p)
    except OSError:
        return None
    return -1 if st[0] & 0x4000 else st[6]
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
def _sized(top):
    found = _files(top)
    return None if found is None else [(p, os.stat(p)[6]) for p in found]
def _rm(paths):
    for p in paths:
        for q in (p, p + '.tmp'):
            try:
                os.remove(q)
            except OSError:
                pass
def _free():
    try:
        st = os.statvfs('/')
    except (AttributeError, OSError):
        return None
    return st[1] * st[4]
def _files(top):
    out = []
    if not _ex(top):
        return out
    if not os.stat(top)[0] & 0x4000:
        return None
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


def _failure(error_output):
    """The board's traceback in words: its last line, an OSError's number explained."""
    last = (error_output.strip().splitlines()[-1:] or ["?"])[0]
    if last.startswith("OSError"):
        digits = "".join(c if c.isdigit() else " " for c in last).split()
        if digits:
            return "%s (OSError %s)" % (errno_words(int(digits[0])), digits[0])
    return last


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


# What a board's OSError numbers (MicroPython's, as Linux's) mean, for messages.
ERRNO_WORDS = {2: "a file or folder is missing", 12: "the board ran out of memory",
               13: "permission denied", 17: "a file or folder is in the way",
               20: "a file stands where a folder should be",
               21: "a folder stands where a file should be",
               27: "it is too large to read whole",
               28: "the board's flash is full", 30: "the board's file system is read-only"}
TOO_LARGE = 27   # EFBIG: what the commands make of a file they will not read whole


class BoardFailure(BoardError):
    """Code sent to the board raised; ``words`` says what went wrong there."""

    def __init__(self, words):
        BoardError.__init__(self, "the board failed: %s" % words)
        self.words = words


def errno_words(n):
    return ERRNO_WORDS.get(n, "error %s" % n)


class Unreadable:
    """What ``read_files`` gives for a file that exists but cannot be read."""

    def __init__(self, errno):
        self.errno = errno

    def __str__(self):
        return "cannot be read (%s)" % errno_words(self.errno)


def check_port(port):
    """UsageError (one sentence) when ``port`` cannot name a board."""
    looks = "a port is a serial device (/dev/ttyACM0, COM3), auto, or socket://HOST:PORT"
    if not port.strip():
        raise UsageError("--port is empty: " + looks)
    if port.startswith("socket://"):
        host, colon, number = port[len("socket://"):].rpartition(":")
        if not (host and colon and number.isdigit() and number.isascii()
                and 0 < int(number) <= 65535):
            raise UsageError("--port %s is not socket://HOST:PORT with a port from 1 to 65535"
                             % quoted(port, PATH_SHOWN))
        return
    if os.name == "nt" or "://" in port or not os.path.exists(port):
        return
    try:
        mode = os.stat(port).st_mode
        fd = os.open(port, os.O_RDWR | os.O_NONBLOCK | os.O_NOCTTY) if stat.S_ISCHR(mode) else None
    except OSError:
        return  # no permission: said when opening
    if fd is not None:
        is_tty = os.isatty(fd)
        os.close(fd)
        if is_tty:
            return
    raise UsageError("--port %s is not a serial port: %s" % (quoted(port, PATH_SHOWN), looks))


def _open_failure(port):
    device = shown(port, PATH_SHOWN)
    if "://" in port:
        if port.startswith("socket://"):
            return "nothing answers at %s: is `arbiter virtual-board` running?" % device
        return "could not connect to %s" % device
    if os.name != "nt" and not os.path.exists(port):
        return "no board at %s: is it plugged in? (--port auto finds it)" % device
    if os.name != "nt" and not os.access(port, os.R_OK | os.W_OK):
        return ("no permission to open %s: add yourself to the dialout group and log in again"
                % device)
    return "%s is busy: another program (mpremote, Thonny, a serial terminal) has it open" % device


class Board:
    """``with Board(port) as b:`` — b.info says what the board is (see _PROBE)."""

    def __init__(self, port):
        self.port = port
        self.t = None
        self.info = None
        self.deadline = None
        self.heard = False  # anything received at all
        self.slow = 1.0     # deadlines are EXCHANGE_S times this (see PROBE_S)
        self.dead = False   # the board stopped answering: do not wait for it again

    # ------------------------------------------------------------ open and close

    def __enter__(self):
        check_port(self.port)
        devices = resolve_port(self.port)
        for device in devices:
            try:
                self.t = SerialTransport(device, baudrate=115200, timeout=ANSWER_S)
                self.device = shown(device, PATH_SHOWN)  # for messages
                break
            except TransportError:
                continue
            except ValueError:  # pyserial: a URL of a kind it does not know
                raise UsageError("--port %s is not a serial port, auto or socket://HOST:PORT"
                                 % quoted(device, PATH_SHOWN))
        if self.t is None:
            raise BoardError(_open_failure(devices[-1]))
        self._bound_waits()
        seen = io.StringIO()
        try:
            with self._exchange(seen):
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=ANSWER_S)
                self.t.exec(_HELPERS)
                t0 = time.monotonic()
                self.info = ast.literal_eval(self.t.exec(_PROBE).decode().strip())
                self.slow = min(MAX_SLOW, max(1.0, (time.monotonic() - t0) / PROBE_S))
        except (LINK_ERRORS + (ValueError, SyntaxError)) as e:
            self._drop()
            if "busy" in seen.getvalue():
                raise BoardError("%s is busy: another program is connected to it" % self.device)
            if self._late() or not self.heard:
                raise self._stopped()
            if not isinstance(e, (TransportError, ValueError, SyntaxError)):
                raise BoardError("lost the connection to %s while opening it" % self.device)
            raise BoardError("the device at %s does not answer like a MicroPython board "
                             "(is it running something else?)" % self.device)
        return self

    # ------------------------------------------------------------ deadlines

    def _bound_waits(self):
        """Make every wait of mpremote's transport end by the current deadline."""
        t = self.t
        ser = t.serial
        read_until, read = t.read_until, ser.read

        def bounded_read_until(min_num_bytes, ending, timeout=10, data_consumer=None,
                               timeout_overall=None):
            # mpremote's own waits (10 s for an answer) give way to the exchange's deadline,
            # which is longer for a command that writes flash, shorter near its end.
            left = self._left()
            got = read_until(min_num_bytes, ending, None if timeout is None else left,
                             data_consumer, left if timeout_overall is None
                             else min(timeout_overall, left))
            self.heard = self.heard or bool(got)
            return got

        def bounded_read(size=1):
            left = self._left()
            if ser.timeout is None or left < ser.timeout - 0.5:
                ser.timeout = left
            got = read(size)
            self.heard = self.heard or bool(got)
            return got

        t.read_until = bounded_read_until
        ser.read = bounded_read
        ser.write_timeout = EXCHANGE_S * MAX_SLOW

    def _left(self):
        return max(0.01, self.deadline - time.monotonic())

    def _late(self):
        return time.monotonic() >= self.deadline - 0.05

    def _stopped(self):
        self.dead = True
        waited = time.monotonic() - self.started
        return BoardError("the board at %s stopped answering (nothing for %d s): unplug it and "
                          "plug it in again" % (self.device, round(waited)))

    @contextlib.contextmanager
    def _exchange(self, seen=None, extra_s=0):
        """One exchange: a fresh deadline (``extra_s`` more for writing flash);
        mpremote's own prints (a stray b'' when a board stops answering) go to ``seen``,
        never to the user's terminal."""
        self.started = time.monotonic()
        self.deadline = self.started + EXCHANGE_S * self.slow + extra_s
        self.t.serial.timeout = EXCHANGE_S * self.slow + extra_s
        with contextlib.redirect_stdout(seen if seen is not None else io.StringIO()):
            yield

    def __exit__(self, kind, exc, tb):
        if self.t is not None:
            if not self.dead:
                self._restart()
            self._drop()

    def _restart(self):
        """Soft reset in the friendly REPL: boot.py and main.py run, the app starts."""
        try:
            with self._exchange():
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
                             "`arbiter deploy --port %s`"
                             % (self.device, shown(self.port, PATH_SHOWN)))

    # ------------------------------------------------------------ commands

    def exec(self, code, writes=0):
        """Run ``code`` on the board (which writes, or reads through, ``writes`` bytes of
        its flash: its deadline grows with them); return what it printed (str)."""
        try:
            with self._exchange(extra_s=WRITE_S_PER_KB * writes / 1024):
                return self.t.exec(code).decode("utf-8", "replace")
        except TransportExecError as e:
            raise BoardFailure(_failure(e.error_output))
        except LINK_ERRORS:
            if self._late():
                raise self._stopped()
            self.dead = True
            raise BoardError("lost the connection to %s (unplugged or reset?)" % self.device)

    def eval(self, code, writes=0):
        """Run ``code``, which prints one repr(); return that value."""
        return ast.literal_eval(self.exec(code, writes).strip())

    def read_files(self, paths):
        """{path: bytes, None when missing, or Unreadable} in one round trip."""
        out = self.exec("for p in %r:\n print(repr(_rd(p)))" % (list(paths),))
        got = [ast.literal_eval(line) for line in out.splitlines()]
        return dict(zip(paths, [Unreadable(v) if isinstance(v, int) else v for v in got]))

    def read_file(self, path):
        return self.read_files([path])[path]

    def size(self, path):
        """The size of the file ``path``: None when missing, -1 for a folder."""
        return self.eval("print(repr(_size(%r)))" % path)

    def read_chunks(self, path, start, chunk=CHUNK):
        """The bytes of ``path`` from ``start`` on, a piece per exchange (Unreadable if
        it cannot be read), so a big file streams instead of arriving in one piece."""
        at = start
        while True:
            data = self.eval("print(repr(_rd(%r, %d, %d)))" % (path, at, chunk))
            if isinstance(data, int):
                yield Unreadable(data)
                return
            if not data:
                return
            yield data
            at += len(data)

    def files_under(self, top):
        """Every file below the folder ``top`` (paths from /), or [] when it is missing;
        a BoardError when ``top`` is a file."""
        found = self.eval("print(repr(_files(%r)))" % top)
        if found is None:
            raise BoardError("%s on the board is a file, not a folder: remove it (`mpremote "
                             "connect %s rm :%s`) and the board makes the folder again"
                             % (top, shown(self.port, PATH_SHOWN), top))
        return sorted(found)

    def files_sized(self, top):
        """[(path, size)] of every file below the folder ``top``, as files_under."""
        found = self.eval("print(repr(_sized(%r)))" % top)
        if found is None:
            self.files_under(top)   # says that it is a file
        return sorted(found)

    def sizes(self, paths):
        """{path: size, None when missing, -1 for a folder} in one exchange."""
        paths = list(paths)
        return dict(zip(paths, self.eval("print(repr([_size(p) for p in %r]))" % paths)))

    def remove_files(self, paths):
        """Remove each of ``paths`` (and a .tmp left beside it); missing ones are fine."""
        self.exec("_rm(%r)" % list(paths))

    def free(self):
        """Bytes free on the board's flash, or None when it cannot say."""
        return self.eval("print(repr(_free()))")

    def hashes(self, paths, algo, size=0):
        """{path: hex digest, or None when missing}; ``size``: about how many bytes
        the files hold (the board reads them all). A few paths per exchange: the board
        compiles each command, and a long one can need more contiguous RAM than it has."""
        paths = list(paths)
        out = {}
        for i in range(0, len(paths), HASH_BATCH):
            part = paths[i:i + HASH_BATCH]
            out.update(zip(part,
                           self.eval("print(repr([_hash(p, %r) for p in %r]))" % (algo, part),
                                           size * len(part) // max(len(paths), 1))))
        return out

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
                    self.exec("\n".join(batch), size)
                    sent += size
                    batch, size = [], 0
                    if progress:
                        progress(sent, path)
        if batch:
            self.exec("\n".join(batch), size)
            if progress:
                progress(sent + size, path)

    def replace(self, src, dst):
        """Rename ``src`` over ``dst`` (FAT cannot: remove ``dst`` first)."""
        self.exec("try:\n os.rename(%r, %r)\nexcept OSError:\n os.remove(%r)\n os.rename(%r, %r)"
                  % (src, dst, dst, src, dst))

    def write_atomic(self, path, data):
        """Write through ``path``.tmp and a rename: a cut leaves the old or the new file,
        and a write that fails (a full flash) the old file and no .tmp."""
        try:
            self.write_files({path + ".tmp": data})
        except BoardFailure as e:
            self.exec("try:\n os.remove(%r)\nexcept OSError:\n pass" % (path + ".tmp"))
            raise BoardError("%s: %s on the board was left as it was" % (e.words, path))
        self.replace(path + ".tmp", path)
