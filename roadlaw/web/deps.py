"""What a route is given: the app's one Service, RateLimit and templates, kept on app.state by create_app.

    service: ServiceDep      the pipeline as the web app uses it (one per worker process)
    limit: LimitDep          the questions a minute each address may ask
    templates: TemplatesDep  the pages' templates, their static links fingerprinted

The getters are coroutines so FastAPI calls them on the event loop rather than
sending each through the thread pool.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.templating import Jinja2Templates

from roadlaw.web.limits import RateLimit
from roadlaw.web.service import Service


def service_of(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


def templates_of(request: Request) -> Jinja2Templates:
    templates: Jinja2Templates = request.app.state.templates
    return templates


def limit_of(request: Request) -> RateLimit:
    limit: RateLimit = request.app.state.limit
    return limit


async def _service(request: Request) -> Service:
    return service_of(request)


async def _templates(request: Request) -> Jinja2Templates:
    return templates_of(request)


async def _limit(request: Request) -> RateLimit:
    return limit_of(request)


ServiceDep = Annotated[Service, Depends(_service)]
TemplatesDep = Annotated[Jinja2Templates, Depends(_templates)]
LimitDep = Annotated[RateLimit, Depends(_limit)]
