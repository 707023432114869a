"""The simulator page in a remote game, over MQTT on WebSockets from a real Mosquitto: as a
spectator (host_tools/sim/online.html: read-only and live, any number of watchers, rebuilt
after a reload; it checks every ply with the engines on MicroPython), and playing a seat
with its board (the online panel of the simulator, host_tools/sim/online_seat.js)."""
import json
import os
import time

import pytest

from firmware import ai
from tests.harness.sim_page import ARTIFACTS, CLIPPED_JS, PHONE, VIEWPORT
from tests.online_kit import (Stall, VirtualBoard, arbiter, choose, kit, new_game,  # noqa: F401
                              output, play_out, player, pump_until, records)
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
            assert "holds" in s["board"] and " (hidden)" in s["board"]   # "1 tile (hidden)"
        if game == "masbrur":   # drawn as the position a spectator may see
            assert "arsenal0 " in s["board"] and "wall" in s["board"]
        assert errors == []
    finally:
        context.close()


def test_a_watcher_reads_each_fursaz_move_by_its_players_colour_then(browser, server, kit):
    """The swap changes the seats' colours: the watcher's list names each move's player as
    they were when they made it, says what the swap made of its player, and the players and
    the turn by their colours now."""
    code, a, b = new_game(kit, "fursaz", {"size": 5})
    context, page, errors = _watch(browser, server, kit, code)
    try:
        for s, move in ((a, "e5"), (b, "swap"), (a, "c3")):
            pump_until([a, b], s.my_turn)
            s.play(move)
        _until(page, lambda s: s["ply"] == 3)
        listed = page.eval_on_selector_all("#moves li", "els => els.map(e => e.textContent)")
        assert listed == ["Black e5", "White swap (now Black)", "White c3"]
        assert page.inner_text("#players") == "White: alice (online) · Black: bob (online)"
        assert page.inner_text("#turn") == "Black"                # bob, who swapped
        assert errors == []
    finally:
        context.close()


# ------------------------------------------------------------------ the page plays a seat

def _seat_panel(page):
    return page.evaluate("window.arbiterOnline ? window.arbiterOnline.panel() : null")


def _wait(what, test, seconds, sessions=(), page=None):
    deadline = time.monotonic() + seconds
    while True:
        for s in sessions:
            s.pump(0.02)
        got = test()
        if got:
            return got
        assert time.monotonic() < deadline, "timed out: %s; the page's panel: %r; %r" % (
            what, page and _seat_panel(page),
            page and page.evaluate("window.arbiter.status()"))
        time.sleep(0.05)


def _press(page, square):
    """A person at the page's light board lays or switches a light: the square, then the
    square again to confirm it (the board's confirm setting is on)."""
    for _ in range(2):
        page.locator('[data-name="%s"]' % square).click()
        time.sleep(0.35)


def _board_move(s, seat):
    """What the person at the page plays on seat ``seat`` (a press on one square): the
    computer's choice when its square allows no other move, else the first light laid."""
    state = s.position()
    legal = s.mirror.engine.legal_moves(state)
    move = ai.choose("morbak", state, 1, s.mirror.next_ply())
    squares = [m.split(" ")[-1] for m in legal]
    if move == "pass" or squares.count(move.split(" ")[-1]) != 1:
        move = next(m for m in legal if m.startswith("L "))
    return move


