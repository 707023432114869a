"""Buzzer driver (firmware/hal/buzzer.py) on a fake PWM, on CPython and MicroPython."""
from check import eq

from firmware.hal.buzzer import Buzzer


class Pwm:
    """Records what the pin was told: the tone sounding (0 = silent) after each call."""

    def __init__(self):
        self.hz = 0
        self.duty = 0

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, d):
        self.duty = d

    def sounding(self):
        return self.hz if self.duty else 0


def timeline(buzzer, pwm, t0, t1, step=5):
    """What sounds at each tick from t0 to t1 (exclusive), as [(t, hz), ...] changes."""
    out = []
    last = None
    for t in range(t0, t1, step):
        buzzer.tick(t)
        if pwm.sounding() != last:
            last = pwm.sounding()
            out.append((t, last))
    return out


def test_tones_play_in_turn_without_blocking():
    pwm = Pwm()
    bz = Buzzer(pwm)
    bz.play([(880, 40), (0, 20), (1320, 30)], 0)
    eq(pwm.sounding(), 880, "first tone starts at once")
    eq(timeline(bz, pwm, 5, 120), [(5, 880), (40, 0), (60, 1320), (90, 0)], "tune")
    assert not bz.busy()


def test_frequencies_are_kept_within_what_pwm_can_do():
    pwm = Pwm()
    bz = Buzzer(pwm)
    bz.play([(5, 10)], 0)
    eq(pwm.hz, 20, "too low")
    bz.play([(99999, 10)], 10)
    bz.tick(10)
    eq(pwm.hz, 20000, "too high")


def test_silent_when_sound_is_off():
    pwm = Pwm()
    bz = Buzzer(pwm, enabled=False)
    bz.play([(880, 100)], 0)
    eq(timeline(bz, pwm, 0, 200), [(0, 0)], "nothing")
    bz.enabled = True
    bz.play([(880, 100)], 200)
    eq(pwm.sounding(), 880, "on again")
    bz.enabled = False
    bz.tick(205)
    eq(pwm.sounding(), 0, "switched off mid-tone")
    assert not bz.busy()


def test_full_queue_keeps_the_head_of_a_tune():
    pwm = Pwm()
    bz = Buzzer(pwm, queue=2)
    bz.play([(100 + i, 10) for i in range(5)], 0)   # two fit, three dropped
    eq(timeline(bz, pwm, 0, 60), [(0, 100), (10, 101), (20, 0)], "head kept")


def test_ticking_allocates_nothing():
    pwm = Pwm()
    bz = Buzzer(pwm)
    tune = [(440, 10), (0, 10), (660, 10)]

    def ticks():
        for t in range(0, 1000, 5):
            if t % 100 == 0:
                bz.play(tune, t)
            bz.tick(t)

    try:
        import micropython
    except ImportError:
        ticks()
    else:
        micropython.heap_lock()
        try:
            ticks()
        finally:
            micropython.heap_unlock()
    eq(pwm.sounding(), 0, "quiet at the end")
