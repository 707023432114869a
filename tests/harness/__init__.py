"""What the tests (and tools/doc_pictures.py) drive the code with, kept out of the
`arbiter` command: the browser simulator from Python (sim_page.py), and the scripts sent
to the emulated Pico (pico_probe.py ahead of each, pico_games.py)."""
