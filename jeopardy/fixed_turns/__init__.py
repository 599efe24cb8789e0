"""Two-player games of a fixed number of turns each (SKUNK, Shis variant)."""
