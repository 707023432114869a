# Runs at every reset, also before mpremote's raw REPL: keep it small and unable to fail.
# The app is started by main.py (firmware/app/device.py: safe mode, runner, watchdog).
