"""What a public server holds every client to: questions a minute per address, and the size and pace of a body.

RateLimit      a token bucket per client address: up to `per_minute` questions, refilled evenly
               over the minute, so a learner asking follow-ups never meets it and a script
               hammering the server is told to wait (429, with Retry-After). The web app keeps the
               buckets in its store (`shared`), so the limit holds across every worker on one
               SQLite file and every replica on one PostgreSQL; while the database is out of
               reach, each worker counts on its own.
client_address the address a question is counted against: the peer, or, behind a trusted proxy
               (ROADLAW_TRUSTED_PROXIES), the rightmost X-Forwarded-For hop no trusted proxy wrote
BodyLimits     an ASGI middleware: a body over MAX_BODY is refused (413) before it is read whole,
               and one that stops arriving is dropped (408), before any route sees it
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

import anyio
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response

from roadlaw.errors import StoreError
from roadlaw.settings import Network
from roadlaw.store import Database

# Past this many addresses, full buckets (nobody asking lately) are forgotten.
KEEP_ADDRESSES = 10_000
# How often a worker clears the store of buckets full again (untouched for a minute), in seconds.
SWEEP_EVERY = 60.0

# The largest body a request may carry. A question of 2,000 characters and 8 choices
# of 300, every character a 4-byte one escaped as JSON (\ud83d\ude97, 12 bytes) or
# percent-encoded in a form (12 bytes too), is 52,800 bytes: anything larger is not a question.
MAX_BODY = 64 * 1024

# How long a body may pause between two pieces, and take in all. A learner's body is a
# few kilobytes and arrives at once; even 64 KB over a poor mobile link (6 KB/s) takes
# about 10 s. A body slower than this holds a connection open for nothing.
BODY_WAIT = 5.0
BODY_DEADLINE = 20.0

# An IPv6 host is usually given a whole /64 and may take any address in it, so its
# questions are counted by that network, not by one address it can change at will.
IPV6_HOST_PREFIX = 64

ASGIApp = Callable[..., Awaitable[None]]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
# The app's one error shape, as a response to `request`: (request, status, code, message).
Responder = Callable[[Request, int, str, str], Awaitable[Response]]


class RateLimit:
    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], float] = time.monotonic,
        trusted: Sequence[Network] = (),
        shared: Database | None = None,
    ) -> None:
        self.per_minute = per_minute
        self.trusted = tuple(trusted)
        self._rate = per_minute / 60.0
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        # The store the buckets are kept in, timed by its clock (seconds since the epoch, alike on every replica).
        self.shared = shared
        self._swept = 0.0

    def address_of(self, peer: str | None, forwarded: Sequence[str] = ()) -> str:
        """The address a request from `peer` is counted against (`forwarded`: its X-Forwarded-For headers)."""
        return client_address(peer, forwarded, self.trusted)

    def wait(self, address: str) -> float:
        """0 when `address` may ask now (and its question is counted), else the seconds until it may."""
        if self.per_minute <= 0:
            return 0.0
        if self.shared is not None:
            try:
                return self._wait_shared(address, self.shared)
            except StoreError:
                pass  # the database is out of reach: this worker's own count stands in
        now = self._clock()
        with self._lock:
            tokens, at = self._buckets.get(address, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - at) * self._rate)
            if tokens >= 1.0:
                self._buckets[address] = (tokens - 1.0, now)
                if len(self._buckets) > KEEP_ADDRESSES:
                    self._forget_full(now)
                return 0.0
            self._buckets[address] = (tokens, now)
            return (1.0 - tokens) / self._rate

    def _wait_shared(self, address: str, shared: Database) -> float:
        at = shared.clock()
        wait = shared.spend_token(address, self.per_minute, at)
        if at - self._swept > SWEEP_EVERY:
            self._swept = at
            # A bucket untouched for a minute is full again: the same as no bucket at all.
            shared.forget_full_buckets(at - 60.0)
        return wait

    def _forget_full(self, now: float) -> None:
        refilled = [
            address
            for address, (tokens, at) in self._buckets.items()
            if tokens + (now - at) * self._rate >= self.per_minute
        ]
        for address in refilled:
            del self._buckets[address]


def retry_after(seconds: float) -> str:
    """A Retry-After header's whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


