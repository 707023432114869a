"""The simulator page's tile board in a remote Mano a Mano match against the terminal, over
MQTT on WebSockets from a real Mosquitto (docs/contracts.md#the-pages-seat): the page's table
follows its board - its player's row holds the tiles the dealer dealt them, the far player's
row nothing, the box every tile nobody at the page has seen - and a person at the page plays
through its controls only: dragging their tiles, the far player's from the box, DRAW, the
tiles shown on the pad, the track cleared between hands."""
import json
import os
import re
import time

import pytest

from firmware import ai
from firmware.rules import mano, mano_observed, mano_seat
from host_tools.online import protocol
from tests.harness.sim_page import ARTIFACTS, CLIPPED_JS, PHONE
from tests.online_kit import Stall, choose, kit, player  # noqa: F401
from tests.sim_harness import browser, serve  # noqa: F401
from tests.test_online_board import _masks
from tests.test_online_page import _open_seat, _seat_panel, against_a_board

server = serve("tile")
SETTLE_S = 0.8     # the board reads a tile once it lies still (settle_ms), then plays it
DEAL_SEED = 19   # a match of two hands, 61 plies (seeds 1-23: one to four hands, 25-275 s)


@pytest.fixture(autouse=True)
def _one_deal(monkeypatch):
    """The dealer deals the same every run, so that a test takes as long each time (a match
    to 20 may be one hand or nine) and a failure comes again."""
    monkeypatch.setattr(protocol, "dealer_seed", lambda: DEAL_SEED)


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


def _page_acts(page, st):
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
        if (_seat_panel(page) or {}).get("to_move") != own or not st["message"].endswith(
                "you lead"):
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


def _shot(page, name):
    """A screenshot of the whole page, kept among the test artifacts."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name), full_page=True)
    return name


def _rows_named(page, st):
    """The page names its rows as the game has it, to its end: the far player's
    "elsewhere", its own player's "you" (never "the board", as in a game against it)."""
    far = 1 - _seat_panel(page)["seat"]
    rows = [page.inner_text('[data-hand="%d"]' % seat) for seat in (far, 1 - far)]
    assert "(elsewhere" in rows[0] and "(you)" in rows[1], rows


def _against_the_terminal(page, a, game, acts, stall_s=120):
    """Alice in the terminal plays her moves, the page's person theirs (``acts(status)``:
    True when they did something), until the game is over on both sides; fails when no ply
    is played for ``stall_s``."""
    stall = Stall(stall_s)
    while True:
        stall.check(a.mirror and len(a.mirror.record), lambda: "%s; %r; the deal's seed %d" % (
            json.dumps(_status(page)), page.inner_text("#online-state"), DEAL_SEED))
        assert a.stopped is None, a.stopped
        a.pump(0.02)
        if a.my_turn():
            a.play(choose(a))
            continue
        st = _status(page)
        if a.ended and st.get("result"):
            return _rows_named(page, st)
        if not a.started() or st.get("game") != game or "online" not in st or not acts(st):
            time.sleep(0.1)


def test_the_pages_tile_board_plays_a_mano_match_against_the_terminal(browser, server, kit):
    context, page, errors, code = _open_seat(browser, server, kit, "bob", game="mano",
                                             config={"mano.target": 20})   # a short match
    try:
        a = player(kit, "alice", code)
        a.join()
        shots, cleared = [], []

        def acts(st):
            if len(st["moves"]) >= 6 and not shots:      # what a person sees, mid-hand
                shots.append(_shot(page, "online-tile.png"))
            if st["wrong"]:
                cleared.append(len(st["moves"]))
            return _page_acts(page, st)
        _against_the_terminal(page, a, "mano", acts)
        assert shots and cleared     # a second hand, its track cleared first
        agreed = [e.move for e in a.mirror.record]
        st = _status(page)
        assert _mano_agrees(st["moves"], agreed)
        assert st["result"] == a.mirror.result()
        assert errors == []
    finally:
        context.close()


def _mano_agrees(mine, agreed):
    """A board's own record of a Mano a Mano match is the agreed one: its leads written
    SEAT:TILE, the hands' last tiles shown (reveal) besides."""
    return [m.split(":")[-1] for m in mine if not m.startswith("reveal")] == agreed


