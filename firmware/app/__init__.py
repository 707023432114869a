# What a player meets: menu, settings, controllers, clocks, records (docs/architecture.md#layout).
