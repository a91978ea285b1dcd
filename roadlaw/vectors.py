"""The meaning stage of the ask path: each state's index, checked against its laws.

An index is used only when its manifest matches the laws in the table (same
ids, same embedded text) and was made by the embedder now configured; any
other index is named with the command that fixes it, and the question goes by
words alone, with a note in the log. Stale vectors are never ranked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from roadlaw.corpus import Law
from roadlaw.meaning import (
    NEAR_LAWS,
    BadIndex,
    Embedder,
    EmbeddingError,
    Index,
    build_index,
    fingerprint,
    load_index,
    nearest,
    save_index,
)
from roadlaw.states import STATES


def index_command(state: str) -> str:
    return f"roadlaw index --state {state}"


def index_prefix(home: Path, state: str) -> Path:
    return home / "index" / state


@dataclass
class IndexState:
    """A state's index as loaded, or why it cannot be used."""

    index: Index | None
    problem: str = ""


def index_problem(index: Index, laws: list[Law], embedder: Embedder) -> str:
    """Why `index` cannot rank `laws` with `embedder`, or "" when it can."""
    state = laws[0].state if laws else "?"
    name = f"{STATES.get(state, state)} ({state})"
    if index.embedder != embedder.name:
        return f"{name}: the index was made by {index.embedder}, not {embedder.name} now configured; run {index_command(state)}"
    if index.sha256 != fingerprint(laws) or len(index.ids) != len(laws):
        return f"{name}: the index does not match its laws (changed since indexed); run {index_command(state)}"
    return ""


class MeaningStage:
    """The nearest laws to a question, per state, from a fresh index only."""

    def __init__(self, home: Path, embedder: Embedder) -> None:
        self.home = home
        self.embedder = embedder
        self.embedder_name = embedder.name
        self._loaded: dict[str, IndexState] = {}

    def status(self, state: str, laws: list[Law]) -> IndexState:
        if state not in self._loaded:
            try:
                index = load_index(index_prefix(self.home, state))
            except BadIndex as error:
                self._loaded[state] = IndexState(None, f"{state}: {error}; run {index_command(state)}")
            else:
                problem = index_problem(index, laws, self.embedder)
                self._loaded[state] = IndexState(None if problem else index, problem)
        return self._loaded[state]

    def near(self, state: str, laws: list[Law], question: str) -> tuple[list[tuple[str, float]] | None, str]:
        loaded = self.status(state, laws)
        if loaded.index is None:
            return None, f"meaning skipped, words alone: {loaded.problem}"
        try:
            [vector] = self.embedder.embed([question], "query")
        except EmbeddingError as error:
            return None, f"meaning skipped, words alone: {self.embedder.name} failed: {error}"
        return nearest(loaded.index, vector, NEAR_LAWS, cutoff=self.embedder.near_enough), ""

    def forget(self, state: str | None = None) -> None:
        if state is None:
            self._loaded.clear()
        else:
            self._loaded.pop(state, None)


def index_state(
    home: Path, state: str, laws: list[Law], embedder: Embedder, progress: Callable[[int], None] | None = None
) -> Index:
    """Embed a state's laws and save the index beside the table."""
    index = build_index(laws, embedder, progress)
    save_index(index, index_prefix(home, state))
    return index
