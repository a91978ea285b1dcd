"""The web app: the page, the study cards and the JSON API over the same pipeline as the command line.

    create_app(pipeline=None)   the app; without a pipeline, one from the settings (open_pipeline)
    roadlaw serve               runs it under uvicorn, `create_app` called once in each worker

The page works with scripts off (a form POSTed to /ask, answered server-side);
app.js makes it ask /api/ask in place and keep the thread. Nothing is loaded
from anywhere but this server.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Form, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from roadlaw.errors import (
    BadQuestion,
    BadQuestionFile,
    NoLaws,
    RoadlawError,
    Stale,
    StoreError,
    UnknownLaw,
    UnknownState,
    UnknownThread,
)
from roadlaw.pipeline import MAX_CHOICES, MAX_QUESTION, Pipeline, silent_line
from roadlaw.settings import Settings
from roadlaw.states import STATES, state_code
from roadlaw.web.limits import RateLimit, retry_after
from roadlaw.web.present import WORDS, TurnView, card_dict, law_dict, source_dict, turn_from_log, turn_from_shown
from roadlaw.web.service import Service

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

STATE_COOKIE = "roadlaw_state"
YEAR = 365 * 24 * 3600

log = logging.getLogger("roadlaw.web")

# What each kind of trouble answers with: the status and the code in {"error": {"code", "message"}}.
ERRORS: dict[type[RoadlawError], tuple[int, str]] = {
    UnknownState: (404, "unknown_state"),
    BadQuestion: (422, "bad_question"),
    NoLaws: (409, "no_laws"),
    Stale: (409, "stale"),
    UnknownThread: (404, "unknown_thread"),
    UnknownLaw: (404, "unknown_law"),
    StoreError: (503, "store_unavailable"),
    BadQuestionFile: (400, "bad_request"),
}

TITLES = {
    400: "That request can't be answered",
    404: "Not found",
    409: "Not ready yet",
    422: "Check your question",
    429: "Too many questions at once",
    503: "Not available right now",
}

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        " form-action 'self'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}


# --- the API's shapes (they are the OpenAPI schema) ---------------------------------


class AskIn(BaseModel):
    state: str = Field(description="two-letter state code (or the state's name)", examples=["MD"])
    question: str = Field(
        description=f"the learner's question, 1 to {MAX_QUESTION} characters",
        examples=["How far from a fire hydrant can I park?"],
    )
    thread: str | None = Field(
        default=None, description="the id a previous answer returned, to ask a follow-up; leave out to start one"
    )
    choices: list[str] | None = Field(
        default=None,
        description=f"a practice question's answer choices, at most {MAX_CHOICES}; the answer then quotes the law"
        " that decides between them",
        examples=[["10 feet", "15 feet", "20 feet", "30 feet"]],
    )


class SourceOut(BaseModel):
    id: str
    kind: str = Field(description="manual, statute, process or penalty")
    label: str = Field(description="what it is, in the question's language: \"Driver's manual, page 14\"")
    reference: str = Field(description="the page or section")
    quote: str = Field(description="the source's own words")
    url: str = Field(description="the official page")
    page: int | None = None


class AskOut(BaseModel):
    state: str
    scope: str | None = Field(description='"road-law", "other", or null when nothing could be said')
    answer: str = Field(description="the answer in plain words; empty when the sources do not say")
    silent_line: str | None = Field(description="the app's own words for when the answer is empty")
    language: str = Field(description="english, spanish or none")
    sources: list[SourceOut]
    thread: str = Field(description="send it back with the next question to continue")
    failed: str | None = Field(description="why nothing was shown (unreachable, unparsed, refused, checked)")


class StateOut(BaseModel):
    code: str
    name: str
    laws: int = Field(description="laws built for the state; 0 when not built")


class CardOut(SourceOut):
    question: str = Field(description="the learner's question, the front of the card")
    law: str = Field(description="the rule in plain words")


class LawOut(SourceOut):
    state: str
    law: str
    question: str
    citation: str
    origin: str = Field(description="card, manual or excerpt")


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorDetail


class HealthOut(BaseModel):
    status: str


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": ErrorOut, "description": TITLES.get(status, "error")} for status in statuses}


# --- errors, one shape ----------------------------------------------------------------


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}


def status_of(error: RoadlawError) -> tuple[int, str]:
    for kind, answer in ERRORS.items():
        if isinstance(error, kind):
            return answer
    return 400, "bad_request"


def _wants_html(request: Request) -> bool:
    path = request.url.path
    if path.startswith("/api/") or path in ("/healthz", "/openapi.json"):
        return False
    return "text/html" in request.headers.get("accept", "")


def _validation_message(error: RequestValidationError) -> tuple[int, str, str]:
    problems = error.errors()
    for problem in problems:
        if problem.get("type") == "json_invalid":
            why = (problem.get("ctx") or {}).get("error", "JSON decode error")
            return 400, "malformed_json", f"the body is not valid JSON ({why}); send a JSON object"
        if tuple(problem.get("loc", ())) == ("body",) and isinstance(problem.get("input"), bytes | str):
            return 400, "malformed_json", "send a JSON object with Content-Type: application/json"
    parts = []
    for problem in problems:
        where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body") or "body"
        parts.append(f"{where}: {problem.get('msg', 'invalid')}")
    return 422, "invalid_request", "; ".join(parts)


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


def _static_digests() -> dict[str, str]:
    """Each static file's short hash, put in its address so a browser fetches it again once it changes."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()[:10] for path in STATIC.iterdir() if path.is_file()
    }


