"""The browser simulator with the tile board (Dominó Mano a Mano and Masbrur), in Debian's
chromium: the page keeps the tiles, the firmware sees only what each contact reads
(through its own mux and ADC driver and stable-frame filter). The tests drag tiles from a
hand onto the track, draw with the board's button, take a refused tile back every way a
person would, see a dirty contact named, play from two windows, one per seat, each seeing
only its own hand, and against the board, whose hand lies face down on the field; and
they play whole games through the page's own controls - two hands of Mano a Mano, a
round of Masbrur, in the hot seat and against the board, at 1280 px and 390 px - reading
what a person reads and checking that nothing on the page is cut off."""
import re

import pytest


from tests.sim_harness import (BOOT_MS, PRESS_MS, VIEWPORT, WIDTHS, Sim,  # noqa: F401
                               browser, configure, menu_choose, serve, sim)   # (fixtures)

SETTLE_MS = 350        # a tile set down: the contacts' settle time (300 ms), then a scan
DEAL_MS = 1500         # "Collect and deal": the table read empty, then the deal

server = serve("tile")


def backs(sim, seat):
    return sim.page.locator('[data-hand="%d"] .tile.back' % seat).count()


def drag(sim, tile, slot):
    """A tile dragged from a hand and let go over a position."""
    return _drop(sim, '[data-tile="%s"]' % tile, slot)


def _drop(sim, selector, slot):
    """The (first) tile ``selector`` finds, dragged and let go over position ``slot``."""
    let_go(sim, selector, '[data-pos="%s"]' % slot)
    return sim.status()


def let_go(sim, selector, target, settle=SETTLE_MS):
    """The first element ``selector`` finds (a tile), dragged and let go over the first
    ``target`` finds; then the board is given ``settle`` ms to read it."""
    sim.page.locator(selector).first.hover()
    sim.page.mouse.down()
    sim.page.locator(target).first.hover()
    sim.page.mouse.up()
    sim.advance(settle)


TILES = "els => els.map(e => e.dataset.tile)"


def row_tiles(sim, row):
    """The tiles of a row shown face up: a seat's (0, 1), "pool" or "beyond"."""
    return sim.page.eval_on_selector_all('[data-hand="%s"] [data-tile]' % row, TILES)


def on(sim, pos):
    """The tile shown face up on position ``pos``, or None."""
    tiles = sim.page.eval_on_selector_all('[data-pos="%s"] [data-tile]' % pos, TILES)
    return tiles[0] if tiles else None


def lead(sim):
    """The seat holding the highest double (or the heaviest tile) and that tile."""
    best = None
    for seat in (0, 1):
        for t in row_tiles(sim, seat):
            a, b = int(t[0]), int(t[2])
            key = (a == b, a + b, b)
            if best is None or key > best[0]:
                best = (key, seat, t)
    return best[1], best[2]


def fitting(tiles, ends):
    return [t for t in tiles if int(t[0]) in ends or int(t[2]) in ends]


def test_tiles_dragged_onto_the_track_and_a_draw_from_the_boneyard(sim):
    sim.press("OK")
    assert sim.status()["screen"] == "game" and sim.status()["game"] == "mano"
    assert [len(row_tiles(sim, 0)), len(row_tiles(sim, 1))] == [7, 7], "hot seat: both face up"
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    st = drag(sim, tile, "S")
    assert st["moves"] == ["%d:%s" % (seat, tile)], st["message"]
    assert tile not in row_tiles(sim, seat)
    mover = 1 - seat
    ends = {int(tile[0])}
    for step in range(4):
        fit = fitting(row_tiles(sim, mover), ends)
        if not fit:
            before = len(row_tiles(sim, mover))
            sim.press("DRAW")
            sim.advance(PRESS_MS)
            assert sim.status()["moves"][-1] == "draw" and len(row_tiles(sim, mover)) == before + 1
            continue
        slot = sim.status()["ends"][1]
        st = drag(sim, fit[0], slot)
        assert st["moves"][-1] == "R" + fit[0] and st["wrong"] == [], st
        end = st["position"].split("line=")[1].split(" h0=")[0].split()[-1]
        ends = {int(end[2])}
        mover = 1 - mover
    assert "Boneyard:" in sim.page.inner_text("#board")
    assert not sim.errors


def test_a_refused_tile_goes_back_to_the_hand_every_natural_way(sim):
    """A tile put where it does not fit is refused (lit red, the reason said); it goes
    back to its hand dragged there, clicked and then a click anywhere in the hand, by a
    right-click, by Delete once picked up, or dragged off the board."""
    sim.press("OK")
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    drag(sim, tile, "S")
    other = [t for t in row_tiles(sim, 1 - seat) if int(tile[0]) not in (int(t[0]), int(t[2]))][0]
    row = '[data-hand="%d"]' % (1 - seat)
    r1 = sim.page.locator('[data-pos="R1"]')

    def dragged_back():
        let_go(sim, '[data-pos="R1"] .tile', row + " .tile", 0)

    def clicked_back():
        r1.click()
        sim.page.locator(row + " .tile").last.click()

    def right_clicked():
        r1.click(button="right")

    def deleted():
        r1.click()
        sim.page.keyboard.press("Delete")

    def dragged_off():
        let_go(sim, '[data-pos="R1"] .tile', "#panel", 0)

    for way in (dragged_back, clicked_back, right_clicked, deleted, dragged_off):
        st = drag(sim, other, "R1")
        assert st["wrong"] == ["R1"] and len(st["moves"]) == 1, st
        assert "does not fit" in st["message"], st
        way()
        sim.advance(SETTLE_MS)
        assert sim.status()["wrong"] == [] and other in row_tiles(sim, 1 - seat), way.__name__
        assert on(sim, "R1") is None, way.__name__


def test_a_dirty_contact_is_named_never_read_as_a_tile(sim):
    sim.press("OK")
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    sim.page.click('[data-fault="dirty"]')
    sim.page.locator('[data-pos="S"]').click()
    st = drag(sim, tile, "S")
    assert st["moves"] == [] and st["wrong"] == ["S"], st
    assert "out of tolerance at S" in st["message"], st
    sim.page.click("#clear-faults")
    sim.advance(SETTLE_MS)
    assert sim.status()["moves"] == ["%d:%s" % (seat, tile)]


