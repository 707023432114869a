"""The browser simulator with the tile board (Dominó Mano a Mano), in Debian's chromium:
the page keeps a dealt double-six set, the firmware sees only what each contact reads
(through its own mux and ADC driver and stable-frame filter). The tests drag tiles from a
hand onto the track, draw with the board's button, see a dirty contact named, play
from two windows, one per seat, each seeing only its own hand, and play against the
board, whose hand lies face down on the field."""
from tests.sim_harness import BOOT_MS, PRESS_MS, VIEWPORT, Sim, browser, configure, serve, sim  # noqa: F401 (fixtures)

SETTLE_MS = 700        # a tile set down, the contacts' settle time, then a step
DEAL_MS = 1500         # "Collect and deal": the table read empty, then the deal

server = serve("tile")


def hand(sim, seat):
    """The tiles of ``seat``'s hand shown face up on this page."""
    return sim.page.eval_on_selector_all('[data-hand="%d"] [data-tile]' % seat,
                                         "els => els.map(e => e.dataset.tile)")


def backs(sim, seat):
    return sim.page.locator('[data-hand="%d"] .tile.back' % seat).count()


def drag(sim, tile, slot):
    """A tile dragged from a hand and let go over a position."""
    return _drop(sim, '[data-tile="%s"]' % tile, slot)


def _drop(sim, selector, slot):
    """The (first) tile ``selector`` finds, dragged and let go over position ``slot``."""
    sim.page.locator(selector).first.hover()
    sim.page.mouse.down()
    sim.page.locator('[data-pos="%s"]' % slot).hover()
    sim.page.mouse.up()
    sim.advance(SETTLE_MS)
    return sim.status()


def lead(sim):
    """The seat holding the highest double (or the heaviest tile) and that tile."""
    best = None
    for seat in (0, 1):
        for t in hand(sim, seat):
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
    assert len(hand(sim, 0)) == 7 and len(hand(sim, 1)) == 7, "hot seat: both hands face up"
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    st = drag(sim, tile, "S")
    assert st["moves"] == ["%d:%s" % (seat, tile)], st["message"]
    assert tile not in hand(sim, seat)
    mover = 1 - seat
    ends = {int(tile[0])}
    for step in range(4):
        fit = fitting(hand(sim, mover), ends)
        if not fit:
            before = len(hand(sim, mover))
            sim.press("DRAW")
            sim.advance(PRESS_MS)
            assert sim.status()["moves"][-1] == "draw" and len(hand(sim, mover)) == before + 1
            continue
        slot = sim.status()["ends"][1]
        st = drag(sim, fit[0], slot)
        assert st["moves"][-1] == "R" + fit[0] and st["wrong"] == [], st
        end = st["position"].split("line=")[1].split(" h0=")[0].split()[-1]
        ends = {int(end[2])}
        mover = 1 - mover
    assert "Boneyard:" in sim.page.inner_text("#board")
    assert not sim.errors


def test_a_tile_put_down_where_it_does_not_fit_is_refused_then_taken_back(sim):
    sim.press("OK")
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    drag(sim, tile, "S")
    other = [t for t in hand(sim, 1 - seat) if int(tile[0]) not in (int(t[0]), int(t[2]))]
    st = drag(sim, other[0], "R1")
    assert st["wrong"] == ["R1"] and len(st["moves"]) == 1 and "does not fit" in st["message"], st
    sim.page.locator('[data-pos="R1"]').click()            # picked up again
    sim.page.locator('[data-hand="%d"]' % (1 - seat)).click(position={"x": 5, "y": 5})
    sim.advance(SETTLE_MS)
    assert sim.status()["wrong"] == [] and other[0] in hand(sim, 1 - seat)