# --- whose question it is ---------------------------------------------------------------------


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a hop or a peer writes it ("203.0.113.9", "[2001:db8::1]:443", "203.0.113.9:80"), or None."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        found = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def _trusted(text: str, trusted: Sequence[Network]) -> bool:
    found = _address(text)
    return found is not None and any(found in network for network in trusted)


def _key(text: str) -> str:
    found = _address(text)
    if found is None:
        # Not an address (a test client's name, a proxy's "unknown"): counted as written, within reason.
        return text.strip()[:64] or "unknown"
    if isinstance(found, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{found}/{IPV6_HOST_PREFIX}", strict=False))
    return str(found)


def client_address(peer: str | None, forwarded: Sequence[str], trusted: Sequence[Network]) -> str:
    """The address a request is counted against.

    The peer itself, unless it is one of the `trusted` proxies. Each proxy appends
    the address it saw to X-Forwarded-For, so read from the right, every hop a
    trusted proxy wrote is believed and the first one that is not a trusted proxy
    is the client; whatever stands left of it the client wrote itself, and is not.
    Without trusted proxies (the default) the header is never read.
    """
    if not peer:
        return "unknown"
    if not trusted or not _trusted(peer, trusted):
        return _key(peer)
    hops = [hop.strip() for header in forwarded for hop in header.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return _key(hop)
    # Every hop a trusted proxy: the request began at one of them.
    return _key(hops[0] if hops else peer)


# --- a body's size and pace -----------------------------------------------------------------------

# Why a body was not read whole: the statuses its refusal answers with.
TOO_LARGE = 413
TOO_SLOW = 408


class BodyLimits:
    """Every request's body read here first, at most `max_body` bytes and never pausing past `wait` seconds.

    A Content-Length over the limit is refused before a byte of the body is read; a
    chunked body is counted as it arrives and refused the moment it passes the limit.
    uvicorn's keep-alive timeout covers the time between requests, not a body half
    sent, so a body that stops arriving is timed here: 408 when a piece takes longer
    than `wait` or the whole longer than `deadline`. Each refusal closes the connection,
    as the rest of the body is never read. The route then reads the body as it came.
    """

    def __init__(
        self,
        app: ASGIApp,
        respond: Responder,
        max_body: int = MAX_BODY,
        wait: float = BODY_WAIT,
        deadline: float = BODY_DEADLINE,
    ) -> None:
        self.app = app
        self.respond = respond
        self.max_body = max_body
        self.wait = wait
        self.deadline = deadline

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        # Declared too large: refused before a byte of it is read.
        read = TOO_LARGE if declared.isdigit() and int(declared) > self.max_body else await self._read(receive)
        if read is None:
            return  # the client went away half-way: nobody to answer
        if isinstance(read, bytes):
            await self.app(scope, _replay(read, receive), send)
        elif read == TOO_LARGE:
            message = (
                f"the request is larger than {self.max_body // 1024} KB; a question and its choices fit well within it"
            )
            await self._refuse(scope, receive, send, TOO_LARGE, "too_large", message)
        else:
            message = "the request's body stopped arriving; send it whole, at once"
            await self._refuse(scope, receive, send, TOO_SLOW, "body_timeout", message)

    async def _read(self, receive: Receive) -> bytes | int | None:
        """The whole body; TOO_LARGE or TOO_SLOW when it is refused; None when the client disconnected first."""
        pieces: list[bytes] = []
        size = 0
        ends = anyio.current_time() + self.deadline
        while True:
            left = min(self.wait, ends - anyio.current_time())
            if left <= 0:
                return TOO_SLOW
            with anyio.move_on_after(left) as waited:
                message = await receive()
            if waited.cancelled_caught:
                return TOO_SLOW
            if message["type"] == "http.disconnect":
                return None
            piece = bytes(message.get("body", b""))
            size += len(piece)
            if size > self.max_body:
                return TOO_LARGE
            pieces.append(piece)
            if not message.get("more_body", False):
                return b"".join(pieces)

    async def _refuse(self, scope: Message, receive: Receive, send: Send, status: int, code: str, message: str) -> None:
        response = await self.respond(Request(scope), status, code, message)
        # The rest of the body is never read, so the connection cannot carry another request.
        response.headers["connection"] = "close"
        await response(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body already read, then whatever the client does next (a disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