def test_two_windows_two_seats_each_sees_its_own_hand(browser, server):
    context = browser.new_context()
    pages = []
    for seat in (0, 1):
        s = Sim(context.new_page(), server.url)
        s.url += "&seat=%d" % seat
        s.open()
        s.advance(600)
        pages.append(s)
    a, b = pages
    assert (len(row_tiles(a, 0)), row_tiles(a, 1), backs(a, 1)) == (7, [], 7), "A sees only A's"
    assert len(row_tiles(b, 1)) == 7 and row_tiles(b, 0) == [] and backs(b, 0) == 7
    for s in pages:
        s.press("OK")
    tiles = row_tiles(a, 0)
    a.press("LEFT")
    b.advance(PRESS_MS)
    st = drag(a, tiles[0], "S")
    assert st["moves"] == ["0:%s" % tiles[0]], st["message"]
    b.advance(SETTLE_MS)
    assert b.status()["moves"] == st["moves"], "the other window's board saw the same"
    assert b.page.locator('[data-pos="S"] [data-tile="%s"]' % tiles[0]).count() == 1
    b.screenshot("sim-tile.png")
    assert not a.errors and not b.errors
    context.close()


def click(sim, selector):
    sim.page.locator(selector).click(position={"x": 5, "y": 5})


def table(sim):
    """The page's table as it saved it (the test's oracle: what lies where)."""
    return sim.page.evaluate("""() => JSON.parse(localStorage.getItem(
        Object.keys(localStorage).find(k => k.startsWith("arbiter-sim-table/"))))""")


def shown(sim):
    """Every tile shown face up on the page."""
    return sim.page.eval_on_selector_all("[data-tile]", "els => els.map(e => e.dataset.tile)")


def face_down(sim):
    """The field positions showing a tile back, in cell order."""
    return field_order(sim.page.eval_on_selector_all(".tile-field .tile.back",
                                                     "els => els.map(e => "
                                                     "e.closest('[data-pos]').dataset.pos)"))


def field_order(names):
    return sorted(names, key=lambda n: (int(n[1]), "ABCD".index(n[0])))


def board_tiles(sim):
    """The tiles the board holds face down, by position (from the saved table)."""
    t = table(sim)
    from firmware.app.boards.tile_positions import name
    return {name(int(c)): t["at"][c] for c in t["down"]}


def frames_hide_the_field(sim):
    """Every frame in the key log names a field position's tile only as face down."""
    seen = 0
    for kind, text in sim.key_events():
        for item in text.split() if kind == "frame" else ():
            pos, _, what = item.partition(":")
            assert pos[0] not in "ABCD" or what == "face-down", text
            seen += pos[0] in "ABCD"
    assert seen, "the frames read the field"


def test_the_boards_hand_lies_face_down_on_the_field_and_is_carried_unseen(sim):
    """mano.opponent = B: the deal lays B's 7 tiles face down on A0-C1 (hot seat: A's
    hand face up, B's row empty); picked up, moved on the field and put back in the
    board's hand (the first free field position) they stay backs; on the pad a tile is
    face up."""
    configure(sim, {"mano.opponent": "B"})
    first = ["A0", "B0", "C0", "D0", "A1", "B1", "C1"]
    assert face_down(sim) == first and len(row_tiles(sim, 0)) == 7 and row_tiles(sim, 1) == []
    assert "the board" in sim.page.inner_text('[data-hand="1"]')
    sim.page.click("#tile-deal")                              # a new deal, saved
    sim.advance(SETTLE_MS)                                    # (its readings still to come)
    held = board_tiles(sim)
    assert sorted(held) == sorted(first) and face_down(sim) == first
    assert not set(held.values()) & set(shown(sim)), "the board's tiles are never shown"
    click(sim, '[data-pos="A0"]')                             # picked up: still a back
    assert sim.page.locator('[data-pos="A0"] .tile.back.held').count() == 1
    assert not set(held.values()) & set(shown(sim))
    click(sim, '[data-pos="D7"]')
    sim.advance(SETTLE_MS)
    assert face_down(sim) == field_order(first[1:]
                                         + ["D7"]) and board_tiles(sim)["D7"] == held["A0"]
    sim.page.locator('[data-pos="D7"] .tile').hover()         # dragged to the pad: face up
    sim.page.mouse.down()
    sim.page.locator('[data-pos="P"]').hover()
    sim.page.mouse.up()
    sim.advance(SETTLE_MS)
    assert shown(sim).count(held["A0"]) == 1
    assert sim.page.locator('[data-pos="P"] [data-tile]').count() == 1
    assert table(sim)["at"]["27"] in (held["A0"], held["A0"][::-1])
    click(sim, '[data-pos="P"]')                              # back in the board's hand
    click(sim, '[data-hand="1"]')
    sim.advance(SETTLE_MS)
    assert face_down(sim) == first and row_tiles(sim, 1) == [] and held["A0"] not in shown(sim)
    frames_hide_the_field(sim)
    assert not sim.errors


def hand_number(st):
    return int(st["position"].split("hand=")[1].split()[0])


def human_turn(sim, st, board):
    """Seat A's move: a fitting tile from its hand on the end's slot (the one that leaves
    the board no tile to match, if any: so that it has to draw), else DRAW, else PASS."""
    from firmware.rules import mano as engine
    s = engine.from_text(st["position"])
    n = len(st["moves"])
    mine = set(row_tiles(sim, 0))
    plays = [m for m in st["legal"] if m[0] in "LR" and m[1:] in mine]
    if not plays:
        before = len(row_tiles(sim, 0))
        move = "draw" if "draw" in st["legal"] else "pass"
        sim.press(move.upper())
        st = sim.status()
        assert st["moves"][n] == move, st["message"]
        assert len(row_tiles(sim, 0)) == before + (move == "draw"), st["message"]
        return

    def stuck(m):
        after = engine.play(s, m)
        return not [t for t in board if int(t[0]) in (after.le, after.re)
                    or int(t[2]) in (after.le, after.re)]
    move = sorted(plays, key=stuck)[-1]
    slot = st["ends"][0 if move[0] == "L" else 1]
    st = drag(sim, move[1:], slot)
    # beyond the track: the pad, then the end
    if slot == "P":
        sim.press("LEFT" if move[0] == "L" else "RIGHT")
        st = off_the_pad(sim)
    assert st["moves"][n] == move and (st["wrong"] == [] or ended(st, s.hand)), st


def ended(st, hand):
    """Has the hand ``hand`` ended (the track then wants clearing)?"""
    return st["result"] is not None or hand_number(st) > hand


