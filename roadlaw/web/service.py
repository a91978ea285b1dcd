"""The pipeline as the web app uses it: one per worker process, many questions at once.

A question with a model waits seconds on it, so questions run side by side, each in a
thread of the server's pool, up to `max_concurrent` a worker; one past that is told the
server is busy (Busy: 503 with Retry-After) rather than queued behind the rest. Nothing
is held across a question: the table's connection takes its own short lock around each
call (Store), the state's laws and its index are read under a lock of their own only
when they change (Pipeline.laws_of, MeaningStage.status), and a local embedder runs
under its model's lock. So the pages and /api/states never wait behind a model.

With the database out of reach (PostgreSQL gone, say), the service is degraded, not down:
a question is answered from the laws and index already in memory and reported unlogged;
the states, cards and laws are served from memory too; a follow-up is answered as a
question that stands alone, since whose thread it is cannot be checked, and nothing is
logged under it. `health()` says which, for /healthz.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from roadlaw.answering.base import Turn
from roadlaw.corpus import Law
from roadlaw.errors import Busy, NoLaws, RoadlawError, StoreError, UnknownLaw, UnknownState, UnknownThread
from roadlaw.pipeline import Pipeline, Shown, not_built, validate_choices, validate_question
from roadlaw.settings import DEFAULT_MAX_CONCURRENT
from roadlaw.states import STATES, state_code

# Longer than any id this server issues (secrets.token_urlsafe(16) is 22 characters).
MAX_THREAD_ID = 200
# What an id this server minted looks like; anything else was never one.
MINTED = re.compile(r"[A-Za-z0-9_-]{22,64}")

# What a question with no state is told: the page asks for one rather than choose it.
NO_STATE = "choose your state first"


def asked_state(text: str) -> str:
    """The code of the state a request names (UnknownState when it names none, or none known)."""
    if not text.strip():
        raise UnknownState(NO_STATE)
    return state_code(text)


# The Retry-After a busy worker gives: about one model answer's time, by when a question has likely finished.
BUSY_RETRY_AFTER = 5


def new_thread() -> str:
    """An id nobody can guess: 128 random bits, url-safe, never opening with "-".

    One in 64 url-safe ids opens with "-", which a command line reads as an option
    (`roadlaw log --thread -NYb…` fails): such an id is drawn again.
    """
    while True:
        thread = secrets.token_urlsafe(16)
        if not thread.startswith("-"):
            return thread


class Service:
    """Every read and ask the web app makes; at most `max_concurrent` questions at once."""

    def __init__(self, pipeline: Pipeline, max_concurrent: int = DEFAULT_MAX_CONCURRENT) -> None:
        self.pipeline = pipeline
        self.store = pipeline.store
        self.max_concurrent = max_concurrent
        self._slots = threading.BoundedSemaphore(max_concurrent)
        # The states built as last read, served while the database is out of reach.
        self._built: dict[str, int] = {}

    @contextmanager
    def _slot(self) -> Iterator[None]:
        """One of the worker's question slots for the time of a question, or Busy at once when none is free."""
        if not self._slots.acquire(blocking=False):
            raise Busy(
                f"the server is answering as many questions as it can ({self.max_concurrent} at once);"
                f" ask again in {BUSY_RETRY_AFTER} s",
                BUSY_RETRY_AFTER,
            )
        try:
            yield
        finally:
            self._slots.release()

    def built(self) -> dict[str, int]:
        """Laws per built state (as last read, while the database is out of reach)."""
        try:
            self._built = {manifest.state: manifest.laws for manifest in self.store.manifests()}
        except StoreError:
            if not self._built:
                # Never listed: the states the pipeline has read are the ones it can answer.
                self._built = self.pipeline.held_counts()
            if not self._built:
                raise
        return self._built

    def health(self) -> str | None:
        """Why the service is degraded (its database out of reach), or None when all is well."""
        return self.store.ping()

    def thread_owner(self, thread: str) -> str | None:
        """The state of a thread this server minted; None for any other (a command-line thread's name too)."""
        if not thread or len(thread) > MAX_THREAD_ID or not MINTED.fullmatch(thread):
            return None
        return self.store.thread_state(thread, origin="web")

    def check_follow_up(self, thread: str, state: str, question: str, choices: list[str] | None) -> None:
        """UnknownThread unless `thread` is one this server issued, for `state`.

        The pipeline's own check (Pipeline.history) lets a thread nobody opened
        start one, as the command line names its threads, and comes after the
        state's laws are read; a client here may only continue a thread it was
        given. The question is judged first, so a follow-up with a bad question
        and a bad thread is told about the question, as a new one is.
        """
        validate_question(question)
        validate_choices(choices)
        owner = self.thread_owner(thread)
        if owner is None:
            raise UnknownThread("unknown thread: leave thread out to start a new one, and send back the id returned")
        if owner != state:
            raise UnknownThread(
                f"this thread is about {STATES.get(owner, owner)}, not {STATES[state]}:"
                " leave thread out to start a new one for this state"
            )

    def ask(
        self, state: str, question: str, thread: str | None = None, choices: list[str] | None = None
    ) -> tuple[Shown, str]:
        """One question answered and logged under `thread`, or under a new id; returns both.

        A question that cannot be asked is told so before it takes a slot; past the
        slots, Busy. The pipeline reads the state's laws again when they were rebuilt
        since (Pipeline.laws_of).
        """
        code = asked_state(state)
        unchecked = ""
        if thread is not None:
            try:
                self.check_follow_up(thread, code, question, choices)
            except StoreError as error:
                # Whose thread it is cannot be read: answered as a question alone, and not logged under it.
                unchecked = str(error)
        else:
            validate_question(question)
            validate_choices(choices)
        with self._slot():
            # A thread minted now has no turns yet: nothing to read for it.
            history: list[Turn] | None = [] if thread is None else None
            thread = thread or new_thread()
            shown = self.pipeline.ask(
                code, question, thread=thread, choices=choices, origin="web", log=not unchecked, history=history
            )
        if unchecked:
            shown.unlogged = unchecked
        return shown, thread

    def turns(self, thread: str) -> list[dict[str, object]]:
        return self.store.turns(thread=thread)

    def law(self, ident: str) -> Law:
        law = self._law(ident)
        if law is None:
            raise UnknownLaw(f"no law with id {ident!r}; ids look like MD-S01")
        return law

    def laws(self, idents: list[str]) -> dict[str, Law]:
        found = {ident: self._law(ident) for ident in idents}
        return {ident: law for ident, law in found.items() if law is not None}

    def _law(self, ident: str) -> Law | None:
        """A law by id from the table, or from the laws in memory while the database is out of reach."""
        try:
            return self.store.law(ident)
        except StoreError:
            held = self.pipeline.held(ident.split("-", 1)[0])
            if held is None:
                raise
            return held.by_id.get(ident)

    def cards(self, state: str) -> tuple[str, list[Law]]:
        """A state's cards, from the table; NoLaws when the state is not built."""
        code = state_code(state)
        try:
            manifest = self.store.manifest(code)
            laws = self.store.laws_of(code) if manifest is not None else []
        except StoreError:
            held = self.pipeline.held(code)
            if held is None:
                raise
            laws = held.laws
        if not laws:
            raise NoLaws(not_built(code))
        return code, [law for law in laws if law.origin == "card"]

    def warm(self) -> list[str]:
        """Read every built state (and its index) now, not on the first question; returns problems."""
        problems: list[str] = []
        for state in self.built():
            try:
                held = self.pipeline.laws_of(state)
                if self.pipeline.meaning is not None:
                    _, note = self.pipeline.meaning.near(state, held.laws, "warm up")
                    if note:
                        problems.append(note)
            except RoadlawError as error:
                problems.append(str(error))
        return problems
