"""The native twin of keys.scan (docs/architecture.md#native-code): @micropython.native,
on the chip only; the pins are still read through their value() methods."""
import micropython


@micropython.native
def scan(km, now_ms):
    stable, differ, long_sent = km._stable, km._differ, km._long_sent
    sleep_us, settle_us = km._sleep_us, km.settle_us
    k = 0
    for row in km._rows:
        row.value(0)
        sleep_us(settle_us)
        for col in km._cols:
            raw = 0 if col.value() else 1
            if raw != stable[k] or differ[k] or (raw and not long_sent[k]):
                km._sample(k, raw, now_ms)
            k += 1
        row.value(1)
    for pin in km._extra:
        raw = 0 if pin.value() else 1
        if raw != stable[k] or differ[k] or (raw and not long_sent[k]):
            km._sample(k, raw, now_ms)
        k += 1
