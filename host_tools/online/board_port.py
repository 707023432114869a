"""A board on USB (or the test's virtual board on socket://) as a remote game's lines come
and go (docs/contracts.md#a-board-over-usb): read without waiting, written whole, and
opened again by itself when the board goes away and comes back (unplugged, its power cut,
reset). Nothing is sent but lines of the board link: never Ctrl-C, so the board's app
keeps running."""
import serial

from host_tools import board_link
from host_tools.errors import BoardError, UsageError, quoted

RETRY_S = 0.5   # a board that went away is looked for again this often


class BoardPort:
    def __init__(self, port, now):
        board_link.check_port(port)
        self.port = port
        self.now = now
        self.ser = None
        self.buf = b""
        self.tried = None
        self.opened = 0          # times it was opened: the caller says hello each time

    def open(self, first=False):
        """Open the board's port; True once open. ``first``: a board that is not there is
        a BoardError (one sentence) rather than something to wait for."""
        if self.ser is not None:
            return True
        devices = board_link.resolve_port(self.port)
        for device in devices:
            try:
                self.ser = serial.serial_for_url(device, baudrate=115200, timeout=0,
                                                 write_timeout=2)
            except ValueError:
                raise UsageError("--port %s is not a serial port, auto or socket://HOST:PORT"
                                 % quoted(device))
            except (serial.SerialException, OSError):
                continue
            self.buf = b""
            self.opened += 1
            return True
        if first:
            raise BoardError(board_link._open_failure(devices[-1]))
        return False

    def up(self):
        """Is the board there? (Tried again every RETRY_S while it is not.)"""
        if self.ser is None and (self.tried is None or self.now() - self.tried >= RETRY_S):
            self.tried = self.now()
            try:
                self.open()
            except BoardError:
                pass
        return self.ser is not None

    def lines(self):
        """The board link's lines that came ("@A " taken off), without waiting."""
        if not self.up():
            return []
        try:
            data = self.ser.read(65536)
        except (serial.SerialException, OSError, TypeError):
            self._lost()
            return []
        self.buf += data
        out = []
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            line = line.rstrip(b"\r")
            if line.startswith(b"@A "):
                out.append(line[3:].decode("utf-8", "replace"))
        return out

    def send(self, text):
        if self.ser is None:
            return
        try:
            self.ser.write(("@A %s\n" % text).encode("utf-8"))
        except (serial.SerialException, OSError):
            self._lost()

    def _lost(self):
        try:
            self.ser.close()
        except (serial.SerialException, OSError):
            pass
        self.ser = None

    def close(self):
        if self.ser is not None:
            self._lost()
