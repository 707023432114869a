"""The native twin of fursaz_stone.differences (docs/architecture.md#native-code): viper,
on the chip only. The frames are bytearrays or bytes of ``n`` points each."""
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
