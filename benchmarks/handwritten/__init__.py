"""Hand-written, game-specific programs used only as a speed yardstick for the engine."""