def test_the_pages_tile_board_plays_a_mano_match_against_a_board(browser, server, kit):
    """A short Mano a Mano match between the page's tile board and a virtual tile board
    through `arbiter online --port`: each person takes their own tiles as the dealer dealt
    them and carries out the other's plays."""
    st = against_a_board(browser, server, kit, "mano", _page_acts, config={"mano.target": 20},
                         agree=_mano_agrees, at_end=_rows_named)
    assert st["outcome"]


def _on(page, pos):
    tiles = page.eval_on_selector_all('[data-pos="%s"] [data-tile]' % pos,
                                      "els => els.map(e => e.dataset.tile)")
    return tiles[0] if tiles else None


def _dashed(t):
    return "%d-%d" % (t >> 3, t & 7)


def _carry_push(page, seat, move, wall=True):
    """An active turn ('W05,14 P36R5') carried out from ``seat``'s row: its wall face
    down on its wall slots (``wall``: the page's own player; a far player's never lies
    here), the tile let go on the row's B or C (the row slides), the tile pushed out taken
    off into the arsenal of the seat to move."""
    if wall:
        slots = ("WA1", "WA2") if seat == 0 else ("WB1", "WB2")
        for k in range(2):
            if page.locator('[data-pos="%s"] .tile' % slots[k]).count():
                page.locator('[data-pos="%s"]' % slots[k]).click(button="right")
                time.sleep(SETTLE_S)
        for k in range(2):
            tile = _dashed(int(move[1 + 3 * k]) * 8 + int(move[2 + 3 * k]))
            _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (seat, tile),
                    '[data-pos="%s"]' % slots[k])
    tile, side, row = move[8] + "-" + move[9], move[10], move[11]
    _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (seat, tile),
            '[data-pos="%s%s"]' % ("C" if side == "R" else "B", row))
    page.locator('[data-pos="%s%s"]' % ("A" if side == "R" else "D", row)).click(
        button="right")
    time.sleep(SETTLE_S)


def _formations(page, seat, move):
    """A selection entered: LEFT or RIGHT per formation, its tiles shown on the pad with
    the square they give on the left (turned round where needed), OK, OK."""
    from firmware.rules import masbrur_form as mf
    for row, zh, uses in mf.parse_selection(move):
        _key(page, "LEFT" if row == 0 else "RIGHT")
        for t, v in sorted(uses, key=lambda u: (1 if zh and u[1] == 0 else 0, u[1], u[0])):
            sel = '[data-hand="%d"] [data-tile="%s"]' % (seat, _dashed(t))
            if _on(page, "P") == _dashed(t):   # used in both rows: shown again, afresh
                _off_the_pad(page)
            if t >> 3 == v:
                _let_go(page, sel, '[data-pos="P"]')
            else:
                page.locator(sel).first.click()
                page.click("#tile-turn")
                page.locator('[data-pos="P"]').click()
                time.sleep(SETTLE_S)
    _key(page, "OK")
    _key(page, "OK")


WALL_SAID = re.compile(r"([AB])'s wall \(elsewhere\): (\d-\d) (\d-\d) - put it on")


def _masbrur_acts(page, st, done):
    """One thing the person at the page does in a remote Masbrur game, if there is one:
    True when done. ``done``: what was done already (the pushes of each round, the far
    walls put on their slots)."""
    from firmware.rules import masbrur
    own = 1 - st["online"]["far"]
    if st["wrong"]:                                   # the table laid for the first round
        page.click("#tile-masbrur")
        time.sleep(SETTLE_S)
        return True
    said = WALL_SAID.search(st["message"] or "")
    s = masbrur.from_text(st["position"])
    if said and (s.round, said.groups()) not in done:
        done.add((s.round, said.groups()))
        who = said.group(1)
        for k, tile in enumerate(said.groups()[1:]):
            _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % ("AB".index(who), tile),
                    '[data-pos="W%s%d"]' % (who, k + 1))
        return True
    far = st.get("board") or {}
    if far.get("push") and st["to_move"] == 1 - own:   # the far player's push, carried out
        _carry_push(page, 1 - own, far["push"], wall=False)
        return True
    if st["to_move"] != own:
        return False
    ph = s.phase
    if ph == "pie_offer":
        pool = _row(page, "pool")
        for t in pool[::2]:
            _let_go(page, '[data-hand="pool"] [data-tile="%s"]' % t, '[data-pos="P"]')
        _off_the_pad(page)
        _key(page, "OK")
    elif ph == "pie_accept":
        _key(page, "RIGHT")
    elif ph == "equipment":
        pushes = [m for m in st["legal"] if m[0] == "W" and not m.endswith("+A")]
        if (s.round, "push") in done or not pushes:
            _key(page, "PASS")
        else:
            done.add((s.round, "push"))
            _carry_push(page, own, pushes[0])
    elif ph == "combat_wall":
        tiles = _row(page, own)[:2]
        for k, tile in enumerate(tiles):
            _let_go(page, '[data-hand="%d"] [data-tile="%s"]' % (own, tile),
                    '[data-pos="W%s%d"]' % ("AB"[own], k + 1))
        _key(page, "OK")
    elif ph == "combat_select":
        _formations(page, own, masbrur.auto_move(s))
    else:
        _key(page, "OK")                                # no steal
    return True


