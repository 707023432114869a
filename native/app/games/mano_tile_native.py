"""The native twins of mano_tile.keys_in and diff_in, and of render.bar for the tile board
(docs/architecture.md#native-code): viper, on the chip only. What a position reads besides
a tile, and why a slot disagrees, are the codes of firmware/app/boards/tile_positions.py
and mano_tile.py: EMPTY 255, FAULT 254, ODD 253; MISSING 1, EXTRA 2, BADREAD 3, REFUSED 4."""
import micropython


@micropython.viper
def keys_in(frame: ptr8, seen: ptr8, n: int):
    for c in range(n):
        a = frame[2 * c]
        b = frame[2 * c + 1]
        if a == 8 and b == 8:
            k = 255
        elif a > 8 or b > 8:
            k = 254
        elif a == 8 or b == 8:
            k = 253
        elif a > b:
            k = b * 8 + a
        else:
            k = a * 8 + b
        seen[c] = k


@micropython.viper
def diff_in(expect: ptr8, seen: ptr8, wrong: ptr8, n: int, refused: int) -> int:
    count = 0
    for c in range(n):
        e = expect[c]
        k = seen[c]
        w = 0
        if k == 254 or k == 253:
            w = 3
        elif k != e:
            w = 1 if e != 255 else 2
        if w == 2 and refused == c * 256 + k:
            w = 4
        wrong[c] = w
        if w:
            count += 1
    return count


@micropython.viper
def bar(frame, first: int, cells: int, num: int, den: int, c):
    # render.bar's twin (the tile board draws three bars a frame: ~3 ms as byte-code)
    if den <= 0 or num <= 0:
        num = 0
        den = 1
    while den > 0x3FFFFF // cells:
        num >>= 4
        den >>= 4
    if num > den:
        num = den
    scaled = num * cells * 256 // den
    f = ptr8(frame)
    r = int(c[0])
    g = int(c[1])
    b = int(c[2])
    j = 3 * first
    for k in range(cells):
        left = scaled - k * 256
        level = 256 if left >= 256 else (left if left > 0 else 0)
        f[j] = (r * level) >> 8
        f[j + 1] = (g * level) >> 8
        f[j + 2] = (b * level) >> 8
        j += 3
