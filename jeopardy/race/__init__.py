"""Two-player race games: win probabilities and optimal play."""