def test_the_pages_tile_board_plays_a_masbrur_game_against_the_terminal(browser, server, kit):
    """A whole Masbrur game (four short rounds) on the page's tile board against the
    terminal, through the page's controls only: the table laid, the pie offer on the pad,
    one push a round from the player's own row with the wall face down on their slots, the
    far player's pushes carried out from their row (their wall never lies here until the
    board names it at combat, then it goes on their slots), formations on the pad."""
    context, page, errors, code = _open_seat(browser, server, kit, "bob", game="masbrur",
                                             config={"masbrur.max_equipment_plies": 6})
    try:
        a = player(kit, "alice", code)
        a.join()
        shots = set()
        done = set()

        def acts(st):
            shot = {"equipment": "online-masbrur.png",
                    "combat_steal": "online-masbrur-combat.png"}.get(st["phase"])
            if shot and shot not in shots:              # what a person sees
                shots.add(_shot(page, shot))
                far = st["online"]["far"]
                assert "(elsewhere)" in page.inner_text('[data-hand="%d"]' % far)
                assert "(you)" in page.inner_text('[data-hand="%d"]' % (1 - far))
            return _masbrur_acts(page, st, done)
        _against_the_terminal(page, a, "masbrur", acts)
        assert len(shots) == 2
        agreed = [e.move for e in a.mirror.record]
        st = _status(page)
        assert _masbrur_agrees(st["moves"], agreed)
        assert st["result"] == a.mirror.result()
        assert errors == []
    finally:
        context.close()


def _masbrur_agrees(mine, agreed):
    """A board's own record of a Masbrur game is the agreed one, its own walls and sealed
    choices whole where the agreed record hides them."""
    return len(mine) == len(agreed) and all(map(_masks, mine, agreed))


def test_the_pages_tile_board_plays_a_masbrur_game_against_a_board(browser, server, kit):
    """A whole short Masbrur game between the page's tile board and a virtual tile board
    through `arbiter online --port`: each side's walls stay on its own table until combat
    names them to the other."""
    done = set()
    st = against_a_board(browser, server, kit, "masbrur",
                         lambda page, st: _masbrur_acts(page, st, done),
                         config={"masbrur.max_equipment_plies": 6}, agree=_masbrur_agrees,
                         at_end=_rows_named)
    assert st["outcome"]


def test_a_remote_masbrur_game_reads_whole_on_a_phone(browser, server, kit):
    """The page's tile board in a remote Masbrur game on a phone (390 px): from the
    table laid to combat, nothing is cut off or reaches past the screen's sides, the
    equipment phase and combat as screenshots (test-artifacts/) to look at."""
    context, page, errors, code = _open_seat(browser, server, kit, "bob", viewport=PHONE,
                                             game="masbrur",
                                             config={"masbrur.max_equipment_plies": 6})
    try:
        a = player(kit, "alice", code)
        a.join()
        done = set()
        seen = {}

        def acts(st):
            if st["phase"] in ("equipment", "combat_select") and st["phase"] not in seen:
                seen[st["phase"]] = page.evaluate(CLIPPED_JS) + page.evaluate(LOG_JS)
                _shot(page, "online-masbrur-phone-%s.png" % st["phase"])
            if len(seen) == 2:
                raise _Seen
            return _masbrur_acts(page, st, done)
        try:
            _against_the_terminal(page, a, "masbrur", acts)
        except _Seen:
            pass
        assert seen == {"equipment": [], "combat_select": []}, seen
        assert errors == []
    finally:
        context.close()


# The panel's log, a scrolling box: its newest line in sight (it stayed at the oldest).
LOG_JS = """() => { const e = document.querySelector('#online-log');
    return e.scrollTop + e.clientHeight >= e.scrollHeight - 2 ? [] : ['the log hides its end'];
}"""


class _Seen(Exception):
    """Both phases seen: the game need not go on."""
