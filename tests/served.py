"""An app served by uvicorn on 127.0.0.1, configured as `roadlaw serve` configures it, in a thread of the test.

For what only a real server shows: whose address a request comes from, a body sent
in pieces or half sent, a connection closed.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from roadlaw.web.server import config_for


@contextmanager
def served(app: Any) -> Iterator[int]:
    """The port `app` is served on, until the block ends."""
    server = uvicorn.Server(config_for("127.0.0.1", 0, 1, "warning", app=app))
    thread = threading.Thread(target=server.run, name="served", daemon=True)
    thread.start()
    waited = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < waited, "the server did not start"
        time.sleep(0.01)
    try:
        yield int(server.servers[0].sockets[0].getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(10)


def raw_request(port: int, head: str, body: bytes = b"") -> socket.socket:
    """A connection with `head` (a request line and headers) and `body` sent, left open."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
    return connection


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or 10 s pass)."""
    received = b""
    while True:
        try:
            piece = connection.recv(65536)
        except (TimeoutError, ConnectionResetError):
            return received
        if not piece:
            return received
        received += piece
