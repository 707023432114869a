"""Pytest fixtures for the browser simulator: Debian's chromium per test module, the
simulator served per module, a fresh booted page per test (tests/harness/sim_page.py
drives the page), and the oracle for the colours it draws."""
import contextlib
import re
import struct
import zlib

import pytest

from tests.harness.sim_page import (BOOT_MS, PHONE, PRESS_MS, ROOT, VIEWPORT, Server,  # noqa: F401
                                 Sim, have_chromium, launch, png_pixels)

WIDTHS = (VIEWPORT["width"], PHONE["width"])   # a desktop and a phone in portrait


@pytest.fixture(scope="module")
def browser():
    """Chromium for the test module (import this fixture into it)."""
    from playwright.sync_api import sync_playwright
    if not have_chromium():
        pytest.skip("Debian's chromium is not installed (./test installs it)")
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


def serve(board):
    """A module fixture serving the simulator of ``board``."""
    @pytest.fixture(scope="module")
    def server():
        s = Server(board)
        yield s
        s.close()
    return server


@pytest.fixture
def sim(browser, server):
    """A page of the module's simulator (``server``), its own empty localStorage, booted
    (import this fixture into the test module, with ``browser``)."""
    context = browser.new_context(viewport=VIEWPORT)
    s = Sim(context.new_page(), server.url)
    s.open()
    s.advance(BOOT_MS)
    yield s
    context.close()


@contextlib.contextmanager
def page_at(browser, server, width):
    """A fresh booted page of ``server``'s simulator ``width`` px wide: a desktop's
    window, or at PHONE's width a phone's (touch: keys are tapped)."""
    phone = width == PHONE["width"]
    context = browser.new_context(viewport=PHONE if phone else dict(VIEWPORT, width=width),
                                  is_mobile=phone, has_touch=phone)
    try:
        s = Sim(context.new_page(), server.url, touch=phone)
        s.open()
        s.advance(BOOT_MS)
        yield s
        assert not s.errors, s.errors
    finally:
        context.close()


def fingers(*targets):
    """Touch points for CDP's Input.dispatchTouchEvent: a finger on the middle of each
    of ``targets`` (locators), one id each - to hold one key while tapping another."""
    points = []
    for n, target in enumerate(targets):
        box = target.bounding_box()
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2,
                       "id": n})
    return points


def whole_game(browser, server, width, name, play):
    """Play a whole game with ``play(sim)`` on a fresh page ``width`` px wide, nothing
    cut off before or after; the end's screenshot is test-artifacts/NAME-WIDTH.png."""
    with page_at(browser, server, width) as sim:
        assert sim.clipped() == []
        play(sim)
        assert sim.clipped() == []
        sim.screenshot("%s-%d.png" % (name, width))


RESULT = re.compile(r"(?:(White|Black) wins|draw) \((.+)\): "
                    r"(White|Black) (\d+), (White|Black) (\d+)")


def final_score(result):
    """The side panel's result of a game that names players by colour ("White wins
    (score): White 35, Black 26"): (the winner's name or None, {name: score}), checking
    that the winner's score comes first and is the higher."""
    found = RESULT.fullmatch(result)
    assert found, result
    winner, first, second = found.group(1), int(found.group(4)), int(found.group(6))
    assert (first > second) if winner else (first == second), result
    assert winner in (None, found.group(3)), result
    return winner, {found.group(3): first, found.group(5): second}


def legend_rows(sim):
    """The legend as the page shows it: [(cell names, text)], in order."""
    return [tuple(r) for r in sim.page.eval_on_selector_all(
        "#legend-cells li", "els => els.map(e => [e.dataset.cells, e.lastChild.textContent])")]


PANEL_JS = """() => {
    const out = {};
    for (const e of document.querySelectorAll("#panel dd[id], #legend-says")) {
        out[e.id] = e.hidden ? null : e.innerText.trim();
    }
    out.moves = [...document.querySelectorAll("#moves li")].map(e => e.textContent);
    out.legal = [...document.querySelectorAll("#legal span")].map(e => e.textContent);
    return out;
}"""


