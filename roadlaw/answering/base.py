"""What every answerer takes and returns: one seam for the offline answer and the models alike.

    Asked ──► Answerer.answer ──► Reply | Failed

`Asked` is the retrieval result as an answerer reads it (the laws in order with
their word and meaning evidence, the question's language, its choices, the
thread). How an answerer weighs that, and how long it may take, is its own
business: the pipeline calls `answer` inside `within_deadline()` and knows no
answerer by name.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Literal, Protocol

from roadlaw.corpus import Law

SCOPES = ("road-law", "other")
Scope = Literal["road-law", "other"]

# Why nothing came back from the answerer. Written to the log, so that a run of
# unreachable reads as a service problem and a run of refused as the model's own.
FailureName = Literal["unreachable", "unparsed", "refused"]

# A state's word weights: how telling each word is in that state's own laws.
Weights = Callable[[list[str]], list[float]]


@dataclass(frozen=True)
class Bound:
    """How long an answer may be."""

    characters: int
    sentences: int


# What a model's answer may be. The register rule asks for at most two short sentences
# (about 250 characters); this allows twice the sentences and some three times the
# characters. On the dev set, a fake model answering with the first law's first two
# sentences is withheld 3.6% of the time at 600 characters, 1.8% at 700, 0.7% at 800
# (the longest is 928): benchmarks/bench_check.py. It is the check's bound and not the
# schema's maxLength: Anthropic's structured outputs refuse string-length bounds.
MODEL_BOUND = Bound(characters=800, sentences=4)
# The offline answer is a law's own one or two sentences (a list item with its lead-in):
# the longest on the dev and learner sets was 1,192 characters and 2 sentences as this
# module counts them, and a passage is at most 2,077 characters, so this never withholds one.
OWN_WORDS_BOUND = Bound(characters=2500, sentences=16)


@dataclass(frozen=True)
class Reply:
    """An answer in the fixed shape, before the check decides whether it is shown."""

    scope: Scope
    answer: str
    sources: list[str] = field(default_factory=list)
    # With an empty answer to a road question: the ids of the laws nearest what was
    # asked, that may help though none of them states it.
    may_help: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Failed:
    """No reply, and why."""

    why: FailureName
    # What happened, for the log ("API key refused (401)", "expired"). Left out of
    # equality: two failures with the same name are the same failure to the pipeline.
    detail: str = field(default="", compare=False)


@dataclass(frozen=True)
class Turn:
    """One earlier turn as the learner saw it: what was shown, not what was first written."""

    question: str
    answer: str
    sources: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Asked:
    """One question as every answerer reads it: what was retrieved for it, and what came with it."""

    state: str
    # As the learner typed it (checked, with the state's own name left in).
    question: str
    # Retrieved, best first.
    laws: list[Law]
    history: list[Turn] = field(default_factory=list)
    language: str = "english"
    # A practice question's answer choices; () for a question asked alone.
    choices: tuple[str, ...] = ()
    # The meaning half's cosines by id; None when no meaning stage ran.
    near: dict[str, float] | None = None
    # Ids a Spanish question's glossary reading found too (a second reading agreeing).
    agreed: frozenset[str] = frozenset()
    # An English question's reading in the manuals' words, its cosines by id (retrieval.glossary); {} for none.
    read_near: dict[str, float] = field(default_factory=dict)
    # The state's word weights, from its word index; None: every word counts alike.
    weights: Weights | None = None
    # The question as an answerer that does not read the thread should read it: a follow-up that
    # leans on the thread, read whole with the question before it; else the question as searched
    # (misspellings put right); "" to read `question` as it is.
    reading: str = ""
    # Each card's id to the manual passage behind it (retrieval.backing): a card's second source.
    behind: dict[str, str] = field(default_factory=dict)
    # The laws in the order the offline answer weighs them, where it is not `laws`' order: a
    # card ahead of the passage it quotes, which `laws` lists first (backing.sources_first).
    weighed: list[Law] | None = None


class Answerer(Protocol):
    """Anything that turns an `Asked` into a reply or a named failure."""

    name: str
    # How long its answers may be before the check withholds them as overlong.
    bound: Bound

    def answer(self, asked: Asked) -> Reply | Failed: ...

    def within_deadline(self) -> AbstractContextManager[None]:
        """The time one question may take with this answerer, the rewrite included."""
        ...
