"""Property tests for Morbak over random legal games (CPython only).

A deliberately plain reference model, written from the table of docs/rules/morbak.md#a-turn,
is played alongside the engine and must agree with it at every ply."""
from hypothesis import event, given, settings, strategies as st

from firmware.rules import IllegalMove
import firmware.rules.morbak as m

NAMES = [f + r for r in "1234567" for f in "abcdefg"]  # index = rank*7 + file
OPTIONS = st.fixed_dictionaries({}, optional={
    "lite": st.booleans(),
    "budget": st.integers(0, 8),
    "budget_scope": st.sampled_from(["combined", "separate"]),
    "switch_limit": st.sampled_from(["per_square", "per_player"]),
    "game_time_s": st.sampled_from([None, 900]),
    "move_time_s": st.sampled_from([None, 120]),
    "first": st.sampled_from([0, 1, "random"]),
})


def fix(options):
    """Drop the combinations Lite refuses."""
    if options.get("lite"):
        options.pop("budget_scope", None)
    return options


class Ref:
    """Squares as (owner or None, kind) plus who switched each; no tables, no tricks."""

    def __init__(self, options, first):
        self.lite = options.get("lite", False)
        budget = options.get("budget", 6 if self.lite else 7)
        self.separate = options.get("budget_scope") == "separate"
        self.per_player = options.get("switch_limit") == "per_player"
        self.cells = [(None, "empty")] * 49
        self.switched_by = [set() for _ in range(49)]
        self.switches = [budget, budget]
        self.blocks = [budget, budget] if self.separate else None
        self.neutral = [0, 0] if self.lite else [1, 1]
        self.turn = first
        self.winner = None

    def can(self, p, code, i):
        o = 1 - p
        owner, kind = self.cells[i]
        if code == "L":
            return kind == "empty"
        if code == "S":
            if self.switches[p] == 0 or owner != o or kind not in ("lit", "switched"):
                return False
            if self.per_player:
                return p not in self.switched_by[i]
            return not self.switched_by[i]
        if code == "K":
            left = self.blocks[p] if self.separate else self.switches[p]
            if self.lite or left == 0 or owner != p or kind not in ("lit", "switched"):
                return False
            return o not in self.switched_by[i] if self.per_player else not self.switched_by[i]
        return self.neutral[p] > 0 and owner == o and kind in ("switched", "blocked")

    def actions(self, p):
        out = []
        for code in "LSKN":
            for x in range(7):
                for y in range(7):
                    if self.can(p, code, y * 7 + x):
                        out.append("%s %s" % (code, NAMES[y * 7 + x]))
        return out

    def has_line(self, p):
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for x in range(7):
                for y in range(7):
                    sq = [(x + k * dx, y + k * dy) for k in range(4)]
                    if all(0 <= a < 7 and 0 <= b < 7 and self.cells[b * 7 + a][0] == p for a,
                           b in sq):
                        return True
        return False

    def play(self, move):
        p = self.turn
        if move != "pass":
            code, i = move[0], NAMES.index(move[2:])
            if code == "L":
                self.cells[i] = (p, "lit")
            elif code == "S":
                self.cells[i] = (p, "switched")
                self.switched_by[i].add(p)
                self.switches[p] -= 1
            elif code == "K":
                self.cells[i] = (p, "blocked")
                if self.separate:
                    self.blocks[p] -= 1
                else:
                    self.switches[p] -= 1
            else:
                self.cells[i] = (None, "neutral")
                self.neutral[p] -= 1
            if self.has_line(p):
                self.winner = p
        self.turn = 1 - p

    def moves(self):
        if self.winner is not None:
            return []
        mine = self.actions(self.turn)
        if mine:
            return mine
        return ["pass"] if self.actions(1 - self.turn) else []


def same_behaviour(a, b):
    assert m.to_text(a) == m.to_text(b)
    assert m.legal_moves(a) == m.legal_moves(b)
    assert m.result(a) == m.result(b)
    assert m.to_move(a) == m.to_move(b)
    assert m.winning_line(a) == m.winning_line(b)
    assert m.budgets(a) == m.budgets(b)
    for ev in ("timeout", "flag"):
        try:
            ta = m.to_text(m.play(a, ev))
        except IllegalMove:
            ta = None
        try:
            tb = m.to_text(m.play(b, ev))
        except IllegalMove:
            tb = None
        assert ta == tb


def rejects(s, move):
    before = m.to_text(s)
    try:
        m.play(s, move)
    except IllegalMove as e:
        assert str(e), "a reason is given"
    else:
        raise AssertionError("%r was accepted in %s" % (move, before))
    assert m.to_text(s) == before