def off_the_pad(sim):
    """The tile on the pad, played beyond the track, taken off into the row for those."""
    click(sim, '[data-pos="P"]')
    click(sim, '[data-hand="beyond"]')
    sim.advance(SETTLE_MS)
    return sim.status()


def take_back(sim, slot, holds):
    """An undo (the pause menu's S) after a move of the board's: back to seat A's turn
    (A's move before it taken back too). The board asks for its tiles; the undone tiles
    go back: the board's from ``slot`` to its hand row (face down on the field), A's to
    A's hand."""
    moves = sim.status()["moves"]
    sim.hold("MENU", 1000)
    sim.press("PASS", "OK")
    st = sim.status()
    assert st["moves"] == moves[:len(st["moves"])] and len(st["moves"]) < len(moves), st
    assert st["board"]["asks"] == "tiles" and st["board"]["holds"] == holds, st
    assert slot in st["wrong"], st
    for pos in st["wrong"]:
        click(sim, '[data-pos="%s"]' % pos)
        click(sim, '[data-hand="%d"]' % (1 if pos == slot else 0))
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["board"]["asks"] != "tiles" and st["wrong"] == [], st
    assert len(board_tiles(sim)) == holds, st


def show_hand(sim):
    """Seat A's tiles left in hand, shown on the pad one at a time (each taken back)."""
    for tile in row_tiles(sim, 0):
        n = len(sim.status()["moves"])
        st = drag(sim, tile, "P")
        assert st["moves"][n] == "reveal 0 " + tile, st["message"]
        click(sim, '[data-pos="P"]')
        click(sim, '[data-hand="0"]')
        sim.advance(SETTLE_MS)


def test_a_hand_against_the_board_carried_out_from_a_seat_window(browser, server):
    """mano.opponent = B, level 1; seat A plays from a ?seat=0 window, a hot-seat window
    watches the same table. The board's hand lies face down on the field and is never
    shown face up in either window; each play it asks for is its field tile dragged to
    the slot it names, each draw DRAW (the boneyard's top tile face down on the field);
    its first move is undone and its tile put back in its hand, then played again. Seat
    A plays so that the board has to draw; hands are played to the end until it has
    drawn; no move is refused."""
    context = browser.new_context(viewport=VIEWPORT)
    me = Sim(context.new_page(), server.url)
    me.url += "&seat=0"
    me.open()
    me.advance(BOOT_MS)
    configure(me, {"mano.opponent": "B", "mano.level": 1})
    me.page.click("#tile-deal")
    me.advance(DEAL_MS)
    hot = Sim(context.new_page(), server.url)
    hot.open()
    # a background page draws no frames: slow clicks
    me.page.bring_to_front()
    me.press("OK")
    st = me.status()
    assert st["game"] == "mano" and st["board"]["seat"] == 1 and st["board"]["holds"] == 7, st
    draws = hands = 0
    undone = False
    for _ in range(300):
        board = board_tiles(me)
        for s in (me, hot):
            assert not set(board.values()) & set(shown(s)), "a tile of the board's shown face up"
        st = me.status()
        if st["result"] or (hands and draws):
            break
        hand_now = hand_number(st)
        ask = st["board"]
        assert ask["wrong"] == [] and st["wrong"] == [], st
        if st["thinking"]:
            me.advance(200)
        elif ask["asks"] in ("lead", "play"):
            before = st["moves"]
            assert ask["from"] in board, (ask, board)
            st = _drop(me, '[data-pos="%s"] .tile' % ask["from"], ask["to"])
            if ask["to"] == "P":
                st = off_the_pad(me)
            assert len(st["moves"]) > len(before) and (st["wrong"] == []
                                                       or ended(st, hand_now)), st
            if (not undone and ask["to"] != "P" and not ended(st, hand_now)
                    and before[-1:] != ["draw"]):
                # undone (with A's move before it), then again
                take_back(me, ask["to"], len(board))
                undone = True
        elif ask["asks"] == "draw":
            n = len(st["moves"])
            me.press("DRAW")
            me.advance(SETTLE_MS)
            st = me.status()
            assert st["moves"][n] == "draw" and len(board_tiles(me)) == len(board) + 1, st
            moves = me.page.locator("#moves li").all_inner_texts()
            assert moves[n] == "B draw", moves            # the same seat may move twice running
            draws += 1
        elif ask["asks"] == "tiles":
            raise AssertionError("the board asks for its tiles: %s" % st["message"])
        elif st["legal"] and st["legal"][0].startswith("reveal"):
            assert st["to_move"] == 0, st
            show_hand(me)
        # a hand's lead: who holds the highest tile
        elif "line=-" in st["position"]:
            if lead_of(row_tiles(me, 0), board.values()) == 1:
                me.press("RIGHT")
            else:
                me.press("LEFT")
                tile = max(row_tiles(me, 0), key=weight)
                st = drag(me, tile, "S")
                assert st["moves"][-1:] == ["0:" + tile], st
        elif st["to_move"] == 0:
            human_turn(me, st, board.values())
        else:
            raise AssertionError("the board's turn, and it asks nothing: %s" % st)
        if ended(me.status(), hand_now):
            hands += 1
            me.page.click("#tile-deal")                  # the table cleared, a new deal
            me.advance(DEAL_MS)
    assert hands and draws and undone, (hands, draws, undone, me.status()["message"])
    assert "reject" not in me.files().get("events.log", ""), "a move refused"
    assert face_down(hot) == face_down(me), "the hot seat shows the same backs"
    me.screenshot("sim-tile-opponent.png")
    frames_hide_the_field(me)
    assert not me.errors and not hot.errors
    context.close()


def weight(t):
    """A tile's rank for the lead: doubles first, then pips."""
    return (t[0] == t[2], int(t[0]) + int(t[2]), t)


def lead_of(*hands):
    """The seat holding the highest double (or the heaviest tile)."""
    return max((weight(t), seat) for seat, tiles in enumerate(hands) for t in tiles)[1]


# ---------------------------------------------------------------- whole games, as a person plays



def page(browser, server, width, query="", settings=None):
    """A fresh page of ``width`` px (its own browser context), booted; ``settings`` as
    ``arbiter config`` would have left them."""
    context = browser.new_context(viewport={"width": width, "height": 860})
    s = Sim(context.new_page(), server.url)
    s.url += query
    s.open()
    s.advance(BOOT_MS)
    if settings:
        configure(s, settings)
    return context, s