def panel(sim):
    """Everything the side panel says at once, as a person reads it: {row id: text, or
    None while the row is hidden} ("turn", "message", "result", "owed", ...), with
    "moves" (each "<player> <move>") and "legal" (the legal moves) as lists."""
    return sim.page.evaluate(PANEL_JS)


def legal_moves(sim):
    """The side panel's legal moves, as listed."""
    return sim.page.eval_on_selector_all("#legal span", "els => els.map(e => e.textContent)")


def moves_listed(sim):
    """The side panel's moves, each as "<player> <move>"."""
    return sim.page.eval_on_selector_all("#moves li", "els => els.map(e => e.textContent)")


def leds_by_cell(sim):
    """{cell name: (r, g, b)} of every LED the page draws (its data-rgb)."""
    pairs = sim.page.eval_on_selector_all(".led", """els => els.map(e => {
        const cell = e.closest("[data-name],[data-space],[data-point]").dataset;
        return [cell.name || cell.space || cell.point, e.dataset.rgb || "0,0,0"];
    })""")
    return {name: tuple(int(v) for v in rgb.split(",")) for name, rgb in pairs}


def blinking(sim, ms=500, every=100):
    """The cells whose LED changes while ``ms`` pass: what a person sees blink."""
    seen = {}
    for _ in range(ms // every):
        for name, rgb in leds_by_cell(sim).items():
            seen.setdefault(name, set()).add(rgb)
        sim.advance(every)
    return {name for name, looks in seen.items() if len(looks) > 1}


def menu_choose(sim, wanted, tries=20):
    """On a board without a key per cell: move the blinking selection with PASS to the
    cell the legend gives to the line ``wanted(text)`` picks, then press OK."""
    cells = [c for c, text in legend_rows(sim) if c and wanted(text)]
    assert len(cells) == 1, legend_rows(sim)
    for _ in range(tries):
        if cells[0] in blinking(sim):
            sim.press("OK")
            return
        sim.press("PASS")
    raise AssertionError("the selection never reached %s" % cells[0])


def setting_choose(sim, *values, tries=10):
    """In a setting's editor on such a board: PASS until the legend marks the value now
    as one of ``values`` (its spellings: "B", "Black"), then OK saves it."""
    assert sim.text("#screen") == "setting"
    now = tuple(value + " (now)" for value in values)
    for _ in range(tries):
        if any(text in now for _c, text in legend_rows(sim)):
            sim.press("OK")
            return
        sim.press("PASS")
    raise AssertionError("%s never came: %s" % (values, legend_rows(sim)))


def until(sim, done, ms=60000, step=100):
    """Let the board run until ``done()`` (a person waiting)."""
    for _ in range(ms // step):
        if done():
            return
        sim.advance(step)
    raise AssertionError("still waiting after %d ms; the board says %r"
                         % (ms, sim.text("#message")))


def configure(sim, settings):
    """Power the page's board up again with ``settings`` (e.g. {"mano.opponent": "B"})
    in its saved config.json, as ``arbiter config`` would have left them."""
    sim.page.evaluate("""cfg => {
        const key = Object.keys(localStorage).find(k => k.startsWith("arbiter-sim/"));
        const saved = JSON.parse(localStorage.getItem(key));
        saved.files["config.json"] = JSON.stringify(Object.assign({version: 1}, cfg));
        localStorage.setItem(key, JSON.stringify(saved));
    }""", settings)
    sim.reload()
    sim.advance(600)


def wire(colour, brightness, profile):
    """What the board's LED driver (firmware/hal/leds.py) shows for a logical ``colour``
    at ``brightness``: the oracle for the colours the page draws."""
    from firmware.hal.leds import Leds, RecordingStrip
    spec = profile["leds"]
    leds = Leds(spec, RecordingStrip(spec["count"]))
    frame = bytearray(3 * spec["count"])
    frame[0:3] = bytes(colour)
    leds.show(frame, brightness)
    return tuple(leds.displayed()[0:3])


def scaled(colour, level):
    """render.put_scaled's colour at ``level``/256."""
    return tuple((c * level) >> 8 for c in colour)


def png_bytes(width, height, raw):
    """An 8-bit RGB PNG of ``raw`` (each row: filter byte 0, then R, G, B per pixel)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
