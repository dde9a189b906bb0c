"""Per-game action coders of the rl layer: ``mazzo.rl.games.<game id>.coder(game, config)``,
for a game whose moves do not fit one flat index (Burraco's melds, poker's amounts and draws).
A game without a module here uses the flat coder over its own action index."""
