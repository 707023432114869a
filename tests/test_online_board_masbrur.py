"""Masbrur as a tile board plays it remotely (host_tools/online/board_masbrur.py), without a
broker: the agreed record is the dealer's public one (a wall face down is W??,??), built
here as the dealer builds it; the board gets whole moves, a stand-in for the far wall until
combat shows it, then the real one (docs/contracts.md#a-board-over-usb)."""
from types import SimpleNamespace

import pytest

from firmware.rules import masbrur
from host_tools.online.board_masbrur import MasbrurBoardGame, Shown
from host_tools.online.hidden import public_move, stand_in
from host_tools.online.mirror import Entry, PublicRecord

OPTIONS = {"first_offerer": 0}


class Dealt:
    """The whole game (the dealer's) and the public record both sides agree on."""

    def __init__(self):
        self.state = masbrur.new_game(OPTIONS, 0)
        first = masbrur.to_text(stand_in("masbrur", self.state, None))
        self.public = PublicRecord("masbrur", OPTIONS, first)

    def play(self, move):
        seat = masbrur.to_move(self.state)
        self.state = masbrur.play(self.state, move)
        entry = Entry(len(self.public.record) + 1, seat,
                      public_move("masbrur", move, self.state), "-",
                      {"used_ms": [0, 0], "left_ms": None}, 100)
        self.public._agree(entry, stand_in("masbrur", self.state, None))
        return entry


def _far_push(state, wall):
    """A's push with ``wall`` (not the lowest tiles of A's arsenal) of a tile other than
    those two."""
    return [m for m in masbrur.legal_moves(state) if m.startswith("W" + wall + " ")
            and not m.endswith("+A") and m[8:10] not in ("02", "03")][0]


def test_the_far_wall_is_a_stand_in_until_combat_shows_it_then_the_board_goes_on_with_it():
    d = Dealt()
    session = SimpleNamespace(code="K7Q2MX", desc={"game": "masbrur", "options": OPTIONS},
                              seat=1, mirror=d.public, private=None)
    g = MasbrurBoardGame("K7Q2MX", session.desc, 1, session)
    g.from_agreed()
    g.agreed(d.play("O 02 03 04 05 06 13 14 15 16 17"))      # A's, played elsewhere
    assert g.due() == ("move", 1, 100, "O 02 03 04 05 06 13 14 15 16 17")
    g.board_moved(1, 100, "O 02 03 04 05 06 13 14 15 16 17")
    assert g.board_moved(2, 900, "C2") == "C2"           # B's, to publish
    g.agreed(d.play("C2"))
    push = _far_push(d.state, "15,16")
    entry = d.play(push)
    assert entry.move == "W??,??" + push[6:], "published face down"
    g.agreed(entry)
    _, ply, _, shown = g.due()
    assert shown == "W02,03" + push[6:], "a stand-in from A's public arsenal"
    g.board_moved(ply, 100, shown)
    assert g.tells() == ("wall -",)
    assert g.board_moved(4, 500, "pass") == "pass"
    g.agreed(d.play("pass"))
    g.agreed(d.play("pass"))                              # A's: combat, B has no wall
    g.board_moved(5, 100, g.due()[3])
    assert g.board_moved(6, 700, "W24,25") == "W24,25"
    with pytest.raises(Shown):                            # combat shows A's real wall
        g.agreed(d.play("W24,25"))
    g.again()
    assert g.record()["moves"] == ["O 02 03 04 05 06 13 14 15 16 17", "C2", push, "pass",
                                   "pass", "W24,25"]
    assert g.state.wall == [[0o15, 0o16], [0o24, 0o25]]
    assert g.tells() == ("wall A 1-5 1-6",)
    assert g.tells() == ()
