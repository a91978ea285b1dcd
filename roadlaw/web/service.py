"""The pipeline as the web app uses it: one per worker process, one request at a time.

The pipeline's table connection and its per-state caches are not made for
threads, and the offline ask takes well under a millisecond, so each worker
serves its pipeline under one lock; more throughput comes from more workers
(`roadlaw serve --workers N`), each with its own pipeline over the same table.
"""

from __future__ import annotations

import re
import secrets
import threading

from roadlaw.corpus import Law
from roadlaw.errors import NoLaws, RoadlawError, UnknownLaw, UnknownState, UnknownThread
from roadlaw.pipeline import Pipeline, Shown, not_built, validate_choices, validate_question
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


def new_thread() -> str:
    """An id nobody can guess: 128 random bits, url-safe."""
    return secrets.token_urlsafe(16)


class Service:
    """Every read and ask the web app makes, serialised per process."""

    def __init__(self, pipeline: Pipeline) -> None:
        self.pipeline = pipeline
        self.store = pipeline.store
        self._lock = threading.RLock()

    def built(self) -> dict[str, int]:
        """Laws per built state."""
        with self._lock:
            return {manifest.state: manifest.laws for manifest in self.store.manifests()}

    def thread_owner(self, thread: str) -> str | None:
        """The state of a thread this server minted; None for any other (a command-line thread's name too)."""
        if not thread or len(thread) > MAX_THREAD_ID or not MINTED.fullmatch(thread):
            return None
        with self._lock:
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

        The pipeline validates the question and its choices, and reads the state's
        laws again when they were rebuilt since (Pipeline.laws_of).
        """
        code = asked_state(state)
        if thread is not None:
            self.check_follow_up(thread, code, question, choices)
        with self._lock:
            thread = thread or new_thread()
            shown = self.pipeline.ask(code, question, thread=thread, choices=choices, origin="web")
        return shown, thread

    def turns(self, thread: str) -> list[dict[str, object]]:
        with self._lock:
            return self.store.turns(thread=thread)

    def law(self, ident: str) -> Law:
        with self._lock:
            law = self.store.law(ident)
        if law is None:
            raise UnknownLaw(f"no law with id {ident!r}; ids look like MD-S01")
        return law

    def laws(self, idents: list[str]) -> dict[str, Law]:
        with self._lock:
            found = {ident: self.store.law(ident) for ident in idents}
        return {ident: law for ident, law in found.items() if law is not None}

    def cards(self, state: str) -> tuple[str, list[Law]]:
        """A state's cards, from the table; NoLaws when the state is not built."""
        code = state_code(state)
        with self._lock:
            manifest = self.store.manifest(code)
            laws = self.store.laws_of(code) if manifest is not None else []
        if not laws:
            raise NoLaws(not_built(code))
        return code, [law for law in laws if law.origin == "card"]

    def warm(self) -> list[str]:
        """Read every built state (and its index) now, not on the first question; returns problems."""
        problems: list[str] = []
        for state in self.built():
            with self._lock:
                try:
                    held = self.pipeline.laws_of(state)
                    if self.pipeline.meaning is not None:
                        _, note = self.pipeline.meaning.near(state, held.laws, "warm up")
                        if note:
                            problems.append(note)
                except RoadlawError as error:
                    problems.append(str(error))
        return problems
