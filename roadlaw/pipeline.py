"""One question, from the words typed to a logged turn.

    question → the state's laws (the table) → retrieval (words, meaning, rewrites, fused)
             → an asker (a model, or the laws' own words) → the check → what is shown → the log

Only ids travel through retrieval; the words shown are read from the table by id.
"""

from __future__ import annotations

import logging
import re
import threading
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from roadlaw.answering.base import MODEL_BOUND, Answerer, Asked, Bound, Failed, Reply, Turn
from roadlaw.answering.check import Verdict, check
from roadlaw.answering.extractive import ExtractiveAsker
from roadlaw.answering.reading import mishap_names
from roadlaw.answering.request import register_report, with_choices
from roadlaw.corpus import Cards, Law, load_cards
from roadlaw.errors import BadQuestion, NoLaws, Stale, StoreError, UnknownThread, UnreadableText
from roadlaw.retrieval.backing import passages_behind, sources_first, with_passages_behind
from roadlaw.retrieval.followup import thread_reading
from roadlaw.retrieval.fuse import FUSED_NEAR, Search, retrieve_scored
from roadlaw.retrieval.glossary import in_english, in_manual_words
from roadlaw.retrieval.rerank import RERANK_WORDS, Lists, Reranker
from roadlaw.retrieval.spelling import Speller
from roadlaw.retrieval.words import RETRIEVED_LAWS, WordIndex, language_of
from roadlaw.states import NO_SOURCES_YET, STATES, state_code
from roadlaw.store import Database, StateManifest, Store, rows_digest

logger = logging.getLogger(__name__)

EXPAND_BY_KIND = True

# Longer than any question a learner types; longer input is something else.
MAX_QUESTION = 2000
# A thread's name on the command line; the web app's ids are far shorter.
MAX_THREAD = 200

# Characters that show as nothing: a question of only these is an empty one, and
# inside a word they would split it for the search.
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))

# A practice question's answer choices: a test's four or five, with room to spare.
MAX_CHOICES = 8
MAX_CHOICE = 300


def build_command(state: str) -> str:
    """The command that builds (or rebuilds) a state's rows."""
    return f"roadlaw build --state {state} --sources DIR (or online: roadlaw build --state {state})"


def not_built(state: str) -> str:
    """What is said of a state with no laws in the table: how to build them, or that there is nothing to build from."""
    name = STATES.get(state, state)
    if state in NO_SOURCES_YET:
        return f"no sources yet for {name} ({state}): no driver's manual or law of it is in the sources, so it cannot be built"
    return f"no laws for {name} ({state}) yet; build them: {build_command(state)}"


class Meaning(Protocol):
    """The meaning half, per state: the nearest ids to a question, or None when it cannot say."""

    embedder_name: str

    def near(
        self, state: str, laws: list[Law], question: str, toward: str | None = None, choices: Sequence[str] = ()
    ) -> tuple[list[tuple[str, float]] | None, str]: ...


class Rewriter(Protocol):
    def rewrite(self, question: str, history: list[Turn], state: str) -> list[str]: ...


# The fewest words a Spanish question's glossary reading holds for the laws it finds to
# corroborate the answer (extractive.Bars.corroborated).
CORROBORATING_WORDS = 2


