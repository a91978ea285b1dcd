"""The frame every page is drawn in: the templates, the states to choose from, the chosen one.

The pages (roadlaw.web.pages) and the error pages (roadlaw.web.errors) both draw
inside it, so a page for a 404 still offers the states built.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from roadlaw.pipeline import MAX_QUESTION
from roadlaw.states import NO_SOURCES_YET, STATES, WITH_SOURCES
from roadlaw.web.deps import ServiceDep, TemplatesDep
from roadlaw.web.present import WORDS, quote_pieces
from roadlaw.web.service import Service

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

STATE_COOKIE = "roadlaw_state"
YEAR = 365 * 24 * 3600


def sentence(message: str) -> str:
    """A one-line message as a sentence on the page: "the question is empty" → "The question is empty."."""
    message = message.strip()
    if not message:
        return ""
    return message[0].upper() + message[1:] + ("" if message.endswith((".", "?", "!")) else ".")


def _static_digests() -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()[:10] for path in STATIC.iterdir() if path.is_file()
    }


def make_templates() -> Jinja2Templates:
    """The pages' templates; a static file's link carries its hash, so a changed file is fetched anew."""
    versions = _static_digests()
    templates = Jinja2Templates(directory=str(TEMPLATES))
    templates.env.globals["static"] = lambda name: f"/static/{name}?v={versions.get(name, '0')}"
    templates.env.globals["WORDS"] = WORDS
    templates.env.globals["quote_pieces"] = quote_pieces
    templates.env.globals["MAX_QUESTION"] = MAX_QUESTION
    templates.env.filters["sentence"] = sentence
    return templates


def remember(response: Response, state: str) -> Response:
    response.set_cookie(STATE_COOKIE, state, max_age=YEAR, samesite="lax", path="/")
    return response


class Frame:
    """One request's frame: its states to choose from, the one chosen, and the templates to draw with."""

    def __init__(self, request: Request, service: Service, templates: Jinja2Templates) -> None:
        self.request = request
        self.service = service
        self.templates = templates

    def built_states(self) -> list[tuple[str, str]]:
        """The states to choose from: those built (every state with sources when none is, so asking says how to build)."""
        built = self.service.built()
        codes = [code for code in STATES if code in built] or WITH_SOURCES
        return sorted(((code, STATES[code]) for code in codes), key=lambda pair: pair[1])

    def picker(self) -> list[tuple[str, str, bool]]:
        """The state picker's options, by name: the states to choose from, and those with no sources, said so."""
        unsourced = [(code, STATES[code], False) for code in sorted(NO_SOURCES_YET)]
        return sorted([*((code, name, True) for code, name in self.built_states()), *unsourced], key=lambda o: o[1])

    def chosen_state(self, explicit: str | None = None) -> str:
        """The state asked for, else the one remembered in the cookie, else "": the page asks.

        Never a state of the server's choosing: a learner shown another state's
        law by default may not notice it is not theirs.
        """
        options = [code for code, _ in self.built_states()]
        for candidate in (explicit, self.request.cookies.get(STATE_COOKIE)):
            if candidate and candidate.strip().upper() in options:
                return candidate.strip().upper()
        return ""

    def chrome(self, state: str | None = None) -> dict[str, Any]:
        """What every page's frame needs: the states to choose from, the chosen one ("" asks), whether any is built."""
        return {
            "options": self.built_states(),
            "picker": self.picker(),
            "chosen": state or self.chosen_state(),
            "nothing_built": not self.service.built(),
        }

    def render(self, template: str, context: dict[str, Any], status: int = 200) -> Response:
        return self.templates.TemplateResponse(self.request, template, context, status_code=status)


async def _frame(request: Request, service: ServiceDep, templates: TemplatesDep) -> Frame:
    return Frame(request, service, templates)


FrameDep = Annotated[Frame, Depends(_frame)]
