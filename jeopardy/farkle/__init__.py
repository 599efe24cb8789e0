"""Ten Thousand / Farkle under the rules of the seed analysis."""
