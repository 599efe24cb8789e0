"""Exact distributions of one turn under a hold-at rule."""
