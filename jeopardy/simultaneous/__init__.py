"""The simultaneous game: exact payoff matrix, LP solution, best-response oracle, export."""
