"""The JSON API: /api/ask, the states, their cards, a law by id, and /healthz.

Its shapes are roadlaw.web.schemas; its errors, the one shape of roadlaw.web.errors.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from roadlaw.errors import UnknownState
from roadlaw.pipeline import readable, silent_line
from roadlaw.states import NO_SOURCES_YET, STATES
from roadlaw.web.deps import LimitDep, ServiceDep
from roadlaw.web.errors import ApiError, documented, too_many
from roadlaw.web.present import card_dict, law_dict, sources_of
from roadlaw.web.schemas import AskIn, AskOut, CardOut, HealthOut, LawOut, SourceOut, StateOut
from roadlaw.web.service import asked_state

router = APIRouter()


@router.post(
    "/api/ask", response_model=AskOut, responses=documented(400, 404, 408, 409, 413, 422, 429, 503), tags=["ask"]
)
def api_ask(body: AskIn, request: Request, service: ServiceDep, limit: LimitDep) -> AskOut:
    """Answer one question from the state's sources; `thread` continues an earlier one (logged under it).

    Past the questions a minute an address may ask: 429 `rate_limited`; while the server answers
    as many questions as it may at once: 503 `busy`; both with Retry-After.
    """
    refused = too_many(limit, request)
    if refused is not None:
        raise refused
    try:
        code = asked_state(body.state)
    except UnknownState as error:
        raise ApiError(400, "unknown_state", str(error)) from None
    if body.thread:
        readable(body.thread, "thread")
    shown, thread = service.ask(code, body.question, body.thread or None, body.choices)
    return AskOut(
        state=shown.state,
        scope=shown.scope,
        answer=shown.answer,
        # Never "the sources don't say" for an answer that was lost or withheld: what happened instead.
        silent_line=None if shown.answer else (shown.note or silent_line(shown.state, shown.language)),
        language=shown.language,
        sources=[SourceOut(**source) for source in sources_of(shown.answer, shown.sources, shown.language)],
        thread=thread,
        failed=shown.failed,
        fallback=shown.fallback == "shown",
        note=shown.note,
        may_help=[SourceOut(**source) for source in sources_of("", shown.may_help, shown.language)],
        logged=not shown.unlogged,
    )


@router.get("/api/states", response_model=list[StateOut], tags=["laws"])
def api_states(service: ServiceDep) -> list[StateOut]:
    """Every state and DC, with how many laws are built for each, and whether there are sources to build from."""
    built = service.built()
    return [
        StateOut(code=code, name=name, laws=built.get(code, 0), sources=code not in NO_SOURCES_YET)
        for code, name in STATES.items()
    ]


@router.get(
    "/api/states/{code}/cards", response_model=list[CardOut], responses=documented(404, 409, 422), tags=["laws"]
)
def api_cards(code: str, service: ServiceDep) -> list[CardOut]:
    """The state's study cards: a learner's question, the rule, and its source."""
    _, cards = service.cards(code)
    return [CardOut(**card_dict(law)) for law in cards]


@router.get("/api/laws/{ident}", response_model=LawOut, responses=documented(404, 422), tags=["laws"])
def api_law(ident: str, service: ServiceDep) -> LawOut:
    """One law by id, with its source's words and official page."""
    return LawOut(**law_dict(service.law(ident)))


@router.get("/healthz", response_model=HealthOut, response_model_exclude_none=True, tags=["health"])
def healthz(service: ServiceDep) -> HealthOut:
    """ "ok", or "degraded" (with why) while the database is out of reach; 200 either way.

    A replica whose database is gone still answers from the laws in its memory, and every
    replica shares that database, so taking the degraded ones out of a load balancer
    would leave no replica at all: the status is for monitoring, the code for the balancer.
    """
    why = service.health()
    return HealthOut(status="ok") if why is None else HealthOut(status="degraded", store=why)