@dataclass
class StateLaws:
    """A state's laws as read from the table, with the word index over them."""

    state: str
    laws: list[Law]
    by_id: dict[str, Law]
    words: WordIndex
    # The manifest's rows digest and build time these were read under.
    built: tuple[str, str] = ("", "")
    # Each card's id to the manual passage behind it (retrieval.backing), shown as its second source.
    behind: dict[str, str] = field(default_factory=dict)


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
    # A follow-up that leans on the thread, read with the question before it
    # (retrieval.followup); "" for a question that stands alone.
    reading: str = ""
    # The question as it was searched: without the state's name, misspellings put right.
    read: str = ""
    # The laws in the order the offline answer weighs them, where it is not `laws`' order: a
    # card ahead of the passage it quotes, which `laws` lists first (backing.sources_first).
    weighed: list[Law] | None = None
    # For an English question read in the manuals' words (retrieval.glossary), that reading's cosines: the
    # offline answer weighs a law's words and meaning together by the nearer of the two ("both airpods in" is
    # far from "earphones in both ears", its reading "both headphones earphones headsets in" is not).
    read_near: list[tuple[str, float]] = field(default_factory=list)


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
    # The answerer's name: a model's, or "extractive" for the laws' own words.
    answerer: str = ""
    # Why the turn could not be written to the log ("" when it was, or was not meant to be).
    unlogged: str = ""
    # When the answerer failed (`failed`), the offline answer asked in its place:
    # "shown" when it stands in, "silent" when it had nothing either; "" when none was asked.
    fallback: str = ""
    # With nothing shown: laws near what was asked that may help, though none states it.
    may_help: list[Law] = field(default_factory=list)

    @property
    def note(self) -> str | None:
        """What happened, in the learner's words, when the answerer failed; None when it did not."""
        if self.failed is None:
            return None
        return what_happened(self.failed, self.language, self.fallback or "none")

    @property
    def came_from(self) -> str | None:
        """Where the shown answer came from: "card", "manual" or "excerpt" (the laws' own words), "model", or None."""
        if not self.answer:
            return None
        if self.answerer != "extractive":
            return "model"
        return self.sources[0].origin if self.sources else None

    def as_json(self) -> dict[str, Any]:
        return {
            "scope": self.scope,
            "answer": self.answer,
            "came_from": self.came_from,
            "sources": [law.id for law in self.sources],
            "laws": [
                {"id": law.id, "kind": law.kind, "citation": law.citation, "url": law.url, "quote": law.text}
                for law in self.sources
            ],
            "failed": self.failed,
            # Why the answerer's answer is not shown: the check's verdict, a named failure's detail,
            # or (nothing shown at all) the sources not saying.
            "reason": (self.reason or ("the sources don't say" if self.scope != "road-law" else "")) or None
            if not self.answer or self.failed
            else None,
            # The offline answer standing in for a failed one, and what happened in plain words.
            "fallback": self.fallback == "shown",
            "note": self.note,
            "may_help": [law.id for law in self.may_help],
        }


def silent_line(state: str, language: str = "english") -> str:
    """The app's own words when the sources do not say."""
    name = STATES.get(state, state)
    if language == "spanish":
        return f"Las fuentes de {name} no lo dicen. Consulta el manual del conductor o la agencia de tu estado."
    return f"{name}'s sources don't say. Check the driver's manual or ask your state's licensing agency."


# What happened to the answerer's answer, in the learner's words: the first part by the
# failure's name, the second by what the offline answer did in its place.
HAPPENED = {
    "english": {
        "unreachable": "The answering service didn't respond",
        "checked": "The answer couldn't be checked against the sources, so it isn't shown",
        "unparsed": "The answering service's reply couldn't be read, so it isn't shown",
        "refused": "The answering service declined to answer",
        "shown": "; here is what the sources say.",
        "silent": ", and the sources alone don't answer this.",
        "none": ".",
    },
    "spanish": {
        "unreachable": "El servicio de respuestas no respondió",
        "checked": "No se pudo comprobar la respuesta con las fuentes, así que no se muestra",
        "unparsed": "No se pudo leer la respuesta del servicio de respuestas, así que no se muestra",
        "refused": "El servicio de respuestas no quiso responder",
        "shown": "; esto es lo que dicen las fuentes.",
        "silent": ", y las fuentes por sí solas no responden a esto.",
        "none": ".",
    },
}


def what_happened(failed: str, language: str = "english", instead: str = "none") -> str:
    """The learner's line when the answerer failed: what happened to its answer, then what stands in.

    `failed`: the failure's name (unreachable, unparsed, refused) or "checked"; `instead`:
    "shown" (the offline answer stands in), "silent" (it had nothing either) or "none".
    """
    words = HAPPENED.get(language, HAPPENED["english"])
    return words.get(failed, words["checked"]) + words.get(instead, words["none"])


def manual_reading(text: str) -> str:
    """A text in the manuals' words (retrieval.glossary), or as it is when it has none to change."""
    language = language_of(text)
    if language == "spanish":
        return in_english(text) or text
    return (in_manual_words(text) if language == "english" else "") or text