def test_a_dirty_contact_is_named_never_read_as_a_tile(sim):
    sim.press("OK")
    seat, tile = lead(sim)
    sim.press("LEFT" if seat == 0 else "RIGHT")
    sim.page.click('[data-fault="dirty"]')
    sim.page.locator('[data-pos="S"]').click()
    st = drag(sim, tile, "S")
    assert st["moves"] == [] and st["wrong"] == ["S"] and "out of tolerance at S" in st["message"], st
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
    assert len(hand(a, 0)) == 7 and hand(a, 1) == [] and backs(a, 1) == 7, "A sees only A's tiles"
    assert len(hand(b, 1)) == 7 and hand(b, 0) == [] and backs(b, 0) == 7
    for s in pages:
        s.press("OK")
    tiles = hand(a, 0)
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


def pool(sim):
    return sim.page.eval_on_selector_all('[data-hand="pool"] [data-tile]', "els => els.map(e => e.dataset.tile)")


def click(sim, selector):
    sim.page.locator(selector).click(position={"x": 5, "y": 5})


def test_masbrur_a_pie_offer_on_the_pad_and_a_push(sim):
    """Masbrur chosen with the menu's keys (PASS to L6, OK, PASS to start, OK); the
    Masbrur table laid; three pool tiles shown on the pad and offered; the other group
    accepted; then the offerer's wall set and a push carried out tile by tile."""
    from firmware.app import board_tile
    from firmware.rules import masbrur
    around = 2 + len(board_tile.ITEMS)       # PASS from start round to L6: picks, start, items
    sim.press(*(["PASS"] * around + ["OK", "PASS", "OK"]))
    assert sim.status()["game"] == "masbrur", sim.status()["message"]
    sim.page.click("#tile-masbrur")
    sim.advance(SETTLE_MS)
    assert sim.status()["wrong"] == [], "the field as the engine has it"
    offered = pool(sim)[:3]
    for t in offered:
        drag(sim, t, "P")
        click(sim, '[data-pos="P"]')                    # picked up again
        click(sim, '[data-hand="pool"]')                # back into the pool
        sim.advance(SETTLE_MS)
    sim.press("OK", "RIGHT")
    st = sim.status()
    assert st["moves"] == ["O " + " ".join([t[0] + t[2] for t in offered]), "C2"], st
    s = masbrur.from_text(st["position"])
    seat = masbrur.to_move(s)
    move = [m for m in masbrur.legal_moves(s) if m.startswith("W") and not m.endswith("+A")][0]
    walls = ("WA1", "WA2") if seat == 0 else ("WB1", "WB2")
    for k in range(2):
        drag(sim, move[1 + 3 * k] + "-" + move[2 + 3 * k], walls[k])
    tile, side, row = move[8] + "-" + move[9], move[10], move[11]
    near, far = ("D", "A") if side == "R" else ("A", "D")
    # The tile at the row end (turned to touch it), the row shifted, the far tile taken.
    sim.page.locator('[data-tile="%s"]' % tile).first.hover()
    sim.page.mouse.down()
    sim.page.locator('[data-pos="%s%s"]' % (near, row)).hover()
    sim.page.mouse.up()
    order = ("B", "C", near) if side == "R" else ("C", "B", near)
    dest = (far, "B", "C") if side == "R" else (far, "C", "B")
    for a, b in zip(order, dest):
        click(sim, '[data-pos="%s%s"]' % (a, row))
        click(sim, '[data-pos="%s%s"]' % (b, row))
    click(sim, '[data-pos="%s%s"]' % (far, row))
    click(sim, '[data-hand="%d"]' % seat)
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["moves"][-1] == move and st["wrong"] == [], (move, st["message"], st["wrong"])
    assert not sim.errors


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
                                                     "els => els.map(e => e.closest('[data-pos]').dataset.pos)"))


def field_order(names):
    return sorted(names, key=lambda n: (int(n[1]), "ABCD".index(n[0])))