def says(sim):
    """What the board says (the panel's "Says", the legend's words)."""
    text = sim.page.inner_text("#message")
    assert sim.page.inner_text("#legend-says") == text
    return text


CLIPPED = """() => {
    const out = [];
    const doc = document.documentElement;
    const width = doc.clientWidth;
    const name = (e) => e.dataset.name || e.dataset.tile || e.id || e.className || e.tagName;
    const parts = (pos) => [".led", ".tile-label", ".tile"].map((q) => pos.querySelector(q));
    const box = (e) => e.getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 &&
                             a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
                           a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    if (doc.scrollWidth > width) out.push("the page is wider than the window");
    for (const e of document.querySelectorAll("#board-area *, #legend, #panel section")) {
        const r = box(e);
        if (r.width && (r.left < -0.5 || r.right > width + 0.5)) out.push(name(e) + " runs off");
    }
    for (const pos of document.querySelectorAll("[data-pos]")) {
        const at = pos.dataset.pos;
        const [led, label, tile] = parts(pos);
        for (const part of [led, label, tile]) {
            if (part && !inside(box(part), box(pos))) out.push(part.className + " out of " + at);
        }
        if (tile && meet(box(led), box(tile))) out.push("the LED covers the tile: " + at);
        if (tile && meet(box(label), box(tile))) out.push("the tile covers the name: " + at);
    }
    for (const key of document.querySelectorAll(".key")) {
        if (!inside(box(key.firstElementChild), box(key))) out.push(key.dataset.name + " is cut");
    }
    for (const row of document.querySelectorAll(".tile-hand")) {
        for (const t of row.querySelectorAll(".tile")) {
            if (!inside(box(t), box(row))) out.push("a tile out of row " + row.dataset.hand);
        }
    }
    return out;
}"""


def clipped(sim):
    """Everything a person should see that is cut off, runs off the window or covers
    something else (empty when nothing is)."""
    return sim.page.evaluate(CLIPPED)


HAND_END = re.compile(r"hand (\d+): ([AB]) wins (\d+) \((\w+)\); A (\d+), B (\d+)")


def mano_turn(sim, st):
    """The mover's turn in a hot-seat hand: a fitting tile from their hand onto the end's
    slot (beyond the track: the pad, LEFT or RIGHT, then off the pad), else DRAW, else
    PASS."""
    n = len(st["moves"])
    seat = st["to_move"]
    mine = set(row_tiles(sim, seat))
    plays = [m for m in st["legal"] if m[0] in "LR" and m[1:] in mine]
    if not plays:
        move = "draw" if "draw" in st["legal"] else "pass"
        before = len(row_tiles(sim, seat))
        sim.press(move.upper())
        st = sim.status()
        assert st["moves"][n] == move, says(sim)
        assert len(row_tiles(sim, seat)) == before + (move == "draw"), says(sim)
        return
    move = plays[0]
    slot = st["ends"][0 if move[0] == "L" else 1]
    let_go(sim, '[data-hand="%d"] [data-tile="%s"]' % (seat, move[1:]), '[data-pos="%s"]' % slot)
    if slot == "P":
        sim.press("LEFT" if move[0] == "L" else "RIGHT")
        sim.page.locator('[data-pos="P"]').click(button="right")      # off the pad
        sim.advance(SETTLE_MS)
        assert move[1:] in row_tiles(sim, "beyond")
    assert sim.status()["moves"][n] == move, says(sim)


def reveal(sim, seat):
    """The tiles left in ``seat``'s hand shown on the pad one at a time (each takes the
    place of the one before, which goes back to its hand)."""
    for tile in row_tiles(sim, seat):
        n = len(sim.status()["moves"])
        let_go(sim, '[data-hand="%d"] [data-tile="%s"]' % (seat, tile), '[data-pos="P"]')
        assert sim.status()["moves"][n] == "reveal %d %s" % (seat, tile), says(sim)


def board_turn(sim, st):
    """The board's move in Mano a Mano, as its LEDs ask: its tile carried from the field
    position to the slot (off the pad again beyond the track), DRAW for its draws."""
    ask = st["board"]
    n = len(st["moves"])
    if st["thinking"]:
        sim.advance(200)
        return
    if ask["asks"] == "draw":
        sim.press("DRAW")                                   # its tile face down on the field
        sim.advance(SETTLE_MS)
    else:
        assert ask["asks"] in ("lead", "play"), (ask, says(sim))
        let_go(sim, '[data-pos="%s"] .tile' % ask["from"], '[data-pos="%s"]' % ask["to"])
        if ask["to"] == "P":
            sim.page.locator('[data-pos="P"]').click(button="right")
            sim.advance(SETTLE_MS)
    assert len(sim.status()["moves"]) > n, says(sim)


def play_mano(sim, hands, bot=None):
    """Whole hands of Mano a Mano through the page's controls until ``hands`` are scored or
    the match ends; ``bot``: the seat the board plays. After each hand the event log
    says who won it and with how many points, the scores add up, and the board asks for
    the track cleared (or first, against the board, its new hand); "Collect and deal"
    then deals. Returns the hands' end lines."""
    totals = [0, 0]
    done = []
    for _ in range(500):
        st = sim.status()
        if len(done) == hands or st["result"]:
            break
        hand_now = hand_number(st)
        assert st["wrong"] == [], (st["wrong"], says(sim))
        if st["legal"][0].startswith("reveal"):
            reveal(sim, st["to_move"])
        elif bot is not None and (st["to_move"] == bot or st["board"]["asks"] == "lead"):
            board_turn(sim, st)
        elif "line=-" in st["position"]:
            held = board_tiles(sim).values() if bot is not None else []
            seat, tile = lead(sim)
            if bot is not None and lead_of(row_tiles(sim, 1 - bot), held) == 1:
                sim.press("LEFT" if bot == 0 else "RIGHT")      # the board holds the highest
                continue
            sim.press("LEFT" if seat == 0 else "RIGHT")
            let_go(sim, '[data-hand="%d"] [data-tile="%s"]' % (seat, tile), '[data-pos="S"]')
            assert sim.status()["moves"][-1] == "%d:%s" % (seat, tile), says(sim)
        else:
            mano_turn(sim, st)
        st = sim.status()
        if hand_number(st) > hand_now or st["result"]:
            ends = HAND_END.findall(sim.page.inner_text("#eventlog"))
            assert len(ends) == len(done) + 1 and int(ends[-1][0]) == hand_now, ends
            totals["AB".index(ends[-1][1])] += int(ends[-1][2])
            assert [int(ends[-1][4]), int(ends[-1][5])] == totals, ends
            done.append(ends[-1])
            if st["result"]:
                break
            if bot is None:
                # The hand's result stays said while its tiles are cleared away.
                want = "hand %d: %s wins %s (%s); clear the track for hand %d (A %d, B %d); "
                want += "the lead goes on S"
                assert says(sim) == want % (hand_now, *ends[-1][1:4], hand_now + 1, *totals)
            else:                                             # first the board's new hand
                assert "holds 7 tiles: put them face down on the field" in says(sim), says(sim)
            assert clipped(sim) == []
            sim.page.click("#tile-deal")                      # the track cleared, a new deal
            sim.advance(DEAL_MS)
    assert len(done) == hands or sim.status()["result"], says(sim)
    assert "reject" not in sim.files().get("events.log", ""), "a move refused"
    assert not sim.errors
    return done


