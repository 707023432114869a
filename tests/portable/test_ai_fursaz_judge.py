"""The Fursaz opponent's judge (firmware/ai/fursaz_judge.py) on both interpreters: over
whole random games with every scoring option, the margin of every position and of every
placement is the one rules.result gives, and a finished game is valued as its winner."""
from firmware.ai import fursaz as opponent
from firmware.ai.fursaz_judge import Judge
from firmware.rules import Rng
from firmware.rules import fursaz as rules

from check import eq


def _margin(state):
    """Black's score minus White's, from rules.result (its scores are by seat)."""
    scores = rules.result(state)["scores"]
    black = rules.sides(state)[1]
    return scores[black] - scores[1 - black]


def _games(options, seed, every=1):
    """(state, its legal moves) at every ``every``-th ply of a random game, to its end."""
    s = rules.new_game(options)
    rng = Rng(seed)
    ply = 0
    while not rules.is_over(s):
        moves = rules.legal_moves(s)
        if ply % every == 0:
            yield s, moves
        # Mostly placements, so that the board fills and cascades come.
        pick = moves[rng.below(len(moves))]
        if pick == "pass" and ply < 30 and len(moves) > 2:
            pick = moves[rng.below(len(moves) - 1)]
        s = rules.play(s, pick)
        ply += 1
    yield s, []


def _check(options, seed, every=1):
    judge = Judge(options["size"])
    positions = placements = 0
    for s, moves in _games(options, seed, every):
        eq(judge.margin(s), _margin(s), "margin of %s" % rules.to_text(s))
        positions += 1
        judge.start(s, moves)
        for i, m in enumerate(moves):
            if m != "pass" and m != "swap":
                eq(judge.placed(i), _margin(rules.play(s, m)),
                   "margin after %s in %s" % (m, rules.to_text(s)))
                placements += 1
    return positions, placements


def test_the_margins_are_the_scores_rules_result_gives():
    seen = [0, 0]
    for i, options in enumerate(({"size": 5}, {"size": 5, "territory": "midpoint"},
                                 {"size": 5, "cycle_rule": "stop", "pie": False},
                                 {"size": 5, "tie": "white", "territory": "midpoint"})):
        got = _check(options, 11 + i)
        seen = [seen[0] + got[0], seen[1] + got[1]]
    got = _check({"size": 7}, 5, 9)
    assert got[1] > 500 and seen[1] > 1000, (seen, got)


# Finished games of equal scores and not, the seats swapped by the pie or not.
_ENDS = ("5 B 2 0 play a1B0 i9W1", "5 B 2 0 play a1B0 i9W1 tie=white",
         "5 W 2 1 play a1B0 i9W1 tie=white", "5 W 2 1 play a1B0 a3B1 i9W2",
         "5 B 2 0 play a1B0 a3B1 i9W2")


def test_a_finished_game_is_valued_as_its_winner():
    ends = [rules.from_text(t) for t in _ENDS]
    for i, options in enumerate(({"size": 5}, {"size": 5, "tie": "white"},
                                 {"size": 5, "territory": "midpoint"})):
        for seed in range(3):
            ends.append(list(_games(options, 40 + 3 * i + seed, 1000))[-1][0])
    winners = set()
    for s in ends:
        judge = Judge(5)
        winner = rules.result(s)["winner"]
        winners.add(winner)
        for me in (0, 1):
            want = 0 if winner is None else 10000 if winner == me else -10000
            eq(opponent._value(judge, s, me), want, "%s for seat %d" % (rules.to_text(s), me))
    eq(winners, {None, 0, 1}, "draws and wins of both seats")
