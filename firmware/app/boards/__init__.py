"""The board kinds the app drives, chosen by the profile's ``kind`` (firmware/catalogue.py
names each one's module here). A board kind's module says how its screens sit on its
cells; which games it plays is the catalogue's:

    DIRECT    True when every cell has a key (a press chooses what a cell shows);
              otherwise PASS moves a selection and OK chooses it
    MENU      the main menu: GAME_CELLS (the cells of the games it plays and their
              variants, in the catalogue's order; core/menu.py picks), PICK_COLOUR (their
              colour; None = player A's), START (cell), ITEMS (setting, cell, colour, unit:
              seconds per bar cell, 0 = brightness steps, None = a choice); the editor's
              BAR (first cell, cells), OFF cell (a limit switched off) and CHOICES (cells
              of a choice's values in order)
    ACTIONS   (optional) (name, cell, colour) of the main menu's actions, done by
              action(app, name) (the stone board's sensor calibration)
    attach(app) (optional) called at boot with App.sensors set (a saved calibration)
    PAUSE     cells of the pause screen's continue, undo, end (and of the end screen's
              first player resigns, draw, second player resigns)
    TRACE     the field of a trace (core/trace.py) that says what the board's sensors
              read, with trace_names(profile): the names it uses, in cell or key order
    rows(profile)  first cell of each row, and the cell count last (the boot sweep)"""