def test_mano_hot_seat_two_whole_hands(browser, server):
    """Two hands of Mano a Mano in the hot seat at 1280 px, played through the page's
    controls only: the lead named with LEFT or RIGHT and put on S, tiles dragged from the
    hands to the ends' slots, DRAW and PASS, the hands shown on the pad at the end, the
    track cleared with "Collect and deal"."""
    context, sim = page(browser, server, 1280, "&deal=11")
    sim.press("OK")
    assert "(player)" in sim.page.inner_text('[data-hand="1"]')
    play_mano(sim, 2)
    context.close()


def test_mano_against_the_board_two_whole_hands_on_a_phone(browser, server):
    """Two hands against the board (B, level 1) on a 390 px page: its plays carried from
    the field to the slot its LEDs name, its draws with DRAW, A's moves dragged; nothing
    is cut off at any hand's end."""
    context, sim = page(browser, server, 390, "&deal=5", {"mano.opponent": "B", "mano.level": 1})
    sim.page.click("#tile-deal")
    sim.advance(DEAL_MS)
    sim.press("OK")
    assert "(the board" in sim.page.inner_text('[data-hand="1"]')
    play_mano(sim, 2, bot=1)
    context.close()


def dashed(t):
    """An engine tile (low * 8 + high) as the page writes it: '3-6'."""
    return "%d-%d" % (t >> 3, t & 7)


def position_now(sim):
    from firmware.rules import masbrur
    return masbrur.from_text(sim.status()["position"])


def masbrur_table(browser, server, width, settings):
    """A page with Masbrur chosen (menu L6, as ``arbiter config`` leaves it: the page lays
    its table), started with OK."""
    context, sim = page(browser, server, width, "", dict(settings, game="masbrur"))
    sim.press("OK")
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["game"] == "masbrur" and st["wrong"] == [], (st["wrong"], says(sim))
    return context, sim


@pytest.mark.parametrize("width", WIDTHS)
def test_choosing_masbrur_in_the_menu_lays_its_table(browser, server, width):
    """A fresh page deals Mano a Mano, the board's first game (7 tiles a hand); choosing
    Masbrur in the menu (L6) lays Masbrur's table at once - its field on B and C, the other
    20 tiles in the pool, no hands - so that once started the board finds its field right
    and A offers, with no "Masbrur table" to click."""
    context, sim = page(browser, server, width)
    assert [len(row_tiles(sim, 0)), len(row_tiles(sim, 1))] == [7, 7]
    menu_choose(sim, lambda t: t == "Masbrur")
    assert "Masbrur - chosen" in sim.text("#legend-cells")
    field = {pos: on(sim, pos) for pos in ["%s%d" % (c, r) for r in range(8) for c in "BC"]}
    assert field == dict([("B%d" % r, "%d-%d" % (r, r)) for r in range(8)]
                         + [("C%d" % r, "%d-%d" % (r, (r + 1) % 8)) for r in range(8)])
    assert len(row_tiles(sim, "pool")) == 20 and row_tiles(sim, 0) == row_tiles(sim, 1) == []
    menu_choose(sim, lambda t: t == "start a game")
    sim.advance(SETTLE_MS)
    assert says(sim).startswith("round 1, A offers") and sim.status()["wrong"] == [], says(sim)
    assert clipped(sim) == []
    sim.screenshot("sim-tile-masbrur-chosen-%d.png" % width)
    assert not sim.errors
    context.close()


def offer(sim, group):
    """The pie offer: each tile of ``group`` dragged from the pool onto the pad (taking the
    place of the one before), the last taken off again, then OK."""
    for k, t in enumerate(group):
        let_go(sim, '[data-hand="pool"] [data-tile="%s"]' % t, '[data-pos="P"]')
        assert re.search(r"group 1: %d tiles?;" % (k + 1), says(sim)), says(sim)
    sim.page.locator('[data-pos="P"]').click(button="right")      # off the pad, back to the pool
    sim.advance(SETTLE_MS)
    assert len(row_tiles(sim, "pool")) == 20 and on(sim, "P") is None
    assert sorted(row_tiles(sim, "pool")[:len(group)]) == sorted(group), "group 1 as counted"
    sim.press("OK")


def show(sim, row, tile, value):
    """``tile`` from row ``row`` shown on the pad with ``value`` on its left: let go on P,
    or picked up, turned round, then put on P."""
    sel = '[data-hand="%s"] [data-tile="%s"]' % (row, tile)
    if int(tile[0]) == value:
        let_go(sim, sel, '[data-pos="P"]')
    else:
        sim.page.locator(sel).click()
        sim.page.click("#tile-turn")
        sim.page.locator('[data-pos="P"]').click()
        sim.advance(SETTLE_MS)
    assert on(sim, "P")[0] == str(value), on(sim, "P")


def arsenal(seat, tile):
    """The selector of ``tile`` in ``seat``'s row."""
    return '[data-hand="%d"] [data-tile="%s"]' % (seat, tile)


