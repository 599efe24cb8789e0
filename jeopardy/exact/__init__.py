"""Exact rational arithmetic: linear solves and exact game solutions."""
