import time, json, sys
out = {}
for name in ("firmware.native", "firmware.hal.keys", "firmware.hal.leds", "firmware.rules", "firmware.rules.fursaz", "firmware.rules.masbrur", "firmware.app.menu", "firmware.app.runtime"):
    t = time.ticks_us()
    __import__(name)
    out[name] = time.ticks_diff(time.ticks_us(), t)
print(json.dumps(out))
