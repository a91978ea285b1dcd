"""One question, from the words typed to a logged turn.

    question → the state's laws (the table) → retrieval (words, meaning, rewrites, fused)
             → an asker (a model, or the laws' own words) → the check → what is shown → the log

Only ids travel through retrieval; the words shown are read from the table by id.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from roadlaw.answering.check import Verdict, check
from roadlaw.answering.extractive import ANSWER_BARS, ExtractiveAsker
from roadlaw.answering.request import Asker, Failed, Reply, Turn, register_report
from roadlaw.corpus import Cards, Law, load_cards
from roadlaw.errors import BadQuestion, NoLaws, Stale, UnknownThread
from roadlaw.retrieval.fuse import FUSED_NEAR, Search, retrieve_scored
from roadlaw.retrieval.glossary import in_english, in_manual_words
from roadlaw.retrieval.rerank import RERANK_WORDS, Lists, Reranker
from roadlaw.retrieval.spelling import Speller
from roadlaw.retrieval.words import RETRIEVED_LAWS, WordIndex, language_of
from roadlaw.states import STATES, state_code
from roadlaw.store import Store, fingerprint

EXPAND_BY_KIND = True

# Longer than any question a learner types; longer input is something else.
MAX_QUESTION = 2000

# A practice question's answer choices: a test's four or five, with room to spare.
MAX_CHOICES = 8
MAX_CHOICE = 300


def build_command(state: str) -> str:
    """The command that builds (or rebuilds) a state's rows."""
    return f"roadlaw build --state {state} --sources DIR (or online: roadlaw build --state {state})"


class Meaning(Protocol):
    """The meaning half, per state: the nearest ids to a question, or None when it cannot say."""

    embedder_name: str

    def near(
        self, state: str, laws: list[Law], question: str, toward: str | None = None, choices: Sequence[str] = ()
    ) -> tuple[list[tuple[str, float]] | None, str]: ...


class Rewriter(Protocol):
    def rewrite(self, question: str, history: list[Turn], state: str) -> list[str]: ...


@dataclass
class StateLaws:
    """A state's laws as read from the table, with the word index over them."""

    state: str
    laws: list[Law]
    by_id: dict[str, Law]
    words: WordIndex
    # The manifest's fingerprint and build time these were read under.
    built: tuple[str, str] = ("", "")


@dataclass
class Retrieved:
    laws: list[Law]
    language: str
    near: list[tuple[str, float]] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Whether the meaning half answered at all: an empty `near` from a fresh index says
    # nothing is near in meaning, which is not the same as no meaning stage.
    meant: bool = False
    # For a Spanish question, the laws its glossary reading found by words or meaning
    # (a second reading to agree with the first: extractive.Bars.corroborated).
    agreed: set[str] = field(default_factory=set)
    # The answer choices the question came with, if it is a practice question.
    choices: tuple[str, ...] = ()
    # The question as it was searched: without the state's name, misspellings put right.
    read: str = ""


@dataclass
class Shown:
    """What the learner is shown for one question, and what the log keeps of it."""

    state: str
    question: str
    scope: str | None
    answer: str
    sources: list[Law]
    failed: str | None
    retrieved: list[Law]
    reason: str = ""
    thread: str | None = None
    language: str = "english"
    notes: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    # With nothing shown: laws near what was asked that may help, though none states it.
    may_help: list[Law] = field(default_factory=list)

    @property
    def said_nothing(self) -> bool:
        return not self.answer

    def as_json(self) -> dict[str, Any]:
        return {
            "scope": self.scope,
            "answer": self.answer,
            "sources": [law.id for law in self.sources],
            "laws": [
                {"id": law.id, "kind": law.kind, "citation": law.citation, "url": law.url} for law in self.sources
            ],
            "failed": self.failed,
            "may_help": [law.id for law in self.may_help],
        }


def silent_line(state: str, language: str = "english") -> str:
    """The app's own words when the sources do not say."""
    name = STATES.get(state, state)
    if language == "spanish":
        return f"Las fuentes de {name} no lo dicen. Consulta el manual del conductor o la agencia de tu estado."
    return f"{name}'s sources don't say. Check the driver's manual or ask your state's licensing agency."


def without_state_name(question: str, state: str) -> str:
    """The question as retrieval reads it: without the asked state's own name.

    Every law searched is already that state's, so its name tells the ranking
    nothing; left in, it pulls the meaning half toward passages about the state
    in general. Measured on the dev set: fused recall@1 0.562 to 0.584, @3 0.761
    to 0.791, @8 0.899 to 0.910 (docs/measurements.md).
    """
    name = re.escape(STATES.get(state, state))
    stripped = re.sub(rf"\b(?:(?:in|under|by|of|for) )?(?:the state of )?{name}(?:'s)?\b", " ", question, flags=re.I)
    stripped = re.sub(r"\s+", " ", stripped).strip()
    return stripped if re.search(r"\w", stripped) else question


