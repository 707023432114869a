"""The marble board playing a seat says which push it plays, and nothing later hides it:
not the end of the setup (it may choose while the marbles are being put down), not a
correction put right."""
from check import eq
from sensor_kit import SensorBoard
from test_trace_marble import PROFILE

from firmware import ai
from firmware.app import explain
from firmware.app.core import settings
from firmware.rules import mabula

OK = 1


def _says(b):
    return explain.status(b.app)["message"]


def test_the_board_playing_white_says_its_first_push_after_the_setup():
    b = SensorBoard(PROFILE, "says-marble", boot_ms=600)
    cfg = b.app.cfg
    cfg["mabula.opponent"] = "W"
    cfg["mabula.level"] = 1
    settings.save(b.app.storage, cfg)
    b.press(OK)
    s = b.app.play.session.state
    b.wait(200)                                   # it thinks while the marbles go down
    b.frame(mabula.occupancy(s))
    eq(explain.status(b.app)["screen"], "game", "set up")
    b.wait(200)
    want = ai.choose("mabula", s, 1, b.app.play.session.rec["seed"])
    eq(_says(b), "the board plays %s: push it in" % want, "its push, not whose turn it is")
    other = [m for m in mabula.legal_moves(s) if m != want][0]
    b.frame(mabula.occupancy(mabula.play(s, other)))
    assert explain.status(b.app)["wrong"], "another push is put right"
    b.frame(mabula.occupancy(s))
    eq(_says(b), "the board plays %s: push it in" % want, "said again once put right")
    b.frame(mabula.occupancy(mabula.play(s, want)))
    eq(explain.status(b.app)["moves"], [want], "carried out")
