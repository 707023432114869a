"""What the player sees and hears: colours, tones and drawing on the logical frame.

The frame is a bytearray of 3 bytes (R, G, B) per LED, index = y * width + x with y = 0
the bottom row; on the light board the LED index is the square index (a1 = 0 … g7 = 48).
Nothing here allocates: colours are module-level tuples and drawing writes bytes in
place, so a screen's draw() can run under
micropython.heap_lock()."""

OFF = (0, 0, 0)
WHITE = (255, 255, 255)
RED = (255, 0, 0)
GREEN = (0, 255, 0)
YELLOW = (255, 200, 0)
CYAN = (0, 200, 255)
PURPLE = (150, 0, 255)
MAGENTA = (255, 0, 160)
# More for the menus, where every setting has a colour of its own on a board.
BLUE = (0, 0, 255)
LIME = (150, 255, 0)
TEAL = (0, 255, 150)
PINK = (255, 90, 120)
ORANGE = (255, 140, 0)
GREY = (70, 70, 70)

# Morbak squares by code (see CODES): switched = the owner's colour at half level;
# blocked = the owner's colour washed with white (it can never change again); neutral =
# faint white (dead square). The palette in use (setting leds.palette) sets SQUARE,
# PLAYER and REJECTED, and night mode (leds.night) FLASH, white by day: menu.lights
# rebinds these names, so code reads them as render.X when it draws.
CODES = ".ABab12#"
STANDARD = (OFF, (255, 90, 0), (0, 90, 255), (120, 40, 0), (0, 40, 120),
            (255, 190, 140), (140, 190, 255), (50, 50, 50))   # the standard palette
SQUARE = STANDARD
PLAYER = (SQUARE[1], SQUARE[2])
REJECTED = RED      # the rejection flash
FLASH = WHITE       # accepted move, winning line, the boot sweep

# Tones: (frequency Hz, duration ms); 0 Hz is a rest.
CLICK = ((1760, 15),)
SELECT = ((990, 25),)
ACCEPT = ((1320, 40),)
REJECT = ((150, 300),)
SAVED = ((1320, 30), (0, 30), (1760, 40))
BOOT = ((1047, 60), (1568, 90))
PASS = ((660, 100), (0, 40), (440, 150))
UNDO = ((660, 60), (440, 60))
WIN = ((523, 120), (659, 120), (784, 120), (1047, 300))
DRAW = ((523, 200), (0, 60), (523, 200))
TIMEOUT = ((440, 150), (0, 50), (330, 300))
FLAG = ((330, 200), (0, 60), (220, 500))
WARN_MOVE = ((880, 80),)
WARN_GAME = ((880, 80), (0, 60), (880, 80))
TICK = ((880, 25),)


def clear(frame, buf=bytes(48)):
    """All off: copies of 48 zeros (``buf``), 50 times faster on a Pico than a loop over
    the bytes (6 ms for the stone board's 381), without a frame of zeros kept in RAM."""
    n = len(frame)
    if n < 48:
        for i in range(n):
            frame[i] = 0
        return
    for j in range(0, n - 48, 48):
        frame[j:j + 48] = buf
    frame[n - 48:n] = buf   # (the last piece overlaps the one before)


def put(frame, i, c):
    j = 3 * i
    frame[j] = c[0]
    frame[j + 1] = c[1]
    frame[j + 2] = c[2]


def put_scaled(frame, i, c, level):
    """Colour ``c`` at ``level``/256 of its strength."""
    j = 3 * i
    frame[j] = (c[0] * level) >> 8
    frame[j + 1] = (c[1] * level) >> 8
    frame[j + 2] = (c[2] * level) >> 8


def bar(frame, first, cells, num, den, c):
    """Light ``cells`` LEDs from index ``first`` as a bar showing num/den: whole cells
    full, the cell at the edge at the level of the remainder, the rest off."""
    if den <= 0 or num <= 0:
        num, den = 0, 1
    while den > 0x3FFFFF // cells:  # keep num * cells * 256 < 2**30: no big ints on the board
        num >>= 4
        den >>= 4
    if num > den:
        num = den
    scaled = num * cells * 256 // den
    r, g, b = c
    j = 3 * first
    for k in range(cells):   # (put_scaled inlined: a call per cell doubles its time)
        left = scaled - k * 256
        level = 256 if left >= 256 else (left if left > 0 else 0)
        frame[j] = (r * level) >> 8
        frame[j + 1] = (g * level) >> 8
        frame[j + 2] = (b * level) >> 8
        j += 3


def blink(now, period, on_ms):
    return now % period < on_ms