def _open_seat(browser, server, kit, user, viewport=VIEWPORT, game="morbak", config=None):
    """A page whose person opens the online panel and makes a new game (Morbak) on the
    first seat, logged in as ``user``; ``config``: the board's settings, as `arbiter config`
    leaves them. Returns (context, page, errors, code)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_function("window.arbiter && window.arbiter.ready", timeout=30000)
    if config:
        page.evaluate("""cfg => {
            const key = Object.keys(localStorage).find(k => k.startsWith("arbiter-sim/"));
            const saved = JSON.parse(localStorage.getItem(key));
            saved.files["config.json"] = JSON.stringify(Object.assign({version: 1}, cfg));
            localStorage.setItem(key, JSON.stringify(saved));
        }""", config)
        _reload(page)
    page.click("#online-open summary")
    page.wait_for_function("document.querySelector('#online-game-name').options.length",
                           timeout=10000)
    page.fill("#online-broker", "ws://127.0.0.1:%d" % kit.setup.ws_port)
    page.fill("#online-user", user)
    page.fill("#online-password", kit.passwords[user])
    page.select_option("#online-game-name", game)
    page.click("#online-new")
    code = _wait("the code shown", lambda: page.inner_text("#online-code").strip(), 30,
                 page=page)
    return context, page, errors, code


def _reload(page):
    page.reload()
    page.wait_for_function("window.arbiter && window.arbiter.ready", timeout=30000)


def test_the_page_plays_a_seat_against_the_terminal_through_a_power_cut_and_a_reload(
        browser, server, kit):
    """The page's board, on a phone's screen, takes the first seat of a new Morbak game (its
    panel shows the code to give the other player), the terminal's player joins, they play it
    out; mid-game the page's board loses its power, later the page is reloaded, and each
    time it goes on where it was, from its saved game and what the broker holds."""
    context, page, errors, code = _open_seat(browser, server, kit, "bob", PHONE)
    try:
        a = player(kit, "alice", code)
        a.join()
        _wait("the game starts", a.started, 30, [a], page)
        assert a.seat == 1
        reloaded = cut = False
        while not a.ended:
            _wait("a move", lambda: a.ended or a.my_turn() or _page_turn(page, a), 60, [a], page)
            if a.ended:
                break
            if a.my_turn():
                a.play(choose(a))
                continue
            if len(a.mirror.record) >= 4 and not cut:   # the page's board loses its power
                cut = True
                page.click("#power-cut")
                _wait("the board back in the game", lambda: _page_turn(page, a), 60, [a], page)
            elif len(a.mirror.record) >= 8 and not reloaded:   # the page reloads
                reloaded = True
                _reload(page)
                _wait("the page back in the game", lambda: _page_turn(page, a), 60, [a], page)
            n = len(a.mirror.record)
            _press(page, _board_move(a, 0).split(" ")[-1])
            _wait("the page's move agreed", lambda: len(a.mirror.record) > n, 30, [a], page)
        assert reloaded and cut
        agreed = [e.move for e in a.mirror.record]
        _wait("the page sees the end", lambda: (_seat_panel(page) or {}).get("result"), 30,
              [a], page)
        p = _seat_panel(page)
        assert [m for _, m in p["moves"]] == agreed
        state = page.inner_text("#online-state")
        assert state.startswith("over: "), state
        assert page.locator("#online-moves li").count() == len(agreed)
        assert "alice: online" in page.inner_text("#online-players")
        assert "bob (this page): online" in page.inner_text("#online-players")
        status = _wait("the board ends it", lambda: page.evaluate(
            "window.arbiter.status().result && window.arbiter.status()"), 30, [a], page)
        assert status["moves"] == agreed
        assert page.evaluate(CLIPPED_JS) == []     # on a phone, nothing cut off
        os.makedirs(ARTIFACTS, exist_ok=True)
        page.screenshot(path=os.path.join(ARTIFACTS, "online-seat.png"), full_page=True)
        page.click("#online-leave")                   # the form again; a reload starts afresh
        page.wait_for_selector("#online-form", state="visible")
        _reload(page)
        assert page.is_hidden("#online-game") and _seat_panel(page) is None
        assert errors == []
    finally:
        context.close()


def _page_turn(page, a):
    """The page's board waits for its player's move: every agreed move is on it."""
    st = page.evaluate("window.arbiter.status()")
    return (a.started() and not a.my_turn() and st.get("screen") == "game"
            and st.get("to_move") == 0 and len(st.get("moves", ())) == len(a.mirror.record))


def _agreed(page):
    return [m for _, m in (_seat_panel(page) or {}).get("moves", [])]


def _ended(status):
    return status if status.get("result") is not None else None


def _board_turn(page):
    """The page's board shows every agreed move and waits for its player's; or the game
    is over there."""
    st = page.evaluate("window.arbiter.status()")
    if st.get("result") is not None:
        return "over"
    return (st.get("screen") == "game" and st.get("to_move") == 0
            and st.get("moves") == _agreed(page) and st)


def test_the_page_against_a_board_through_its_bridge_killed_and_a_power_cut(
        browser, server, kit):
    """The page and a board over `arbiter online --port` (the firmware on the WebAssembly
    MicroPython, a robot at it: tests/harness/board_app.py) play a whole Morbak game. Mid-
    game the board's bridge is killed (the page sees its player go offline, the board
    shows its link down) and started again, then the board loses its power; each time
    both sides go on from the same ply."""
    board = VirtualBoard("light")
    context, page, errors, code = _open_seat(browser, server, kit, "bob")
    join = ("online", "join", code, "--broker", kit.url("alice"), "--port", board.port)
    proc = arbiter(*join)
    faults = ["bridge", "power"]
    try:
        while True:
            st = _wait("the page's turn", lambda: _board_turn(page), 60, page=page)
            if st == "over":
                break
            plies = len(st["moves"])
            if faults and faults[0] == "bridge" and plies >= 4:
                faults.pop(0)
                proc.kill()
                proc.wait()
                _wait("alice offline", lambda: "alice: offline" in page.inner_text(
                    "#online-players"), 30, page=page)
                _wait("the board shows its link down", lambda: board.status()["online"]
                      ["link"] is False, 30, page=page)
                proc = arbiter(*join)
                _wait("alice back", lambda: "alice: online" in page.inner_text(
                    "#online-players"), 30, page=page)
            elif faults and faults[0] == "power" and plies >= 8:
                faults.pop(0)
                board.power_cut()
            legal = st["legal"]
            squares = [m.split(" ")[-1] for m in legal]
            move = next(m for m in legal if squares.count(m.split(" ")[-1]) == 1)
            _press(page, move.split(" ")[-1])
            _wait("the page's move played", lambda: len(page.evaluate(
                "window.arbiter.status().moves")) > plies, 30, page=page)
        assert faults == []
        agreed = _wait("the page sees the end", lambda: (_seat_panel(page) or {}).get(
            "result") and _agreed(page), 30, page=page)
        proc.wait(30)
        assert proc.returncode == 0, output(proc)
        assert page.evaluate("window.arbiter.status().moves") == agreed
        b = _wait("the board ends it", lambda: _ended(board.status()), 30, page=page)
        assert b["moves"] == agreed
        assert "Result: " in output(proc)
        assert errors == []
    finally:
        if proc.poll() is None:
            proc.kill()
        context.close()
        board.close()


KIND = {"morbak": "light", "mabula": "marble", "fursaz": "stone", "mano": "tile",
        "masbrur": "tile"}


def against_a_board(browser, server, kit, game, acts, *, config=None, agree=None,
                    at_end=None):
    """The page (``server``'s board kind) makes a new ``game`` on the first seat as bob, a
    virtual board of the same kind (its robot at it) joins it as alice through `arbiter online
    --port`, and they play it out: ``acts(page, status)`` is what the person at the page
    does, if anything (True when they did something). At the end the agreed record is the
    page's panel's, the bridge's record file's, and each board's (``agree(mine, agreed)``:
    a board's own record is the agreed one; equal by default), the same result on both
    boards; the page's end is kept as test-artifacts/online-board-GAME.png (``at_end(page,
    status)``: what else it shows then). Returns the page's board's status."""
    agree = agree or (lambda mine, agreed: mine == agreed)
    board = VirtualBoard(KIND[game])
    context, page, errors, code = _open_seat(browser, server, kit, "bob", game=game,
                                             config=config)
    record = os.path.join(ARTIFACTS, "online-board-%s.json" % game)
    os.makedirs(ARTIFACTS, exist_ok=True)
    proc = arbiter("online", "join", code, "--broker", kit.url("alice"), "--port", board.port,
                   "--record", record)
    try:
        stall = Stall(120)
        while True:
            st = page.evaluate("window.arbiter.status()")
            stall.check(len(st.get("moves") or ()), lambda: (st, board.status(),
                                                               output(proc)[-3000:]))
            assert proc.poll() in (None, 0), output(proc)   # 0: its board has ended it
            if st.get("result") is not None:
                break
            if st.get("game") != game or "online" not in st or not acts(page, st):
                time.sleep(0.1)
        agreed = _wait("the page sees the end", lambda: (_seat_panel(page) or {}).get(
            "result") and _agreed(page), 30, page=page)
        b = _wait("the board ends it", lambda: _ended(board.status()), 60, page=page)
        proc.wait(30)
        assert proc.returncode == 0, output(proc)
        assert "Result: " in output(proc)
        with open(record) as f:
            assert json.load(f)["moves"] == agreed
        st = page.evaluate("window.arbiter.status()")
        for mine in (st["moves"], b["moves"]):
            assert agree(mine, agreed), (mine, agreed)
        assert st["result"] == b["result"] == _seat_panel(page)["result"]
        if at_end:
            at_end(page, st)
        page.screenshot(path=os.path.join(ARTIFACTS, "online-board-%s.png" % game),
                        full_page=True)
        assert errors == []
        return st
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        context.close()
        board.close()


@pytest.mark.parametrize("query, says", [
    ("?code=K7Q2MX&broker=ws://127.0.0.1:1", "Waiting for game K7Q2MX"),
    ("?code=%3Cimg%20src%3Dx%3E&broker=ws://127.0.0.1:1",
     '"<img src=x>" is not a game code (codes are 6 letters and digits, e.g. K7Q2MX).'),
    ("?code=K7Q2MX&broker=ws://256.1.1.1:99999",
     '"ws://256.1.1.1:99999" is not a broker\'s WebSocket address (e.g. ws://HOST:9001).'),
])
def test_the_watch_page_on_a_phone_says_what_is_wrong_in_a_sentence(browser, server, query,
                                                                      says):
    """Before any move, and for a code or a broker typed wrong: one sentence (the form to
    put it right), never a stack trace, and nothing reaching past a phone's screen."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url + "online.html" + query)
        page.wait_for_function("t => document.getElementById('banner').textContent"
                               ".includes(t)", arg=says, timeout=30000)
        assert page.inner_text("#banner").strip().count("\n") == 0
        assert page.evaluate(CLIPPED_JS) == []
        assert errors == []
    finally:
        context.close()


