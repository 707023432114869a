"""The browser simulator with the stone board (Fursaz, size 5), in Debian's chromium: the
page keeps the stones, the firmware sees only the Hall sensors (through its own mux and
ADC driver and stable-frame filter) and lights the flips it is owed. The tests place
stones and turn the owed ones by clicking as a player would, take the pie swap, cut the
power with flips owed, and check what the firmware accepted; whole games are played
through the page's own controls, hot seat and against the board, on a desktop and on a
phone."""
import random
import re
import time

import pytest

from firmware.app.boards import stone as board_stone
from firmware.rules import fursaz
from tests.sim_harness import (PHONE, browser, final_score, leds_by_cell,  # noqa: F401
                               menu_choose, moves_listed, page_at, panel, serve, setting_choose,
                               sim, whole_game)

POINTS = board_stone.points(fursaz, 5)
SETTLE_MS = 700        # a stone turned (edge-on 80 ms), then the sensors' settle time, then a step


server = serve("stone")




def point(sim, name):
    return sim.page.locator('[data-point="%s"]' % name)


def stones(sim):
    """{point: "B" | "W"} as the page holds them."""
    return dict(sim.page.evaluate(
        "[...document.querySelectorAll('[data-point]')].filter(e => 'BW'.includes(e.dataset.stone "
                                  "|| '.'))"
        ".map(e => [e.dataset.point, e.dataset.stone])"))


def click(sim, name, **kw):
    point(sim, name).click(**kw)
    sim.advance(SETTLE_MS)
    return sim.status()


def start(sim):
    sim.press("OK")                          # the menu's selection starts on start
    st = sim.status()
    assert st["screen"] == "game" and st["position"].startswith("5 B 0 0 pie0"), st
    return st


def placement_that_flips(position):
    """A legal placement from ``position`` (text) and the points whose colour it changes
    (the placed one too if the cascade turns it), preferring one that flips something."""
    state = fursaz.from_text(position)
    best = None
    for m in fursaz.legal_moves(state):
        if m in ("pass", "swap"):
            continue
        res = fursaz.resolution(state, m)
        owed = set(res["net"]) | ({m} if res["final"] != res["colour"] else set())
        if best is None or len(owed) > len(best[1]):
            best = (m, owed)
    return best


def in_order(names):
    return sorted(names, key=POINTS.index)


def play_with_flips(sim, moves):
    """Place a stone that flips others; check the owed flips; return them."""
    m, owed = placement_that_flips(sim.status()["position"])
    st = click(sim, m)
    moves.append(m)
    assert st["moves"] == moves, st["message"]
    assert st["owed"] == in_order(owed) and st["wrong"] == [], st
    return owed


def turn_over(sim, owed, moves):
    for name in in_order(owed):
        point(sim, name).click()
    sim.advance(SETTLE_MS)
    st = sim.status()
    assert st["owed"] == [] and st["wrong"] == [] and st["moves"] == moves, st
    # The page's stones and the firmware's position agree point by point.
    assert stones(sim) == {n: c for n, c in zip(POINTS, st["expected"]) if c != "."}


def test_pie_swap_then_placements_whose_flips_are_turned_by_hand(sim):
    start(sim)
    st = click(sim, "e5")
    assert st["moves"] == ["e5"] and stones(sim) == {"e5": "B"}
    assert "swap" in st["legal"] and st["position"].split(" ")[1] == "W"
    sim.press("SWAP")
    moves = ["e5", "swap"]
    assert sim.status()["moves"] == moves
    flipped = 0
    while flipped < 3 and len(moves) < 30:
        owed = play_with_flips(sim, moves)
        flipped += len(owed)
        turn_over(sim, owed, moves)
    assert flipped >= 3, moves
    assert "Flips owed" in sim.page.inner_text("#panel")
    assert not sim.errors


