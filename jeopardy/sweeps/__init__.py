"""Sweeps: a grid of games x goals x players x endings x analyses, run on Dask.

* :mod:`~jeopardy.sweeps.spec` reads the grid (a TOML file or a dict) into tasks;
* :mod:`~jeopardy.sweeps.analyses` runs one task and returns its row (never raises);
* :mod:`~jeopardy.sweeps.resources` asks :mod:`jeopardy.resources` what a task needs;
* :mod:`~jeopardy.sweeps.store` keeps finished rows on disk (atomic, resumable);
* :mod:`~jeopardy.sweeps.engine` sends the tasks to Dask and collects the table.

``jeopardy.sweep(spec)`` is :func:`jeopardy.sweeps.engine.sweep`.  Nothing here
is imported by ``jeopardy solve``: pandas and dask load only when a sweep runs.
"""
