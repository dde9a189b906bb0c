"""Per-game observation encoders: ``mazzo.rl.observations.<game id>.encoder(config)``."""
