"""Move choice shared by the opponents: sequential halving, a sample at a time.

Every candidate gets the same number of samples, the better half goes on to
the next round with twice as many, until one is left: the budget is spent
where it separates the best moves (it suits a fixed budget better than UCB,
and needs integers only, so the choice is the same on every interpreter).
A sample is ``value(i)``: an integer from one random playout after move i,
higher is better for the side choosing. Ties go to the lower index.

Searches are generators, so a board can think in slices between polls of its
keys and sensors (``firmware.ai.Thought``): each yields after a piece of work
and returns its result; sent True (hurry: the time is up) it returns at once
the best it has found so far."""


_FEWEST = 12   # candidates kept however small the budget


def finish(search):
    """Run a search generator to its end (no time limit): its result."""
    try:
        while True:
            next(search)
    except StopIteration as e:
        return e.value


def halving(n, value, budget, rng):
    """Index of the best of ``n`` candidates after about ``budget`` samples
    (``halving_steps`` run to its end)."""
    return finish(halving_steps(n, value, budget, rng))


def halving_steps(n, value, budget, rng):
    """Sequential halving as a search generator: yields after every sample,
    returns the index of the best of ``n`` candidates after about ``budget``
    samples. When there are more candidates than half the budget (and than
    _FEWEST), that many of them, drawn from ``rng``, are searched, so the
    budget holds; each candidate gets at least one sample a round, so a small
    budget can be overspent, up to about twice the candidates. Hurried, it
    returns the candidate still in the running with the best mean sample."""
    alive = list(range(n))
    keep = budget // 2 if budget // 2 > _FEWEST else _FEWEST
    if n > keep:
        rng.shuffle(alive)
        alive = alive[:keep]
        alive.sort()
    total = [0] * n
    count = [0] * n
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
            for _ in range(each):
                total[i] += value(i)
                count[i] += 1
                if (yield):
                    return best_mean(alive, total, count)
        budget -= each * len(alive)
        rounds -= 1
        # Best first; equal totals keep the lower index first (explicit tie-break).
        alive.sort(key=lambda i: (-total[i], i))
        alive = alive[:(len(alive) + 1) // 2]
    return alive[0]


def best_mean(alive, total, count):
    """The candidate of ``alive`` with the best mean sample (the first of equals);
    the first of them when none has a sample yet."""
    best = -1
    for i in alive:
        if count[i] and (best < 0 or total[i] * count[best] > total[best] * count[i]):
            best = i
    return alive[0] if best < 0 else best