def carry_push(sim, seat, move):
    """An active turn ('W05,14 P36R5') carried out: the wall face down on the seat's wall
    slots (the tiles there before back in the arsenal), the tile let go on the row's B or
    C (the row slides, its far tile out onto the far input position), that tile taken
    off into the arsenal."""
    slots = ("WA1", "WA2") if seat == 0 else ("WB1", "WB2")
    wall = [dashed(int(move[1]) * 8 + int(move[2])), dashed(int(move[4]) * 8 + int(move[5]))]
    for k in range(2):
        if sim.page.locator('[data-pos="%s"] .tile' % slots[k]).count():
            sim.page.locator('[data-pos="%s"]' % slots[k]).click(button="right")
    for k in range(2):
        let_go(sim, arsenal(seat, wall[k]), '[data-pos="%s"]' % slots[k])
        assert sim.page.locator('[data-pos="%s"] .tile.back' % slots[k]).count() == 1, "face down"
    tile, side, row = move[8] + "-" + move[9], move[10], move[11]
    let_go(sim, arsenal(seat, tile), '[data-pos="%s%s"]' % ("C" if side == "R" else "B", row))
    far = ("A" if side == "R" else "D") + row
    ejected = on(sim, far)
    assert ejected and "goes to %s" % "AB"[seat] in says(sim), says(sim)
    sim.page.locator('[data-pos="%s"]' % far).click(button="right")
    sim.advance(SETTLE_MS)
    assert sim.status()["moves"][-1] == move, says(sim)
    assert ejected in row_tiles(sim, seat) or ejected[::-1] in row_tiles(sim, seat)


def formations(sim, seat, move):
    """A selection ('F U:24/2,… ; L:…') entered: LEFT or RIGHT for each formation, its
    tiles shown on the pad (a 0 after the 7 in a zero-high one), OK, OK."""
    from firmware.rules import masbrur_form as mf
    for row, zh, uses in mf.parse_selection(move):
        sim.press("LEFT" if row == 0 else "RIGHT")
        for t, v in sorted(uses, key=lambda u: (1 if zh and u[1] == 0 else 0, u[1], u[0])):
            show(sim, seat, dashed(t), v)
    sim.press("OK")
    assert "OK to confirm" in says(sim), says(sim)
    sim.press("OK")
    assert sim.status()["moves"][-1] == move, says(sim)


def steal(sim, seat):
    """A steal of one tile from the other wall when the rules allow one (shown on the pad
    with the square it adds on the left), else none; then OK. Returns the move."""
    from firmware.rules import masbrur
    s = position_now(sim)
    slots = ("WB1", "WB2") if seat == 0 else ("WA1", "WA2")
    for slot in slots:
        tile = on(sim, slot)
        for v in (int(tile[0]), int(tile[2])):
            for k in range(1, len(s.sel[seat]) + 1):
                move = "T %s%s/%d@%d" % (min(tile[0], tile[2]), max(tile[0], tile[2]), v, k)
                if masbrur.is_legal(s, move):
                    let_go(sim, '[data-pos="%s"] .tile' % slot, '[data-pos="P"]')
                    if int(on(sim, "P")[0]) != v:
                        sim.page.locator('[data-pos="P"]').click()
                        sim.page.click("#tile-turn")
                        sim.page.keyboard.press("Escape")
                        sim.advance(SETTLE_MS)
                    assert "adding %d" % v in says(sim), says(sim)
                    sim.press("OK")
                    return move
    sim.press("OK")
    return "T -"


ROUND_END = re.compile(r"round 1: medals A ([\d.]+), B ([\d.]+); C (\d+), die (\d+); "
                       r"totals A ([\d.]+), B ([\d.]+)\. round 2, ([AB]) offers")


def round_scored(sim):
    """What the board says when round 1 is scored, checked against its position; the
    tiles off the field back in the pool."""
    text = says(sim)
    m = ROUND_END.search(text)
    assert m, text
    s = position_now(sim)
    assert [float(m.group(5)), float(m.group(6))] == [s.score[0] / 2, s.score[1] / 2], text
    assert len(row_tiles(sim, "pool")) == 20 and row_tiles(sim, 0) == row_tiles(sim, 1) == []
    for slot in ("P", "WA1", "WA2", "WB1", "WB2"):
        assert sim.page.locator('[data-pos="%s"] .tile' % slot).count() == 0, slot
    return m


def test_masbrur_hot_seat_a_whole_round_on_a_phone(browser, server):
    """A round of Masbrur in the hot seat on a 390 px page, through its controls only: A
    offers ten tiles on the pad, B takes the rest with RIGHT (each arsenal then lies in
    its row); each pushes once (a wall face down on the wall slots, the tile let go on the row,
    which slides, the tile pushed out taken off into the arsenal); two passes; each
    enters formations on the pad (a tile turned round with "Turn round" where its other
    square is needed) and steals where the rules allow; the board then says the round's
    medals and totals, and the tiles go back to the pool."""
    from firmware.rules import masbrur
    context, sim = masbrur_table(browser, server, 390, {"masbrur.first_offerer": 0})
    assert "round 1, A offers" in says(sim), says(sim)
    assert "(player)" in sim.page.inner_text('[data-hand="1"]'), "B is a person here"
    pool = row_tiles(sim, "pool")
    offer(sim, pool[::2])
    assert "B: LEFT takes group 1 (10 tiles), RIGHT the other 10" in says(sim), says(sim)
    assert row_tiles(sim, "pool")[:10] == pool[::2], "group 1 shown as tiles"
    sim.press("RIGHT")
    assert [sorted(row_tiles(sim, 0)), sorted(row_tiles(sim, 1))] == [pool[::2], pool[1::2]]
    for seat, side in ((0, "R"), (1, "L")):
        s = position_now(sim)
        moves = [m for m in masbrur.legal_moves(s) if m[0] == "W" and not m.endswith("+A")]
        carry_push(sim, seat, ([m for m in moves if m[10] == side] or moves)[0])
    sim.press("PASS", "PASS")
    assert position_now(sim).phase == "combat_select", says(sim)
    assert sim.page.locator('[data-pos="WB1"] [data-tile]').count() == 1, "the walls face up"
    assert clipped(sim) == []
    for seat in (0, 1):
        formations(sim, seat, masbrur.auto_move(position_now(sim)))
    taken = [steal(sim, seat) for seat in (0, 1)]
    assert sim.status()["moves"][-2:] == taken, says(sim)
    round_scored(sim)
    assert clipped(sim) == []
    assert "reject" not in sim.files().get("events.log", ""), "a move refused"
    assert not sim.errors
    context.close()


PUSH_ASKED = re.compile(r"the board pushes (\d-\d) into row (\d) from the (left|right)")


