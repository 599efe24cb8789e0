"""The match solver: race games of 2-10 players under every ending, one solver that
chooses its method (the pair method for two players first to the goal), one solution
type, and the analyses of a solution (evaluation, simulation, play, reach)."""
