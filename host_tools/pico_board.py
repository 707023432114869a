"""`arbiter virtual-board --pico`: the real Pico MicroPython on an emulated RP2040, served
like the WebAssembly virtual board (`--port socket://HOST:PORT`), booted from the image
`arbiter uf2` makes from these sources. With --fs DIR its flash is DIR/flash.bin, kept
across runs: a second run is the board powered again (nothing re-flashed)."""
import os
import signal
import tempfile

from host_tools import uf2
from host_tools.errors import BoardError, UsageError
from host_tools.pico import Pico, PicoError, pico_files
from host_tools.virtual_board import parse_listen, profile_for

FLASH = "flash.bin"


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(listen="127.0.0.1:7777", kind="light", fs=None, blank=False):
    host, port = parse_listen(listen)
    profile = profile_for(kind)
    try:
        micropython, _ = pico_files()
    except PicoError as e:
        raise BoardError(str(e))
    with tempfile.TemporaryDirectory() as tmp:
        folder = fs or tmp
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise UsageError("cannot make the folder %s for --fs: %s" % (folder, e.strerror))
        flash = os.path.join(folder, FLASH)
        image = None
        if not os.path.exists(flash):
            if blank:
                image = micropython
            else:
                name = os.path.basename(profile)[:-5]
                uf2.run(name, micropython, tmp)
                image = os.path.join(tmp, "arbiter-%s.uf2" % name)
        for sig in (signal.SIGTERM, signal.SIGHUP):  # stop the emulator too, never orphan it
            signal.signal(sig, _interrupt)
        pico = Pico(profile, flash, uf2=image, listen="%s:%d" % (host, port))
        try:
            url = pico.port.replace("127.0.0.1", host)
            print("emulated Pico (%s board) listening on %s, flash in %s; Ctrl-C stops it"
                  % (kind, url, flash), flush=True)
            print("  try: arbiter config get --port %s   or   mpremote connect %s" % (url, url),
                  flush=True)
            pico.proc.wait()
            return 1  # it stopped by itself: it said why on stderr
        finally:
            pico.close()