def validate_question(question: str) -> str:
    cleaned = question.strip()
    if not cleaned:
        raise BadQuestion("the question is empty: type what you want to know")
    if len(cleaned) > MAX_QUESTION:
        raise BadQuestion(f"the question is {len(cleaned)} characters long; ask it in at most {MAX_QUESTION}")
    return cleaned


def validate_choices(choices: object) -> tuple[str, ...]:
    """A practice question's answer choices, each on one line; () for none."""
    if choices is None:
        return ()
    if not isinstance(choices, (list, tuple)) or not all(isinstance(choice, str) for choice in choices):
        raise BadQuestion("the choices must be a list of texts, one per answer choice")
    cleaned = tuple(" ".join(choice.split()) for choice in choices)
    if len(cleaned) > MAX_CHOICES:
        raise BadQuestion(f"{len(cleaned)} choices given; give at most {MAX_CHOICES}")
    for number, choice in enumerate(cleaned, 1):
        if not choice:
            raise BadQuestion(f"choice {number} is empty: give each choice its words, or leave it out")
        if len(choice) > MAX_CHOICE:
            raise BadQuestion(f"choice {number} is {len(choice)} characters long; give each in at most {MAX_CHOICE}")
    return cleaned


def with_choices(question: str, choices: Sequence[str]) -> str:
    """The question as a model reads it: its answer choices listed under it, lettered."""
    if not choices:
        return question
    return "\n".join([question, *(f"{letter}) {choice}" for letter, choice in zip("ABCDEFGH", choices, strict=False))])


