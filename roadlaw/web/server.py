"""`roadlaw serve`: the app under uvicorn, `create_app` called once in each worker process.

With more than one worker uvicorn binds the socket itself and hands it to the
workers; that socket is made without naming TCP as its protocol, so asyncio
does not turn Nagle's algorithm off on the connections it accepts, and every
keep-alive response written in two parts (headers, then body) waits out the
client's delayed ACK: about 40 ms a request. The listening socket here is set
TCP_NODELAY, which the accepted connections inherit.

The access log writes each request's path without its query: `/?thread=ID` names a
learner's conversation, and whoever reads the server's log is not to read that.
"""

from __future__ import annotations

import copy
import inspect
import logging
import socket
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess

APP = "roadlaw.web.app:create_app"


class WithoutQuery(logging.Filter):
    """An access log line's request path without its query string (uvicorn's third argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], args[2].split("?", 1)[0], *args[3:])
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's own logging, the access lines passed through WithoutQuery.

    Given as configuration, not set on a logger, so every worker process (each
    configures its logging afresh) keeps it.
    """
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config.setdefault("filters", {})["without_query"] = {"()": f"{__name__}.WithoutQuery"}
    config["handlers"]["access"]["filters"] = ["without_query"]
    return config


class Config(uvicorn.Config):
    """uvicorn's settings, its shared socket set TCP_NODELAY."""

    def bind_socket(self) -> socket.socket:
        sock = super().bind_socket()
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock


def config_for(host: str, port: int, workers: int, log_level: str = "info", app: Any = APP) -> Config:
    """uvicorn's settings for `app` (the factory's import path, or an app itself, as a test gives it).

    uvicorn believes X-Forwarded-For from loopback by default, which let any local
    client (and anything a local proxy passes on) name its own address: off here,
    so the peer is the client unless ROADLAW_TRUSTED_PROXIES says whose header to
    believe (roadlaw.web.limits.client_address).
    """
    return Config(
        app,
        factory=isinstance(app, str),
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        proxy_headers=False,
        log_config=log_config(),
    )


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1, log_level: str = "info") -> None:
    """Serve until interrupted: one process, or a supervisor and `workers` processes on one socket."""
    config = config_for(host, port, workers, log_level)
    server = uvicorn.Server(config)
    if workers <= 1:
        server.run()  # asyncio binds the socket itself, and sets TCP_NODELAY on each connection
        return
    sock = config.bind_socket()
    try:
        if "target" in inspect.signature(Multiprocess).parameters:  # older uvicorn
            Multiprocess(config, target=server.run, sockets=[sock]).run()  # type: ignore[call-arg]
        else:
            Multiprocess(config, sockets=[sock]).run()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
