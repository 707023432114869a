"""The browser simulator with the marble board (Mabula), in Debian's chromium: the page
keeps the marbles, the firmware sees only the presence sensors (through its own chain
driver and stable-frame filter) and lights the LEDs. The tests set the board up as the
LEDs ask, push marbles by clicking as a player would, lift one off and put it back,
cut the power, pause the board while it thinks, and check what the firmware accepted; whole
games are played through the page's own controls, hot seat and against the board, on a
desktop and on a phone."""
import random
import re

import pytest

from tests.sim_harness import (PHONE, browser, configure, final_score, fingers,  # noqa: F401
                               leds_by_cell, legal_moves, menu_choose, moves_listed, page_at,
                               serve, setting_choose, sim, until, whole_game)

SETTLE_MS = 1200       # rolling, then the sensors' settle time, then a step


server = serve("marble")




def space(sim, name):
    return sim.page.locator('[data-space="%s"]' % name)


def led(sim, name):
    rgb = sim.page.locator('[data-space="%s"] .led' % name).get_attribute("data-rgb") or "0,0,0"
    return tuple(int(v) for v in rgb.split(","))


def looks(sim, name, n=4, every=130):
    """The colours space ``name``'s LED shows over n instants (blinks included)."""
    seen = set()
    for _ in range(n):
        seen.add(led(sim, name))
        sim.advance(every)
    return seen


def set_up(sim):
    sim.press("OK")                         # start (the menu's selection starts on start)
    st = sim.status()
    assert st["screen"] == "setup", st
    assert sum(1 for c in st["expected"] if c != ".") == 24
    assert looks(sim, "b1") != {(0, 0, 0)}, "the setup is shown on the edge spaces"
    sim.page.click("#marble-setup")
    sim.advance(SETTLE_MS)
    assert sim.status()["screen"] == "game", sim.status()["message"]


def push(sim, move):
    src, dst = move.split("-")
    space(sim, src).click()
    space(sim, dst).click()
    sim.advance(SETTLE_MS)


def test_setup_then_pushes_are_accepted_as_moves(sim):
    set_up(sim)
    played = []
    for _ in range(3):
        move = sim.status()["legal"][-1]      # the farthest push of the last edge marble
        push(sim, move)
        played.append(move)
        st = sim.status()
        assert st["moves"] == played, st["message"]
        assert st["wrong"] == []
    # The page's marbles and the firmware's position agree space by space.
    marbles = dict(sim.page.evaluate(
        "[...document.querySelectorAll('[data-space]')].map(e => [e.dataset.space, "
                                     "e.dataset.marble])"))
    expected = sim.status()["expected"]
    from firmware.rules import mabula
    for i, name in enumerate(mabula.SPACES):
        assert (marbles[name] or ".") == expected[i], name
    assert not sim.errors


DRAWN_JS = "els => els.map(e => e.style.background).join(' ')"


def test_the_board_thinks_in_slices_and_a_pause_stops_it(browser, server):
    """Against the board at level 5 (White: it plays first), on a phone whose CPU is slow:
    a finger holds MENU while "Set up" is clicked, so that the game starts just before
    the hold becomes a long press. The board thinks about its push and the page says so;
    its search goes on a slice at a time between key scans, so the long press is taken
    while it thinks and pauses it (the whole search in one step would have chosen the
    push first), and it stays paused. MENU continues; then the board says its push.
    (Mabula shows the board's move as soon as it is chosen; Fursaz, Morbak and Masbrur
    wait until the turn is 600 ms old, which hides a search shorter than that, and on
    this page their level-5 searches are.)"""
    with page_at(browser, server, PHONE["width"]) as sim:
        configure(sim, {"mabula.opponent": "W", "mabula.level": 5})
        sim.press("OK")
        assert sim.status()["screen"] == "setup"
        touch = sim.page.context.new_cdp_session(sim.page)
        menu, = fingers(sim.key("MENU"))
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [menu]})
        sim.advance(440)
        sim.page.click("#marble-setup")        # the board reads it settled ~310 ms later
        sim.advance(280)
        assert sim.status()["screen"] == "setup"
        cpu = sim.page.context.new_cdp_session(sim.page)
        cpu.send("Emulation.setCPUThrottlingRate", {"rate": 20})     # a phone's CPU
        said, looks = set(), set()
        for _ in range(30):                             # until MENU's hold is a long press
            sim.advance(20)
            said.add((sim.text("#screen"), sim.text("#turn")))
            looks.add(sim.page.eval_on_selector_all(".led", DRAWN_JS))
            if ("long", "MENU") in sim.key_events():
                break
        cpu.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        assert ("game", "White (the board: thinking…)") in said, said   # the game began
        st = sim.status()
        # Paused before its push is played. (On a loaded machine one playout can take so
        # long that the level's time limit ends the search just before the long press.)
        assert (st["screen"], st["moves"]) == ("pause", []), st["message"]
        thinking = st["thinking"]
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [menu]})
        sim.advance(3000)
        st = sim.status()
        assert (st["screen"], st["moves"], st["thinking"]) == ("pause", [], thinking), \
            "thought or played while paused"
        assert "plays" not in sim.text("#message"), sim.text("#message")
        sim.press("MENU")                               # continue
        until(sim, lambda: not sim.status()["thinking"], ms=5000)
        assert "thinking" not in sim.text("#turn")
        assert re.match(r"the board plays [a-i]\d-[a-i]\d", sim.text("#message")), \
            sim.text("#message")
        assert len(looks) >= 2, "the page drew the board while it thought"
        sim.screenshot("sim-marble-thinking.png")


