"""firmware/hal/watchdog.py's stop() on both Raspberry Pi chips: the ENABLE bit (30) of
the watchdog's CTRL register cleared through the atomic-clear alias (+0x3000), at the
WATCHDOG_BASE addresses of the chips' datasheets (RP2040 0x40058000, RP2350 0x400d8000),
written here, not taken from the code under test."""
import pytest

from firmware.hal.watchdog import Watchdog

DATASHEET_CTRL = {"rp2040": 0x40058000, "rp2350": 0x400D8000}


class Machine:
    def __init__(self):
        self.mem32 = {}
        self.timers = []
        outer = self

        class WDT:
            def __init__(self, timeout):
                outer.timeout = timeout

            def feed(self):
                pass

        class Timer:
            def __init__(self, *args, **kw):
                outer.timers.append(args)

        self.WDT, self.Timer = WDT, Timer


@pytest.mark.parametrize("mcu", sorted(DATASHEET_CTRL))
def test_stop_clears_the_enable_bit_at_the_datasheets_address(mcu):
    m = Machine()
    Watchdog(m, mcu, 8000).stop()
    assert m.mem32 == {DATASHEET_CTRL[mcu] + 0x3000: 1 << 30}
    assert m.timers == []
