"""The pages: asking (the form answered server-side, for a browser with scripts off) and the study cards.

app.js makes the page ask /api/ask in place instead; the address it keeps after an
answer (/?thread=ID) draws that thread here.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from roadlaw.errors import BadQuestion, Busy, NoLaws, Stale, StoreError, UnknownState
from roadlaw.states import STATES, state_code
from roadlaw.web.deps import LimitDep, ServiceDep
from roadlaw.web.errors import status_of, too_many
from roadlaw.web.frame import Frame, FrameDep, remember
from roadlaw.web.present import TurnView, card_dict, turn_from_log, turn_from_shown
from roadlaw.web.service import Service, asked_state

router = APIRouter()


def page(
    frame: Frame,
    *,
    state: str,
    turns: list[TurnView] | None = None,
    thread: str = "",
    question: str = "",
    choices: str = "",
    error: str = "",
    state_error: str = "",
    status: int = 200,
) -> Response:
    """The asking page; `error` is said under the question, `state_error` under the state."""
    context = {
        **frame.chrome(state),
        "turns": turns or [],
        "thread": thread,
        "question": question,
        "choices": choices,
        "error": error,
        "state_error": state_error,
    }
    return frame.render("index.html", context, status)


def earlier_turns(service: Service, thread: str, code: str) -> list[TurnView] | None:
    """The turns of `thread` as the learner saw them, or None when it is not `code`'s thread.

    With the database out of reach, none are shown and the thread is kept (Service.ask
    answers its question alone, unlogged).
    """
    if not thread:
        return None
    try:
        if service.thread_owner(thread) != code:
            return None
        logged = service.turns(thread)
    except StoreError:
        return []
    laws = service.laws([str(ident) for turn in logged for ident in _shown_sources(turn)])
    return [turn_from_log(code, turn, laws.get) for turn in logged]


def _shown_sources(turn: dict[str, object]) -> list[object]:
    """The ids a logged turn shows: its sources, and the laws that may help when it said nothing."""
    shown = turn.get("shown")
    if not isinstance(shown, dict):
        return []
    found: list[object] = []
    for key in ("sources", "may_help"):
        ids = shown.get(key, [])
        found.extend(ids if isinstance(ids, list) else [])
    return found


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def home(frame: FrameDep, service: ServiceDep, state: str | None = None, thread: str | None = None) -> Response:
    """The page; with `thread` (the address the page keeps after an answer), that thread so far."""
    if thread:
        try:
            owner = service.thread_owner(thread)
        except StoreError:
            owner = None  # the database is out of reach: the page, without the thread
        turns = earlier_turns(service, thread, owner) if owner else None
        if owner and turns is not None:
            return page(frame, state=owner, turns=turns, thread=thread)
    return page(frame, state=frame.chosen_state(state))


@router.post("/ask", response_class=HTMLResponse, include_in_schema=False)
def ask_form(
    request: Request,
    frame: FrameDep,
    service: ServiceDep,
    limit: LimitDep,
    state: Annotated[str, Form()] = "",
    question: Annotated[str, Form()] = "",
    thread: Annotated[str, Form()] = "",
    choices: Annotated[str, Form()] = "",
) -> Response:
    """The form, for a browser with scripts off: the answer rendered here, the thread in a hidden field."""
    refused = too_many(limit, request)
    if refused is not None:
        response = page(
            frame,
            state=frame.chosen_state(state),
            question=question,
            choices=choices,
            thread=thread,
            error=refused.message,
            status=429,
        )
        response.headers.update(refused.headers)
        return response
    try:
        code = asked_state(state)
    except UnknownState as error:
        # Asked again, not answered for a state the learner did not choose.
        return page(frame, state="", question=question, choices=choices, state_error=str(error), status=400)
    found = earlier_turns(service, thread, code)
    earlier: list[TurnView] = found or []
    if found is None:
        thread = ""  # another state's thread, or one this server never issued: start afresh
    try:
        # The choices box holds one choice a line; blank lines are nothing.
        listed = [line for line in choices.splitlines() if line.strip()]
        shown, thread_id = service.ask(code, question, thread or None, listed or None)
    except (BadQuestion, NoLaws, Stale, Busy) as error:
        status, _ = status_of(error)
        response = page(frame, state=code, turns=earlier, thread=thread, question=question, choices=choices,
                        error=str(error), status=status)  # fmt: skip
        if isinstance(error, Busy):
            response.headers["Retry-After"] = str(error.retry_after)
        return response
    response = page(frame, state=code, turns=[*earlier, turn_from_shown(shown)], thread=thread_id)
    return remember(response, code)


@router.get("/cards", response_class=HTMLResponse, include_in_schema=False)
def cards_for(frame: FrameDep, state: str | None = None) -> Response:
    """The chosen state's cards; with none chosen or remembered, a page asking which state's."""
    code = state_code(state) if state and state.strip() else frame.chosen_state()
    if not code:
        return frame.render("cards.html", {**frame.chrome(""), "name": "", "cards": []})
    return RedirectResponse(f"/states/{code}/cards", status_code=303)


@router.get("/states/{code}/cards", response_class=HTMLResponse, include_in_schema=False)
def cards_page(frame: FrameDep, service: ServiceDep, code: str) -> Response:
    state, cards = service.cards(code)
    context = {**frame.chrome(state), "name": STATES[state], "cards": [card_dict(law) for law in cards]}
    return remember(frame.render("cards.html", context), state)
