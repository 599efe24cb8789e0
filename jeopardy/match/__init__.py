"""N-player race games: match rules (players, ending) and their solver."""
