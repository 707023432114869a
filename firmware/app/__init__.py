# What a player meets: menu, settings, controllers, clocks, records (DESIGN.md §2).
