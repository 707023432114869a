"""Key matrix debouncing as properties over random press/release histories."""
from hypothesis import example, given, settings, strategies as st
from test_hal_keys import Board, Button

from firmware.hal.keys import KeyMatrix

# A history: for each scan, the set of keys held (grid keys 0..48 and MENU/OK 49, 50),
# drawn as a few keys that flip at random scans.
histories = st.lists(st.tuples(st.sampled_from([0, 8, 24, 48, 49, 50]), st.integers(0, 60)),
                     max_size=12)


@settings(max_examples=80, deadline=None)
@given(histories, st.integers(1, 5), st.integers(2, 40))
# a bounce when "long" is due
@example(flips=[(0, 21), (0, 26), (0, 27)], debounce=2, long_scans=4)
def test_events_follow_the_debounced_state(flips, debounce, long_scans):
    board = Board()
    menu, ok = Button(), Button()
    keys = KeyMatrix(board.rows, board.cols, (menu, ok), debounce=debounce,
                     long_ms=5 * long_scans, sleep_us=board.sleep_us)
    held = set()
    raw = []                                          # the held set at each scan
    events = []
    for scan in range(80):
        for key, at in flips:
            if at == scan:
                held ^= {key}
        for k in range(49):
            board.down[k] = 1 if k in held else 0
        menu.held, ok.held = 49 in held, 50 in held
        raw.append(set(held))
        keys.scan(5 * scan)
        events += [(scan, kind, key) for kind, key in keys.take_events()]
    for key in (0, 8, 24, 48, 49, 50):
        mine = [(scan, kind) for scan, kind, k in events if k == key]
        eq_presses = [e for e in mine if e[1] != "long"]
        assert eq_presses == _presses([key in r for r in raw], debounce), (key, mine)
        down = False
        long_sent = False
        for scan, kind in mine:
            if kind == "down":
                down, long_sent, since = True, False, scan
            elif kind == "up":
                down = False
            else:
                # Held (debounced: a bounce shorter than `debounce` scans is no release).
                assert down and not long_sent and scan - since == long_scans
                long_sent = True
        # A key that kept one state for the last `debounce` scans is reported in it.
        last = [key in raw[s] for s in range(80 - debounce, 80)]
        if all(last) or not any(last):
            assert keys.is_down(key) == last[0] == down
    assert keys.dropped == 0


def _presses(reads, debounce):
    """The (scan, "down" | "up") a key's reads make: down at the first scan that reads it
    down, up once ``debounce`` scans in a row read it up."""
    out, down, ups = [], False, 0
    for scan, r in enumerate(reads):
        if r and not down:
            out.append((scan, "down"))
            down = True
        ups = ups + 1 if down and not r else 0
        if down and ups >= debounce:
            out.append((scan, "up"))
            down, ups = False, 0
    return out