NOT_A_BROKER = "%s is not a broker's WebSocket address (e.g. ws://HOST:9001)."


@pytest.mark.parametrize("broker, code, says", [
    ("javascript:alert(1)", "", NOT_A_BROKER % '"javascript:alert(1)"'),
    ("ws://256.1.1.1:99999", "", NOT_A_BROKER % '"ws://256.1.1.1:99999"'),
    ("mqtt://h", "", NOT_A_BROKER % '"mqtt://h"'),
    ("ws://127.0.0.1:1", "<b>hi",
     "'<b>hi' is not a game code (codes are 6 letters and digits, e.g. K7Q2MX)"),
])
def test_the_seat_says_what_is_wrong_before_connecting(browser, server, broker, code, says):
    """The Play online panel: a broker that is no WebSocket address, or a code that cannot
    be one, is one sentence, not the browser's error, a link that closes and closes again
    or the name of a Python exception."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.url)
        page.wait_for_function("window.arbiter && window.arbiter.ready", timeout=30000)
        page.click("#online-open summary")
        page.fill("#online-broker", broker)
        page.fill("#online-user", "alice")
        page.fill("#online-code-in", code)
        page.click("#online-join" if code else "#online-new")
        page.wait_for_function("t => document.getElementById('online-error').textContent == t",
                               arg=says, timeout=30000)
        assert page.inner_text("#online-log") == "" and errors == []
    finally:
        context.close()


def test_the_seat_says_once_that_the_broker_cannot_be_reached(browser, server):
    """A broker nobody answers at: said once in the panel's log while the page tries
    again every second, not one line a second."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(server.url)
        page.wait_for_function("window.arbiter && window.arbiter.ready", timeout=30000)
        page.click("#online-open summary")
        page.fill("#online-broker", "ws://127.0.0.1:1")
        page.fill("#online-user", "alice")
        page.click("#online-new")
        says = "cannot reach the broker at ws://127.0.0.1:1; trying again every second"
        page.wait_for_function("t => document.getElementById('online-log').textContent"
                               ".includes(t)", arg=says, timeout=30000)
        page.wait_for_timeout(4000)    # four tries more
        assert page.inner_text("#online-log").strip() == says
    finally:
        context.close()