class Pipeline:
    """The ask path over the table in one data folder."""

    def __init__(
        self,
        home: str | Path | None = None,
        *,
        asker: Asker | None = None,
        meaning: Meaning | None = None,
        rewriter: Rewriter | None = None,
        cards: Cards | None = None,
        sources_fingerprint: Callable[[str, str], str | None] | None = None,
        limit: int = RETRIEVED_LAWS,
    ) -> None:
        self.store = Store(home)
        self.cards = cards if cards is not None else load_cards()
        self.meaning = meaning
        self.rewriter = rewriter
        self.limit = limit
        # The fused list put in order again by each law's evidence (retrieval.rerank); None: as fused.
        self.reranker: Reranker | None = Reranker()
        self.speller = Speller()
        self._states: dict[str, StateLaws] = {}
        self._sources_fingerprint = sources_fingerprint
        self.extractive = ExtractiveAsker(weights_for=lambda state: self.laws_of(state).words.weights)
        self.asker: Asker = asker or self.extractive
        if meaning is not None:
            self.extractive.bars = ANSWER_BARS.get(meaning.embedder_name)

    # The state's laws, fresh.

    def laws_of(self, state: str) -> StateLaws:
        state = state_code(state)
        manifest = self.store.manifest(state)
        held = self._states.get(state)
        # Read again when the state was rebuilt since (a `roadlaw build` beside a running server).
        if held is not None and manifest is not None and (manifest.sha256, manifest.built_at) == held.built:
            return held
        laws = self.store.laws_of(state)
        name = STATES[state]
        if manifest is None or not laws:
            raise NoLaws(f"no laws for {name} ({state}) yet; build them: {build_command(state)}")
        if fingerprint(laws) != manifest.sha256:
            raise Stale(
                f"{name} ({state}): the table's rows changed since they were built; rebuild: {build_command(state)}"
            )
        if fingerprint(self.cards.of(state)) != manifest.cards_sha256:
            raise Stale(
                f"{name} ({state}): its cards changed since the table was built; rebuild: {build_command(state)}"
            )
        if self._sources_fingerprint is not None:
            now = self._sources_fingerprint(state, manifest.sources)
            if now is not None and now != manifest.sources_sha256:
                raise Stale(
                    f"{name} ({state}): its sources changed since the table was built; rebuild: {build_command(state)}"
                )
        words = WordIndex(laws)
        loaded = StateLaws(state, laws, {law.id: law for law in laws}, words, (manifest.sha256, manifest.built_at))
        self._states[state] = loaded
        return loaded

    def forget(self, state: str | None = None) -> None:
        """Read the table again next time (after a build)."""
        if state is None:
            self._states.clear()
        else:
            self._states.pop(state, None)

    # Retrieval.

    def retrieve(
        self,
        state: str,
        question: str,
        history: list[Turn] | None = None,
        *,
        mode: str = "fused",
        rewrites: list[str] | None = None,
        choices: Sequence[str] = (),
    ) -> Retrieved:
        """The laws most likely to answer, best first. `mode`: "fused", "words" or "meaning".

        `rewrites`: the question's searches in the law's words when already made (a
        batch made them all at once); otherwise the rewriter, if any, is asked.
        `choices`: a practice question's answer choices. The law that answers it
        usually holds the right one's words, so both halves read the question joined
        to each choice and keep each law's best reading: BM25 scores (WordIndex.search)
        and the order of the nearest laws (meaning.nearest's `readings`). Which laws
        pass the meaning cutoff, and the cosines the answer weighs, stay the question's.
        """
        held = self.laws_of(state)
        language = language_of(question)
        notes: list[str] = []
        question = without_state_name(question, held.state)
        if language == "english":
            # A misspelt word put right from the state's own words ("hydrent"): searched and answered with.
            question = self.speller.corrected(question, held.state, held.laws)
        choices = tuple(without_state_name(choice, held.state) for choice in choices)
        # What the words half searches: the question, and its choices when it has some.
        asked = " ".join([question, *choices])

        # BM25 of one text is asked for at several depths (its first law for the nudge,
        # twice the final count for fusion): searched once, at the deepest, and cut.
        ranked: dict[str, list[str]] = {}
        # And their scores, which the reranker weighs.
        scores: dict[str, dict[str, float]] = {}

        def words(text: str, limit: int) -> list[str]:
            if text not in ranked:
                deepest = max(limit, 2 * self.limit, RERANK_WORDS)
                if choices and text == asked:
                    found = held.words.search(question, deepest, language, choices)
                else:
                    found = held.words.search(text, deepest, language_of(text))
                ranked[text] = [hit.id for hit in found]
                scores[text] = {hit.id: hit.score for hit in found}
            return ranked[text][:limit]

        near: list[tuple[str, float]] = []
        meant = False
        # Fused, the neighbours are ordered leaning toward BM25's first law
        # (meaning.NUDGE); "meaning" alone stays the question's vector alone. Only
        # for a question in the laws' own language: a Spanish question's words
        # rarely match an English law, and leaning on them lowered the Spanish
        # set's agreement with its English twins (0.767 to 0.753).
        first = words(asked, 1) if mode == "fused" and language == "english" else []
        if mode in ("fused", "meaning") and self.meaning is not None:
            found, note = self.meaning.near(held.state, held.laws, question, first[0] if first else None, choices)
            if note:
                notes.append(note)
            near = found or []
            meant = found is not None
        elif mode in ("fused", "meaning"):
            notes.append("no meaning stage configured: words alone")

        def search_for(text: str) -> Search:
            # A rewritten search's nearest laws, ordered leaning toward its own first by words.
            lead = words(text, 1)
            found = (
                self.meaning.near(held.state, held.laws, text, lead[0] if lead else None)[0] if self.meaning else None
            )
            return Search(text, [ident for ident, _ in found or []][:FUSED_NEAR], dict(found or []))

        rewritten: list[str] = []
        if mode == "fused" and rewrites is not None:
            rewritten = list(rewrites)
        elif mode == "fused" and self.rewriter is not None:
            rewritten = self.rewriter.rewrite(with_choices(question, choices), history or [], held.state)
        # The question in the manuals' own words (roadlaw.retrieval.glossary): a Spanish question's
        # road words in English, or a learner's "fireplug" as "fire hydrant"; fused as
        # one more rewritten search, with its own two rankings.
        manual_words = ""
        if mode == "fused" and language == "spanish":
            manual_words = in_english(asked)
        elif mode == "fused" and language == "english":
            manual_words = in_manual_words(asked)
        if manual_words:
            rewritten = [*rewritten, manual_words]
        searches = [search_for(text) for text in rewritten]
        agreed: set[str] = set()
        if manual_words and language == "spanish":
            agreed = {*words(manual_words, self.limit), *searches[-1].near}
        if mode == "meaning":
            ids = [ident for ident, _ in near if ident in held.by_id][: self.limit]
        elif mode == "words":
            ids = words(asked, self.limit)
        else:
            fused = retrieve_scored(words, held.by_id.keys(), asked, self.limit, [i for i, _ in near], searches)
            ids = [ident for ident, _ in fused[: self.limit]]
            if self.reranker is not None:
                words(asked, 1)
                reading = searches[-1] if manual_words else None
                lists = Lists(
                    fused,
                    scores[asked],
                    scores.get(reading.search, {}) if reading else {},
                    dict(near),
                    reading.cosines if reading else {},
                )
                first_words = ranked[asked][0] if ranked[asked] else None
                ids = self.reranker.rank(
                    " ".join([question, *choices]),
                    lists,
                    held.by_id,
                    held.laws,
                    held.words.weights,
                    self.limit,
                    first_words,
                )
        return Retrieved(
            [held.by_id[ident] for ident in ids], language, near, rewritten, notes, meant, agreed, choices, question
        )

    # A turn.

    def history(self, thread: str | None, state: str) -> list[Turn]:
        if thread is None:
            return []
        owner = self.store.thread_state(thread)
        if owner is None:
            return []
        if owner != state:
            raise UnknownThread(f"thread {thread!r} belongs to {owner}, not {state}; start a new thread")
        turns = self.store.turns(thread=thread)
        return [
            Turn(str(turn["question"]), str(dict(turn["shown"]).get("answer", "")),  # type: ignore[call-overload]
                 list(dict(turn["shown"]).get("sources", [])))  # type: ignore[call-overload]
            for turn in turns
        ]  # fmt: skip

    def ask(
        self,
        state: str,
        question: str,
        *,
        thread: str | None = None,
        mode: str = "fused",
        log: bool = True,
        choices: Sequence[str] | None = None,
    ) -> Shown:
        """One question answered, checked and logged; `choices`: a practice question's answer choices."""
        started = time.perf_counter()
        state = state_code(state)
        question = validate_question(question)
        picked = validate_choices(choices)
        held = self.laws_of(state)
        history = self.history(thread, state)
        # A model's deadline is the question's: the rewrite (in retrieve) and the answer share it.
        seconds = getattr(getattr(self.asker, "policy", None), "deadline", None)
        with ExitStack() as deadline:
            if seconds is not None:
                from roadlaw.answering.models import question_deadline

                deadline.enter_context(question_deadline(float(seconds)))
            found = self.retrieve(state, question, history, mode=mode, choices=picked)
            retrieved_at = time.perf_counter()
            outcome = self.answer(state, question, found, history)
            answered_at = time.perf_counter()
        shown = self.shown_for(held, question, found, outcome)
        shown.thread = thread
        shown.timings = {
            "retrieve_ms": round((retrieved_at - started) * 1000, 3),
            "answer_ms": round((answered_at - retrieved_at) * 1000, 3),
            "total_ms": round((time.perf_counter() - started) * 1000, 3),
        }
        if log:
            self.log(shown, found, outcome)
        return shown

    def log(self, shown: Shown, found: Retrieved, outcome: Reply | Failed) -> None:
        """Append the turn to the log, and to its thread."""
        state, thread, question = shown.state, shown.thread, shown.question
        self.store.log_turn(
            {
                "state": state,
                "thread": thread,
                "question": question,
                "retrieved": [law.id for law in found.laws],
                "reply": (
                    {"scope": outcome.scope, "answer": outcome.answer, "sources": outcome.sources}
                    if isinstance(outcome, Reply)
                    else None
                ),
                "failed": shown.failed,
                "verdict": shown.reason or "shown",
                "shown": {
                    "scope": shown.scope,
                    "answer": shown.answer,
                    "sources": [law.id for law in shown.sources],
                    **({"choices": list(shown.choices)} if shown.choices else {}),
                },
                "timings": shown.timings,
                "notes": [*shown.notes, f"asker: {getattr(self.asker, 'name', 'asker')}", *self._register(outcome)],
            }
        )

    @staticmethod
    def _register(outcome: Reply | Failed) -> list[str]:
        # A model's answer longer than the register rule allows is shown (the check is about
        # grounding, not style) but measured and logged, so a drifting prompt shows up in the log.
        if not isinstance(outcome, Reply) or not outcome.answer:
            return []
        report = register_report(outcome.answer)
        said = f"register: {report['sentences']} sentences, longest {report['longest']} words"
        return [said + (" (over length)" if report["over_length"] else "")]

    def answer(self, state: str, question: str, found: Retrieved, history: list[Turn]) -> Reply | Failed:
        if self.asker is self.extractive:
            near = dict(found.near) if found.meant else None
            return self.extractive(
                found.read or question, found.laws, history, state=state, near=near, agreed=found.agreed,
                choices=found.choices,
            )  # fmt: skip
        return self.asker(with_choices(question, found.choices), found.laws, history, state=state)

    def shown_for(self, held: StateLaws, question: str, found: Retrieved, outcome: Reply | Failed) -> Shown:
        base = Shown(
            state=held.state, question=question, scope=None, answer="", sources=[], failed=None,
            retrieved=found.laws, language=found.language, notes=list(found.notes), choices=found.choices,
        )  # fmt: skip
        if isinstance(outcome, Failed):
            base.failed = outcome.why
            base.reason = f"{outcome.why}: {outcome.detail}" if outcome.detail else outcome.why
            return base
        verdict: Verdict = check(outcome, found.laws)
        if not verdict.shown:
            base.failed = "checked"
            base.reason = verdict.reason
            return base
        base.scope = outcome.scope
        base.answer = outcome.answer.strip()
        base.sources = [held.by_id[ident] for ident in dict.fromkeys(outcome.sources)] if base.answer else []
        given = {law.id for law in found.laws}
        if not base.answer:
            base.may_help = [held.by_id[ident] for ident in dict.fromkeys(outcome.may_help) if ident in given]
        return base
