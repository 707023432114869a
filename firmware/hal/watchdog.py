"""The hardware watchdog, made stoppable so the REPL stays usable.

The runner starts it after boot and feeds it only while the app loop makes progress.
machine.WDT has no stop, and a soft reset (which mpremote does before every command)
leaves it running: the board would reset under mpremote's feet a few seconds later.
So when the runner is interrupted (mpremote's Ctrl-C), ``stop()`` switches it off: on the
RP2040/RP2350 by clearing the ENABLE bit (bit 30) of the watchdog's CTRL register through
the atomic-clear alias (+0x3000), as in the chips' datasheets; on other chips a timer
keeps feeding it, which lasts until the next soft reset (after that, those ports may
still reset the board: a known limit there)."""

_CTRL = {"rp2040": 0x40058000, "rp2350": 0x400D8000}
_ENABLE = 1 << 30
_CLEAR_ALIAS = 0x3000


class Watchdog:
    def __init__(self, machine, mcu, timeout_ms):
        self._machine = machine
        self._mcu = mcu
        self._wdt = machine.WDT(timeout=timeout_ms)
        self._timer = None

    def feed(self):
        self._wdt.feed()

    def stop(self):
        base = _CTRL.get(self._mcu)
        if base is not None:
            self._machine.mem32[base + _CLEAR_ALIAS] = _ENABLE
            return
        wdt = self._wdt
        try:
            self._timer = self._machine.Timer(-1, period=1000, callback=lambda t: wdt.feed())
        except ValueError:          # ports without virtual timers
            self._timer = self._machine.Timer(0, period=1000, callback=lambda t: wdt.feed())
