"""Fixed-budget move choice shared by the opponents: sequential halving.

Every candidate gets the same number of samples, the better half goes on to
the next round with twice as many, until one is left: the budget is spent
where it separates the best moves (it suits a fixed budget better than UCB,
and needs integers only, so the choice is the same on every interpreter).
A sample is ``value(i)``: an integer from one random playout after move i,
higher is better for the side choosing. Ties go to the lower index."""


_FEWEST = 12   # candidates kept however small the budget


def halving(n, value, budget, rng):
    """Index of the best of ``n`` candidates after about ``budget`` samples.
    When there are more candidates than half the budget (and than _FEWEST),
    that many of them, drawn from ``rng``, are searched, so the budget holds;
    each candidate gets at least one sample a round, so a small budget can
    be overspent, up to about twice the candidates."""
    alive = list(range(n))
    keep = budget // 2 if budget // 2 > _FEWEST else _FEWEST
    if n > keep:
        rng.shuffle(alive)
        alive = alive[:keep]
        alive.sort()
    total = [0] * n
    rounds = 0
    k = n
    while k > 1:
        rounds += 1
        k = (k + 1) // 2
    while len(alive) > 1:
        each = budget // (len(alive) * rounds)
        if each < 1:
            each = 1
        for i in alive:
            t = 0
            for _ in range(each):
                t += value(i)
            total[i] += t
        budget -= each * len(alive)
        rounds -= 1
        # Best first; equal totals keep the lower index first (explicit tie-break).
        alive.sort(key=lambda i: (-total[i], i))
        alive = alive[:(len(alive) + 1) // 2]
    return alive[0]

