"""The web app: the page, the study cards and the JSON API over the same pipeline as the command line.

    create_app(pipeline=None)   the app; without a pipeline, one from the settings (open_pipeline)
    roadlaw serve               runs it under uvicorn, `create_app` called once in each worker

The page works with scripts off (a form POSTed to /ask, answered server-side);
app.js makes it ask /api/ask in place and keep the thread. Nothing is loaded
from anywhere but this server.

    roadlaw.web.pages    the pages (/, /ask, the cards)
    roadlaw.web.api      the JSON API (/api/..., /healthz), its shapes in roadlaw.web.schemas
    roadlaw.web.topics   one topic across the states: /topics/{id} and /api/topics/{id}
    roadlaw.web.errors   every error in one shape, JSON or a page
    roadlaw.web.limits   what a public server holds clients to: questions a minute, a body's size and pace
    roadlaw.web.service  the pipeline, answering up to ROADLAW_MAX_CONCURRENT questions at once
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from anyio import to_thread
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders

from roadlaw.pipeline import Pipeline
from roadlaw.settings import Settings
from roadlaw.web import api, pages, topics
from roadlaw.web.errors import add_error_handlers, respond
from roadlaw.web.frame import STATIC, make_templates
from roadlaw.web.limits import BODY_WAIT, BodyLimits, RateLimit
from roadlaw.web.service import Service

log = logging.getLogger("roadlaw.web")

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        " form-action 'self'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}

# Threads kept for everything but questions (pages, the states, the cards, error pages), so
# that however many questions wait on a model, a page still finds a thread at once.
PAGE_THREADS = 24


class SecurityHeaders:
    """Every response says: only this server's scripts, styles and pictures."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = str(scope.get("path", "")).startswith("/static/")

        async def sending(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                if static:
                    headers.setdefault("cache-control", "public, max-age=86400")
            await send(message)

        await self.app(scope, receive, sending)


def create_app(
    pipeline: Pipeline | None = None,
    *,
    warm: bool | None = None,
    rate_limit: int | None = None,
    body_wait: float = BODY_WAIT,
) -> FastAPI:
    """The app over `pipeline`, or over one from the settings (then every built state is read at start-up).

    `rate_limit` stands in for ROADLAW_RATE_LIMIT; `body_wait`, the seconds a body may pause (a test's, shorter).
    """
    owned = pipeline is None
    # The web app is an edge: the environment is read here, once.
    settings = Settings.from_env()
    if pipeline is None:
        from roadlaw.assemble import open_pipeline

        pipeline, said = open_pipeline(settings)
        for line in said:
            log.info(line)
    service = Service(pipeline, settings.max_concurrent)
    warm = owned if warm is None else warm
    # The buckets live in the store, so every worker and replica on it counts each address's questions together.
    limit = RateLimit(
        settings.rate_limit if rate_limit is None else rate_limit,
        trusted=settings.trusted_proxies,
        shared=service.store,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Each question holds a thread of the pool while it waits on a model: the pool is made
        # large enough for every question slot and the pages besides.
        threads = to_thread.current_default_thread_limiter()
        threads.total_tokens = max(threads.total_tokens, service.max_concurrent + PAGE_THREADS)
        if warm:
            for problem in await run_in_threadpool(service.warm):
                log.warning("%s", problem)
        yield
        if owned:
            service.store.close()

    app = FastAPI(
        title="roadlaw",
        version="0.1.0",
        summary="A learner driver's question about their state's road law, answered from the state's own sources.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.limit = limit
    app.state.templates = make_templates()
    # The outermost last: the body limits' refusals carry the security headers too.
    app.add_middleware(BodyLimits, respond=respond, wait=body_wait)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_error_handlers(app)
    app.include_router(pages.router)
    app.include_router(api.router)
    topics.install(app, settings)
    return app
