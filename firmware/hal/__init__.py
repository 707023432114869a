# Drivers behind small interfaces; pins and buses are passed in, never looked up.
