import time, json, os
from firmware.app.runtime import make_app
from firmware.hal.storage import Storage
from firmware.rules import Rng
from firmware.rules import mabula as engine
def us(fn, *a):
    t = time.ticks_us(); r = fn(*a); return time.ticks_diff(time.ticks_us(), t), r
try:
    os.mkdir("/mabtest")
except OSError:
    pass
st = Storage("/mabtest")
app = make_app(PROFILE, st, 0)
t = 800
app.step(t, []); t += 20
app.step(t, [("down", app.keys["ok"])])
ses = app.play.session
s = ses.state
t += 500
app.step(t, [("frame", engine.occupancy(s))])
rng = Rng(5)
out = {"step": [], "lm": [], "play": [], "mfo": [], "only_pass": [], "moved": [], "draw": [], "result": [], "to_text": []}
for i in range(8):
    legal = engine.legal_moves(s)
    m = legal[rng.below(len(legal))]
    if m == "pass":
        continue
    after = engine.play(s, m)
    occ = engine.occupancy(after)
    out["lm"].append(us(engine.legal_moves, s)[0])
    out["play"].append(us(engine.play, s, m)[0])
    out["mfo"].append(us(engine.move_from_occupancy, s, occ)[0])
    out["result"].append(us(engine.result, after)[0])
    out["to_text"].append(us(engine.to_text, after)[0])
    t += 500
    st.hold()
    out["step"].append(us(app.step, t, [("frame", occ)])[0])
    st.flush()
    out["only_pass"].append(us(lambda: engine.legal_moves(after) == ["pass"])[0])
    out["moved"].append(us(app.play.moved, t)[0])
    out["draw"].append(us(app.render, t)[0])
    s = after
print(json.dumps(out))