def test_a_marble_lifted_lights_until_put_back_and_no_move_is_taken(sim):
    set_up(sim)
    push(sim, sim.status()["legal"][0])
    moved = sim.status()["moves"]
    target = moved[0].split("-")[1]
    space(sim, target).click()
    space(sim, target).click()               # lifted off
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["wrong"] == [target] and st["moves"] == moved
    seen = looks(sim, target)                # the missing marble blinks in its colour
    assert len(seen) == 2 and (0, 0, 0) in seen, seen
    space(sim, target).click()               # put back
    sim.advance(SETTLE_MS)
    assert sim.status()["wrong"] == [] and sim.status()["moves"] == moved


def test_a_power_cut_resumes_and_checks_the_board(sim):
    set_up(sim)
    move = sim.status()["legal"][5]
    push(sim, move)
    sim.page.evaluate("window.arbiter.powerCut()")
    sim.advance(600)
    assert sim.status()["screen"] == "resume"
    sim.press("OK")
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["screen"] == "game" and st["moves"] == [move] and st["wrong"] == []
    sim.screenshot("sim-marble.png")


# ---------------------------------------------------------------- what the page shows


NAMES = {"W": "White", "B": "Black"}


def board_marbles(sim):
    """{space: "W" | "B"}: the marbles the page draws."""
    return dict(sim.page.eval_on_selector_all("[data-space]", """els => els
        .filter(e => e.dataset.marble).map(e => [e.dataset.space, e.dataset.marble])"""))


def position_marbles(sim):
    """{space: "W" | "B"}: the firmware's position as the panel shows it (ranks 8 to 1)."""
    ranks = sim.text("#position").split(" ")[0].split("/")
    return {"abcdefgh"[x] + str(8 - y): c
            for y, rank in enumerate(ranks) for x, c in enumerate(rank) if c in "WB"}


def agree(sim):
    """The page's marbles are the firmware's position, all 24 of them, and nothing is
    flagged: no space to put right, no marble of the wrong colour."""
    page, firmware = board_marbles(sim), position_marbles(sim)
    assert page == firmware, "the page's marbles differ at %s; the board says %r" % (
        sorted(set(page.items()) ^ set(firmware.items())), sim.text("#message"))
    assert len(page) == 24
    assert sim.text("#wrong") == "none" and not sim.page.is_visible(".colour-warning")


def line(move):
    """The spaces a push rolls over, edge space first, to its far edge."""
    (f, r), (tf, tr) = [(ord(x[0]) - 97, int(x[1]) - 1) for x in move.split("-")]
    df, dr = (tf > f) - (tf < f), (tr > r) - (tr < r)
    return ["abcdefgh"[f + k * df] + str(r + 1 + k * dr) for k in range(8)]


def meets_a_marble(sim, move):
    """Whether the push rolls into a marble on its way (a train pushed ahead)."""
    cells = line(move)
    marbles = board_marbles(sim)
    return any(c in marbles for c in cells[1:cells.index(move.split("-")[1]) + 1])


def test_pushes_into_lines_that_hold_marbles_keep_every_marble(sim):
    """Issue 22: a roll that lost the marble it met went unnoticed. Pushes that meet
    marbles, each checked against the firmware's position."""
    set_up(sim)
    trains = 0
    for _ in range(16):
        legal = legal_moves(sim)
        meeting = [m for m in legal if meets_a_marble(sim, m)]
        move = (meeting or legal)[-1]
        trains += bool(meeting)
        listed = moves_listed(sim)
        push(sim, move)
        agree(sim)
        assert moves_listed(sim)[len(listed):] == ["%s %s" % (NAMES["WB"[len(listed) % 2]], move)]
        if trains >= 4:
            break
    assert trains >= 4


