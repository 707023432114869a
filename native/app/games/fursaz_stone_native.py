"""The native twins of fursaz_stone.differences and paint (docs/architecture.md#native-code):
viper, on the chip only. The frames are bytearrays or bytes of ``n`` points each."""
import micropython


@micropython.viper
def differences(seen: ptr8, target: ptr8, wrong: ptr8, n: int) -> int:
    k = 0
    for i in range(n):
        if seen[i] != target[i]:
            wrong[i] = 1
            k += 1
        else:
            wrong[i] = 0
    return k


@micropython.viper
def paint(f: ptr8, cells: ptr8, palette: ptr8, n: int):
    for i in range(n):
        c = 3 * cells[i]
        j = 3 * i
        f[j] = palette[c]
        f[j + 1] = palette[c + 1]
        f[j + 2] = palette[c + 2]
