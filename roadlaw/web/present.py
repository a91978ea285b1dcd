"""What the page and the API say about a law and an answer, in the learner's language.

One place for the words around an answer (labels by kind, headings, the link to
the official page), so the server-rendered page, the script and the API agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from roadlaw.corpus import Law
from roadlaw.pipeline import Shown, silent_line
from roadlaw.retrieval.words import language_of

# The words around an answer, by Shown.language ("none" reads as English).
WORDS: dict[str, dict[str, str]] = {
    "english": {
        "manual": "Driver's manual",
        "manual_page": "Driver's manual, page {page}",
        "statute": "State law",
        "process": "Agency page",
        "penalty": "Fine schedule",
        "sources": "Sources",
        "you_asked": "You asked",
        "answer": "Answer",
        "official": "Read it at {host}",
        "asking": "Looking it up…",
        "failed": "Something went wrong. Try again.",
        "empty": "Type a question first.",
        "follow_up": "Ask a follow-up",
        "question": "Your question",
        "hint": "For example: How far from a fire hydrant can I park?",
        "hint_follow_up": "It continues this conversation. For example: What about at night?",
        "new_thread": "Your next question starts a new conversation.",
    },
    "spanish": {
        "manual": "Manual del conductor",
        "manual_page": "Manual del conductor, página {page}",
        "statute": "Ley estatal",
        "process": "Página de la agencia",
        "penalty": "Tabla de multas",
        "sources": "Fuentes",
        "you_asked": "Preguntaste",
        "answer": "Respuesta",
        "official": "Léelo en {host}",
        "asking": "Buscando…",
        "failed": "Algo salió mal. Inténtalo de nuevo.",
        "empty": "Escribe una pregunta primero.",
        "follow_up": "Haz otra pregunta",
        "question": "Tu pregunta",
        "hint": "Por ejemplo: ¿Qué tan cerca de un hidrante puedo estacionar?",
        "hint_follow_up": "Sigue esta conversación. Por ejemplo: ¿Y de noche?",
        "new_thread": "Tu próxima pregunta empieza una conversación nueva.",
    },
}


def words_for(language: str) -> dict[str, str]:
    return WORDS.get(language, WORDS["english"])


def html_lang(language: str) -> str:
    return "es" if language == "spanish" else "en"


def kind_label(law: Law, language: str = "english") -> str:
    """What a source is, in the learner's words: "Driver's manual, page 14", "State law", ..."""
    words = words_for(language)
    if law.kind == "manual":
        return words["manual_page"].format(page=law.page) if law.page is not None else words["manual"]
    return words.get(law.kind, law.kind)


def host_of(url: str) -> str:
    """The site a link goes to, for its text: "mgaleg.maryland.gov"."""
    host = urlsplit(url).hostname or ""
    return host.removeprefix("www.") or url


def source_dict(law: Law, language: str = "english") -> dict[str, Any]:
    """A source as the API and the page give it: what it is, its reference, its words, its page."""
    return {
        "id": law.id,
        "kind": law.kind,
        "label": kind_label(law, language),
        "reference": law.reference,
        "quote": law.text,
        "url": law.url,
        "host": host_of(law.url),
        "page": law.page,
    }


def card_dict(law: Law) -> dict[str, Any]:
    """A study card: the learner's question first, then the rule and its source."""
    return {**source_dict(law), "question": law.question, "law": law.law}


def law_dict(law: Law) -> dict[str, Any]:
    return {
        **source_dict(law),
        "state": law.state,
        "law": law.law,
        "question": law.question,
        "citation": law.citation,
        "origin": law.origin,
    }


@dataclass
class TurnView:
    """One question and what was shown for it, ready for the template."""

    question: str
    answer: str
    silent: str
    language: str
    sources: list[dict[str, Any]] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)

    @property
    def words(self) -> dict[str, str]:
        return words_for(self.language)

    @property
    def lang(self) -> str:
        return html_lang(self.language)


def turn_from_shown(shown: Shown) -> TurnView:
    return TurnView(
        question=shown.question,
        answer=shown.answer,
        silent=silent_line(shown.state, shown.language),
        language=shown.language,
        sources=[source_dict(law, shown.language) for law in shown.sources],
        choices=list(shown.choices),
    )


def turn_from_log(state: str, turn: dict[str, object], law_of: Any) -> TurnView:
    """An earlier turn of a thread as the log kept it (`law_of`: an id to its Law, or None)."""
    question = str(turn["question"])
    shown = turn.get("shown")
    shown = shown if isinstance(shown, dict) else {}
    language = shown.get("language")
    if not isinstance(language, str):  # a turn logged before its language was
        language = language_of(question)
    laws = [law_of(ident) for ident in shown.get("sources", [])]
    return TurnView(
        question=question,
        answer=str(shown.get("answer") or ""),
        silent=silent_line(state, language),
        language=language,
        sources=[source_dict(law, language) for law in laws if law is not None],
        choices=[str(choice) for choice in shown.get("choices") or []],
    )
