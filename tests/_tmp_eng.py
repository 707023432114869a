import time, json, gc
from firmware.rules import Rng
def run(game, options, seed, plies):
    e = __import__("firmware.rules." + game, None, None, ["x"])
    s = e.new_game(options, seed); r = Rng(seed); n = 0; spent = 0; worst = 0
    while not e.is_over(s) and n < plies:
        t = time.ticks_us()
        ms = e.legal_moves(s)
        s = e.play(s, ms[r.below(len(ms))])
        d = time.ticks_diff(time.ticks_us(), t); spent += d; worst = max(worst, d); n += 1
        ms = None
    return [n, round(spent / n / 1000, 1), round(worst / 1000, 1)]
out = {}
for game, opts, plies in GAMESET:
    out["%s %s" % (game, opts)] = run(game, opts, 1, plies)
    gc.collect()
print(json.dumps(out))
