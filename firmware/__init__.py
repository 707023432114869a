# Arbiter firmware: everything that runs on the board (see docs/architecture.md#layout).
