"""Expected-score games: most points in a fixed number of turns (THINK, SKUNK, n-turn Pig)."""
