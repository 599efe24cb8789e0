"""Figures (matplotlib, PNG).  Imported only by commands that draw."""
