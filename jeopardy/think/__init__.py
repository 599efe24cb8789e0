"""THINK played to win: a simultaneous stochastic game."""
