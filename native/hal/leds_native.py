"""The native twin of leds.to_wire (docs/architecture.md#native-code): viper, on the chip
only. The frame, the brightness table and the wire buffer are bytearrays, the chain map
an array('H')."""
import micropython


@micropython.viper
def to_wire(frame: ptr8, lut: ptr8, dst: ptr16, wire: ptr8, n: int):
    for j in range(n):
        wire[dst[j]] = lut[frame[j]]