def board_tiles(sim):
    """The tiles the board holds face down, by position (from the saved table)."""
    t = table(sim)
    from firmware.app.tile_positions import name
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
    assert face_down(sim) == first and len(hand(sim, 0)) == 7 and hand(sim, 1) == []
    assert "the board" in sim.page.inner_text('[data-hand="1"]')
    sim.page.click("#tile-deal")                              # a new deal, saved
    sim.advance(SETTLE_MS)
    held = board_tiles(sim)
    assert sorted(held) == sorted(first) and face_down(sim) == first
    assert not set(held.values()) & set(shown(sim)), "the board's tiles are never shown"
    click(sim, '[data-pos="A0"]')                             # picked up: still a back
    assert sim.page.locator('[data-pos="A0"] .tile.back.held').count() == 1
    assert not set(held.values()) & set(shown(sim))
    click(sim, '[data-pos="D7"]')
    sim.advance(SETTLE_MS)
    assert face_down(sim) == field_order(first[1:] + ["D7"]) and board_tiles(sim)["D7"] == held["A0"]
    sim.page.locator('[data-pos="D7"] .tile').hover()         # dragged to the pad: face up
    sim.page.mouse.down()
    sim.page.locator('[data-pos="P"]').hover()
    sim.page.mouse.up()
    sim.advance(SETTLE_MS)
    assert shown(sim).count(held["A0"]) == 1 and sim.page.locator('[data-pos="P"] [data-tile]').count() == 1
    assert table(sim)["at"]["27"] in (held["A0"], held["A0"][::-1])
    click(sim, '[data-pos="P"]')                              # back in the board's hand
    click(sim, '[data-hand="1"]')
    sim.advance(SETTLE_MS)
    assert face_down(sim) == first and hand(sim, 1) == [] and held["A0"] not in shown(sim)
    frames_hide_the_field(sim)
    assert not sim.errors


def carry(sim, src, dst):
    """A tile dragged from position ``src`` and let go over ``dst``."""
    return _drop(sim, '[data-pos="%s"] .tile' % src, dst)


def hand_number(st):
    return int(st["position"].split("hand=")[1].split()[0])


def human_turn(sim, st, board):
    """Seat A's move: a fitting tile from its hand on the end's slot (the one that leaves
    the board no tile to match, if any: so that it has to draw), else DRAW, else PASS."""
    from firmware.rules import mano as engine
    s = engine.from_text(st["position"])
    n = len(st["moves"])
    mine = set(hand(sim, 0))
    plays = [m for m in st["legal"] if m[0] in "LR" and m[1:] in mine]
    if not plays:
        before = len(hand(sim, 0))
        move = "draw" if "draw" in st["legal"] else "pass"
        sim.press(move.upper())
        st = sim.status()
        assert st["moves"][n] == move and len(hand(sim, 0)) == before + (move == "draw"), st["message"]
        return

    def stuck(m):
        after = engine.play(s, m)
        return not [t for t in board if int(t[0]) in (after.le, after.re) or int(t[2]) in (after.le, after.re)]
    move = sorted(plays, key=stuck)[-1]
    slot = st["ends"][0 if move[0] == "L" else 1]
    st = drag(sim, move[1:], slot)
    if slot == "P":                                          # beyond the track: the pad, then the end
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
    assert st["board"]["asks"] != "tiles" and st["wrong"] == [] and len(board_tiles(sim)) == holds, st


def show_hand(sim):
    """Seat A's tiles left in hand, shown on the pad one at a time (each taken back)."""
    for tile in hand(sim, 0):
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
    me.page.bring_to_front()                             # a background page draws no frames: slow clicks
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
            st = carry(me, ask["from"], ask["to"])
            if ask["to"] == "P":
                st = off_the_pad(me)
            assert len(st["moves"]) > len(before) and (st["wrong"] == [] or ended(st, hand_now)), st
            if not undone and ask["to"] != "P" and not ended(st, hand_now) and before[-1:] != ["draw"]:
                take_back(me, ask["to"], len(board))     # undone (with A's move before it), then again
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
        elif "line=-" in st["position"]:                 # a hand's lead: who holds the highest tile
            if lead_of(hand(me, 0), board.values()) == 1:
                me.press("RIGHT")
            else:
                me.press("LEFT")
                tile = max(hand(me, 0), key=weight)
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
