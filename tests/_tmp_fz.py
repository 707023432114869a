import time, json
from firmware.rules import Rng
from firmware.rules import fursaz as f
def us(fn, *a):
    t = time.ticks_us(); r = fn(*a); return time.ticks_diff(time.ticks_us(), t), r
out = {}
for size, plies in ((5, 30), (7, 40)):
    s = f.new_game({"size": size}, 1); r = Rng(1)
    for i in range(plies):
        ms = f.legal_moves(s); s = f.play(s, ms[r.below(len(ms))])
    g = f._geo(size)
    from array import array
    col = bytearray(s.col); st = array("I", s.st)
    d_nat = us(f._nearest_fill, g.ray, g.ray_at, g.dist, col, g.edges)[0]
    d_py = us(f.nearest_fill, g.ray, g.ray_at, g.dist, col, g.edges)[0]
    xs = [x for x in range(g.n) if col[x]]
    out["cap_native_%d" % size] = us(lambda: [f._capturable_in(g.pair, g.pair_at, col, st, x) for x in xs])[0]
    out["cap_py_%d" % size] = us(lambda: [f.capturable(g.pair, g.pair_at, col, st, x) for x in xs])[0]
    dist = f._nearest(g, col)
    empty = [p for p in range(g.n) if not col[p]]
    tq = tc = nq = nc = 0
    for p in empty:
        col[p] = s.turn; st[p] = s.clock
        d, quiet = us(f._quiet_after, g, col, st, p, dist); tq += d
        if not quiet:
            nc += 1
            d, _ = us(f._cascade, g, col, st, s.clock + 1, p, s.turn); tc += d
            col[:] = s.col; st[:] = s.st
        else:
            nq += 1
        col[p] = 0
    t_lm, ms = us(f.legal_moves, s)
    t_play, _ = us(f.play, s, ms[0])
    out[size] = {"nearest_native": d_nat, "nearest_py": d_py, "empty": len(empty), "quiet_us": tq, "n_quiet": nq, "cascades": nc, "cascade_us": tc, "legal_moves_us": t_lm, "play_us": t_play}
print(json.dumps(out))