def test_the_move_list_names_each_mover_by_the_colour_they_played_it_with(sim):
    """The swap changes the seats' colours: the list names each move's player as they were
    when they made it, and says what the swap made of its player - after a power cut too."""
    start(sim)
    click(sim, "e5")
    sim.press("SWAP")
    click(sim, "c3")
    listed = ["Black e5", "White swap (now Black)", "White c3"]
    assert moves_listed(sim) == listed
    sim.reload()                             # the power back: the page sees the moves anew
    sim.advance(600)
    sim.press("OK")                          # resume
    sim.advance(SETTLE_MS)
    assert moves_listed(sim) == listed


def test_a_white_placement_at_the_pie_step_declines_the_swap(sim):
    start(sim)
    click(sim, "e5")
    st = click(sim, "c3")                    # White places instead of swapping
    assert st["moves"] == ["e5", "c3"] and stones(sim) == {"e5": "B", "c3": "W"}
    assert "swap" not in st["legal"] and st["position"].split(" ")[1] == "B"


def test_a_stone_turned_that_should_not_be_is_corrected(sim):
    start(sim)
    click(sim, "e5")
    st = click(sim, "e5")                    # turned over: now white, the board says black
    assert st["wrong"] == ["e5"] and st["moves"] == ["e5"]
    st = click(sim, "e5")
    assert st["wrong"] == [] and st["moves"] == ["e5"]
    st = click(sim, "c3", modifiers=["Shift"])   # nothing to lift: a white stone goes down
    assert st["moves"] == ["e5", "c3"]
    st = click(sim, "c3", modifiers=["Shift"])   # lifted off
    assert st["wrong"] == ["c3"] and st["moves"] == ["e5", "c3"]


def test_a_power_cut_with_flips_owed_resumes_and_still_owes_them(sim):
    start(sim)
    click(sim, "e5")
    sim.press("SWAP")
    moves = ["e5", "swap"]
    owed = set()
    while not owed and len(moves) < 30:
        owed = play_with_flips(sim, moves)
        if not owed:
            continue
        sim.page.evaluate("window.arbiter.powerCut()")
        sim.advance(600)
        assert sim.status()["screen"] == "resume"
        sim.press("OK")
        sim.advance(SETTLE_MS)
        st = sim.status()
        assert st["screen"] == "game" and st["moves"] == moves and st["owed"] == in_order(owed), st
        lit = [n for n in owed
               if point(sim, n).locator(".led").get_attribute("data-rgb") not in (None, "0,0,0")]
        assert lit, "the owed flips light"
        sim.screenshot("sim-stone.png")
    turn_over(sim, owed, moves)


def test_a_broken_sensor_is_named_and_never_taken_as_a_stone(sim):
    start(sim)
    sim.page.click('[data-fault="broken"]')
    st = click(sim, "c3")
    assert st["moves"] == [] and st["wrong"] == ["c3"], st
    assert "c3" in st["message"] and "out of range" in st["message"]
    sim.page.click("#clear-faults")
    sim.advance(SETTLE_MS)
    assert sim.status()["wrong"] == []


def test_a_long_press_lifts_a_stone_on_a_phone(browser, server):
    """A phone has no shift key: a finger held on a stone lifts it off; a tap turns it."""
    with page_at(browser, server, PHONE["width"]) as sim:
        sim.press("OK")
        sim.tap(point(sim, "e5"))
        sim.advance(SETTLE_MS)
        assert moves_listed(sim) == ["Black e5"]
        box = point(sim, "e5").bounding_box()
        at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        touch = sim.page.context.new_cdp_session(sim.page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [at]})
        time.sleep(0.8)                                   # a finger held down (real time)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        sim.advance(SETTLE_MS)
        assert stones(sim) == {} and sim.text("#wrong") == "e5", "lifted off, not turned"
        sim.tap(point(sim, "e5"))                         # put back (White's side up: to move)
        sim.tap(point(sim, "e5"))                         # and turned: Black's, as it was
        sim.advance(SETTLE_MS)
        assert stones(sim) == {"e5": "B"} and sim.text("#wrong") == "none"
        sim.tap(sim.page.locator("#stone-lift"))          # the same with "Lift off" ticked
        sim.tap(point(sim, "e5"))
        sim.advance(SETTLE_MS)
        assert stones(sim) == {} and sim.text("#wrong") == "e5"


