# Arbiter firmware: everything that runs on the board (see DESIGN.md §2).
