"""Remote play over an MQTT broker (docs/contracts.md#remote-play)."""
