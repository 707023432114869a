"""Buzzer on a PWM pin, non-blocking: tones are queued and the runner's clock moves on.

``play(tones, now_ms)`` queues (freq_hz, duration_ms) pairs (0 Hz = a rest);
``tick(now_ms)``, called by the runner every few ms, starts the next tone when the
current one is over. ``pwm`` is anything with ``freq(hz)`` and ``duty_u16(d)``
(machine.PWM, or a fake). With ``enabled`` False nothing sounds and nothing is queued."""
from array import array

_MIN_HZ = 20
_MAX_HZ = 20000


class Buzzer:
    def __init__(self, pwm, duty_u16=32768, queue=16, enabled=True):
        self._pwm = pwm
        self._duty = duty_u16
        self._freq = array("H", [0] * queue)
        self._ms = array("H", [0] * queue)
        self._head = 0
        self._len = 0
        self._busy = False
        self._until = 0
        self.enabled = enabled
        pwm.duty_u16(0)

    def play(self, tones, now_ms):
        if not self.enabled:
            return
        size = len(self._freq)
        for freq, ms in tones:
            if self._len == size:
                break               # a full queue drops the tail of a long tune
            i = (self._head + self._len) % size
            # 0 = rest; anything else within what a PWM pin and a piezo can do.
            self._freq[i] = min(max(int(freq), _MIN_HZ), _MAX_HZ) if freq else 0
            self._ms[i] = min(max(int(ms), 0), 60000)
            self._len += 1
        self.tick(now_ms)

    def tick(self, now_ms):
        if not self.enabled:
            if self.busy():
                self.stop()
            return
        if self._busy and now_ms - self._until < 0:
            return
        if not self._len:
            if self._busy:
                self.stop()
            return
        i = self._head
        self._head = (i + 1) % len(self._freq)
        self._len -= 1
        if self._freq[i]:
            self._pwm.freq(self._freq[i])
            self._pwm.duty_u16(self._duty)
        else:
            self._pwm.duty_u16(0)
        self._busy = True
        self._until = now_ms + self._ms[i]

    def stop(self):
        self._pwm.duty_u16(0)
        self._busy = False
        self._len = 0

    def busy(self):
        return self._busy or self._len > 0
