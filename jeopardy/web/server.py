"""Run the browser app with uvicorn: 127.0.0.1 by default, stopped by Ctrl-C in under 2 s.

uvicorn turns the first Ctrl-C (SIGINT) or SIGTERM into a graceful shutdown, which
waits at most :data:`GRACE` seconds for open requests.  A request whose solve is
still running in a worker thread cannot be cancelled (the thread runs to its end),
and would keep the server alive until then: so the signal also starts a clock, and
the process leaves :data:`DEADLINE` seconds after it, whatever is still running
(a solve's result was only going to a cache; its disk copy is written atomically).
"""
from __future__ import annotations

import os
import socket
import sys
import threading

from jeopardy.errors import JeopardyError

GRACE = 1  # seconds open requests get to finish after Ctrl-C
DEADLINE = 1.5  # seconds after Ctrl-C when the process leaves in any case


def _leave() -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _server_class():
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            if not self.should_exit:
                timer = threading.Timer(DEADLINE, _leave)
                timer.daemon = True
                timer.start()
            super().handle_exit(sig, frame)

    return Server


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``(host, port)``, or a one-line error naming why not (an unknown
    host, a port in use) before anything is printed or started."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port,
                                                             type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as error:
        raise JeopardyError(f"cannot listen on {host!r}: {getattr(error, 'strerror', None) or error}") \
            from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise JeopardyError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return sock


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = True,
          log_level: str = "warning") -> None:
    import uvicorn

    from jeopardy.web.app import app

    sock = listening_socket(host, port)
    port = sock.getsockname()[1]  # port 0: the one the system chose
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level,
                            timeout_graceful_shutdown=GRACE, access_log=False)
    server = _server_class()(config)
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    print(f"jeopardy: serving on {address} (API documentation at {address}docs); "
          "Ctrl-C stops", flush=True)
    if open_browser:
        import webbrowser

        opener = threading.Timer(0.8, webbrowser.open, args=(address,))
        opener.daemon = True
        opener.start()
    server.run(sockets=[sock])
    if not server.started:
        raise SystemExit(2)  # uvicorn said why
    if any(t.is_alive() and not t.daemon for t in threading.enumerate()
           if t is not threading.main_thread()):
        _leave()  # a solve still running in a worker thread: do not wait for it