# --- the app ----------------------------------------------------------------------------


def create_app(pipeline: Pipeline | None = None, *, warm: bool | None = None, rate_limit: int | None = None) -> FastAPI:
    """The app over `pipeline`, or over one from the settings (then every built state is read at start-up)."""
    owned = pipeline is None
    # The web app is an edge: the environment is read here, once.
    settings = Settings.from_env()
    if pipeline is None:
        from roadlaw.assemble import open_pipeline

        pipeline, said = open_pipeline(settings)
        for line in said:
            log.info(line)
    service = Service(pipeline)
    warm = owned if warm is None else warm
    limit = RateLimit(settings.rate_limit if rate_limit is None else rate_limit)

    def too_many(request: Request) -> ApiError | None:
        """A 429 for an address past its questions a minute, else None (and the question counted)."""
        wait = limit.wait(request.client.host if request.client else "unknown")
        if not wait:
            return None
        message = (
            f"too many questions from this address ({limit.per_minute} a minute); ask again in {retry_after(wait)} s"
        )
        return ApiError(429, "rate_limited", message, {"Retry-After": retry_after(wait)})

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    versions = _static_digests()
    templates = Jinja2Templates(directory=str(TEMPLATES))
    templates.env.globals["static"] = lambda name: f"/static/{name}?v={versions.get(name, '0')}"
    templates.env.globals["WORDS"] = WORDS
    templates.env.globals["MAX_QUESTION"] = MAX_QUESTION
    templates.env.filters["sentence"] = sentence

    # Errors: JSON {"error": {"code", "message"}} everywhere, or a page for a browser off the API.

    def error_response(request: Request, status: int, code: str, message: str) -> Response:
        if _wants_html(request):
            try:
                frame = chrome(request)
            except Exception:  # the table itself may be what failed
                frame = {"options": [], "chosen": "", "nothing_built": False}
            context = {"status": status, "title": TITLES.get(status, "Something went wrong"), "message": message}
            return templates.TemplateResponse(request, "error.html", {**context, **frame}, status_code=status)
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)

    async def respond(request: Request, status: int, code: str, message: str) -> Response:
        # A page reads the states from the table, under the pipeline's lock: not on the event loop.
        return await run_in_threadpool(error_response, request, status, code, message)

    @app.exception_handler(RoadlawError)
    async def on_roadlaw_error(request: Request, error: RoadlawError) -> Response:
        status, code = status_of(error)
        return await respond(request, status, code, str(error))

    @app.exception_handler(ApiError)
    async def on_api_error(request: Request, error: ApiError) -> Response:
        response = await respond(request, error.status, error.code, error.message)
        for name, value in error.headers.items():
            response.headers[name] = value
        return response

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, error: RequestValidationError) -> Response:
        status, code, message = _validation_message(error)
        return await respond(request, status, code, message)

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, error: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed"}
        message = {404: f"nothing at {request.url.path}", 405: f"{request.method} is not allowed here"}.get(
            error.status_code, str(error.detail)
        )
        response = await respond(request, error.status_code, codes.get(error.status_code, "http_error"), message)
        for name, value in (error.headers or {}).items():
            response.headers[name] = value
        return response

    @app.exception_handler(Exception)
    async def on_crash(request: Request, error: Exception) -> Response:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return await respond(request, 500, "internal", "something went wrong on the server; it has been logged")

    # The page.

    def built_states() -> list[tuple[str, str]]:
        """The states to choose from: those built (every state when none is, so asking says how to build)."""
        built = service.built()
        codes = [code for code in STATES if code in built] or list(STATES)
        return sorted(((code, STATES[code]) for code in codes), key=lambda pair: pair[1])

    def chosen_state(request: Request, explicit: str | None = None) -> str:
        """The state asked for, else the one remembered in the cookie, else Maryland, else the first."""
        options = [code for code, _ in built_states()]
        for candidate in (explicit, request.cookies.get(STATE_COOKIE), "MD"):
            if candidate and candidate.strip().upper() in options:
                return candidate.strip().upper()
        return options[0]

    def chrome(request: Request, state: str | None = None) -> dict[str, Any]:
        """What every page's frame needs: the states to choose from, the chosen one, whether any is built."""
        return {
            "options": built_states(),
            "chosen": state or chosen_state(request),
            "nothing_built": not service.built(),
        }

    def page(
        request: Request,
        *,
        state: str,
        turns: list[TurnView] | None = None,
        thread: str = "",
        question: str = "",
        choices: str = "",
        error: str = "",
        status: int = 200,
    ) -> Response:
        context = {
            **chrome(request, state),
            "turns": turns or [],
            "thread": thread,
            "question": question,
            "choices": choices,
            "error": error,
        }
        response = templates.TemplateResponse(request, "index.html", context, status_code=status)
        return response

    def remember(response: Response, state: str) -> Response:
        response.set_cookie(STATE_COOKIE, state, max_age=YEAR, samesite="lax", path="/")
        return response

    def earlier_turns(thread: str, code: str) -> list[TurnView] | None:
        """The turns of `thread` as the learner saw them, or None when it is not `code`'s thread."""
        if not thread or service.thread_owner(thread) != code:
            return None
        logged = service.turns(thread)
        laws = service.laws([str(ident) for turn in logged for ident in _shown_sources(turn)])
        return [turn_from_log(code, turn, laws.get) for turn in logged]

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request, state: str | None = None, thread: str | None = None) -> Response:
        """The page; with `thread` (the address the page keeps after an answer), that thread so far."""
        if thread:
            owner = service.thread_owner(thread)
            turns = earlier_turns(thread, owner) if owner else None
            if owner and turns is not None:
                return page(request, state=owner, turns=turns, thread=thread)
        return page(request, state=chosen_state(request, state))

    @app.post("/ask", response_class=HTMLResponse, include_in_schema=False)
    def ask_form(
        request: Request,
        state: Annotated[str, Form()] = "",
        question: Annotated[str, Form()] = "",
        thread: Annotated[str, Form()] = "",
        choices: Annotated[str, Form()] = "",
    ) -> Response:
        """The form, for a browser with scripts off: the answer rendered here, the thread in a hidden field."""
        refused = too_many(request)
        if refused is not None:
            response = page(
                request,
                state=chosen_state(request),
                question=question,
                choices=choices,
                thread=thread,
                error=refused.message,
                status=429,
            )
            response.headers.update(refused.headers)
            return response
        try:
            code = state_code(state)
        except UnknownState as error:
            return page(
                request, state=chosen_state(request), question=question, choices=choices, error=str(error), status=400
            )
        found = earlier_turns(thread, code)
        earlier: list[TurnView] = found or []
        if found is None:
            thread = ""  # another state's thread, or one this server never issued: start afresh
        try:
            # The choices box holds one choice a line; blank lines are nothing.
            listed = [line for line in choices.splitlines() if line.strip()]
            shown, thread_id = service.ask(code, question, thread or None, listed or None)
        except (BadQuestion, NoLaws, Stale) as error:
            status, _ = status_of(error)
            return page(request, state=code, turns=earlier, thread=thread, question=question, choices=choices,
                        error=str(error), status=status)  # fmt: skip
        response = page(request, state=code, turns=[*earlier, turn_from_shown(shown)], thread=thread_id)
        return remember(response, code)

    @app.get("/cards", include_in_schema=False)
    def cards_for(request: Request, state: str | None = None) -> Response:
        code = state_code(state) if state else chosen_state(request)
        return RedirectResponse(f"/states/{code}/cards", status_code=303)

    @app.get("/states/{code}/cards", response_class=HTMLResponse, include_in_schema=False)
    def cards_page(request: Request, code: str) -> Response:
        state, cards = service.cards(code)
        context = {**chrome(request, state), "name": STATES[state], "cards": [card_dict(law) for law in cards]}
        return remember(templates.TemplateResponse(request, "cards.html", context), state)

    # The API.

    @app.post("/api/ask", response_model=AskOut, responses=_errors(400, 404, 409, 422, 429), tags=["ask"])
    def api_ask(body: AskIn, request: Request) -> AskOut:
        """Answer one question from the state's sources; `thread` continues an earlier one (logged under it)."""
        refused = too_many(request)
        if refused is not None:
            raise refused
        try:
            code = state_code(body.state)
        except UnknownState as error:
            raise ApiError(400, "unknown_state", str(error)) from None
        shown, thread = service.ask(code, body.question, body.thread or None, body.choices)
        return AskOut(
            state=shown.state,
            scope=shown.scope,
            answer=shown.answer,
            silent_line=None if shown.answer else silent_line(shown.state, shown.language),
            language=shown.language,
            sources=[SourceOut(**source_dict(law, shown.language)) for law in shown.sources],
            thread=thread,
            failed=shown.failed,
        )

    @app.get("/api/states", response_model=list[StateOut], tags=["laws"])
    def api_states() -> list[StateOut]:
        """Every state and DC, with how many laws are built for each."""
        built = service.built()
        return [StateOut(code=code, name=name, laws=built.get(code, 0)) for code, name in STATES.items()]

    @app.get("/api/states/{code}/cards", response_model=list[CardOut], responses=_errors(404, 409, 422), tags=["laws"])
    def api_cards(code: str) -> list[CardOut]:
        """The state's study cards: a learner's question, the rule, and its source."""
        _, cards = service.cards(code)
        return [CardOut(**card_dict(law)) for law in cards]

    @app.get("/api/laws/{ident}", response_model=LawOut, responses=_errors(404, 422), tags=["laws"])
    def api_law(ident: str) -> LawOut:
        """One law by id, with its source's words and official page."""
        return LawOut(**law_dict(service.law(ident)))

    @app.get("/healthz", response_model=HealthOut, tags=["health"])
    async def healthz() -> HealthOut:
        return HealthOut(status="ok")

    return app


def sentence(message: str) -> str:
    """A one-line message as a sentence on the page: "the question is empty" → "The question is empty."."""
    message = message.strip()
    if not message:
        return ""
    return message[0].upper() + message[1:] + ("" if message.endswith((".", "?", "!")) else ".")


def _shown_sources(turn: dict[str, object]) -> list[object]:
    shown = turn.get("shown")
    sources = shown.get("sources", []) if isinstance(shown, dict) else []
    return list(sources) if isinstance(sources, list) else []
