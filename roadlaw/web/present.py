"""What the page and the API say about a law and an answer, in the learner's language.

One place for the words around an answer (labels by kind, headings, the link to
the official page), so the server-rendered page, the script and the API agree;
and for where, in its source's quote, the answer's sentence stands (marked_span)
and how much of a long quote is shown before it is opened (excerpt_span).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from roadlaw.answering.figures import in_digits
from roadlaw.corpus import Law
from roadlaw.pipeline import Shown, silent_line
from roadlaw.retrieval.words import language_of, tokens
from roadlaw.sources.agencies import official_link

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
        "agency_site": "Find the manual at {host}",
        "asking": "Looking it up…",
        "failed": "Something went wrong. Try again.",
        "empty": "Type a question first.",
        "follow_up": "Ask a follow-up",
        "question": "Your question",
        "hint": "For example: How far from a fire hydrant can I park?",
        "hint_follow_up": "It continues this conversation. For example: What about at night?",
        "new_thread": "Your next question starts a new conversation.",
        "whole_passage": "Show the whole passage",
        "less_passage": "Show less",
        "unsaved": "This answer was not saved, so a follow-up will not remember it.",
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
        "agency_site": "Busca el manual en {host}",
        "asking": "Buscando…",
        "failed": "Algo salió mal. Inténtalo de nuevo.",
        "empty": "Escribe una pregunta primero.",
        "follow_up": "Haz otra pregunta",
        "question": "Tu pregunta",
        "hint": "Por ejemplo: ¿Qué tan cerca de un hidrante puedo estacionar?",
        "hint_follow_up": "Sigue esta conversación. Por ejemplo: ¿Y de noche?",
        "new_thread": "Tu próxima pregunta empieza una conversación nueva.",
        "whole_passage": "Ver el pasaje completo",
        "less_passage": "Ver menos",
        "unsaved": "Esta respuesta no se guardó, así que la próxima pregunta no la recordará.",
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


def link_words(state: str, url: str, language: str = "english", page: int | None = None) -> tuple[str, str]:
    """A source's link and its words ("Read it at mgaleg.maryland.gov"); ("", "") when it has no page to link.

    A manual with no official address links its agency's site, said as that; a file on a
    storage host is said with its agency's name (roadlaw.sources.agencies). A `page` of
    the official page goes on its address (#page=N) unless the address already says where.
    """
    link = official_link(state, url)
    if not link.url:
        return "", ""
    words = words_for(language)
    if link.goes_to == "agency":
        return link.url, words["agency_site"].format(host=link.site)
    where = f"#page={page}" if page is not None and "#" not in link.url else ""
    return link.url + where, words["official"].format(host=link.site)


# A quote's sentence is the answer's when this share of its words is in the answer:
# the offline answer holds all of them (figures in digits, perhaps a lead-in before),
# a model's paraphrase most; a sentence that merely shares the topic holds far fewer.
MARK_SHARE = 0.6
# ... and at least this many of them, so "Do not park:" is not marked for every parking answer.
MARK_WORDS = 3
# A sentence beside the marked one joins the mark when the answer holds this much of it
# (the offline answer's second sentence is all there) and it adds words the mark lacks.
EXTEND_SHARE = 0.9

# A quote longer than this (about seven lines on a phone) is folded to its marked sentence.
FOLD_OVER = 300
# Where nothing is marked, a folded quote shows about this many characters from its start.
UNMARKED_EXCERPT = 200
# A fold that would hide less than this costs the learner a tap for a line or two: shown whole.
FOLD_HIDES_AT_LEAST = 100

# A sentence ends at . ! or ? (and any closing quote or bracket) before a space and a capital
# or a figure; a list item starts at its bullet.
_SENTENCE_END = re.compile(r"[.!?][\"')\]”’]*(?=\s+[\"'(“‘]?[A-Z0-9•◆▪●-])")
_BULLET = re.compile(r"[•◆▪●]")
_EDGE = " \t\n\r•◆▪●"


@dataclass(frozen=True)
class Span:
    """Character offsets into a quote: quote[start:end]."""

    start: int
    end: int

    def as_dict(self) -> dict[str, int]:
        return {"start": self.start, "end": self.end}


def sentence_spans(text: str) -> list[Span]:
    """Where each sentence of `text` stands; each list item is one, without its bullet."""
    cuts = {0, len(text)}
    cuts.update(match.end() for match in _SENTENCE_END.finditer(text))
    for bullet in _BULLET.finditer(text):
        cuts.update((bullet.start(), bullet.end()))
    ordered = sorted(cuts)
    spans: list[Span] = []
    for start, end in pairwise(ordered):
        while start < end and text[start] in _EDGE:
            start += 1
        while end > start and text[end - 1] in _EDGE:
            end -= 1
        if re.search(r"\w", text[start:end]):
            spans.append(Span(start, end))
    return spans


def _words(text: str) -> set[str]:
    # Figures in digits on both sides, so "fifteen (15) feet" in a law is "15 feet" in its answer.
    return set(tokens(in_digits(text)))


def marked_span(answer: str, quote: str) -> Span | None:
    """Where in `quote` the sentence(s) `answer` came from, or None when no sentence clearly is.

    A sentence counts when MARK_SHARE of its words (at least MARK_WORDS) are in the
    answer, so words before the law's own ("15 feet. ", "La ley lo dice así (en
    inglés): ", a list's lead-in) change nothing. The best sentence is marked, with
    the sentences beside it that the answer holds too (EXTEND_SHARE) and that say
    something of it the mark does not yet: an answer of two sentences.
    """
    said = _words(answer)
    if not said or not quote:
        return None
    spans = sentence_spans(quote)
    words = [_words(quote[span.start : span.end]) for span in spans]
    shares = [len(each & said) / len(each) if each else 0.0 for each in words]
    counted = [at for at, each in enumerate(words) if len(each & said) >= MARK_WORDS and shares[at] >= MARK_SHARE]
    if not counted:
        return None
    # A list's lead-in ("Do not park:") introduces the answer; the item after it is the answer.
    leads = [quote[spans[at].start : spans[at].end].endswith(":") for at in range(len(spans))]
    best = max(counted, key=lambda at: (not leads[at], shares[at], len(words[at] & said), -at))
    first = last = best
    covered = set(words[best])

    def extends(at: int) -> bool:
        return 0 <= at < len(spans) and shares[at] >= EXTEND_SHARE and bool((words[at] & said) - covered)

    while extends(first - 1) or extends(last + 1):
        first, last = (first - 1, last) if extends(first - 1) else (first, last + 1)
        covered |= words[first] | words[last]
    return Span(spans[first].start, spans[last].end)


def excerpt_span(quote: str, mark: Span | None) -> Span | None:
    """What of a long quote is shown before the learner opens it: its marked sentence, else its start.

    None when the quote is short enough to show whole.
    """
    if len(quote) <= FOLD_OVER:
        return None
    if mark is not None:
        shown = mark
    else:
        end = quote.rfind(" ", 0, UNMARKED_EXCERPT + 1)
        end = end if end > 0 else UNMARKED_EXCERPT
        while end > 0 and quote[end - 1] in " ,;:":
            end -= 1
        shown = Span(0, end)
    if len(quote) - (shown.end - shown.start) < FOLD_HIDES_AT_LEAST:
        return None
    return shown


def quote_pieces(source: Mapping[str, Any], part: str = "whole") -> list[tuple[str, bool]]:
    """A source's quote (`part` "whole" or "excerpt") as pieces of text, each marked or not.

    app.js cuts the quote the same way (quoted()) for answers it fetches.
    """
    quote: str = source["quote"]
    shown = source.get("excerpt") if part == "excerpt" else None
    start, end = (shown["start"], shown["end"]) if shown else (0, len(quote))
    mark = source.get("mark")
    if not mark or mark["end"] <= start or mark["start"] >= end:
        return [(quote[start:end], False)]
    inside = max(start, mark["start"]), min(end, mark["end"])
    pieces = [(quote[start : inside[0]], False), (quote[inside[0] : inside[1]], True), (quote[inside[1] : end], False)]
    return [(text, marked) for text, marked in pieces if text]


def source_dict(law: Law, language: str = "english", answer: str = "") -> dict[str, Any]:
    """A source as the API and the page give it: what it is, its reference, its words, its page.

    With the `answer` shown from it, the answer's sentence is marked in its words.
    """
    quote = law.text
    mark = marked_span(answer, quote) if answer else None
    excerpt = excerpt_span(quote, mark)
    url, link = link_words(law.state, law.url, language, law.page)
    return {
        "id": law.id,
        "kind": law.kind,
        "label": kind_label(law, language),
        "reference": law.reference,
        "quote": quote,
        "mark": mark.as_dict() if mark else None,
        "excerpt": excerpt.as_dict() if excerpt else None,
        "url": url,
        "link": link,
        "page": law.page,
    }


def sources_of(answer: str, laws: Sequence[Law], language: str = "english") -> list[dict[str, Any]]:
    """An answer's sources, the answer's sentence marked in the first's words (the one it is drawn from)."""
    return [source_dict(law, language, answer if at == 0 else "") for at, law in enumerate(laws)]


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
    # What happened to a failed answer, shown above the offline one standing in ("" when none failed).
    note: str = ""
    # The turn could not be saved (the database out of reach): said under it.
    unsaved: bool = False

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
        silent=shown.note or silent_line(shown.state, shown.language),
        language=shown.language,
        sources=sources_of(shown.answer, shown.sources, shown.language),
        choices=list(shown.choices),
        note=shown.note or "",
        unsaved=bool(shown.unlogged),
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
    answer = str(shown.get("answer") or "")
    note = str(shown.get("note") or "")
    return TurnView(
        question=question,
        answer=answer,
        silent=note or silent_line(state, language),
        note=note,
        language=language,
        sources=sources_of(answer, [law for law in laws if law is not None], language),
        choices=[str(choice) for choice in shown.get("choices") or []],
    )
