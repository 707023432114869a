# The board's entry point: the runner checks the safe-mode keys, then runs the app.
# Without `machine` (the virtual board) it returns at once and the REPL stays free.
from firmware.app.core import device

device.main()
