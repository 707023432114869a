"""The simulator page's tile board in a remote Mano a Mano match against the terminal, over
MQTT on WebSockets from a real Mosquitto (docs/contracts.md#the-pages-seat): the page's table
follows its board - its player's row holds the tiles the dealer dealt them, the far player's
row nothing, the box every tile nobody at the page has seen - and a person at the page plays
through its controls only: dragging their tiles, the far player's from the box, DRAW, the
tiles shown on the pad, the track cleared between hands."""
import os
import time

from firmware import ai
from firmware.rules import mano, mano_observed, mano_seat
from tests.harness.sim_page import ARTIFACTS
from tests.online_kit import choose, kit, player  # noqa: F401
from tests.sim_harness import browser, serve  # noqa: F401
from tests.test_online_page import _open_seat

server = serve("tile")
SETTLE_S = 0.8     # the board reads a tile once it lies still (settle_ms), then plays it


def _status(page):
    return page.evaluate("window.arbiter.status()")


def _row(page, row):
    return page.eval_on_selector_all('[data-hand="%s"] [data-tile]' % row,
                                     "els => els.map(e => e.dataset.tile)")


def _let_go(page, selector, target):
    page.locator(selector).first.hover()
    page.mouse.down()
    page.locator(target).first.hover()
    page.mouse.up()
    time.sleep(SETTLE_S)


def _off_the_pad(page):
    page.locator('[data-pos="P"]').click(button="right")
    time.sleep(SETTLE_S)


def _key(page, name):
    page.locator('[data-name="%s"]' % name).click()
    time.sleep(SETTLE_S)


def _page_acts(page, a, st):
    """One thing the person at the page does, if there is one to do: True when done."""
    own = 1 - st["online"]["far"]
    if st["wrong"]:                                      # the last hand's tiles cleared away
        page.click("#tile-deal")
        time.sleep(SETTLE_S)
        return True
    far = st.get("board") or {}
    if far.get("asks") and far.get("to"):                # the far player's tile, from the box
        tile = far["asks"][-3:]
        _let_go(page, '[data-hand="pool"] [data-tile="%s"]' % tile, '[data-pos="%s"]'
                % far["to"])
        if far["to"] == "P":
            _off_the_pad(page)
        return True
    hand = [t for t in (st["online"].get("hand") or "").split(" ") if t]
    state = mano.from_text(st["position"])
    if len(hand) != mano_observed.owed(state, own) or sorted(_row(page, own)) != sorted(hand):
        return False                                     # the dealer's word not there yet
    legal = st["legal"]
    if legal and legal[0].startswith("reveal"):
        if st["to_move"] != own:
            return False
        _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (own, hand[0]), '[data-pos="P"]')
        _off_the_pad(page)
        return True
    if "line=-" in st["position"] and st["to_move"] is None:
        if a.mirror.to_move() != own or not st["message"].endswith("you lead"):
            return False
        move = mano_seat.own_lead(hand)
        _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (own, move), '[data-pos="S"]')
        return True
    if st["to_move"] != own:
        return False
    move = ai.choose("mano", mano_seat.seat_view(state, own, hand), 1, len(st["moves"]) + 1)
    if move in ("draw", "pass"):
        _key(page, move.upper())
        return True
    end = st["ends"][0 if move[0] == "L" else 1]
    _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (own, move[1:]), '[data-pos="%s"]'
            % (end if move[:1] in "LR" else "S"))
    if end == "P":
        _key(page, "LEFT" if move[0] == "L" else "RIGHT")
        _off_the_pad(page)
    return True


def test_the_pages_tile_board_plays_a_mano_match_against_the_terminal(browser, server, kit):
    context, page, errors, code = _open_seat(browser, server, kit, "bob", game="mano",
                                             config={"mano.target": 20})   # a short match
    try:
        a = player(kit, "alice", code)
        a.join()
        deadline = time.monotonic() + 600
        shot = False
        while True:
            assert time.monotonic() < deadline, (_status(page), page.inner_text("#online-state"))
            assert a.stopped is None, a.stopped
            a.pump(0.02)
            if a.my_turn():
                a.play(choose(a))
                continue
            st = _status(page)
            if a.ended and st.get("result"):
                break
            if not a.started() or st.get("game") != "mano" or "online" not in st:
                time.sleep(0.1)
                continue
            if not _page_acts(page, a, st):
                time.sleep(0.1)
            if len(st["moves"]) >= 6 and not shot:    # what a person sees, mid-hand
                shot = True
                os.makedirs(ARTIFACTS, exist_ok=True)
                page.screenshot(path=os.path.join(ARTIFACTS, "online-tile.png"),
                                full_page=True)
        assert shot
        agreed = [e.move for e in a.mirror.record]
        st = _status(page)
        assert [m.split(":")[-1] for m in st["moves"] if not m.startswith("reveal")] == agreed
        assert st["result"] == a.mirror.result()
        assert errors == []
    finally:
        context.close()
