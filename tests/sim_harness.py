"""Pytest fixtures for the browser simulator: Debian's chromium per test module, the
simulator served per module, a fresh booted page per test (host_tools/sim_page.py
drives the page), and the oracle for the colours it draws."""
import struct
import zlib

import pytest

from host_tools.sim_page import (BOOT_MS, PRESS_MS, ROOT, VIEWPORT, Server, Sim, have_chromium, launch,  # noqa: F401
                                 png_pixels)


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
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