def play_out(s, ref, data, game_clock, move_clock):
    """Play ``s`` to its end with random legal moves and events, checking every ply."""
    while True:
        moves = m.legal_moves(s)
        assert moves == ref.moves()
        assert m.is_over(s) == (moves == [])
        assert m.only_pass(s) == (moves == ["pass"])
        assert m.square_states(s) == "".join(m.square_state(s, i) for i in range(49)).encode()
        if moves == ["pass"]:
            event("forced pass")
        same_behaviour(m.from_text(m.to_text(s)), s)
        b = m.budgets(s)
        assert (b["budget"], b["blocks"], b["neutral"]) == (ref.switches, ref.blocks,
                                                            ref.neutral)
        assert min(b["budget"] + (b["blocks"] or []) + b["neutral"]) >= 0
        for i in range(49):
            press = m.press_action(s, i)
            assert press is None or press in moves
            if not ref.per_player and moves != ["pass"]:
                here = [mv for mv in moves if mv[2:] == NAMES[i]]
                assert len(here) <= 1 and press == (here[0] if here else None)
        if m.is_over(s):
            for mv in ("L a1", "pass", "timeout", "flag"):
                rejects(s, mv)
            if m.result(s)["reason"] == "no moves":
                assert ref.winner is None and not ref.actions(0) and not ref.actions(1)
            return m.result(s)["reason"]
        # A wrong move of every kind is refused and changes nothing.
        wrong = "%s %s" % (data.draw(st.sampled_from("LSKN")), data.draw(st.sampled_from(NAMES)))
        if wrong not in moves:
            rejects(s, wrong)
        rejects(s, data.draw(st.sampled_from(["pass" if moves != ["pass"] else "L a9", "", "x y",
                                               None, 3, "L d4 ", "s a1"])))
        if not game_clock:
            rejects(s, "flag")
        if not move_clock:
            rejects(s, "timeout")
        kind = data.draw(st.sampled_from(["move"] * 20 + ["timeout"] * 2 + ["flag"]))
        before = m.to_text(s)
        mover = m.to_move(s)
        if kind == "timeout" and move_clock:
            t = m.play(s, "timeout")
            assert m.to_text(t).split(" ")[2:] == before.split(" ")[2:]
            assert m.to_move(t) == 1 - mover
            ref.turn = 1 - ref.turn
        elif kind == "flag" and game_clock:
            t = m.play(s, "flag")
            assert m.result(t) == {"winner": 1 - mover, "scores": [mover, 1 - mover],
                                   "reason": "flag"}
            ref.winner = 1 - ref.turn
        else:
            # Favour switches, blocks and neutralizations: random lights rarely reach them.
            special = [mv for mv in moves if mv[0] != "L"]
            move = data.draw(st.sampled_from(special if special and data.draw(st.booleans())
                                             else moves))
            t = m.play(s, move)
            ref.play(move)
            if ref.winner is not None:
                assert m.result(t) == {"winner": mover,
                                       "scores": [int(mover == 0), int(mover == 1)],
                                       "reason": "line"}
                line = m.winning_line(t)
                assert len(line) == 4 and all(m.square_state(t, i) in ("Aa1", "Bb2")[mover]
                                              for i in line)
            elif not m.is_over(t):
                assert not ref.has_line(0) and not ref.has_line(1)
        assert m.to_text(s) == before, "play left its input untouched"
        board, after = before.split(" ")[0], m.to_text(t).split(" ")[0]
        assert all(after[k] == "#" for k in range(len(board))
                   if board[k] == "#"), "neutral squares stay"
        s = t


@settings(max_examples=50, deadline=None)
@given(OPTIONS.map(fix), st.data())
def test_random_games_follow_the_rules(options, data):
    s = m.new_game(options, 5)
    play_out(s, Ref(options, m.to_move(s)), data,
             options.get("game_time_s", 900) is not None,
             options.get("move_time_s", 120) is not None)


# A full board without a line for either player; endgames start from it.
FULL = "BAAABAB/ABBAAAB/ABABBAA/AAABABB/BBAAABA/BABBAAA/AABABBA"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("===#ss11"), min_size=49, max_size=49),
       st.sets(st.integers(0, 48), max_size=3),
       st.booleans(), st.lists(st.sampled_from([0, 0, 1, 2]), min_size=4, max_size=4),
       st.sampled_from([0, 1]),
       st.data())
def test_endgames_with_passes_and_draws(changes, empties, per_player, counters, side, data):
    """Nearly full boards with small budgets: forced passes and draws happen here."""
    full = "".join(reversed(FULL.split("/")))  # index order, rank 1 first
    board = []
    # Per square: keep (=), neutralize (#), mark switched (s) or blocked (1) by its owner.
    for i, (ch, change) in enumerate(zip(full, changes)):
        if i in empties:
            ch = "."
        elif change == "#":
            ch = change
        elif change == "s":
            ch = ch.lower()
        elif change == "1":
            ch = "1" if ch == "A" else "2"
        board.append(ch)
    lists = ""
    if per_player:
        lists = " %s %s" % tuple(",".join(NAMES[i]
                                          for i in sorted(range(49), key=lambda i: (i % 7, i // 7))
                                          if board[i] == ch) or "-" for ch in "ab")
    text = "%s %s %d %d %d %d%s" % ("/".join("".join(board[y * 7:y * 7 + 7])
                                             for y in range(6, -1, -1)),
                                    "AB"[side], counters[0], counters[1], counters[2], counters[3],
                                    lists)
    s = m.from_text(text)
    assert m.to_text(s) == text
    ref = Ref({"switch_limit": "per_player"} if per_player else {}, side)
    kinds = {".": "empty", "A": "lit", "B": "lit", "a": "switched", "b": "switched",
             "1": "blocked", "2": "blocked", "#": "neutral"}
    for i, ch in enumerate(board):
        owner = 0 if ch in "Aa1" else 1 if ch in "Bb2" else None
        ref.cells[i] = (owner, kinds[ch])
        if ch in "ab":
            ref.switched_by[i].add(owner)
    ref.switches, ref.neutral = counters[:2], counters[2:]
    reason = play_out(s, ref, data, True, True)
    event(reason)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["lite", "budget", "budget_scope", "neutralizations", "switch_limit",
                        "game_time_s", "move_time_s", "first", "next_first"]),
       st.one_of(st.text(max_size=3), st.floats(), st.integers(-5, -1), st.integers(100, 10 ** 12),
                 st.lists(st.integers(), max_size=1)))
def test_bad_option_values_name_the_key(key, value):
    try:
        m.new_game({key: value})
    except ValueError as e:
        assert key in str(e)
    else:
        assert key in ("game_time_s", "move_time_s")
        assert isinstance(value, int) and 0 < value < 2 ** 30
