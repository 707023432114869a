"""The simulator page's sensor boards against a board, whole games over MQTT on WebSockets
from a real Mosquitto: the page's marble board plays Mabula and its stone board Fursaz (size
5) against a virtual board of the same kind through `arbiter online --port` (the firmware on
the WebAssembly MicroPython, a robot at it: tests/harness/board_app.py). The person at the
page plays through its controls only: the setup, their own moves chosen from what the board
lists, the far player's moves carried out where the board shows them, flips turned over."""
import random
import re
import time

import pytest

from tests.online_kit import kit  # noqa: F401
from tests.sim_harness import browser  # noqa: F401
from tests.harness.sim_page import Server
from tests.test_online_page import against_a_board

SETTLE_S = 1.3      # a marble rolled or a stone turned, then the sensors' settle time, a step
FAR_PUSH = re.compile(r"plays ([a-h][1-8])-([a-h][1-8]): push it in")
FAR_STONE = re.compile(r"plays ([a-m]\d+): put a")


@pytest.fixture(scope="module")
def server(request):
    s = Server(request.param)
    yield s
    s.close()


def _mine(page, st, done):
    """The page's player's move is due: it is their turn and the board shows every agreed
    move and waits for nothing else. ``done``: the plies already played from here."""
    own = 1 - st["online"]["far"]
    return (st["to_move"] == own and not st["wrong"] and len(st["moves"]) not in done
            and "waits" not in st["message"])


def _marble_acts(rng):
    done = set()

    def acts(page, st):
        if st["screen"] == "setup":
            page.click("#marble-setup")
        elif FAR_PUSH.search(st["message"] or "") and not st["wrong"]:
            _push(page, *FAR_PUSH.search(st["message"]).groups())
        elif st["screen"] == "game" and _mine(page, st, done) and st["legal"]:
            done.add(len(st["moves"]))
            _push(page, *rng.choice(st["legal"]).split("-"))
        else:
            return False
        time.sleep(SETTLE_S)
        return True
    return acts


def _push(page, edge, stop):
    """The marble on ``edge`` pushed in until it stops on ``stop``: two clicks."""
    page.locator('[data-space="%s"]' % edge).click()
    page.locator('[data-space="%s"]' % stop).click()


def _stone_acts(rng):
    done = set()

    def acts(page, st):
        far = FAR_STONE.search(st["message"] or "")
        if st["screen"] != "game":
            return False
        if st.get("owed"):                                   # flips to turn over
            for name in st["owed"]:
                page.locator('[data-point="%s"]' % name).click()
        elif far and not st["wrong"]:
            page.locator('[data-point="%s"]' % far.group(1)).click()
        elif _mine(page, st, done) and st["legal"]:
            done.add(len(st["moves"]))
            move = rng.choice(st["legal"])
            if move in ("pass", "swap"):
                page.locator('[data-name="%s"]' % move.upper()).click()
            else:
                page.locator('[data-point="%s"]' % move).click()
        else:
            return False
        time.sleep(SETTLE_S)
        return True
    return acts


@pytest.mark.parametrize("server", ["marble"], indirect=True)
def test_the_pages_marble_board_plays_mabula_against_a_board(browser, server, kit):
    st = against_a_board(browser, server, kit, "mabula", _marble_acts(random.Random(5)))
    assert st["outcome"] and st["wrong"] == []


@pytest.mark.parametrize("server", ["stone"], indirect=True)
def test_the_pages_stone_board_plays_fursaz_against_a_board(browser, server, kit):
    st = against_a_board(browser, server, kit, "fursaz", _stone_acts(random.Random(5)))
    assert st["outcome"] and st["options"].get("size", 5) == 5
