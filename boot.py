# Runs at every reset, also before mpremote's raw REPL: keep it small and unable to fail.
# It finishes a firmware swap that a power cut interrupted (`arbiter deploy`); the app is
# started by main.py (firmware/app/core/device.py: safe mode, runner, watchdog).
try:
    import firmware.update
    firmware.update.finish()
except Exception as e:
    print("boot: firmware update not finished:", e)
