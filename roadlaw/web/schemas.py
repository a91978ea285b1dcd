"""The JSON API's shapes: what /api/ask takes, what every route returns, and the one error shape.

They are the OpenAPI schema (/openapi.json), so their names and field descriptions are what a
client reads.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from roadlaw.pipeline import MAX_CHOICES, MAX_QUESTION


class AskIn(BaseModel):
    state: str = Field(description="two-letter state code (or the state's name)", examples=["MD"])
    question: str = Field(
        description=f"the learner's question, 1 to {MAX_QUESTION} characters",
        examples=["How far from a fire hydrant can I park?"],
    )
    thread: str | None = Field(
        default=None,
        description="the id a previous answer returned, to ask a follow-up; leave out to start one."
        " Only ids this server minted are taken: any other is 404 unknown_thread",
    )
    choices: list[str] | None = Field(
        default=None,
        description=f"a practice question's answer choices, at most {MAX_CHOICES}; the answer then quotes the law"
        " that decides between them",
        examples=[["10 feet", "15 feet", "20 feet", "30 feet"]],
    )


class SpanOut(BaseModel):
    start: int = Field(description="the first character's offset in quote (in characters, not bytes)")
    end: int = Field(description="the offset just past the last character: quote[start:end]")


class SourceOut(BaseModel):
    id: str
    kind: str = Field(description="manual, statute, process or penalty")
    label: str = Field(description="what it is, in the question's language: \"Driver's manual, page 14\"")
    reference: str = Field(description="the page or section")
    quote: str = Field(description="the source's own words")
    mark: SpanOut | None = Field(
        default=None,
        description="where in quote the sentence the answer came from stands; null when none clearly matches"
        " (and for every source but the first, which the answer is drawn from)",
    )
    excerpt: SpanOut | None = Field(
        default=None,
        description="for a long quote, the part shown until the learner opens the whole passage: the marked"
        " sentence, else the quote's start; null when the quote is shown whole",
    )
    url: str = Field(
        description="the official page; for a manual with no official address, the agency's site it names;"
        " empty when there is neither"
    )
    link: str = Field(
        description="the link's words, in the question's language: \"Read it at mgaleg.maryland.gov\", the agency"
        ' named where the address does not ("Find the manual at ..." for its site); empty with url'
    )
    page: int | None = None


class AskOut(BaseModel):
    state: str
    scope: str | None = Field(description='"road-law", "other", or null when nothing could be said')
    answer: str = Field(description="the answer in plain words; empty when the sources do not say")
    silent_line: str | None = Field(description="the app's own words for when the answer is empty")
    language: str = Field(description="english, spanish or none")
    sources: list[SourceOut]
    thread: str = Field(description="send it back with the next question to continue")
    failed: str | None = Field(
        description="why the answerer's answer is not shown (unreachable, unparsed, refused, checked); null when it is"
    )
    fallback: bool = Field(
        default=False, description="the answer is the offline one from the same laws, standing in for a failed one"
    )
    note: str | None = Field(
        default=None, description="what happened, in the question's language, when `failed` is set; show it first"
    )
    may_help: list[SourceOut] = Field(
        default_factory=list, description="with an empty answer: laws near what was asked, though none of them says it"
    )
    logged: bool = Field(
        default=True,
        description="false when the turn could not be saved (the database out of reach): a follow-up will not"
        " remember it",
    )


class StateOut(BaseModel):
    code: str
    name: str
    laws: int = Field(description="laws built for the state; 0 when not built")
    sources: bool = Field(description="false where no source is in the mirror yet (DC): there is nothing to build")


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
    status: Literal["ok", "degraded"] = Field(
        description='"degraded" while the database is out of reach: questions are answered from memory and not'
        " logged (still HTTP 200, so a load balancer keeps every replica answering)"
    )
    store: str | None = Field(default=None, description="why the service is degraded; absent when it is not")


class TopicOut(BaseModel):
    id: str = Field(examples=["park-hydrant"])
    title: str
    question: str = Field(description="the topic's question in English")
    question_es: str = Field(description="the topic's question in Spanish")
    states: str = Field(
        description='what a card on the topic states: "figure" (a number with its unit), "yes-no" (with its'
        ' condition) or "steps"'
    )
    unit: str = Field(description='the figure\'s unit ("feet"); empty unless states is "figure"')
    states_with_cards: int = Field(description="how many of the 50 states have a card on the topic")


class TopicCardOut(BaseModel):
    id: str
    rule: str = Field(description="the rule in plain words")
    question: str
    citation: str = Field(description='the reference and the quoted words: reference — "quote"')
    reference: str = Field(description="the page or section")
    quote: str = Field(description="the source's own words")
    page: int | None = Field(description="the manual's page, for a manual card")
    url: str = Field(description="the official page (with #page=N for a manual's page); empty when there is none")
    link: str = Field(description='the link\'s words: "Read it at dps.texas.gov"; empty with url')


class TopicCellOut(BaseModel):
    state: str
    name: str
    said: Literal["card", "sources do not say", "no card yet"] = Field(
        description='"card": the state\'s cards answer it; "sources do not say": its sources were searched and'
        ' do not (see searched); "no card yet": not written yet'
    )
    figure: str | None = Field(description="the first card's figures in its rule's order, e.g. \"15\"; null if none")
    searched: str | None = Field(description="how the state's sources were searched, where they do not say")
    cards: list[TopicCardOut]


class TopicComparedOut(TopicOut):
    cells: list[TopicCellOut] = Field(description="one cell per state (all 50; DC has no sources), by state name")