def carry_the_boards_push(sim):
    """The push the board says it makes, carried out from its arsenal: its tile let go on
    the row (which slides), the tile pushed out taken off into its arsenal."""
    m = PUSH_ASKED.search(says(sim))
    assert m, says(sim)
    tile, row, side = m.groups()
    n = len(sim.status()["moves"])
    near, far = ("C", "A") if side == "right" else ("B", "D")
    let_go(sim, arsenal(1, tile), '[data-pos="%s%s"]' % (near, row))
    sim.page.locator('[data-pos="%s%s"]' % (far, row)).click(button="right")
    sim.advance(SETTLE_MS)
    st = sim.status()
    push = "P%s%s%s" % (tile[0] + tile[2], side[0].upper(), row)
    assert len(st["moves"]) > n and st["moves"][n][7:12] == push, says(sim)


def test_masbrur_against_the_board_a_whole_round(browser, server):
    """A round of Masbrur against the board (B, level 3) at 1280 px: B is labelled the
    board; A offers ten tiles, the board chooses a group itself (the arsenals then lie
    in their rows); A pushes once, then passes; each push the board says it makes is
    carried out from its arsenal; A enters formations on the pad, the board its own; the
    board then says the round's medals and totals."""
    from firmware.rules import masbrur
    context, sim = masbrur_table(browser, server, 1280, {
        "masbrur.first_offerer": 0, "masbrur.opponent": "B", "masbrur.level": 3})
    assert "(the board)" in sim.page.inner_text('[data-hand="1"]')
    group = row_tiles(sim, "pool")[::2]
    offer(sim, group)
    for _ in range(20):                                     # the board chooses
        if position_now(sim).phase == "equipment":
            break
        sim.advance(300)
    took = sim.status()["moves"][1]
    everything = row_tiles(sim, "pool") + row_tiles(sim, 0) + row_tiles(sim, 1)
    mine = group if took == "C2" else [t for t in everything if t not in group]
    assert sorted(row_tiles(sim, 0)) == sorted(mine), took
    assert len(row_tiles(sim, 1)) == 20 - len(mine), took
    assert row_tiles(sim, "pool") == []
    pushed = 0
    for _ in range(200):
        st = sim.status()
        s = position_now(sim)
        if s.phase not in ("pie_accept", "equipment", "combat_wall") and st["to_move"] == 0:
            break
        if st["to_move"] == 1:
            if st["board"]["push"]:
                carry_the_boards_push(sim)
                pushed += 1
            else:
                sim.advance(300)                             # the board thinks, then plays
        elif s.phase == "combat_wall":
            for k, t in enumerate(row_tiles(sim, 0)[:2]):
                let_go(sim, '[data-hand="0"] [data-tile="%s"]' % t, '[data-pos="WA%d"]' % (k + 1))
            sim.press("OK")
        elif "W" in [m[0] for m in st["moves"][2:]]:
            sim.press("PASS")
        else:
            moves = [m for m in masbrur.legal_moves(s) if m[0] == "W" and not m.endswith("+A")]
            carry_push(sim, 0, moves[0]) if moves else sim.press("PASS")
    assert pushed and position_now(sim).phase == "combat_select", (pushed, says(sim))
    formations(sim, 0, masbrur.auto_move(position_now(sim)))
    for _ in range(20):                         # the board's formations, then the steals
        if position_now(sim).phase == "combat_steal" and sim.status()["to_move"] == 0:
            break
        sim.advance(300)
    sim.press("OK")                                         # A takes nothing
    for _ in range(20):
        if sim.status()["moves"][-1][0] == "T" and position_now(sim).round == 2:
            break
        sim.advance(300)
    round_scored(sim)
    assert clipped(sim) == []
    assert not sim.errors
    context.close()


def test_a_tile_on_the_pad_is_turned_only_on_purpose_and_taken_off_by_a_drag(browser, server):
    """Masbrur's pie offer: a pool tile dragged onto P is counted once; clicked twice it
    is picked up and put down the same way round (nothing counted again); "Turn round"
    turns it where it lies and it stays one tile of the group; dragged onto the pool row
    it leaves the pad; a second tile let go on P takes the place of the first."""
    context, sim = masbrur_table(browser, server, 1280, {"masbrur.first_offerer": 0})
    first, second = row_tiles(sim, "pool")[:2]
    let_go(sim, '[data-tile="%s"]' % first, '[data-pos="P"]')
    assert re.search(r"group 1: 1 tiles?;", says(sim)), says(sim)
    sim.page.locator('[data-pos="P"]').click()
    sim.page.locator('[data-pos="P"]').click()
    sim.advance(SETTLE_MS)
    assert on(sim, "P") == first and sim.status()["group"] == [first], (on(sim, "P"), says(sim))
    sim.page.locator('[data-pos="P"]').click()
    sim.page.click("#tile-turn")
    sim.page.keyboard.press("Escape")
    sim.advance(SETTLE_MS)
    assert on(sim, "P") == first[::-1] and sim.status()["group"] == [first], says(sim)
    let_go(sim, '[data-pos="P"] .tile', '[data-hand="pool"]')
    assert on(sim, "P") is None and first in row_tiles(sim, "pool")
    let_go(sim, '[data-tile="%s"]' % first, '[data-pos="P"]')     # shown again: out of the group
    let_go(sim, '[data-tile="%s"]' % second, '[data-pos="P"]')        # in its place
    assert on(sim, "P") == second and sim.status()["group"] == [second], says(sim)
    assert not sim.errors
    context.close()


def test_an_uneven_pie_offer_lists_a_few_legal_moves(browser, server):
    """One tile offered, the other 19 taken: the equipment phase has thousands of moves;
    the panel lists a few and says the rest were not counted, and the board goes on (a
    PASS is played at once)."""
    context, sim = masbrur_table(browser, server, 1280, {"masbrur.first_offerer": 0})
    offer(sim, row_tiles(sim, "pool")[:1])
    sim.press("RIGHT")
    assert len(row_tiles(sim, 1)) == 19 and "B: wall on your slots" not in says(sim), says(sim)
    heading = sim.page.inner_text("#legal-count")
    assert re.fullmatch(r"\(the first \d+; more not counted\)", heading), heading
    assert sim.page.locator("#legal span").count() <= 30
    n = len(sim.status()["moves"])
    sim.press("PASS")
    assert sim.status()["moves"][n:] == ["pass"], says(sim)
    assert not sim.errors
    context.close()


