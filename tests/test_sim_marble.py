"""The browser simulator with the marble board (Mabula), in Debian's chromium: the page
keeps the marbles, the firmware sees only the presence sensors (through its own chain
driver and stable-frame filter) and lights the LEDs. The tests set the board up as the
LEDs ask, push marbles by clicking as a player would, lift one off and put it back,
cut the power, and check what the firmware accepted."""
import pytest

from tests.sim_harness import browser, serve, sim  # noqa: F401 (fixtures)

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
        "[...document.querySelectorAll('[data-space]')].map(e => [e.dataset.space, e.dataset.marble])"))
    expected = sim.status()["expected"]
    from firmware.rules import mabula
    for i, name in enumerate(mabula.SPACES):
        assert (marbles[name] or ".") == expected[i], name
    assert not sim.errors


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
