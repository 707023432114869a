"""The native twin of morbak_light.paint (docs/architecture.md#native-code): viper, on
the chip only. ``frame`` takes 3 bytes a square, ``cells`` one position character a
square, ``code`` maps a character to its colour's index in ``buf`` (3 bytes a colour)."""
import micropython


@micropython.viper
def paint(frame: ptr8, cells: ptr8, code: ptr8, buf: ptr8, n: int):
    j = 0
    for i in range(n):
        k = 3 * code[cells[i]]
        frame[j] = buf[k]
        frame[j + 1] = buf[k + 1]
        frame[j + 2] = buf[k + 2]
        j += 3