def test_a_marble_of_the_wrong_colour_is_named(sim):
    """The sensors cannot tell colours: a black marble put back as a white one is
    accepted by the board, so the page says so."""
    set_up(sim)
    space_name = min(n for n, c in board_marbles(sim).items() if c == "B")
    space(sim, space_name).click()
    space(sim, space_name).click()                     # lifted off
    sim.page.check("input[name=marble-colour][value=W]")
    space(sim, space_name).click()                     # a white one put down instead
    sim.advance(SETTLE_MS)
    assert sim.text("#wrong") == "none", "the board cannot see it"
    warning = sim.text(".colour-warning")
    assert warning.startswith("Wrong colour: %s holds a White marble, the board has Black there"
                              % space_name), warning
    assert "wrong-colour" in space(sim, space_name).get_attribute("class")
    space(sim, space_name).click()
    space(sim, space_name).click()
    sim.page.check("input[name=marble-colour][value=B]")
    space(sim, space_name).click()                     # put right
    sim.advance(SETTLE_MS)
    agree(sim)


# ---------------------------------------------------------------- whole games, as a person plays


def set_up_by_hand(sim):
    """Put a marble on every edge space that blinks, in the colour it blinks in (tan:
    White, purple: Black), choosing the colour below the board first."""
    seen = {}
    for _ in range(6):
        seen.update(lit(sim))
        sim.advance(100)
    assert len(seen) == 24, seen
    for name, (r, _g, b) in sorted(seen.items()):
        sim.tap(sim.page.locator("input[name=marble-colour][value=%s]" % ("W" if r > b else "B")))
        sim.tap(space(sim, name))
    sim.advance(SETTLE_MS)


def lit(sim):
    """{space: (r, g, b)} of the LEDs lit now."""
    return {name: rgb for name, rgb in leds_by_cell(sim).items() if rgb != (0, 0, 0)}


BOARD_PLAYS = re.compile(r"the board\b.* plays ([a-h][1-8]-[a-h][1-8])")   # its push, as it says


def play_mabula(sim, rng, opponent, by_hand):
    """A whole game of Mabula from the menu, hot seat or against the board playing
    ``opponent`` ("W" or "B"): each push picked at random from the legal moves the page
    lists, or the one the board says it plays, made by tapping the edge marble and
    then where it stops."""
    if opponent:
        menu_choose(sim, lambda t: t.startswith("the colour the board plays"))
        setting_choose(sim, opponent, NAMES[opponent])
    menu_choose(sim, lambda t: t == "start a game")
    assert sim.text("#screen") == "setup"
    if by_hand:
        set_up_by_hand(sim)
    else:
        sim.tap(sim.page.locator("#marble-setup"))
        sim.advance(SETTLE_MS)
    assert sim.text("#screen") == "game", sim.text("#message")
    assert sim.text("#turn").startswith("White")
    board = NAMES.get(opponent)
    while not sim.text("#result"):
        listed = moves_listed(sim)
        mover = sim.text("#turn").split(" ")[0]
        if mover == board:
            until(sim, lambda: BOARD_PLAYS.search(sim.text("#message")))
            move = BOARD_PLAYS.search(sim.text("#message")).group(1)
        else:
            move = rng.choice(legal_moves(sim))
        sim.tap(space(sim, move[:2]))
        sim.tap(space(sim, move[3:]))
        sim.advance(SETTLE_MS)
        after = moves_listed(sim)
        assert after[len(listed)] == "%s %s" % (mover, move), (after, sim.text("#message"))
        assert all(m.endswith(" pass") for m in after[len(listed) + 1:]), "then only forced passes"
        agree(sim)
        assert sim.text("#legend-says") == sim.text("#message"), "the legend says it too"
    _winner, scores = final_score(sim.text("#result"))
    sim.press("PASS")                                 # the scores as bars
    assert len(lit(sim)) == min(scores["White"], 30) + min(scores["Black"], 30)


@pytest.mark.parametrize("opponent, width, by_hand", [
    (None, 1280, True), ("B", 390, False), (None, 390, True), ("W", 1280, False)])
def test_whole_mabula_games_through_the_page(browser, server, opponent, width, by_hand):
    whole_game(browser, server, width, "sim-marble-%s" % (opponent or "hot-seat"),
               lambda sim: play_mabula(sim, random.Random(width), opponent, by_hand))