# ---------------------------------------------------------------- whole games, as a person plays


BOARD_PLAYS = re.compile(r"the board\b.* plays ([a-i][1-9]\d?)")   # its stone, as it says


def position_stones(position):
    """{point: "B" | "W"}: the firmware's position as the panel shows it."""
    stones = [re.fullmatch(r"([a-m]\d+)([BW])\d+", w) for w in position.split(" ")[5:]]
    return dict(m.groups() for m in stones if m)


def score_bars(sim, scores):
    """After PASS at the end: two bars, from a1 and from the middle point, each in the
    colour of one player's stones (blue: Black, tan: White) and as long as their score."""
    lit = {n: rgb for n, rgb in leds_by_cell(sim).items() if rgb != (0, 0, 0)}
    half = len(POINTS) // 2
    bars = []
    for part in (POINTS[:half], POINTS[half:2 * half]):
        shown = [n for n in part if n in lit]
        assert shown == part[:len(shown)], "a bar from its first point: %s" % shown
        colours = {"Black" if lit[n][2] > lit[n][0] else "White" for n in shown}
        assert len(colours) <= 1, colours
        bars.append((colours.pop() if colours else None, len(shown)))
    assert bars[0][0] != bars[1][0] or bars[0][0] is None
    for name, length in bars:
        assert name is None or length == min(scores[name], half), (bars, scores)
    assert sorted(n for _c, n in bars) == sorted(min(s, half) for s in scores.values())


def play_fursaz(sim, rng, opponent, swap):
    """A whole game of Fursaz from the menu, hot seat or against the board playing seat
    ``opponent``: each move picked at random from the legal moves the page lists (``swap``:
    White swaps at the pie step), or the one the board says it plays; each stone it asks
    to turn over tapped. The players are named by colour throughout."""
    if opponent:
        menu_choose(sim, lambda t: t.startswith("the seat the board plays"))
        setting_choose(sim, opponent)
    menu_choose(sim, lambda t: t == "start a game")
    said = panel(sim)
    assert said["screen"] == "game" and said["turn"].startswith("Black"), said
    while not said["result"]:
        if said["owed"] not in (None, "none"):
            for name in said["owed"].split(" "):          # turn them over
                sim.tap(point(sim, name))
            sim.advance(SETTLE_MS)
            said = panel(sim)
            assert said["owed"] == "none", said["message"]
            continue
        assert said["wrong"] == "none", said["message"]
        assert said["legend-says"] == said["message"], "the legend says it too"
        if "thinking" in said["turn"]:
            sim.advance(200)
            said = panel(sim)
            continue
        mover = said["turn"]
        board = BOARD_PLAYS.search(said["message"])
        if board:
            move = board.group(1)
        elif swap and "swap" in said["legal"]:
            move = "swap"
        else:
            move = rng.choice(said["legal"])
        if move in ("pass", "swap"):
            sim.press(move.upper())
        else:
            sim.tap(point(sim, move))
            sim.advance(SETTLE_MS)
        listed, said = said["moves"], panel(sim)
        now = " (now Black)" if move == "swap" else ""   # what the swap made of White
        assert said["moves"][len(listed)] == "%s %s%s" % (mover, move, now), said
        if move == "swap":
            assert said["turn"].startswith("White"), "after the swap White moves: the first player"
        if said["owed"] == "none":
            assert stones(sim) == position_stones(said["position"])
    _winner, scores = final_score(said["result"])
    sim.press("PASS")
    score_bars(sim, scores)


@pytest.mark.parametrize("opponent, width, swap", [
    (None, 1280, True), ("B", 390, False), (None, 390, False), ("A", 1280, True)])
def test_whole_fursaz_games_through_the_page(browser, server, opponent, width, swap):
    whole_game(browser, server, width, "sim-stone-%s" % (opponent or "hot-seat"),
               lambda sim: play_fursaz(sim, random.Random(width), opponent, swap))
