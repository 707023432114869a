"""Driving the browser simulator from Python: its server on a free port, Debian's
chromium through PyPI playwright, and a page wrapper that clicks keys, moves the
page's manual clock and reads the LEDs back (from the DOM and from screenshots).

Shared by the browser tests (tests/sim_harness.py adds their pytest fixtures) and by
the documentation's pictures (tools/doc_pictures.py)."""
import os
import struct
import threading
import zlib

from host_tools import sim_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ARTIFACTS = os.path.join(ROOT, "test-artifacts")
VIEWPORT = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}   # a phone in portrait (with touch)
PRESS_MS = 300   # after a click: the press is debounced, handled, and its flash is over
BOOT_MS = 600    # the LED self-test is over


class Server:
    """The simulator of board kind ``board``, served on a free loopback port."""

    def __init__(self, board):
        self.httpd = sim_server.make_server(board, 0)
        self.url = sim_server.url(self.httpd)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def have_chromium():
    return os.path.exists(CHROMIUM)


def launch(playwright):
    """Debian's chromium (``have_chromium()`` says whether it is installed)."""
    # launch() gives every browser a fresh temporary user data dir.
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


class Sim:
    """One simulator page, by default with the manual clock (?clock=manual)."""

    def __init__(self, page, url, manual=True, touch=False):
        """``touch``: a finger presses the keys (a tap), not a mouse (a click)."""
        self.page = page
        self.url = url + ("?clock=manual" if manual else "")
        self.touch = touch
        self.errors = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self):
        self.page.goto(self.url)
        self.wait_ready()

    def reload(self):
        self.page.reload()
        self.wait_ready()

    def wait_ready(self):
        self.page.wait_for_function("window.arbiter && (window.arbiter.ready || "
                                    "window.arbiter.error())",
                                    timeout=30000)
        assert self.page.evaluate("window.arbiter.error()") is None
        assert not self.errors, self.errors

    def advance(self, ms):
        self.page.evaluate("ms => window.arbiter.advance(ms)", ms)

    def advance_to(self, board_ms):
        """Run the board up to ``board_ms`` ms after its power-up."""
        ahead = board_ms - self.board_time()
        assert ahead >= 0, "board time %d is already past %d" % (self.board_time(), board_ms)
        self.advance(ahead)

    def board_time(self):
        return self.page.evaluate("window.arbiter.boardTime()")

    def key(self, name):
        return self.page.locator('[data-name="%s"]' % name)

    def press(self, *names):
        for name in names:
            self.tap(self.key(name))
            self.advance(PRESS_MS)

    def tap(self, locator):
        """Touch ``locator`` with a finger or click it with the mouse, as this page is used."""
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def hold(self, name, ms):
        self.key(name).hover()
        self.page.mouse.down()
        self.advance(ms)
        self.page.mouse.up()
        self.advance(PRESS_MS)

    def status(self):
        return self.page.evaluate("window.arbiter.status()")

    def key_events(self):
        return [(e["kind"], e["key"]) for e in self.page.evaluate("window.arbiter.keyEvents()")]

    def tones(self):
        """(freq, duty) each time the buzzer's PWM duty was set."""
        return [(t["freq"], t["duty"]) for t in self.page.evaluate("window.arbiter.tones()")]

    def files(self):
        return self.page.evaluate("window.arbiter.files()")

    def leds(self):
        """{square name: (r, g, b)} as drawn: the data-rgb of each LED in the DOM."""
        pairs = self.page.eval_on_selector_all(
            "[data-led]",
            "els => els.map(e => [e.closest('[data-name]').dataset.name, e.dataset.rgb])")
        return {name: tuple(int(v) for v in rgb.split(",")) for name, rgb in pairs}

    def screen_colour(self, name):
        """The colour on screen at the centre of the LED of key ``name``, from a
        screenshot of the 3x3 pixels there."""
        box = self.page.locator('[data-name="%s"] [data-led]' % name).bounding_box()
        clip = {"x": int(box["x"] + box["width"] / 2) - 1,
                "y": int(box["y"] + box["height"] / 2) - 1, "width": 3, "height": 3}
        _w, _h, rows = png_pixels(self.page.screenshot(clip=clip))
        return rows[1][1]

    def text(self, selector):
        """What the page shows in ``selector``, as a person reads it."""
        return self.page.inner_text(selector).strip()

    def clipped(self):
        """What a person could not see whole: every visible element that reaches past
        the viewport's sides (the page must never scroll sideways) or whose content is
        cut by its own box (a scrolling box is fine: it scrolls). [] when all is seen."""
        return self.page.evaluate(CLIPPED_JS)

    def screenshot(self, name):
        os.makedirs(ARTIFACTS, exist_ok=True)
        path = os.path.join(ARTIFACTS, name)
        return path, self.page.screenshot(path=path, full_page=True)


CLIPPED_JS = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const name = (e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    [...e.classList].map((c) => "." + c).join("") +
    (e.dataset.name || e.dataset.point || e.dataset.space || "") +
    " '" + (e.textContent || "").trim().slice(0, 30) + "'";
  if (document.documentElement.scrollWidth > width) {
    out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px wide");
  }
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    if (!r.width || !r.height || style.visibility === "hidden" || e.closest("[hidden]")) continue;
    if (r.left < -0.5 || r.right > width + 0.5) {
      out.push(name(e) + " spans " + Math.round(r.left) + " to " + Math.round(r.right) + " px");
    }
    const scrolls = /auto|scroll/.test(style.overflowX + style.overflowY);
    const cut = e.clientWidth && e.scrollWidth > e.clientWidth + 1 && style.display !== "inline";
    if (cut && !scrolls) {
      out.push(name(e) + " cuts its content: " + e.scrollWidth + " px in " + e.clientWidth);
    }
  }
  return out;
}"""


def png_pixels(data):
    """Decode an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes):
    (width, height, rows), rows[y][x] = (r, g, b)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + size
    n = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * n
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - n] if i >= n else 0
            b = prev[i]
            c = prev[i - n] if i >= n else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i]
                           + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
        rows.append([tuple(line[x * n:x * n + 3]) for x in range(width)])
        prev = line
    return width, height, rows
