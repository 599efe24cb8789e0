"""The browser app of ``jeopardy serve``: play against optimal play with a coach,
review the game, explore policies and the simultaneous game.

* :mod:`jeopardy.web.service` -- the numbers, from the library's own analyses
  (no web framework): a lock-protected cache of solutions, a bounded pool of
  solve slots that refuses requests past the size budget up front, and games
  replayed from a seed and the person's moves (the server keeps no sessions);
* :mod:`jeopardy.web.app` -- the FastAPI application: the JSON API (OpenAPI at
  ``/docs``) and the pages in ``static/`` (plain HTML, CSS and JS; no build step,
  no CDN);
* :mod:`jeopardy.web.server` -- uvicorn on 127.0.0.1, stopped by Ctrl-C in
  under two seconds.

Nothing here is imported by the other commands: ``jeopardy solve`` stays light.
"""
