"""The simulator page as a spectator of a remote game (host_tools/sim/online.html): over MQTT
on WebSockets from a real Mosquitto, read-only and live, any number of watchers, rebuilt
after a reload; it checks every ply with the engines on MicroPython."""
import os
import time

import pytest

from tests.harness.sim_page import ARTIFACTS, VIEWPORT
from tests.online_kit import kit, new_game, play_out, records  # noqa: F401
from tests.sim_harness import browser, serve  # noqa: F401

server = serve("light")


def _watch(browser, server, kit, code):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("%sonline.html?code=%s&broker=ws://127.0.0.1:%d"
              % (server.url, code, kit.setup.ws_port))
    return context, page, errors


def _status(page):
    return page.evaluate("window.arbiterWatch ? window.arbiterWatch.status() : null")


def _until(page, test, seconds=30.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        s = _status(page)
        if s and test(s):
            return s
        time.sleep(0.1)
    raise AssertionError("the page did not get there: %r" % _status(page))


def test_watchers_follow_a_game_live_and_after_a_reload(browser, server, kit):
    code, a, b = new_game(kit, "mabula")
    play_out([a, b], plies=4)
    pages = [_watch(browser, server, kit, code) for _ in range(3)]    # three watchers
    try:
        for _, page, _ in pages:
            _until(page, lambda s: s["ply"] == 4)
        play_out([a, b], plies=6)
        moves = [e.move for e in a.mirror.record]
        for _, page, _ in pages:
            s = _until(page, lambda s: s["ply"] == 10)
            assert s["moves"] == moves and not s["stopped"]
        page = pages[0][1]
        assert "a b c d e f g h" in page.inner_text("#position")
        assert page.locator("#moves li").count() == 10
        assert "alice (online)" in page.inner_text("#players")
        os.makedirs(ARTIFACTS, exist_ok=True)
        page.screenshot(path=os.path.join(ARTIFACTS, "online-watch.png"))
        page.reload()                                    # rebuilt from what the broker holds
        s = _until(page, lambda s: s["ply"] == 10)
        assert s["moves"] == moves
        play_out([a, b])
        s = _until(page, lambda s: s["over"])
        assert s["moves"] == [e.move for e in a.mirror.record]
        assert records(a) == records(b)
        for _, _, errors in pages:
            assert errors == []
    finally:
        for context, _, _ in pages:
            context.close()


@pytest.mark.parametrize("game", ["mano", "masbrur", "fursaz"])
def test_a_watcher_sees_what_the_players_agreed(browser, server, kit, game):
    code, a, b = new_game(kit, game)
    context, page, errors = _watch(browser, server, kit, code)
    try:
        play_out([a, b], plies=12)
        s = _until(page, lambda s: s["ply"] == 12)
        assert s["moves"] == [e.move for e in a.mirror.record] and not s["stopped"]
        if game == "mano":   # the hands stay hidden: counts only
            assert "tiles (hidden)" in s["board"]
        if game == "masbrur":   # drawn as the position a spectator may see
            assert "arsenal0 " in s["board"] and "wall" in s["board"]
        assert errors == []
    finally:
        context.close()
