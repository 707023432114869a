"""No sequence crashes a board (issue 21): hypothesis chooses what people do to a board
of each kind - buttons pressed and held, cells pressed, sensor frames random and
plausible, waits, power cuts - through its menus, editors, games and end screens
(tests/portable/monkey_kit.py), and shrinks any sequence that raises or leaves a crash
log. The seeded sequences of tests/portable/test_app_monkey.py run on both interpreters."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from monkey_kit import run

from board_kit import KINDS


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_sequence_crashes_a_board(kind, data):
    run(kind, lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0, 100, "props-" + kind)