def test_the_boards_pie_offer_is_shown_as_tiles(browser, server):
    """Against the board (B), which offers first: its group 1 lies in its own row, as
    tiles, and the rest in another, each row saying which key takes it."""
    from firmware.rules import masbrur
    context, sim = masbrur_table(browser, server, 390, {
        "masbrur.first_offerer": 1, "masbrur.opponent": "B", "masbrur.level": 1})
    for _ in range(10):
        if sim.status()["moves"]:
            break
        sim.advance(300)
    group = sim.status()["moves"][0][2:].split()
    assert [t[0] + t[2] for t in row_tiles(sim, "pool")[:len(group)]] == group
    rows = sim.page.locator('[data-hand="pool"]').all_inner_texts()
    assert rows[0].startswith("Group 1, LEFT takes it (%d)" % len(group)), rows
    assert rows[1].startswith("Group 2, RIGHT takes it (%d)" % (20 - len(group))), rows
    assert position_now(sim).phase == "pie_accept" and masbrur.to_move(position_now(sim)) == 0
    assert clipped(sim) == []
    context.close()


def test_masbrur_walls_stay_face_down_in_the_panel_until_combat(browser, server):
    """Hot seat: A's wall lies face down with A's push, and the panel says what the table
    shows: its Position in words with "A's face down", its Moves 'W??,??', never the wall's
    tiles; once combat turns the walls up, the Position names both."""
    from firmware.rules import masbrur
    context, sim = masbrur_table(browser, server, 1280, {"masbrur.first_offerer": 0})
    offer(sim, row_tiles(sim, "pool")[::2])
    sim.press("RIGHT")
    s = position_now(sim)
    move = [m for m in masbrur.legal_moves(s) if m[0] == "W" and not m.endswith("+A")][0]
    carry_push(sim, 0, move)
    wall = "%s-%s %s-%s" % (move[1], move[2], move[4], move[5])
    position = sim.text("#position")
    assert position.startswith("round 1 of 4, equipment; A offers; die 2"), position
    assert "walls: A's face down, B's none" in position, position
    assert move[1:6] not in position and wall not in position, position
    listed = sim.page.locator("#moves li").all_inner_texts()
    assert listed[-1] == "A W??,?? " + move[7:], listed
    sim.press("PASS", "PASS")                          # B, then A: combat; B walls now
    for k, t in enumerate(row_tiles(sim, 1)[:2]):
        let_go(sim, arsenal(1, t), '[data-pos="WB%d"]' % (k + 1))
    sim.press("OK")
    assert position_now(sim).phase == "combat_select", says(sim)
    position = sim.text("#position")
    assert "walls: A's %s, B's " % wall in position, position
    assert sim.page.locator("#moves li").all_inner_texts()[2] == "A " + move, "shown now"
    assert not sim.errors
    context.close()


def event_log(sim):
    """The page's Event log, as a person opening it reads it."""
    return sim.page.text_content("#eventlog")


def test_masbrur_the_event_log_and_the_words_never_show_a_secret_wall(browser, server):
    """Hot seat: A's push is in the page's Event log as 'W??,?? P..' (the wall's tiles
    used to be there, for B to read), and so is the undo of it; against
    the board, its own push is logged the same way. The board's file keeps the moves
    whole, for `arbiter logs`."""
    from firmware.rules import masbrur
    context, sim = masbrur_table(browser, server, 1280, {"masbrur.first_offerer": 0})
    offer(sim, row_tiles(sim, "pool")[::2])
    sim.press("RIGHT")
    move = [m for m in masbrur.legal_moves(position_now(sim))
            if m[0] == "W" and not m.endswith("+A")][0]
    carry_push(sim, 0, move)
    log = event_log(sim)
    assert "move A W??,?? %s" % move[7:] in log, log
    assert move[:6] not in log, log
    assert "move A %s" % move in sim.files()["events.log"], "the file keeps it"
    sim.hold("MENU", 1000)
    sim.press("PASS", "OK")                            # S: take the push back
    log = event_log(sim)
    assert "undo W??,?? %s" % move[7:] in log and move[:6] not in log, log
    context.close()
    context, sim = masbrur_table(browser, server, 1280, {
        "masbrur.first_offerer": 0, "masbrur.opponent": "B", "masbrur.level": 3})
    offer(sim, row_tiles(sim, "pool")[::2])
    for _ in range(100):                    # the board takes a group; A pushes; it pushes
        st = sim.status()
        if st["to_move"] == 1 and st["board"]["push"]:
            break
        if st["to_move"] == 0 and position_now(sim).phase == "equipment":
            carry_push(sim, 0, [m for m in masbrur.legal_moves(position_now(sim))
                                if m[0] == "W" and not m.endswith("+A")][0])
        sim.advance(300)
    carry_the_boards_push(sim)
    pushed = sim.status()["moves"][-1]
    assert pushed[0] == "W", pushed
    log = event_log(sim)
    assert "move B W??,?? %s" % pushed[7:] in log and pushed[:6] not in log, log
    assert not sim.errors
    context.close()


def test_masbrur_an_accept_taken_back_puts_the_groups_back_in_the_pool(browser, server):
    """B takes a group (each arsenal then lies in its row); an undo (hold MENU, PASS to
    S, OK) takes the choice back: the rows are empty and the pool shows the two groups
    again, each with the key that takes it; LEFT then gives B group 1."""
    context, sim = masbrur_table(browser, server, 1280, {"masbrur.first_offerer": 0})
    pool = row_tiles(sim, "pool")
    offer(sim, pool[::2])
    sim.press("RIGHT")
    assert sorted(row_tiles(sim, 1)) == pool[1::2]
    sim.hold("MENU", 1000)
    sim.press("PASS", "OK")                            # S: take the last move back
    assert "B: LEFT takes group 1 (10 tiles), RIGHT the other 10" in says(sim), says(sim)
    assert row_tiles(sim, 0) == row_tiles(sim, 1) == [], "the arsenals left in their rows"
    rows = sim.page.locator('[data-hand="pool"]').all_inner_texts()
    assert rows[0].startswith("Group 1, LEFT takes it (10)"), rows
    assert row_tiles(sim, "pool") == pool[::2] + pool[1::2]
    sim.press("LEFT")
    assert sorted(row_tiles(sim, 1)) == pool[::2] and sorted(row_tiles(sim, 0)) == pool[1::2]
    assert not sim.errors
    context.close()