def nearer(near: list[tuple[str, float]], more: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Each law's larger cosine of the two lists, nearest first, ties by id."""
    best = dict(near)
    for ident, cosine in more:
        best[ident] = max(cosine, best.get(ident, 0.0))
    return sorted(best.items(), key=lambda item: (-item[1], item[0]))


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


def readable(text: str, what: str) -> str:
    """`text` as it is, or UnreadableText when it holds what is not Unicode (a lone surrogate:
    JSON's "\\ud800", or a command-line byte that was not UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise UnreadableText(
            f"the {what} is not valid text (character {error.start + 1} is not Unicode); type it again"
        ) from None
    return text


def visible(text: str) -> str:
    """`text` without control characters (a space each, tabs and newlines kept) or invisible ones."""
    kept = (" " if unicodedata.category(char) == "Cc" and char not in "\t\n\r" else char for char in text)
    return "".join(kept).translate(INVISIBLE)


def validate_question(question: str) -> str:
    cleaned = visible(readable(question, "question")).strip()
    if not cleaned:
        raise BadQuestion("the question is empty: type what you want to know")
    if not any(char.isalnum() for char in cleaned):
        raise BadQuestion("the question has no letters or digits: type what you want to know in words")
    if len(cleaned) > MAX_QUESTION:
        raise BadQuestion(f"the question is {len(cleaned)} characters long; ask it in at most {MAX_QUESTION}")
    return cleaned


def validate_choices(choices: object) -> tuple[str, ...]:
    """A practice question's answer choices, each on one line; () for none."""
    if choices is None:
        return ()
    if not isinstance(choices, (list, tuple)) or not all(isinstance(choice, str) for choice in choices):
        raise BadQuestion("the choices must be a list of texts, one per answer choice")
    cleaned = tuple(" ".join(visible(readable(choice, "choice")).split()) for choice in choices)
    if len(cleaned) > MAX_CHOICES:
        raise BadQuestion(f"{len(cleaned)} choices given; give at most {MAX_CHOICES}")
    for number, choice in enumerate(cleaned, 1):
        if not choice:
            raise BadQuestion(f"choice {number} is empty: give each choice its words, or leave it out")
        if len(choice) > MAX_CHOICE:
            raise BadQuestion(f"choice {number} is {len(choice)} characters long; give each in at most {MAX_CHOICE}")
    return cleaned


def validate_thread(thread: str | None) -> str | None:
    """A thread's name as given (None for none), or BadQuestion for one that is not a name."""
    if thread is None:
        return None
    readable(thread, "thread")
    if not thread.strip() or thread != visible(thread):
        raise BadQuestion("the thread's name is empty or holds characters that do not show; name it in plain text")
    if len(thread) > MAX_THREAD:
        raise BadQuestion(f"the thread's name is {len(thread)} characters long; name it in at most {MAX_THREAD}")
    return thread


class Pipeline:
    """The ask path over the table in one data folder."""

    def __init__(
        self,
        home: str | Path | None = None,
        *,
        answerer: Answerer | None = None,
        meaning: Meaning | None = None,
        rewriter: Rewriter | None = None,
        cards: Cards | None = None,
        sources_digest: Callable[[str, str], str | None] | None = None,
        limit: int = RETRIEVED_LAWS,
        fallback: Answerer | None = None,
        log_mode: str = "full",
        store: Database | None = None,
        read_ahead: bool = True,
    ) -> None:
        # The tables: `store` when given (PostgreSQL, from the settings), else SQLite in the data folder.
        self.store: Database = store if store is not None else Store(home)
        self.cards = cards if cards is not None else load_cards()
        self.meaning = meaning
        self.rewriter = rewriter
        self.limit = limit
        # The fused list put in order again by each law's evidence (retrieval.rerank); None: as fused.
        # `read_ahead`: a state's first question reads all its laws for the questions after it (see
        # reading.read_ahead); False for a process that asks one question.
        self.reranker: Reranker | None = Reranker(ahead=read_ahead)
        self.speller = Speller()
        self._states: dict[str, StateLaws] = {}
        # A web worker asks from many threads: one reads a state while the others asking about it wait for it.
        self._reading: dict[str, threading.Lock] = {}
        self._reading_lock = threading.Lock()
        self._sources_digest = sources_digest
        # Said with every turn (and by `doctor`): the offline answer for an embedder whose bars were never measured.
        self.answer_notes: list[str] = []
        if answerer is None:
            # With no model, the laws' own words answer, weighed by the bars measured for the embedder in use.
            asker = ExtractiveAsker(embedder=meaning.embedder_name if meaning else None)
            self.answer_notes = [asker.unmeasured] if asker.unmeasured else []
            answerer = asker
        self.answerer: Answerer = answerer
        # Asked from the same laws when the answerer fails (unreachable, unparsed, refused, or withheld
        # by the check): the offline answer, when a model answers. None: nothing stands in.
        self.fallback = fallback
        # What the log keeps of each turn (ROADLAW_LOG): full, redacted or off (roadlaw.store).
        self.log_mode = log_mode

    # The state's laws, fresh.

    def laws_of(self, state: str) -> StateLaws:
        state = state_code(state)
        try:
            manifest = self.store.manifest(state)
        except StoreError:
            # The database is out of reach: the laws already read still answer, as they were.
            held = self._states.get(state)
            if held is None:
                raise
            return held
        # Read again when the state was rebuilt since (a `roadlaw build` beside a running server).
        held = self._held(state, manifest)
        if held is not None:
            return held
        with self._reading_lock:
            reading = self._reading.setdefault(state, threading.Lock())
        with reading:
            # Another thread may have read it while this one waited.
            return self._held(state, manifest) or self._read_state(state, manifest)

    def held(self, state: str) -> StateLaws | None:
        """The state's laws as last read, whatever the table holds now (None when never read)."""
        return self._states.get(state)

    def held_counts(self) -> dict[str, int]:
        """Laws per state read so far, by state."""
        return {state: len(held.laws) for state, held in sorted(self._states.items())}

    def _held(self, state: str, manifest: StateManifest | None) -> StateLaws | None:
        """The state's laws as already read, if they are what `manifest` says the table holds."""
        held = self._states.get(state)
        if held is not None and manifest is not None and (manifest.sha256, manifest.built_at) == held.built:
            return held
        return None

    def _read_state(self, state: str, manifest: StateManifest | None) -> StateLaws:
        laws = self.store.laws_of(state)
        name = STATES[state]
        if manifest is None or not laws:
            raise NoLaws(not_built(state))
        if rows_digest(laws) != manifest.sha256:
            raise Stale(
                f"{name} ({state}): the table's rows changed since they were built; rebuild: {build_command(state)}"
            )
        if rows_digest(self.cards.of(state)) != manifest.cards_sha256:
            raise Stale(
                f"{name} ({state}): its cards changed since the table was built; rebuild: {build_command(state)}"
            )
        if self._sources_digest is not None:
            now = self._sources_digest(state, manifest.sources)
            if now is not None and now != manifest.sources_sha256:
                raise Stale(
                    f"{name} ({state}): its sources changed since the table was built; rebuild: {build_command(state)}"
                )
        words = WordIndex(laws)
        loaded = StateLaws(
            state,
            laws,
            {law.id: law for law in laws},
            words,
            (manifest.sha256, manifest.built_at),
            passages_behind(laws),
        )
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
        and the order of the nearest laws (index.nearest's `readings`). Which laws
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
        # (index.NUDGE); "meaning" alone stays the question's vector alone. Only
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

        cosines: dict[str, list[tuple[str, float]]] = {}

        def search_for(text: str) -> Search:
            # A rewritten search's nearest laws, ordered leaning toward its own first by words.
            lead = words(text, 1)
            found = (
                self.meaning.near(held.state, held.laws, text, lead[0] if lead else None)[0] if self.meaning else None
            )
            cosines[text] = found or []
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
            # (And a mishap told in a learner's words, "my brakes just went out", by the manuals' name for it.)
            names = mishap_names(asked)
            if names:
                manual_words = f"{manual_words or asked} {names}"
        # Where the manuals'-words search stands among the searches: the reranker reads its evidence.
        manual_at: int | None = None
        if manual_words:
            rewritten = [*rewritten, manual_words]
            manual_at = len(rewritten) - 1
        # A follow-up that leans on the thread ("and a stop sign?"), read with the questions
        # before it (retrieval.followup): the earlier question with the follow-up's words
        # added, and the earlier question itself, each one more search in the manuals' words.
        thread = (
            thread_reading(question, [without_state_name(turn.question, held.state) for turn in history])
            if mode == "fused" and history
            else None
        )
        if thread is not None:
            rewritten = [*rewritten, *(manual_reading(text) for text in (thread.searched, thread.earlier))]
        searches = [search_for(text) for text in rewritten]
        agreed: set[str] = set()
        # A reading of one road word ("red" of "arroz rojo") is too little to agree with.
        if manual_words and language == "spanish" and len(manual_words.split()) >= CORROBORATING_WORDS:
            agreed = {*words(manual_words, self.limit), *(ident for ident, _ in cosines[manual_words])}
        own_near = [ident for ident, _ in near]
        if thread is not None and meant:
            # The answer weighs a leaning follow-up's laws by how near its reading with the thread is too.
            near = nearer(near, cosines[rewritten[-2]])
        if mode == "meaning":
            ids = [ident for ident in own_near if ident in held.by_id][: self.limit]
        elif mode == "words":
            ids = words(asked, self.limit)
        else:
            fused = retrieve_scored(words, held.by_id.keys(), asked, self.limit, own_near, searches)
            ids = [ident for ident, _ in fused[: self.limit]]
            if self.reranker is not None:
                words(asked, 1)
                reading = searches[manual_at] if manual_at is not None else None
                lists = Lists(
                    fused,
                    scores[asked],
                    scores.get(reading.search, {}) if reading else {},
                    dict(near),
                    reading.cosines if reading else {},
                )
                first_words = ranked[asked][0] if ranked[asked] else None
                # A follow-up that leans on the thread is weighed as its reading with the thread.
                ids = self.reranker.rank(
                    " ".join([thread.reading if thread is not None else question, *choices]),
                    lists,
                    held.by_id,
                    held.laws,
                    held.words.weights,
                    self.limit,
                    first_words,
                    practice=bool(choices),
                )
            # A card is shown with the manual passage behind it: kept among the laws so it can be.
            ids = with_passages_behind(ids, held.behind, self.limit)
        # Listed with the passage a card quotes before the card; weighed by the answer as found.
        listed, weighed = sources_first(ids, held.behind, held.by_id, self.limit)
        return Retrieved(
            [held.by_id[ident] for ident in listed],
            language,
            near,
            rewritten,
            notes,
            meant,
            agreed,
            choices,
            thread.reading if thread is not None else "",
            question,
            [held.by_id[ident] for ident in weighed] if listed != weighed else None,
            cosines.get(manual_words, []) if language == "english" and meant else [],
        )

    # A turn.

    def history(self, thread: str | None, state: str, origin: str = "cli") -> list[Turn]:
        """The turns `thread` remembers; UnknownThread when it is another state's, or another face's."""
        if thread is None:
            return []
        try:
            found = self.store.thread_of(thread)
        except StoreError as error:
            # The database is out of reach: the question is answered as one that stands alone.
            logger.warning("thread unread: %s", error)
            return []
        if found is None:
            return []
        owner, opened_by = found
        if opened_by != origin:
            # A name the command line gave never reads, nor adds to, a thread the web app minted, nor the reverse.
            raise UnknownThread(f"thread {thread!r} is already in use elsewhere; name another")
        if owner != state:
            raise UnknownThread(f"thread {thread!r} belongs to {owner}, not {state}; start a new thread")
        try:
            turns = self.store.turns(thread=thread)
        except StoreError as error:
            logger.warning("thread unread: %s", error)
            return []
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
        history: Sequence[Turn] | None = None,
        origin: str = "cli",
    ) -> Shown:
        """One question answered, checked and logged; `choices`: a practice question's answer choices.

        `history`: the thread's earlier turns when the caller holds them (eval asks a
        thread without writing it to the log); otherwise they are read from `thread`'s log.
        `origin`: who named `thread`: "cli" (a name given on the command line) or "web"
        (an id the web app minted); a thread is only continued by its own origin.
        """
        started = time.perf_counter()
        state = state_code(state)
        question = validate_question(question)
        picked = validate_choices(choices)
        thread = validate_thread(thread)
        held = self.laws_of(state)
        history = list(history) if history is not None else self.history(thread, state, origin)
        # The answerer's deadline is the question's: the rewrite (in retrieve) and the answer share it.
        with self.answerer.within_deadline():
            found = self.retrieve(state, question, history, mode=mode, choices=picked)
            retrieved_at = time.perf_counter()
            asked = self.asked_for(held, question, found, history)
            outcome = self.answerer.answer(asked)
            answered_at = time.perf_counter()
        shown = self.shown_for(held, question, found, outcome)
        shown.thread = thread
        shown.answerer = self.answerer.name
        if shown.failed is not None and self.fallback is not None:
            self.fall_back(shown, held, question, found, asked, self.fallback)
        shown.timings = {
            "retrieve_ms": round((retrieved_at - started) * 1000, 3),
            "answer_ms": round((answered_at - retrieved_at) * 1000, 3),
            "total_ms": round((time.perf_counter() - started) * 1000, 3),
        }
        if log:
            try:
                self.log(shown, found, outcome, origin)
            except StoreError as error:
                # The learner has the answer; the log's trouble is the operator's, said once, by name.
                shown.unlogged = str(error)
                logger.warning("unlogged: %s", error)
        return shown

    def log(self, shown: Shown, found: Retrieved, outcome: Reply | Failed, origin: str = "cli") -> None:
        """Append the turn to the log, and to its thread, as ROADLAW_LOG keeps it."""
        state, thread, question = shown.state, shown.thread, shown.question
        self.store.log_turn(
            {
                "state": state,
                "thread": thread,
                "origin": origin,
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
                    "language": shown.language,
                    **({"choices": list(shown.choices)} if shown.choices else {}),
                    # What the learner was told happened, for the thread's page to say again.
                    **({"note": shown.note} if shown.note else {}),
                    **({"fallback": shown.fallback} if shown.fallback else {}),
                },
                "timings": shown.timings,
                "notes": [
                    *shown.notes,
                    f"asker: {self.answerer.name}",
                    *(
                        [f"fallback: {self.fallback.name} ({shown.fallback})"]
                        if shown.fallback and self.fallback
                        else []
                    ),
                    *self._register(outcome),
                ],
            },
            mode=self.log_mode,
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

    def answer(self, held: StateLaws, question: str, found: Retrieved, history: list[Turn]) -> Reply | Failed:
        return self.answerer.answer(self.asked_for(held, question, found, history))

    def fall_back(
        self, shown: Shown, held: StateLaws, question: str, found: Retrieved, asked: Asked, fallback: Answerer
    ) -> None:
        """The fallback's answer from the same laws, checked alike, in place of the failed one.

        `failed` and `reason` stay the answerer's, so the log and the learner's line say what
        happened to it; the fallback's own failure, if any, is only its silence.
        """
        instead = self.shown_for(held, question, found, fallback.answer(asked), getattr(fallback, "bound", MODEL_BOUND))
        if not instead.answer:
            shown.fallback = "silent"
            return
        shown.fallback = "shown"
        shown.scope, shown.answer, shown.sources = instead.scope, instead.answer, instead.sources
        shown.answerer = fallback.name

    def asked_for(self, held: StateLaws, question: str, found: Retrieved, history: list[Turn]) -> Asked:
        """The question as every answerer reads it (base.Asked), from what was retrieved for it."""
        return Asked(
            state=held.state,
            question=question,
            laws=found.laws,
            history=history,
            language=found.language,
            choices=found.choices,
            near=dict(found.near) if found.meant else None,
            read_near=dict(found.read_near),
            agreed=frozenset(found.agreed),
            weights=held.words.weights,
            # A follow-up that leans on the thread, read with the question before it; else the question as
            # it was searched (misspellings put right).
            reading=found.reading or found.read,
            behind=held.behind,
            weighed=found.weighed,
        )

    def shown_for(
        self, held: StateLaws, question: str, found: Retrieved, outcome: Reply | Failed, bound: Bound | None = None
    ) -> Shown:
        """What the learner is shown of `outcome`, checked against the laws found (`bound`: the answerer's own)."""
        base = Shown(
            state=held.state, question=question, scope=None, answer="", sources=[], failed=None,
            retrieved=found.laws, language=found.language, notes=[*found.notes, *self.answer_notes],
            choices=found.choices,
        )  # fmt: skip
        if isinstance(outcome, Failed):
            base.failed = outcome.why
            base.reason = f"{outcome.why}: {outcome.detail}" if outcome.detail else outcome.why
            return base
        if bound is None:
            bound = getattr(self.answerer, "bound", MODEL_BOUND)
        verdict: Verdict = check(outcome, found.laws, bound)
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
