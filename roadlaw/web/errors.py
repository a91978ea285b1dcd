"""Every error in one shape: JSON {"error": {"code", "message"}}, or a page for a browser off the API.

ERRORS              each kind of trouble's status and code
ApiError            an error a route raises with its own status and code (a 429 with Retry-After)
respond             any error as a response in the one shape (the body limits' 408 and 413 too)
add_error_handlers  the app's handlers: roadlaw errors, ApiError, bad requests, 404/405, crashes
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from roadlaw.errors import (
    BadQuestion,
    BadQuestionFile,
    Busy,
    NoLaws,
    RoadlawError,
    Stale,
    StoreError,
    UnknownLaw,
    UnknownState,
    UnknownThread,
    UnreadableText,
)
from roadlaw.web.deps import service_of, templates_of
from roadlaw.web.frame import Frame
from roadlaw.web.limits import RateLimit, retry_after
from roadlaw.web.schemas import ErrorOut

log = logging.getLogger("roadlaw.web")

# What each kind of trouble answers with: the status and the code in {"error": {"code", "message"}}.
ERRORS: dict[type[RoadlawError], tuple[int, str]] = {
    UnknownState: (404, "unknown_state"),
    # Not text at all (a lone surrogate): a malformed request, before it is a question.
    UnreadableText: (400, "bad_question"),
    BadQuestion: (422, "bad_question"),
    NoLaws: (409, "no_laws"),
    Stale: (409, "stale"),
    UnknownThread: (404, "unknown_thread"),
    UnknownLaw: (404, "unknown_law"),
    StoreError: (503, "store_unavailable"),
    BadQuestionFile: (400, "bad_request"),
    Busy: (503, "busy"),
}

TITLES = {
    400: "That request can't be answered",
    404: "Not found",
    408: "That took too long to arrive",
    409: "Not ready yet",
    413: "That's too much to send",
    422: "Check your question",
    429: "Too many questions at once",
    503: "Not available right now",
}


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


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """A route's error answers as the OpenAPI schema lists them, each in the one error shape."""
    return {status: {"model": ErrorOut, "description": TITLES.get(status, "error")} for status in statuses}


def too_many(limit: RateLimit, request: Request) -> ApiError | None:
    """A 429 for an address past its questions a minute, else None (and the question counted)."""
    address = limit.address_of(
        request.client.host if request.client else None, request.headers.getlist("x-forwarded-for")
    )
    wait = limit.wait(address)
    if not wait:
        return None
    message = f"too many questions from this address ({limit.per_minute} a minute); ask again in {retry_after(wait)} s"
    return ApiError(429, "rate_limited", message, {"Retry-After": retry_after(wait)})


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


def _error_response(request: Request, status: int, code: str, message: str) -> Response:
    if _wants_html(request):
        try:
            frame = Frame(request, service_of(request), templates_of(request)).chrome()
        except Exception:  # the table itself may be what failed
            frame = {"options": [], "chosen": "", "nothing_built": False}
        context = {"status": status, "title": TITLES.get(status, "Something went wrong"), "message": message}
        return templates_of(request).TemplateResponse(request, "error.html", {**context, **frame}, status_code=status)
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def respond(request: Request, status: int, code: str, message: str) -> Response:
    """The error as JSON, or as a page for a browser off the API."""
    # A page reads the states from the table: not on the event loop.
    return await run_in_threadpool(_error_response, request, status, code, message)


async def _on_roadlaw_error(request: Request, error: RoadlawError) -> Response:
    status, code = status_of(error)
    response = await respond(request, status, code, str(error))
    if isinstance(error, Busy):
        response.headers["Retry-After"] = str(error.retry_after)
    return response


async def _on_api_error(request: Request, error: ApiError) -> Response:
    response = await respond(request, error.status, error.code, error.message)
    for name, value in error.headers.items():
        response.headers[name] = value
    return response


async def _on_invalid(request: Request, error: RequestValidationError) -> Response:
    status, code, message = _validation_message(error)
    return await respond(request, status, code, message)


async def _on_http(request: Request, error: StarletteHTTPException) -> Response:
    codes = {404: "not_found", 405: "method_not_allowed"}
    message = {404: f"nothing at {request.url.path}", 405: f"{request.method} is not allowed here"}.get(
        error.status_code, str(error.detail)
    )
    response = await respond(request, error.status_code, codes.get(error.status_code, "http_error"), message)
    for name, value in (error.headers or {}).items():
        response.headers[name] = value
    return response


async def _on_crash(request: Request, error: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.url.path)
    return await respond(request, 500, "internal", "something went wrong on the server; it has been logged")


def add_error_handlers(app: FastAPI) -> None:
    app.exception_handler(RoadlawError)(_on_roadlaw_error)
    app.exception_handler(ApiError)(_on_api_error)
    app.exception_handler(RequestValidationError)(_on_invalid)
    app.exception_handler(StarletteHTTPException)(_on_http)
    app.exception_handler(Exception)(_on_crash)
