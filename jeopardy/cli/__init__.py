"""Command-line interface (click).  Commands compute nothing themselves."""
